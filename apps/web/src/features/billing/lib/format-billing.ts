import type { SubscriptionStatus, TierName } from '@grouptrack/domain';

/** How a subscription status reads and which colour its badge has. */
export interface StatusDisplay {
  label: string;
  color: string;
}

const STATUS_DISPLAYS: Record<SubscriptionStatus, StatusDisplay> = {
  active: { label: 'Active', color: 'teal' },
  trialing: { label: 'Trial', color: 'blue' },
  past_due: { label: 'Past due', color: 'orange' },
  canceled: { label: 'Canceled', color: 'red' },
};

/** Formats a subscription status for its badge. */
export function formatStatus(status: SubscriptionStatus): StatusDisplay {
  return STATUS_DISPLAYS[status];
}

/** Formats a tier's name for people: 'Basic', 'Premier', 'Pro'. */
export function formatTierName(name: TierName): string {
  return capitalize(name);
}

/** Formats a per-platform plan: 'None' when the team has none, else its name ('Pro'). */
export function formatPlanName(plan: string | null | undefined): string {
  const trimmed = plan?.trim() ?? '';
  return trimmed === '' || trimmed === 'none' ? 'None' : capitalize(trimmed);
}

/** Formats a count the way the app writes numbers: 25,000. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** How full a limit is, in percent from 0 to 100; a limit of 0 counts as full. */
export function computeUsagePercent(used: number, allowed: number): number {
  if (allowed <= 0) return 100;
  return Math.min(100, Math.max(0, (used / allowed) * 100));
}

/** The colour of a usage bar: orange from 90 percent, red when full. */
export function pickUsageColor(used: number, allowed: number): string {
  const percent = computeUsagePercent(used, allowed);
  if (used >= allowed) return 'red';
  return percent >= 90 ? 'orange' : 'brand';
}

const DAY_MS = 86_400_000;

/** What the header says of a trial ending at `trialEndsAt`: "Trial: 9 days left", or that it ends today. */
export function formatTrialLeft(trialEndsAt: number, now: number): string {
  const days = Math.ceil((trialEndsAt - now) / DAY_MS);
  if (days <= 0) return 'Trial ends today';
  return `Trial: ${days} ${days === 1 ? 'day' : 'days'} left`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).replace('_', ' ');
}
