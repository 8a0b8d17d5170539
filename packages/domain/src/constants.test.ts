import { describe, expect, it } from 'vitest';
import {
  QUEUE_TAB_DELAY_MS,
  QUEUE_TAB_PLATFORM_OFFSET_MS,
  isContactView,
  isSocialPlatform,
  pickQueueTabDelayMs,
} from './constants';

describe('pickQueueTabDelayMs', () => {
  it.each([
    { random: 0, platformIndex: 0, expected: 2000 },
    { random: 0.5, platformIndex: 0, expected: 3000 },
    { random: 0.9999999, platformIndex: 0, expected: 4000 },
    { random: 1, platformIndex: 0, expected: 4000 },
    { random: 0, platformIndex: 1, expected: 2050 },
    { random: 0, platformIndex: 6, expected: 2300 },
  ])(
    'keeps the delay within 2000-4000 ms plus 50 ms per platform (random $random, index $platformIndex)',
    ({ random, platformIndex, expected }) => {
      expect(pickQueueTabDelayMs(platformIndex, () => random)).toBe(expected);
    },
  );

  it('never opens two platforms at the same moment when the random part is equal', () => {
    const delays = [0, 1, 2].map((index) => pickQueueTabDelayMs(index, () => 0.3));
    expect(new Set(delays).size).toBe(3);
  });

  it('stays in range with the default random source', () => {
    const delay = pickQueueTabDelayMs(2);
    const offset = 2 * QUEUE_TAB_PLATFORM_OFFSET_MS;
    expect(delay).toBeGreaterThanOrEqual(QUEUE_TAB_DELAY_MS.min + offset);
    expect(delay).toBeLessThanOrEqual(QUEUE_TAB_DELAY_MS.max + offset);
  });
});

describe('isSocialPlatform and isContactView', () => {
  it.each([
    { value: 'skool', expected: true },
    { value: 'Facebook', expected: false },
    { value: 'twitter', expected: false },
    { value: 3, expected: false },
  ])('accepts only the platforms of SPEC §9 ($value)', ({ value, expected }) => {
    expect(isSocialPlatform(value)).toBe(expected);
  });

  it.each([
    { value: 'pipeline', expected: true },
    { value: 'table', expected: true },
    { value: 'kanban', expected: false },
    { value: null, expected: false },
  ])('accepts only pipeline and table as contact views ($value)', ({ value, expected }) => {
    expect(isContactView(value)).toBe(expected);
  });
});
