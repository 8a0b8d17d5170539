import { describe, expect, it } from 'vitest';
import { platformOfUrl } from './platform';

describe('platformOfUrl', () => {
  it.each([
    { url: 'https://www.facebook.com/groups/1', expected: 'facebook' },
    { url: 'https://m.facebook.com/profile.php?id=1', expected: 'facebook' },
    { url: 'https://www.instagram.com/someone/', expected: 'instagram' },
    { url: 'https://www.linkedin.com/in/someone', expected: 'linkedin' },
    { url: 'https://www.skool.com/group', expected: 'skool' },
    { url: 'https://notfacebook.com/', expected: null },
    { url: 'http://www.facebook.com/', expected: null },
    { url: 'chrome://extensions', expected: null },
    { url: undefined, expected: null },
  ])('$url is $expected', ({ url, expected }) => {
    expect(platformOfUrl(url)).toBe(expected);
  });
});
