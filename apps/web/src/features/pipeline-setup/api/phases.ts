import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { teamPath } from '../../../lib/pipelines';

/** A phase stages can belong to. */
export interface Phase {
  phaseUID: string;
  name: string;
  order: number;
}

export const phasesQueryKey = (teamUID: string) => ['teams', teamUID, 'phases'] as const;

/** The team's phases, in order. */
export function usePhases(teamUID: string) {
  return useQuery({
    queryKey: phasesQueryKey(teamUID),
    queryFn: ({ signal }) => requestData<Phase[]>(teamPath(teamUID, 'phases'), { signal }),
  });
}

/** Adds a phase; the answer is the new list. */
export function useCreatePhase(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      requestData<Phase[]>(teamPath(teamUID, 'phases'), { method: 'POST', body: { name } }),
    onSuccess: (phases) => queryClient.setQueryData(phasesQueryKey(teamUID), phases),
  });
}
