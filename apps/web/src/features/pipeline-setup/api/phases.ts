import type { Phase } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** One item of the list, as its routes answer it (its contract is in packages/domain). */
export type { Phase };

/** The team's phases, in order. */
export function usePhases(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.phases(teamUID),
    queryFn: ({ signal }) => requestData<Phase[]>(teamPath(teamUID, 'phases'), { signal }),
  });
}

/** Adds a phase; the answer is the new list. */
export function useCreatePhase(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      requestData<Phase[]>(teamPath(teamUID, 'phases'), { method: 'POST', body: { name } }),
    onSuccess: (phases) => queryClient.setQueryData(teamKeys.phases(teamUID), phases),
  });
}
