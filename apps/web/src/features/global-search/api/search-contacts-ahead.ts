import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { teamKeys } from '../../../lib/query-keys';
import { searchContacts } from '../../../lib/search-client';

/** Results the type-ahead shows at most. */
export const GLOBAL_SEARCH_SIZE = 8;

/** The first contacts matching the text over names, email, phone and handles. */
export function useGlobalSearch(teamUID: string, text: string) {
  return useQuery({
    queryKey: teamKeys.globalSearch(teamUID, text),
    queryFn: ({ signal }) =>
      searchContacts({ teamUID, searchObj: { text }, paging: { from: 0, size: GLOBAL_SEARCH_SIZE } }, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
