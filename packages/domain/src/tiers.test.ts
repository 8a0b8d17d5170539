import { describe, expect, it } from 'vitest';
import { TIERS, getTier, isTierValue } from './tiers';
import type { TierValue } from './tiers';

describe('tiers', () => {
  it.each([
    { value: 1, name: 'basic', includedContacts: 5000, includedSeats: 1 },
    { value: 2, name: 'premier', includedContacts: 10_000, includedSeats: 3 },
    { value: 3, name: 'pro', includedContacts: 25_000, includedSeats: 6 },
    { value: 4, name: 'pro', includedContacts: 40_000, includedSeats: 6 },
  ] as const)('gives tier $value the contacts and seats of SPEC §9', (tier) => {
    expect(getTier(tier.value)).toEqual(tier);
  });

  it('lists the tiers in order of value', () => {
    expect(TIERS.map((tier) => tier.value)).toEqual([1, 2, 3, 4]);
  });

  it('refuses an unknown tier value', () => {
    expect(() => getTier(7 as TierValue)).toThrow(RangeError);
  });

  it.each([
    { value: 1, expected: true },
    { value: 4, expected: true },
    { value: 0, expected: false },
    { value: '1', expected: false },
  ])('recognises only known tier values ($value)', ({ value, expected }) => {
    expect(isTierValue(value)).toBe(expected);
  });
});
