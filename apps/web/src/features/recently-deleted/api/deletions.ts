import type { DeletionPage, Restored } from '@grouptrack/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { Deletion, DeletionPage } from '@grouptrack/domain';

const PAGE_SIZE = 50;

/** Rooted at the team, so a resync reloads it with the rest. */
const deletedKey = (teamUID: string) => [...teamKeys.all(teamUID), 'recently-deleted'] as const;

/** The Recently deleted list, newest first, a page of 50 at a time. */
export function useDeletions(teamUID: string) {
  return useInfiniteQuery({
    queryKey: deletedKey(teamUID),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      requestData<DeletionPage>(`${teamPath(teamUID, 'deleted')}?offset=${pageParam}&limit=${PAGE_SIZE}`, {
        signal,
      }),
    getNextPageParam: (page) => page.nextOffset ?? undefined,
  });
}

/**
 * Restores everything one action deleted. The boards and lists learn of it from the change events;
 * this list is read again.
 */
export function useRestoreDeletion(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deletionUID: string) =>
      requestData<Restored>(teamPath(teamUID, 'deleted', deletionUID, 'restore'), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deletedKey(teamUID) }),
  });
}
