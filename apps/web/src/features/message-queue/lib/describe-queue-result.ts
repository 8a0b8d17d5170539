import { PLATFORM_NAMES } from '@grouptrack/domain';
import type { QueueItem, QueueItemsBulkResult } from '@grouptrack/domain';
import { formatCount } from '../../../lib/format';

/** What queueing a message for one contact came to, as the modal says it. */
export interface QueuedOutcome {
  tone: 'scheduled' | 'review' | 'skipped';
  title: string;
  message: string;
}

/** The server's answer to queueing one message, in plain words. */
export function describeQueuedItem(item: Pick<QueueItem, 'status' | 'reason' | 'platform'>): QueuedOutcome {
  const platform = PLATFORM_NAMES[item.platform];
  switch (item.status) {
    case 'scheduled':
    case 'sending':
    case 'sent':
      return {
        tone: 'scheduled',
        title: 'Scheduled',
        message: `It goes out from your ${platform} queue in its turn, at the pace set in Queue Setup.`,
      };
    case 'pending':
      return {
        tone: 'review',
        title: 'Waiting in Review',
        message: item.reason ?? 'It waits in Review until you approve it.',
      };
    case 'skipped':
    case 'failed':
    case 'cancelled':
      return { tone: 'skipped', title: 'Not queued', message: item.reason ?? `It was ${item.status}.` };
  }
}

/** What a bulk action on queued messages is called in what it says. */
export type QueueBulkAction = 'approve' | 'reject' | 'cancel';

const DONE: Record<QueueBulkAction, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  cancel: 'Cancelled',
};

const NOT_DONE: Record<QueueBulkAction, string> = {
  approve: 'not approved',
  reject: 'not rejected',
  cancel: 'not cancelled',
};

/**
 * What a bulk approve, reject or cancel did: how many changed, and for those left alone the first
 * reason given, so "Still needs {phoneNumber}: edit the text first." reaches the user.
 */
export function describeBulkResult(action: QueueBulkAction, result: QueueItemsBulkResult): string {
  const parts: string[] = [];
  if (result.changed.length > 0)
    parts.push(`${DONE[action]} ${formatCount(result.changed.length, 'message')}.`);
  const [first] = result.refused;
  if (first) {
    const count = result.refused.length;
    parts.push(
      count === 1
        ? `1 message was ${NOT_DONE[action]}: ${first.reason}`
        : `${count.toLocaleString('en-US')} messages were ${NOT_DONE[action]}; the first: ${first.reason}`,
    );
  }
  return parts.join(' ') || 'Nothing changed.';
}
