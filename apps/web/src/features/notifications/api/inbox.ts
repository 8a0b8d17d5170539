import type { InboxPage } from '@grouptrack/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { InboxItem, InboxPage } from '@grouptrack/domain';

const PAGE_SIZE = 30;

/** Rooted at the team, so a resync reloads it with the rest. */
export const inboxKey = (teamUID: string) => [...teamKeys.all(teamUID), 'inbox'] as const;

/** My inbox in this team (teammates joined, tasks given to me, my bulk actions done), newest first. */
export function useInbox(teamUID: string) {
  return useInfiniteQuery({
    queryKey: inboxKey(teamUID),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      requestData<InboxPage>(
        `${teamPath(teamUID, 'inbox')}?limit=${PAGE_SIZE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Marks everything the bell lists as read (inbox, reminders, finished imports) in one call. */
export function useMarkBellRead(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData<undefined>(teamPath(teamUID, 'inbox', 'read'), { method: 'POST' }),
    onSuccess: () =>
      Promise.all(
        [inboxKey(teamUID), teamKeys.reminders(teamUID), teamKeys.finishedImports(teamUID)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
