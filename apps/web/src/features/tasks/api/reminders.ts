import type { Reminder } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** My reminders in this team, newest first. */
export function useReminders(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.reminders(teamUID),
    queryFn: ({ signal }) => requestData<Reminder[]>(teamPath(teamUID, 'reminders'), { signal }),
  });
}

/** Marks all my reminders in this team as read. */
export function useMarkRemindersRead(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestData<undefined>(teamPath(teamUID, 'reminders', 'read'), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.reminders(teamUID) }),
  });
}
