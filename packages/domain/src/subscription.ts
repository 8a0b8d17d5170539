import { getTier } from './tiers';
import type { TierName, TierValue } from './tiers';

/** Subscription status values (SPEC §4). */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;

/** One of the subscription status values. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses that let a team use the app (SPEC §4 step 5). */
export const USABLE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

/** Contacts one contact add-on block adds; our decision, as SPEC.md does not say (the basic tier's size). */
export const CONTACT_BLOCK_SIZE = 5000;

/** Seats one team-member add-on adds. */
export const SEAT_ADDON_SIZE = 1;

/** Per-platform message plans; null when the team has none (SPEC §3). */
export interface PlatformPlans {
  facebook: string | null;
  instagram: string | null;
}

/** Add-ons bought on top of the tier (SPEC §3). */
export interface SubscriptionAddons {
  contactBlocks: number;
  teamMembers: number;
}

/** Billing provider ids of the subscription and its items (SPEC §3). */
export interface SubscriptionIds {
  base: string | null;
  addon: string | null;
  teamItem: string | null;
  contactsItem: string | null;
}

/** The derived subscription of SPEC §3, with the limits it allows. */
export interface Subscription {
  status: SubscriptionStatus;
  tier: { value: TierValue; name: TierName };
  contactCount: number;
  includedSeats: number;
  includedContacts: number;
  platforms: PlatformPlans;
  addons: SubscriptionAddons;
  subIds: SubscriptionIds;
  contactsAllowed: number;
  seatsAllowed: number;
  trialEndsAt: number | null;
}

/** What is stored about a team's subscription, from which the rest is derived. */
export interface SubscriptionInput {
  status: SubscriptionStatus;
  tierValue: TierValue;
  contactCount: number;
  platforms: PlatformPlans;
  addons: SubscriptionAddons;
  subIds: SubscriptionIds;
  trialEndsAt?: number | null;
  now?: number;
}

/** Outcome of a limit check: allowed, or refused with a message that names the limit. */
export type LimitCheck = { ok: true } | { ok: false; message: string };

/** Checks that a value is one of the subscription status values. */
export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** Checks whether a status lets the team use the app: active, trialing or past_due. */
export function isSubscriptionUsable(status: string | null | undefined): boolean {
  return (USABLE_SUBSCRIPTION_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/** Derives the full subscription, with its allowed contacts and seats, from what is stored. */
export function deriveSubscription(input: SubscriptionInput): Subscription {
  const { tierValue, platforms, subIds, now = Date.now() } = input;
  const tier = getTier(tierValue);
  const trialEndsAt = input.trialEndsAt ?? null;
  const addons = {
    contactBlocks: toCount(input.addons.contactBlocks),
    teamMembers: toCount(input.addons.teamMembers),
  };
  const isTrialOver = input.status === 'trialing' && trialEndsAt !== null && now >= trialEndsAt;
  return {
    status: isTrialOver ? 'canceled' : input.status,
    tier: { value: tier.value, name: tier.name },
    contactCount: toCount(input.contactCount),
    includedSeats: tier.includedSeats,
    includedContacts: tier.includedContacts,
    platforms: { facebook: platforms.facebook, instagram: platforms.instagram },
    addons,
    subIds: {
      base: subIds.base,
      addon: subIds.addon,
      teamItem: subIds.teamItem,
      contactsItem: subIds.contactsItem,
    },
    contactsAllowed: tier.includedContacts + addons.contactBlocks * CONTACT_BLOCK_SIZE,
    seatsAllowed: tier.includedSeats + addons.teamMembers * SEAT_ADDON_SIZE,
    trialEndsAt,
  };
}

/** Checks whether the team may add `count` more contacts without passing its limit. */
export function canAddContacts(
  sub: Pick<Subscription, 'status' | 'contactCount' | 'contactsAllowed'>,
  count = 1,
): LimitCheck {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`Expected a whole number of contacts to add, got ${count}`);
  }
  if (!isSubscriptionUsable(sub.status)) {
    return { ok: false, message: formatInactiveMessage(sub.status, 'add contacts') };
  }
  if (sub.contactCount + count <= sub.contactsAllowed) {
    return { ok: true };
  }
  const limit = `Your plan allows ${formatCount(sub.contactsAllowed, 'contact')}`;
  const current = `this team has ${formatNumber(sub.contactCount)}`;
  const overflow = count > 1 ? ` and ${formatNumber(count)} more would go over it` : '';
  return {
    ok: false,
    message: `${limit}; ${current}${overflow}. Add a contact block or upgrade to add more.`,
  };
}

/** Checks whether the team has a free seat for one more person, given the seats already used. */
export function canAddSeat(
  sub: Pick<Subscription, 'status' | 'seatsAllowed'>,
  seatsUsed: number,
): LimitCheck {
  if (!isSubscriptionUsable(sub.status)) {
    return { ok: false, message: formatInactiveMessage(sub.status, 'invite people') };
  }
  if (seatsUsed < sub.seatsAllowed) {
    return { ok: true };
  }
  return {
    ok: false,
    message: `Your plan includes ${formatCount(sub.seatsAllowed, 'seat')} and all are taken. Add a team-member add-on or upgrade to invite more people.`,
  };
}

function formatInactiveMessage(status: SubscriptionStatus, action: string): string {
  return `This team's subscription is ${status.replace('_', ' ')}. Choose a plan in Billing to ${action}.`;
}

function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

function formatCount(value: number, noun: string): string {
  return `${formatNumber(value)} ${value === 1 ? noun : `${noun}s`}`;
}

// Stored counts can come back negative, fractional or missing after a bad write; none may raise a limit.
function toCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
