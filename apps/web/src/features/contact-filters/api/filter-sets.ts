import type { FilterSet } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import type { ContactFilter } from '../lib/filter-params';
import { teamKeys } from '../../../lib/query-keys';

export type { FilterSet } from '@grouptrack/domain';

/** Lists the team's saved views by name. */
export function listFilterSets(teamUID: string, signal?: AbortSignal): Promise<FilterSet[]> {
  return requestData<FilterSet[]>(teamPath(teamUID, 'filter-sets'), { signal });
}

export function useFilterSets(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.filterSets(teamUID),
    queryFn: ({ signal }) => listFilterSets(teamUID, signal),
  });
}

/** Saves the current filters as a named view. */
export function createFilterSet(
  teamUID: string,
  input: { name: string; filter: ContactFilter & { pipelineId?: string } },
): Promise<{ filterSetUID: string }> {
  return requestData(teamPath(teamUID, 'filter-sets'), { method: 'POST', body: input });
}

export function useCreateFilterSet(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filter: ContactFilter & { pipelineId?: string } }) =>
      createFilterSet(teamUID, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.filterSets(teamUID) }),
  });
}
