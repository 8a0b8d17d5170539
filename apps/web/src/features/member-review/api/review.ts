import type { CapturedMemberRequest, MemberRequestDecision } from '@grouptrack/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** One page of the review list: the requests waiting for a person, newest first. */
export interface ReviewPage {
  requests: CapturedMemberRequest[];
  nextCursor: string | null;
}

export function reviewListKey(teamUID: string, pipelineID: string) {
  return [...teamKeys.all(teamUID), 'member-review', pipelineID] as const;
}

/** The pipeline's pending and flagged requests, a page at a time. */
export function useReviewList(teamUID: string, pipelineID: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reviewListKey(teamUID, pipelineID),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ pipelineID, status: 'review' });
      if (pageParam) query.set('cursor', pageParam);
      return requestData<ReviewPage>(`${teamPath(teamUID, 'member-requests')}?${query.toString()}`, {
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** Approves, declines or skips one request; the list is read again afterwards. */
export function useDecideRequest(teamUID: string, pipelineID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, ...decision }: MemberRequestDecision & { requestId: string }) =>
      requestData<CapturedMemberRequest>(teamPath(teamUID, 'member-requests', requestId, 'decision'), {
        method: 'POST',
        body: decision,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewListKey(teamUID, pipelineID) }),
  });
}
