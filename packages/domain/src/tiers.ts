/** Value of a subscription tier (SPEC §9). */
export type TierValue = 1 | 2 | 3 | 4;

/** Name of a subscription tier; tier 4 is also named pro (SPEC §9). */
export type TierName = 'basic' | 'premier' | 'pro';

/** A subscription tier with what it includes. */
export interface Tier {
  value: TierValue;
  name: TierName;
  includedContacts: number;
  includedSeats: number;
}

/** The tiers of SPEC §9, in order of value. */
export const TIERS: readonly Tier[] = [
  { value: 1, name: 'basic', includedContacts: 5000, includedSeats: 1 },
  { value: 2, name: 'premier', includedContacts: 10_000, includedSeats: 3 },
  { value: 3, name: 'pro', includedContacts: 25_000, includedSeats: 6 },
  { value: 4, name: 'pro', includedContacts: 40_000, includedSeats: 6 },
];

/** Lowest tier value that unlocks the queue processor and automations (SPEC §6). */
export const PRO_TIER_VALUE: TierValue = 3;

/** Checks that a value is a known tier value. */
export function isTierValue(value: unknown): value is TierValue {
  return TIERS.some((tier) => tier.value === value);
}

/** Gets the tier with the given value, throwing a RangeError for an unknown value. */
export function getTier(value: TierValue): Tier {
  const tier = TIERS.find((candidate) => candidate.value === value);
  if (!tier) {
    throw new RangeError(`Unknown tier value: ${String(value)}`);
  }
  return tier;
}

/**
 * AI writing requests a team may make per calendar month (UTC), by tier. SPEC §6 and §9 name no
 * allowance; these keep a shared AI key's cost in proportion to the seats a tier includes.
 */
export const AI_REQUESTS_PER_MONTH: Readonly<Record<TierValue, number>> = {
  1: 300,
  2: 1000,
  3: 3000,
  4: 5000,
};
