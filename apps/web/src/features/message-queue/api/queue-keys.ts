import type { QueueItemStatus, SocialPlatform } from '@grouptrack/domain';
import { teamKeys } from '../../../lib/query-keys';

/** The query keys of the signed-in member's message queue, under the team's root. */
export const queueKeys = {
  all: teamKeys.messageQueue,
  /** Every list of queued messages: a change of status moves a message from one list to another. */
  items: (teamUID: string) => [...queueKeys.all(teamUID), 'items'] as const,
  itemList: (teamUID: string, status: QueueItemStatus, platform: SocialPlatform | null) =>
    [...queueKeys.items(teamUID), status, platform ?? 'all'] as const,
  /** Every platform's standing (counts, next moment, pause). */
  statuses: (teamUID: string) => [...queueKeys.all(teamUID), 'status'] as const,
  status: (teamUID: string, platform: SocialPlatform) => [...queueKeys.statuses(teamUID), platform] as const,
  settings: (teamUID: string, platform: SocialPlatform) =>
    [...queueKeys.all(teamUID), 'settings', platform] as const,
};
