import { isSocialPlatform } from '@grouptrack/domain';
import type { QueueItemStatus, SocialPlatform } from '@grouptrack/domain';

/** The tabs of Conversations, in their order; the first is the default. */
export const CONVERSATION_TABS = ['sent', 'scheduled', 'review', 'failed'] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];

export const CONVERSATION_TAB_LABELS: Record<ConversationTab, string> = {
  sent: 'Sent',
  scheduled: 'Scheduled',
  review: 'Review',
  failed: 'Failed',
};

/** What the Failed tab shows besides failures: messages left out, with the reason. */
export const ENDED_STATUSES = ['failed', 'skipped', 'cancelled'] as const;
export type EndedStatus = (typeof ENDED_STATUSES)[number];

export const ENDED_STATUS_LABELS: Record<EndedStatus, string> = {
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** The tab an address names; an unknown or missing one is the first tab. */
export function readConversationTab(value: string | undefined): ConversationTab {
  return CONVERSATION_TABS.find((tab) => tab === value) ?? 'sent';
}

/** The platform an address names, or null for all platforms. */
export function readConversationPlatform(value: string | undefined): SocialPlatform | null {
  return isSocialPlatform(value) ? value : null;
}

/** Which of the Failed tab's lists an address names (`?show=`); failures by default. */
export function readEndedStatus(value: string | null): EndedStatus {
  return ENDED_STATUSES.find((status) => status === value) ?? 'failed';
}

/** The status of the items a tab lists. */
export function findTabStatus(tab: ConversationTab, ended: EndedStatus): QueueItemStatus {
  switch (tab) {
    case 'sent':
      return 'sent';
    case 'scheduled':
      return 'scheduled';
    case 'review':
      return 'pending';
    case 'failed':
      return ended;
  }
}

/** The address of a tab, on one platform or all. */
export function formatConversationsPath(tab: ConversationTab, platform: SocialPlatform | null): string {
  return `/messages/${tab}${platform ? `/${platform}` : ''}`;
}
