import { describe, expect, it } from 'vitest';
import { ALARM_FLOOR_MS, MAX_RECONNECT_DELAY_MS, reconnectDelayMs } from './backoff';

describe('reconnectDelayMs', () => {
  it.each([
    { failures: 0, expected: 30_000 },
    { failures: 1, expected: 30_000 },
    { failures: 2, expected: 60_000 },
    { failures: 3, expected: 120_000 },
    { failures: 5, expected: 480_000 },
    { failures: 6, expected: 600_000 },
    { failures: 1000, expected: 600_000 },
  ])('waits $expected ms after $failures failures in a row', ({ failures, expected }) => {
    expect(reconnectDelayMs(failures)).toBe(expected);
  });

  it('never asks an alarm for less than its 30 s floor, nor waits over 10 minutes', () => {
    for (let failures = 0; failures < 50; failures += 1) {
      expect(reconnectDelayMs(failures)).toBeGreaterThanOrEqual(ALARM_FLOOR_MS);
      expect(reconnectDelayMs(failures)).toBeLessThanOrEqual(MAX_RECONNECT_DELAY_MS);
    }
  });
});
