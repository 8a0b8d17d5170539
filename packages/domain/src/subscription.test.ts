import { describe, expect, it } from 'vitest';
import {
  CONTACT_BLOCK_SIZE,
  canAddContacts,
  canAddSeat,
  deriveSubscription,
  isSubscriptionStatus,
  isSubscriptionUsable,
} from './subscription';
import type { Subscription, SubscriptionInput } from './subscription';

const NOW = 1_700_000_000_000;

function buildInput(overrides: Partial<SubscriptionInput> = {}): SubscriptionInput {
  return {
    status: 'active',
    tierValue: 1,
    contactCount: 0,
    platforms: { facebook: null, instagram: null },
    addons: { contactBlocks: 0, teamMembers: 0 },
    subIds: { base: 'sub_1', addon: null, teamItem: null, contactsItem: null },
    now: NOW,
    ...overrides,
  };
}

function buildSubscription(overrides: Partial<SubscriptionInput> = {}): Subscription {
  return deriveSubscription(buildInput(overrides));
}

describe('isSubscriptionUsable', () => {
  it.each([
    { status: 'active', expected: true },
    { status: 'trialing', expected: true },
    { status: 'past_due', expected: true },
    { status: 'canceled', expected: false },
    { status: 'unpaid', expected: false },
    { status: null, expected: false },
    { status: undefined, expected: false },
  ])('lets only active, trialing and past_due teams in ($status)', ({ status, expected }) => {
    expect(isSubscriptionUsable(status)).toBe(expected);
  });

  it.each([
    { value: 'past_due', expected: true },
    { value: 'paused', expected: false },
    { value: 1, expected: false },
  ])('recognises only the SPEC §4 statuses ($value)', ({ value, expected }) => {
    expect(isSubscriptionStatus(value)).toBe(expected);
  });
});

describe('deriveSubscription', () => {
  it('derives the SPEC §3 shape with the tier limits', () => {
    expect(buildSubscription({ tierValue: 2, contactCount: 42, trialEndsAt: null })).toEqual({
      status: 'active',
      tier: { value: 2, name: 'premier' },
      contactCount: 42,
      includedSeats: 3,
      includedContacts: 10_000,
      platforms: { facebook: null, instagram: null },
      addons: { contactBlocks: 0, teamMembers: 0 },
      subIds: { base: 'sub_1', addon: null, teamItem: null, contactsItem: null },
      contactsAllowed: 10_000,
      seatsAllowed: 3,
      trialEndsAt: null,
    });
  });

  it.each([
    { tierValue: 1, contactBlocks: 2, teamMembers: 1, contactsAllowed: 15_000, seatsAllowed: 2 },
    { tierValue: 3, contactBlocks: 1, teamMembers: 4, contactsAllowed: 30_000, seatsAllowed: 10 },
    { tierValue: 4, contactBlocks: 0, teamMembers: 0, contactsAllowed: 40_000, seatsAllowed: 6 },
  ] as const)(
    'adds add-on blocks and team members to the tier limits (tier $tierValue)',
    ({ tierValue, contactBlocks, teamMembers, contactsAllowed, seatsAllowed }) => {
      const sub = buildSubscription({ tierValue, addons: { contactBlocks, teamMembers } });
      expect({ contactsAllowed: sub.contactsAllowed, seatsAllowed: sub.seatsAllowed }).toEqual({
        contactsAllowed,
        seatsAllowed,
      });
    },
  );

  it.each([
    { contactBlocks: -2, teamMembers: Number.NaN },
    { contactBlocks: 0.5, teamMembers: -1 },
  ])('never lets a corrupt add-on count lower or raise a limit ($contactBlocks, $teamMembers)', (addons) => {
    const sub = buildSubscription({ addons });
    expect(sub.addons).toEqual({ contactBlocks: 0, teamMembers: 0 });
    expect(sub.contactsAllowed).toBe(5000);
  });

  it.each([
    { status: 'trialing', trialEndsAt: NOW - 1, expected: 'canceled' },
    { status: 'trialing', trialEndsAt: NOW, expected: 'canceled' },
    { status: 'trialing', trialEndsAt: NOW + 1, expected: 'trialing' },
    { status: 'trialing', trialEndsAt: null, expected: 'trialing' },
    { status: 'active', trialEndsAt: NOW - 1, expected: 'active' },
  ] as const)(
    'ends a trial once trialEndsAt has passed ($status, ends $trialEndsAt)',
    ({ status, trialEndsAt, expected }) => {
      const sub = buildSubscription({ status, trialEndsAt });
      expect(sub.status).toBe(expected);
      expect(sub.trialEndsAt).toBe(trialEndsAt);
    },
  );

  it('judges a trial against the clock when no now is given', () => {
    const sub = deriveSubscription({ ...buildInput({ status: 'trialing', trialEndsAt: 1 }), now: undefined });
    expect(sub.status).toBe('canceled');
  });
});

describe('canAddContacts', () => {
  it.each([
    { contactCount: 4999, count: 1, expected: { ok: true } },
    { contactCount: 0, count: 5000, expected: { ok: true } },
    { contactCount: 5000, count: 0, expected: { ok: true } },
    {
      contactCount: 5000,
      count: 1,
      expected: {
        ok: false,
        message:
          'Your plan allows 5,000 contacts; this team has 5,000. Add a contact block or upgrade to add more.',
      },
    },
    {
      contactCount: 4990,
      count: 20,
      expected: {
        ok: false,
        message:
          'Your plan allows 5,000 contacts; this team has 4,990 and 20 more would go over it. Add a contact block or upgrade to add more.',
      },
    },
  ])(
    'refuses to go past included contacts plus blocks, naming the limit ($contactCount + $count)',
    ({ contactCount, count, expected }) => {
      expect(canAddContacts(buildSubscription({ contactCount }), count)).toEqual(expected);
    },
  );

  it('counts one contact when no count is given', () => {
    expect(canAddContacts(buildSubscription({ contactCount: 5000 })).ok).toBe(false);
  });

  it('lets a contact block raise the limit', () => {
    const sub = buildSubscription({ contactCount: 5000, addons: { contactBlocks: 1, teamMembers: 0 } });
    expect(sub.contactsAllowed).toBe(5000 + CONTACT_BLOCK_SIZE);
    expect(canAddContacts(sub).ok).toBe(true);
  });

  it('refuses contacts for a canceled team, saying why', () => {
    expect(canAddContacts(buildSubscription({ status: 'canceled' }))).toEqual({
      ok: false,
      message: "This team's subscription is canceled. Choose a plan in Billing to add contacts.",
    });
  });

  it.each([-1, 1.5, Number.NaN])('refuses a count that is not a whole number of contacts (%s)', (count) => {
    expect(() => canAddContacts(buildSubscription(), count)).toThrow(RangeError);
  });

  it('says contact, not contacts, for a limit of one', () => {
    const result = canAddContacts({ status: 'active', contactCount: 1, contactsAllowed: 1 });
    expect(result).toEqual({
      ok: false,
      message: 'Your plan allows 1 contact; this team has 1. Add a contact block or upgrade to add more.',
    });
  });
});

describe('canAddSeat', () => {
  it.each([
    { tierValue: 1, teamMembers: 0, seatsUsed: 0, expected: { ok: true } },
    {
      tierValue: 1,
      teamMembers: 0,
      seatsUsed: 1,
      expected: {
        ok: false,
        message:
          'Your plan includes 1 seat and all are taken. Add a team-member add-on or upgrade to invite more people.',
      },
    },
    { tierValue: 2, teamMembers: 1, seatsUsed: 3, expected: { ok: true } },
    {
      tierValue: 2,
      teamMembers: 1,
      seatsUsed: 4,
      expected: {
        ok: false,
        message:
          'Your plan includes 4 seats and all are taken. Add a team-member add-on or upgrade to invite more people.',
      },
    },
  ] as const)(
    'refuses an invitation once every seat is taken (tier $tierValue, $seatsUsed used)',
    ({ tierValue, teamMembers, seatsUsed, expected }) => {
      const sub = buildSubscription({ tierValue, addons: { contactBlocks: 0, teamMembers } });
      expect(canAddSeat(sub, seatsUsed)).toEqual(expected);
    },
  );

  it('refuses invitations for a canceled team, saying why', () => {
    expect(canAddSeat(buildSubscription({ status: 'canceled' }), 0)).toEqual({
      ok: false,
      message: "This team's subscription is canceled. Choose a plan in Billing to invite people.",
    });
  });
});
