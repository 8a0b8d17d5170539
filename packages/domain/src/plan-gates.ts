import type { SocialPlatform } from './constants';
import { isSubscriptionUsable } from './subscription';
import type { Subscription } from './subscription';
import { PRO_TIER_VALUE } from './tiers';

/** Checks whether messages may be sent on a platform: yes unless its plan is set to something other than pro. */
export function canSendMessages(
  sub: { platforms?: Partial<Record<SocialPlatform, string | null>> | null },
  platform: SocialPlatform,
): boolean {
  const plan = sub.platforms?.[platform] ?? null;
  // An unset plan means the platform has no separate plan, so the team plan decides (SPEC §5).
  if (plan === null || plan.trim() === '') {
    return true;
  }
  return plan.trim().toLowerCase() === 'pro';
}

/** Checks whether the team may run the queue processor: pro tier or higher and a usable subscription. */
export function canUseQueueProcessor(sub: Pick<Subscription, 'status' | 'tier'>): boolean {
  return isProAndUsable(sub);
}

/** Checks whether the team may run automations: pro tier or higher and a usable subscription. */
export function canUseAutomations(sub: Pick<Subscription, 'status' | 'tier'>): boolean {
  return isProAndUsable(sub);
}

function isProAndUsable(sub: Pick<Subscription, 'status' | 'tier'>): boolean {
  return sub.tier.value >= PRO_TIER_VALUE && isSubscriptionUsable(sub.status);
}

/**
 * Why a team may not use a Pro feature, naming its plan or its subscription's state; null when it
 * may. `subject` is what needs it, with its verb: "Automations need", "Queueing messages needs".
 */
export function proPlanRefusal(subject: string, sub: Pick<Subscription, 'status' | 'tier'>): string | null {
  if (isProAndUsable(sub)) return null;
  const plan = `${sub.tier.name[0]!.toUpperCase()}${sub.tier.name.slice(1)}`;
  return isSubscriptionUsable(sub.status)
    ? `${subject} the Pro plan; this team is on the ${plan} plan. Upgrade to Pro in Billing.`
    : `${subject} the Pro plan; this team's subscription is ${sub.status.replace('_', ' ')}. Choose the Pro plan in Billing.`;
}
