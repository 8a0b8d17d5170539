import { useInfiniteQuery } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

const PAGE_SIZE = 25;

/** One entry of a contact's history. */
export interface Activity {
  activityUID: string;
  type: string;
  action: string;
  createdAt: string;
  createdBy: string | null;
  createdByUID: string | null;
  note: string | null;
  data: Record<string, unknown> | null;
  pipelineID: string | null;
}

interface ActivityPage {
  items: Activity[];
  nextCursor: string | null;
}

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
