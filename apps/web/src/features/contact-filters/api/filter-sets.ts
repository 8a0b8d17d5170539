import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { ContactFilter } from '../lib/filter-params';

/** A saved view: a named search filter of the team. */
export interface FilterSet {
  filterSetUID: string;
  name: string;
  filter: Record<string, unknown>;
  ownerUID: string;
}

export const filterSetsQueryKey = (teamUID: string) => ['teams', teamUID, 'filter-sets'] as const;

const filterSetsPath = (teamUID: string) => `/api/v1/teams/${encodeURIComponent(teamUID)}/filter-sets`;

/** Lists the team's saved views by name. */
export function listFilterSets(teamUID: string, signal?: AbortSignal): Promise<FilterSet[]> {
  return requestData<FilterSet[]>(filterSetsPath(teamUID), { signal });
}

export function useFilterSets(teamUID: string) {
  return useQuery({
    queryKey: filterSetsQueryKey(teamUID),
    queryFn: ({ signal }) => listFilterSets(teamUID, signal),
  });
}

/** Saves the current filters as a named view. */
export function createFilterSet(
  teamUID: string,
  input: { name: string; filter: ContactFilter & { pipelineId?: string } },
): Promise<{ filterSetUID: string }> {
  return requestData(filterSetsPath(teamUID), { method: 'POST', body: input });
}

export function useCreateFilterSet(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filter: ContactFilter & { pipelineId?: string } }) =>
      createFilterSet(teamUID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filterSetsQueryKey(teamUID) }),
  });
}
