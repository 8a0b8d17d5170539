import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamKeys } from '../../../lib/query-keys';
import { searchContacts } from '../../../lib/search-client';

/** Results the type-ahead shows at most. */
export const GLOBAL_SEARCH_SIZE = 8;

/** What the type-ahead searches, said beside its results. */
export const GLOBAL_SEARCH_COVERS = 'Searches names, email, phone and profile handles. Best match first.';

/**
 * The best contacts for the text over names, email, phone and handles, best match first (the
 * server's order when a search has text and no sort).
 */
export function globalSearchQuery(teamUID: string, text: string) {
  return queryOptions({
    queryKey: teamKeys.globalSearch(teamUID, text),
    queryFn: ({ signal }) =>
      searchContacts({ teamUID, searchObj: { text }, paging: { from: 0, size: GLOBAL_SEARCH_SIZE } }, signal),
    staleTime: 10_000,
  });
}

export function useGlobalSearch(teamUID: string, text: string) {
  return useQuery({
    ...globalSearchQuery(teamUID, text),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}
