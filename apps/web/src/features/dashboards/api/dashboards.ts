import type { ChangeEntity, HomeDashboard, KpiReport } from '@grouptrack/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { subscribeToTeamEvents } from '../../../lib/team-events';

/** The days the KPI page reads, and whose figures. */
export interface KpiQuery {
  from: string;
  to: string;
  timeZone: string;
  memberUID?: string | undefined;
}

// Under the team's root key, so a resync of the team reloads them too.
const dashboardKeys = {
  all: (teamUID: string) => [...teamKeys.all(teamUID), 'dashboards'] as const,
  kpi: (teamUID: string, query: KpiQuery) => [...dashboardKeys.all(teamUID), 'kpi', query] as const,
  home: (teamUID: string, timeZone: string) => [...dashboardKeys.all(teamUID), 'home', timeZone] as const,
};

/** The reader's own time zone: the dashboards cut days where they live. */
export function findReaderTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function useKpiReport(teamUID: string, query: KpiQuery) {
  return useQuery({
    queryKey: dashboardKeys.kpi(teamUID, query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: query.from, to: query.to, timeZone: query.timeZone });
      if (query.memberUID) params.set('memberUID', query.memberUID);
      return requestData<KpiReport>(`${teamPath(teamUID, 'dashboard', 'kpi')}?${params.toString()}`, {
        signal,
      });
    },
    placeholderData: (previous) => previous,
  });
}

export function useHomeDashboard(teamUID: string, timeZone: string) {
  return useQuery({
    queryKey: dashboardKeys.home(teamUID, timeZone),
    queryFn: ({ signal }) =>
      requestData<HomeDashboard>(
        `${teamPath(teamUID, 'dashboard', 'home')}?${new URLSearchParams({ timeZone }).toString()}`,
        { signal },
      ),
  });
}

/** The changes that move a dashboard's figures. */
const COUNTED: ReadonlySet<ChangeEntity> = new Set([
  'contact',
  'task',
  'bulk_job',
  'import',
  'pipeline',
  'stage',
]);

/** Changes arriving within this long of each other make one reload. */
const LIVE_REFRESH_MS = 1_000;

/** Keeps the open dashboards live: a change of the team reloads them once changes settle. */
export function useDashboardsLive(teamUID: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = subscribeToTeamEvents(teamUID, (event) => {
      if (!COUNTED.has(event.entity) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(teamUID) });
      }, LIVE_REFRESH_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [teamUID, queryClient]);
}
