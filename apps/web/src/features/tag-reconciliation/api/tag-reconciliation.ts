import type { ResolvedOrphanedTag, StartedMerge, TagReconciliation } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { DuplicateGroup, DuplicateTag, OrphanedTag, TagReconciliation } from '@grouptrack/domain';

/** What needs reconciling, refetched when a teammate changes tags or contacts. */
export function useTagReconciliation(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.tagReconciliation(teamUID),
    queryFn: ({ signal }) =>
      requestData<TagReconciliation>(teamPath(teamUID, 'tag-reconciliation'), { signal }),
  });
}

/** A mutation that refetches this page and the tag sets (tags may have been renamed or removed). */
function useReconcileMutation<TInput, TData>(teamUID: string, mutationFn: (input: TInput) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.tagReconciliation(teamUID) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.pipelines(teamUID) }),
      ]),
  });
}

/** Starts merging tags into the one to keep; answers the job whose progress arrives as bulk_job events. */
export function useMergeTags(teamUID: string) {
  return useReconcileMutation(teamUID, (input: { sourceTagIds: string[]; targetTagId: string }) =>
    requestData<StartedMerge>(teamPath(teamUID, 'tag-reconciliation', 'merge'), {
      method: 'POST',
      body: input,
    }),
  );
}

/** Renames one tag. */
export function useRenameTag(teamUID: string) {
  return useReconcileMutation(teamUID, (input: { tagId: string; name: string }) =>
    requestData<{ tagUID: string; name: string }>(teamPath(teamUID, 'tag-reconciliation', 'rename'), {
      method: 'POST',
      body: input,
    }),
  );
}

/** Gives the contacts of an orphaned tag name a real tag, or dismisses the name (tagId null). */
export function useResolveOrphanedTag(teamUID: string) {
  return useReconcileMutation(teamUID, (input: { key: string; tagId: string | null }) =>
    requestData<ResolvedOrphanedTag>(teamPath(teamUID, 'orphaned-tags', 'resolve'), {
      method: 'POST',
      body: input,
    }),
  );
}
