import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** A phase stages can belong to. */
export interface Phase {
  phaseUID: string;
  name: string;
  order: number;
}

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
