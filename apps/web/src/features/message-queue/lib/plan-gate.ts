import {
  PLATFORM_NAMES,
  canSendMessages,
  canUseQueueProcessor,
  isSubscriptionUsable,
} from '@grouptrack/domain';
import type { SocialPlatform, Subscription } from '@grouptrack/domain';

/** What needs the Pro plan, named as the server names it in its refusal. */
export type GatedQueueUse = 'The queue processor' | 'Queueing messages to many contacts';

function capitalise(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

/**
 * Why the team may not use the queue this way, in the server's own words, or null when it may: the
 * queue processor and bulk queueing need the Pro plan, and sending on a platform that platform's Pro
 * plan where it has one (SPEC §5, §6). Said before the user tries, so nothing is refused later.
 */
export function describeQueuePlanGate({
  subscription,
  platform,
  use,
}: {
  subscription: Pick<Subscription, 'status' | 'tier' | 'platforms'>;
  platform: SocialPlatform | null;
  use: GatedQueueUse;
}): string | null {
  if (!canUseQueueProcessor(subscription)) {
    return isSubscriptionUsable(subscription.status)
      ? `${use} needs the Pro plan; this team is on the ${capitalise(subscription.tier.name)} plan. Upgrade to Pro in Billing.`
      : `${use} needs the Pro plan; this team's subscription is ${subscription.status.replace('_', ' ')}. Choose the Pro plan in Billing.`;
  }
  if (platform && !canSendMessages(subscription, platform)) {
    const name = PLATFORM_NAMES[platform];
    const plan = subscription.platforms[platform as 'facebook' | 'instagram'];
    return `Sending ${name} messages needs the Pro ${name} plan; this team's ${name} plan is ${plan}. Change it in Billing.`;
  }
  return null;
}
