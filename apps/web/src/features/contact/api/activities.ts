import type { ActivityPage } from '@grouptrack/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

const PAGE_SIZE = 25;

/** The contact's history, newest first, a page at a time. */
export function useActivities(teamUID: string, GTID: string) {
  return useInfiniteQuery({
    queryKey: teamKeys.contactActivities(teamUID, GTID),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set('before', pageParam);
      return requestData<ActivityPage>(`${contactPath(teamUID, GTID, 'activities')}?${query.toString()}`, {
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
