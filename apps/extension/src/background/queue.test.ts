import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { queueProcessorDelayMs, queueProcessorUrl } from './queue';

describe('queueProcessorDelayMs', () => {
  it.each([
    { name: 'the shortest wait for the first platform', platform: 'instagram', random: 0, expected: 2000 },
    { name: 'the longest wait for the first platform', platform: 'instagram', random: 1, expected: 4000 },
    { name: 'half way for the first platform', platform: 'instagram', random: 0.5, expected: 3000 },
    { name: '50 ms more for the second platform', platform: 'facebook', random: 0, expected: 2050 },
    { name: '300 ms more for the seventh platform', platform: 'skool', random: 1, expected: 4300 },
    {
      name: 'a random number out of range is held in range',
      platform: 'instagram',
      random: 7,
      expected: 4000,
    },
  ] as const)('$name', ({ platform, random, expected }) => {
    expect(queueProcessorDelayMs(platform, () => random)).toBe(expected);
  });

  it('stays within 2000-4000 ms plus the platform offset for any random draw', () => {
    for (const [index, platform] of SOCIAL_PLATFORMS.entries()) {
      for (let draw = 0; draw < 20; draw += 1) {
        const delay = queueProcessorDelayMs(platform);
        expect(delay).toBeGreaterThanOrEqual(2000 + 50 * index);
        expect(delay).toBeLessThanOrEqual(4000 + 50 * index);
      }
    }
  });
});

describe('queueProcessorUrl', () => {
  it('opens the platform queue on the signed-in server', () => {
    expect(queueProcessorUrl('http://localhost:3000', 'tiktok')).toBe('http://localhost:3000/queue/tiktok');
  });
});
