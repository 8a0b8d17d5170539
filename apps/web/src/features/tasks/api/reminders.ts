import type { Reminder } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** My reminders in this team, newest first. */
export function useReminders(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.reminders(teamUID),
    queryFn: ({ signal }) => requestData<Reminder[]>(teamPath(teamUID, 'reminders'), { signal }),
  });
}
