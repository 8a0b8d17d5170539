import type { TeamKpiInput, TeamKpiList } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Under the dashboards' key; a `kpi` change event refreshes it (lib/change-events.ts). */
const teamKpisKey = (teamUID: string) => [...teamKeys.all(teamUID), 'dashboards', 'team-kpis'] as const;

/** The team's chosen KPIs with their figures so far in the reader's time zone. */
export function useTeamKpis(teamUID: string, timeZone: string) {
  return useQuery({
    queryKey: [...teamKpisKey(teamUID), timeZone],
    queryFn: ({ signal }) =>
      requestData<TeamKpiList>(
        `${teamPath(teamUID, 'dashboard', 'kpis')}?${new URLSearchParams({ timeZone }).toString()}`,
        { signal },
      ),
  });
}

/** Adds a KPI (no kpiUID) or changes one; the list is read again once the server has answered. */
export function useSaveTeamKpi(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kpiUID, input }: { kpiUID: string | null; input: TeamKpiInput }) =>
      kpiUID
        ? requestData(teamPath(teamUID, 'dashboard', 'kpis', kpiUID), { method: 'PUT', body: input })
        : requestData(teamPath(teamUID, 'dashboard', 'kpis'), { method: 'POST', body: input }),
    // The form shows why a KPI was refused, next to what to change.
    meta: { isErrorShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKpisKey(teamUID) }),
  });
}

export function useRemoveTeamKpi(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kpiUID: string) =>
      requestData(teamPath(teamUID, 'dashboard', 'kpis', kpiUID), { method: 'DELETE' }),
    meta: { errorTitle: 'The KPI could not be removed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKpisKey(teamUID) }),
  });
}
