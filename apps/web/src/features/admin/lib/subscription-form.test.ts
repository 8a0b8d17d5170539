import { describe, expect, it } from 'vitest';
import {
  TIER_OPTIONS,
  fromDateInputValue,
  listPlanOptions,
  toDateInputValue,
  toSubscriptionFormValues,
  validateSubscriptionForm,
} from './subscription-form';
import type { SubscriptionFormValues } from './subscription-form';

const stored = {
  status: 'trialing' as const,
  tier: 1 as const,
  trialEndsAt: '2025-03-10T23:59:59.000Z',
  facebookPlan: null,
  instagramPlan: 'pro',
  contactBlocks: 2,
  extraSeats: 0,
};

describe('subscription form', () => {
  it('round-trips a stored plan through the form unchanged', () => {
    const result = validateSubscriptionForm(toSubscriptionFormValues(stored));
    expect(result).toEqual({ ok: true, patch: stored });
  });

  it('sends tier 3, no trial and no plans as typed', () => {
    const values: SubscriptionFormValues = {
      ...toSubscriptionFormValues(stored),
      status: 'active',
      tier: '3',
      trialEndsOn: '',
      instagramPlan: '',
    };
    const result = validateSubscriptionForm(values);
    expect(result.ok && result.patch).toMatchObject({
      status: 'active',
      tier: 3,
      trialEndsAt: null,
      instagramPlan: null,
    });
  });

  it.each<[string, Partial<SubscriptionFormValues>, keyof SubscriptionFormValues]>([
    ['a tier outside 1 to 4', { tier: '5' }, 'tier'],
    ['a negative contact block count', { contactBlocks: -1 }, 'contactBlocks'],
    ['a fractional seat count', { extraSeats: 1.5 }, 'extraSeats'],
    ['an empty seat count', { extraSeats: '' }, 'extraSeats'],
    ['a malformed trial end', { trialEndsOn: '10/03/2025' }, 'trialEndsOn'],
  ])('refuses %s', (_name, overrides, field) => {
    const result = validateSubscriptionForm({ ...toSubscriptionFormValues(stored), ...overrides });
    expect(!result.ok && result.errors[field]).toEqual(expect.any(String));
  });
});

describe('trial end dates', () => {
  it('shows the UTC day of a stored trial end', () => {
    expect(toDateInputValue('2025-03-10T23:59:59.000Z')).toBe('2025-03-10');
    expect(toDateInputValue(null)).toBe('');
  });

  it('ends a trial at the last second of the chosen day', () => {
    expect(fromDateInputValue('2025-03-10')).toBe('2025-03-10T23:59:59.000Z');
    expect(fromDateInputValue('2025-13-45')).toBeNull();
  });
});

describe('options', () => {
  it('names every tier with what it includes', () => {
    expect(TIER_OPTIONS.map((option) => option.label)).toEqual([
      '1 · Basic (5,000 contacts, 1 seat)',
      '2 · Premier (10,000 contacts, 3 seats)',
      '3 · Pro (25,000 contacts, 6 seats)',
      '4 · Pro (40,000 contacts, 6 seats)',
    ]);
  });

  it('keeps a plan an operator typed before among the choices', () => {
    expect(listPlanOptions('legacy').map((option) => option.value)).toEqual(['', 'basic', 'pro', 'legacy']);
    expect(listPlanOptions('pro').map((option) => option.value)).toEqual(['', 'basic', 'pro']);
  });
});
