import type { SocialPlatform, Subscription } from '@grouptrack/domain';
import { describeQueuePlanGate } from './plan-gate';

/** The choices of the bulk "Queue message" while the user makes them. */
export interface BulkQueueDraft {
  templateId: string | null;
  platform: SocialPlatform;
  allowSameDay: boolean;
}

export const EMPTY_BULK_QUEUE_DRAFT: BulkQueueDraft = {
  templateId: null,
  platform: 'facebook',
  allowSameDay: false,
};

/** The `queueMessage` action of `/search/v2/bulk`. */
export interface QueueMessageAction {
  type: 'queueMessage';
  templateId: string;
  platform: SocialPlatform;
  allowSameDay: boolean;
}

/**
 * The bulk action the choices make, or null while one is missing or the plan does not allow it (the
 * modal says why, so the server never has to refuse it).
 */
export function toQueueMessageAction(
  draft: BulkQueueDraft,
  subscription: Pick<Subscription, 'status' | 'tier' | 'platforms'>,
): QueueMessageAction | null {
  if (!draft.templateId) return null;
  const gate = describeQueuePlanGate({
    subscription,
    platform: draft.platform,
    use: 'Queueing messages to many contacts',
  });
  if (gate) return null;
  return {
    type: 'queueMessage',
    templateId: draft.templateId,
    platform: draft.platform,
    allowSameDay: draft.allowSameDay,
  };
}
