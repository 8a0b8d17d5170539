import type { DailyGoal } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { meKeys } from '../../../lib/query-keys';

/**
 * How often today's count is read again while on screen: this team's sends are announced on its
 * stream, but the count sums all the user's teams.
 */
const DAILY_GOAL_REFRESH_MS = 30_000;

/** Messages GroupTrack sent for the user today, in this browser's time zone, against their goal. */
export function useDailyGoal() {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return useQuery({
    queryKey: [...meKeys.dailyGoal, timeZone],
    queryFn: ({ signal }) =>
      requestData<DailyGoal>(`/api/v1/me/daily-goal?${new URLSearchParams({ timeZone }).toString()}`, {
        signal,
      }),
    refetchInterval: DAILY_GOAL_REFRESH_MS,
  });
}

/** Sets the goal (messages a day), or clears it with null. */
export function useSetDailyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: number | null) =>
      requestData<DailyGoal>('/api/v1/me/daily-goal', { method: 'PUT', body: { goal } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.dailyGoal }),
  });
}
