import type {
  QueueLease,
  QueueReport,
  QueueReportResult,
  QueueStatus,
  SocialPlatform,
} from '@grouptrack/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** The key of a platform's queue standing: the same place Conversations and Queue Setup read it from. */
export function queueStatusKey(teamUID: string, platform: SocialPlatform) {
  return [...teamKeys.all(teamUID), 'message-queue', 'status', platform] as const;
}

/** Where the member's queue on a platform stands: today's count, the next moment and why, a pause. */
export function useQueueStatus(teamUID: string, platform: SocialPlatform) {
  return useQuery({
    queryKey: queueStatusKey(teamUID, platform),
    queryFn: ({ signal }) => requestData<QueueStatus>(teamPath(teamUID, 'queue', platform), { signal }),
  });
}

/** Puts a standing the server answered in place, so the page shows it without asking again. */
export function useSetQueueStatus(teamUID: string, platform: SocialPlatform) {
  const queryClient = useQueryClient();
  return useCallback(
    (status: QueueStatus) => queryClient.setQueryData(queueStatusKey(teamUID, platform), status),
    [queryClient, teamUID, platform],
  );
}

/** The next due item with its lease, or what the queue waits for. */
export function leaseNextItem(teamUID: string, platform: SocialPlatform): Promise<QueueLease> {
  return requestData<QueueLease>(teamPath(teamUID, 'queue', platform, 'lease'), { method: 'POST' });
}

/** What sending a leased item came to, with its lease; answers the item's status and the queue's. */
export function reportQueueItem(
  teamUID: string,
  itemId: string,
  report: QueueReport,
): Promise<QueueReportResult> {
  return requestData<QueueReportResult>(teamPath(teamUID, 'queue-items', itemId, 'report'), {
    method: 'POST',
    body: report,
  });
}

/** Pauses the queue on a platform until resumed. */
export function pauseQueue(teamUID: string, platform: SocialPlatform): Promise<QueueStatus> {
  return requestData<QueueStatus>(teamPath(teamUID, 'queue', platform, 'pause'), {
    method: 'POST',
    body: { minutes: null },
  });
}

/** Resumes the queue on a platform: its pause and its failures in a row are cleared. */
export function resumeQueue(teamUID: string, platform: SocialPlatform): Promise<QueueStatus> {
  return requestData<QueueStatus>(teamPath(teamUID, 'queue', platform, 'resume'), { method: 'POST' });
}
