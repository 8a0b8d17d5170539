import { SOCIAL_PLATFORMS } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  QUEUE_TEXT_KEEP_MS,
  SEND_BUDGET_MS,
  hasTimeToSend,
  isQueueText,
  queueProcessorDelayMs,
  queueProcessorUrl,
  rememberQueueText,
} from './queue';

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

describe('hasTimeToSend', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  it.each([
    { name: 'starts a send with a whole lease ahead', leaseUntil: '2026-11-24T10:02:00Z', expected: true },
    {
      name: 'starts a send with just the time a send takes',
      leaseUntil: new Date(now + SEND_BUDGET_MS).toISOString(),
      expected: true,
    },
    {
      name: 'never starts a send the lease may not outlast',
      leaseUntil: new Date(now + SEND_BUDGET_MS - 1).toISOString(),
      expected: false,
    },
    {
      name: 'never starts a send on a lease that ran out',
      leaseUntil: '2026-11-24T09:59:00Z',
      expected: false,
    },
    { name: 'never starts a send on a lease it cannot read', leaseUntil: 'soon', expected: false },
  ])('$name', ({ leaseUntil, expected }) => {
    expect(hasTimeToSend(leaseUntil, now)).toBe(expected);
  });
});

describe('the texts the queue typed', () => {
  const at = Date.parse('2026-11-24T10:00:00Z');
  const texts = rememberQueueText([], { platform: 'facebook', text: 'Hi Ana, the replay is up', at });

  it.each([
    {
      name: 'knows a text it typed on the platform',
      platform: 'facebook',
      text: 'hi ana,  the replay is up',
      now: at,
      expected: true,
    },
    {
      name: 'does not know it on another platform',
      platform: 'instagram',
      text: 'Hi Ana, the replay is up',
      now: at,
      expected: false,
    },
    {
      name: 'does not know a text the user typed',
      platform: 'facebook',
      text: 'Typed by hand',
      now: at,
      expected: false,
    },
    {
      name: 'forgets it after two days',
      platform: 'facebook',
      text: 'Hi Ana, the replay is up',
      now: at + QUEUE_TEXT_KEEP_MS,
      expected: false,
    },
  ] as const)('$name', ({ platform, text, now, expected }) => {
    expect(isQueueText(texts, { platform, text, now })).toBe(expected);
  });

  it('drops the texts past their time as it remembers a new one', () => {
    const later = rememberQueueText(texts, {
      platform: 'facebook',
      text: 'Next',
      at: at + QUEUE_TEXT_KEEP_MS,
    });
    expect(later.map((each) => each.text)).toEqual(['Next']);
  });
});
