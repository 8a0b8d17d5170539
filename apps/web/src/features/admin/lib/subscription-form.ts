import { SUBSCRIPTION_STATUSES, TIERS, isSubscriptionStatus, isTierValue } from '@grouptrack/domain';
import type { SubscriptionStatus } from '@grouptrack/domain';
import type { AdminTeamSubscription } from '../api/get-admin-teams';

/** What the plan form holds, as the inputs give it. */
export interface SubscriptionFormValues {
  status: SubscriptionStatus;
  /** '1' to '4'. */
  tier: string;
  /** The trial's last day, 'YYYY-MM-DD', or empty for none. */
  trialEndsOn: string;
  /** '' for none. */
  facebookPlan: string;
  instagramPlan: string;
  contactBlocks: number | string;
  extraSeats: number | string;
}

export type SubscriptionFormErrors = Partial<Record<keyof SubscriptionFormValues, string>>;

export type SubscriptionFormResult =
  { ok: true; patch: AdminTeamSubscription } | { ok: false; errors: SubscriptionFormErrors };

const ADDON_MAX = 1000;

/** The standard per-platform plans; a team may hold another value an operator typed before. */
export const PLATFORM_PLANS = ['basic', 'pro'] as const;

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
};

/** The status choices of the plan form. */
export const STATUS_OPTIONS = SUBSCRIPTION_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

/** The tier choices of the plan form, each with its name and what it includes (SPEC §9). */
export const TIER_OPTIONS = TIERS.map((tier) => ({
  value: String(tier.value),
  label: `${tier.value} · ${tier.name.charAt(0).toUpperCase()}${tier.name.slice(1)} (${tier.includedContacts.toLocaleString('en-US')} contacts, ${tier.includedSeats} ${tier.includedSeats === 1 ? 'seat' : 'seats'})`,
}));

/** The plan choices for one platform: none, the standard plans, and the team's own value if it is another. */
export function listPlanOptions(current: string | null): { value: string; label: string }[] {
  const options = [
    { value: '', label: 'None' },
    ...PLATFORM_PLANS.map((plan) => ({ value: plan, label: plan.charAt(0).toUpperCase() + plan.slice(1) })),
  ];
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: current });
  }
  return options;
}

/** Reads an ISO date-time as the 'YYYY-MM-DD' a date input shows (in UTC, like it is saved). */
export function toDateInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** Turns a date input's day into the end of that day in UTC, so the trial lasts the whole day. */
export function fromDateInputValue(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T23:59:59.000Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Fills the plan form from a team's stored plan. */
export function toSubscriptionFormValues(subscription: AdminTeamSubscription): SubscriptionFormValues {
  return {
    status: subscription.status,
    tier: String(subscription.tier),
    trialEndsOn: toDateInputValue(subscription.trialEndsAt),
    facebookPlan: subscription.facebookPlan ?? '',
    instagramPlan: subscription.instagramPlan ?? '',
    contactBlocks: subscription.contactBlocks,
    extraSeats: subscription.extraSeats,
  };
}

/** Checks the plan form and builds the patch to send. */
export function validateSubscriptionForm(values: SubscriptionFormValues): SubscriptionFormResult {
  const errors: SubscriptionFormErrors = {};
  const tier = Number(values.tier);
  if (!isSubscriptionStatus(values.status)) errors.status = 'Choose a status.';
  if (!isTierValue(tier)) errors.tier = 'Choose a tier from 1 to 4.';
  const trialEndsAt = values.trialEndsOn === '' ? null : fromDateInputValue(values.trialEndsOn);
  if (values.trialEndsOn !== '' && trialEndsAt === null)
    errors.trialEndsOn = 'Enter a date, or leave it empty.';
  const contactBlocks = readAddonCount(values.contactBlocks);
  if (contactBlocks === null) errors.contactBlocks = `Enter a whole number from 0 to ${ADDON_MAX}.`;
  const extraSeats = readAddonCount(values.extraSeats);
  if (extraSeats === null) errors.extraSeats = `Enter a whole number from 0 to ${ADDON_MAX}.`;

  if (Object.keys(errors).length > 0 || !isTierValue(tier) || contactBlocks === null || extraSeats === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    patch: {
      status: values.status,
      tier,
      trialEndsAt,
      facebookPlan: values.facebookPlan.trim() || null,
      instagramPlan: values.instagramPlan.trim() || null,
      contactBlocks,
      extraSeats,
    },
  };
}

function readAddonCount(value: number | string): number | null {
  const count = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(count) && count >= 0 && count <= ADDON_MAX ? count : null;
}
