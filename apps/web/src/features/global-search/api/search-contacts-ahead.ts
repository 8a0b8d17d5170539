import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchContacts } from '../../../lib/search-client';

/** Results the type-ahead shows at most. */
export const GLOBAL_SEARCH_SIZE = 8;

export const globalSearchQueryKey = (teamUID: string, text: string) =>
  ['global-search', teamUID, text] as const;

/** The first contacts matching the text over names, email, phone and handles. */
export function useGlobalSearch(teamUID: string, text: string) {
  return useQuery({
    queryKey: globalSearchQueryKey(teamUID, text),
    queryFn: ({ signal }) =>
      searchContacts({ teamUID, searchObj: { text }, paging: { from: 0, size: GLOBAL_SEARCH_SIZE } }, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
