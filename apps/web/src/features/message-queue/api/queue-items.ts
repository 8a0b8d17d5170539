import { QUEUE_BULK_IDS_MAX } from '@grouptrack/domain';
import type {
  NewQueueItem,
  QueueItem,
  QueueItemMove,
  QueueItemPage,
  QueueItemStatus,
  QueueItemsBulkResult,
  SocialPlatform,
} from '@grouptrack/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { contactPath, requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { splitIntoBatches } from '../lib/list-selection';
import type { QueueBulkAction } from '../lib/describe-queue-result';
import { queueKeys } from './queue-keys';

/** Queued messages asked for per page: enough to fill a screen twice. */
const PAGE_SIZE = 50;

type ItemPages = InfiniteData<QueueItemPage, string | null>;

/** The member's queued messages of one status, on one platform or all, a page at a time. */
export function useQueueItems(teamUID: string, status: QueueItemStatus, platform: SocialPlatform | null) {
  return useInfiniteQuery({
    queryKey: queueKeys.itemList(teamUID, status, platform),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
      if (platform) query.set('platform', platform);
      if (pageParam) query.set('cursor', pageParam);
      return requestData<QueueItemPage>(`${teamPath(teamUID, 'queue-items')}?${query.toString()}`, {
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Puts a changed message in place in every loaded list, or takes out those that left their status. */
function updateLoadedItems(
  queryClient: QueryClient,
  teamUID: string,
  change: (item: QueueItem) => QueueItem | null,
) {
  queryClient.setQueriesData<ItemPages>({ queryKey: queueKeys.items(teamUID) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.flatMap((item) => {
              const changed = change(item);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}

/** A new text for a pending or scheduled message; the lists show it at once. */
export function useEditQueueItem(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      requestData<QueueItem>(teamPath(teamUID, 'queue-items', id), { method: 'PATCH', body: { text } }),
    onSuccess: (edited) =>
      updateLoadedItems(queryClient, teamUID, (item) => (item.id === edited.id ? edited : item)),
  });
}

/** Moves a message just before or after another of its queue; its list is read again in the new order. */
export function useMoveQueueItem(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...placement }: QueueItemMove & { id: string }) =>
      requestData<QueueItem>(teamPath(teamUID, 'queue-items', id, 'move'), {
        method: 'POST',
        body: placement,
      }),
    onSettled: (moved) =>
      queryClient.invalidateQueries({
        queryKey: [...queueKeys.items(teamUID), moved?.status ?? 'scheduled'],
      }),
  });
}

/**
 * Approves, rejects or cancels messages by id, in batches the server takes; answers what changed
 * and why the others did not. Those that changed leave their list at once; every list and the
 * queues' counts are read again.
 */
export function useChangeQueueItems(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, ids }: { action: QueueBulkAction; ids: string[] }) => {
      const result: QueueItemsBulkResult = { changed: [], refused: [] };
      for (const batch of splitIntoBatches(ids, QUEUE_BULK_IDS_MAX)) {
        const answer = await requestData<QueueItemsBulkResult>(teamPath(teamUID, 'queue-items', 'bulk'), {
          method: 'POST',
          body: { action, ids: batch },
        });
        result.changed.push(...answer.changed);
        result.refused.push(...answer.refused);
      }
      return result;
    },
    onSuccess: ({ changed }) => {
      const gone = new Set(changed);
      updateLoadedItems(queryClient, teamUID, (item) => (gone.has(item.id) ? null : item));
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queueKeys.items(teamUID) });
      await queryClient.invalidateQueries({ queryKey: queueKeys.statuses(teamUID) });
    },
  });
}

/** Queues one message for a contact; the answer says whether it is scheduled, in Review or skipped, and why. */
export function useQueueForContact(teamUID: string, GTID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewQueueItem) =>
      requestData<QueueItem>(contactPath(teamUID, GTID, 'queue-items'), { method: 'POST', body: input }),
    onSuccess: async (item) => {
      await queryClient.invalidateQueries({ queryKey: queueKeys.items(teamUID) });
      await queryClient.invalidateQueries({ queryKey: queueKeys.status(teamUID, item.platform) });
      // Nothing shows on the contact until a message is sent; their page reads its history again then.
      void queryClient.invalidateQueries({ queryKey: teamKeys.contactActivities(teamUID, GTID) });
    },
  });
}
