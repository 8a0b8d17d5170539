import { describe, expect, it } from 'vitest';
import { readProfileAddress } from './profile-address';

describe('readProfileAddress', () => {
  it.each([
    ['https://www.facebook.com/jane.doe', 'facebook', 'jane.doe', null, 'https://www.facebook.com/jane.doe'],
    [
      'm.facebook.com/jane.doe/?ref=bookmarks',
      'facebook',
      'jane.doe',
      null,
      'https://www.facebook.com/jane.doe',
    ],
    [
      'https://www.facebook.com/profile.php?id=100012345678901',
      'facebook',
      null,
      '100012345678901',
      'https://www.facebook.com/profile.php?id=100012345678901',
    ],
    [
      'https://www.facebook.com/groups/123456/user/100099887766/',
      'facebook',
      null,
      '100099887766',
      'https://www.facebook.com/profile.php?id=100099887766',
    ],
    [
      'https://www.facebook.com/people/Jane-Doe/100012345678901/',
      'facebook',
      null,
      '100012345678901',
      'https://www.facebook.com/profile.php?id=100012345678901',
    ],
    [
      'https://www.instagram.com/jane_doe/',
      'instagram',
      'jane_doe',
      null,
      'https://www.instagram.com/jane_doe/',
    ],
    ['instagram.com/jane.doe?igsh=abc', 'instagram', 'jane.doe', null, 'https://www.instagram.com/jane.doe/'],
    [
      'https://www.linkedin.com/in/jane-doe-4b2a1/',
      'linkedin',
      'jane-doe-4b2a1',
      null,
      'https://www.linkedin.com/in/jane-doe-4b2a1/',
    ],
    [
      'https://uk.linkedin.com/in/jürgen-muller',
      'linkedin',
      'jürgen-muller',
      null,
      'https://www.linkedin.com/in/jürgen-muller/',
    ],
    [
      'https://www.pinterest.com/janedoe/',
      'pinterest',
      'janedoe',
      null,
      'https://www.pinterest.com/janedoe/',
    ],
    [
      'https://www.pinterest.co.uk/janedoe/_saved/',
      'pinterest',
      'janedoe',
      null,
      'https://www.pinterest.com/janedoe/',
    ],
    [
      'https://www.tiktok.com/@jane.doe?lang=en',
      'tiktok',
      'jane.doe',
      null,
      'https://www.tiktok.com/@jane.doe',
    ],
    [
      'https://www.youtube.com/@JaneDoe/videos',
      'youtube',
      'JaneDoe',
      null,
      'https://www.youtube.com/@JaneDoe',
    ],
    [
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
      'youtube',
      null,
      'UC_x5XG1OV2P6uZZ5FSM9Ttw',
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    ],
    [
      'https://www.youtube.com/c/JaneCooks',
      'youtube',
      'JaneCooks',
      null,
      'https://www.youtube.com/@JaneCooks',
    ],
    [
      'https://www.skool.com/@jane-doe-1234?g=growth',
      'skool',
      'jane-doe-1234',
      null,
      'https://www.skool.com/@jane-doe-1234',
    ],
  ])('reads %s', (typed, platform, username, profileId, url) => {
    expect(readProfileAddress(typed)).toEqual({ ok: true, profile: { platform, username, profileId, url } });
  });

  it.each([
    ['@jane.doe', 'instagram', 'jane.doe', 'https://www.instagram.com/jane.doe/'],
    ['jane.doe', 'tiktok', 'jane.doe', 'https://www.tiktok.com/@jane.doe'],
    ['  @jane-doe  ', 'skool', 'jane-doe', 'https://www.skool.com/@jane-doe'],
  ] as const)('reads the handle %s on the platform given', (typed, platform, username, url) => {
    expect(readProfileAddress(typed, platform)).toEqual({
      ok: true,
      profile: { platform, username, profileId: null, url },
    });
  });

  it('asks for the platform of a handle typed alone', () => {
    expect(readProfileAddress('@jane')).toMatchObject({ ok: false, problem: 'needs-platform' });
  });

  it('lets the address win over the platform given', () => {
    expect(readProfileAddress('https://www.tiktok.com/@jane', 'instagram')).toMatchObject({
      ok: true,
      profile: { platform: 'tiktok', username: 'jane' },
    });
  });

  it.each([
    [
      'https://www.facebook.com/groups/123456',
      'not-a-profile',
      'This Facebook address is not a person’s profile.',
    ],
    [
      'https://www.instagram.com/p/Cx1abc/',
      'not-a-profile',
      'This Instagram address is not a person’s profile.',
    ],
    [
      'https://www.linkedin.com/company/acme',
      'not-a-profile',
      'This LinkedIn address is not a person’s profile.',
    ],
    ['https://www.tiktok.com/foryou', 'not-a-profile', 'This TikTok address is not a person’s profile.'],
    [
      'https://www.youtube.com/watch?v=abc',
      'not-a-profile',
      'This YouTube address is not a person’s profile.',
    ],
    ['https://www.skool.com/growth-club', 'not-a-profile', 'This Skool address is not a person’s profile.'],
    [
      'https://www.pinterest.com/pin/12345/',
      'not-a-profile',
      'This Pinterest address is not a person’s profile.',
    ],
    ['instagram.com', 'not-a-profile', 'This Instagram address is not a person’s profile.'],
    [
      'https://example.com/jane',
      'unknown-site',
      expect.stringContaining('Paste a profile address from Instagram'),
    ],
    [
      'javascript://www.facebook.com/jane',
      'unknown-site',
      expect.stringContaining('Paste a profile address'),
    ],
    [
      'https://www.facebook.com@evil.example/jane',
      'unknown-site',
      expect.stringContaining('Paste a profile address'),
    ],
    ['https://notfacebook.com/jane', 'unknown-site', expect.stringContaining('Paste a profile address')],
    ['', 'empty', 'Paste a profile address or type a handle.'],
  ])('refuses %s', (typed, problem, message) => {
    expect(readProfileAddress(typed)).toEqual({ ok: false, problem, message });
  });

  it('refuses a handle the platform would not allow', () => {
    expect(readProfileAddress('jane doe', 'instagram')).toEqual({
      ok: false,
      problem: 'not-a-profile',
      message: '"jane doe" is not a valid Instagram username.',
    });
    expect(readProfileAddress('https://www.instagram.com/jane!doe/')).toMatchObject({ ok: false });
  });
});
