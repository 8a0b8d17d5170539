import { describe, expect, it } from 'vitest';
import { readGroupAddress } from './profile-address';

describe('reading the group an address names', () => {
  it.each([
    ['https://www.facebook.com/groups/demofounders/', { platform: 'facebook', groupId: 'demofounders' }],
    [
      'https://web.facebook.com/groups/123456789012345/member-requests',
      { platform: 'facebook', groupId: '123456789012345' },
    ],
    [
      '  https://m.facebook.com/groups/demo.founders?ref=share  ',
      { platform: 'facebook', groupId: 'demo.founders' },
    ],
    [
      'https://www.skool.com/demofounders/-/members?t=pending',
      { platform: 'skool', groupId: 'demofounders' },
    ],
    ['https://skool.com/ai-builders', { platform: 'skool', groupId: 'ai-builders' }],
  ])('reads %s', (address, expected) => {
    expect(readGroupAddress(address)).toEqual(expected);
  });

  it.each([
    'https://www.facebook.com/ana.lima.demo',
    'https://www.facebook.com/groups/',
    'https://www.skool.com/@ana-lima-1234',
    'https://www.skool.com/discovery',
    'https://www.instagram.com/groups/demofounders',
    'https://facebook.com.example.com/groups/demofounders',
    'javascript:alert(1)',
    'not an address',
  ])('names no group in %s', (address) => {
    expect(readGroupAddress(address)).toBeNull();
  });
});
