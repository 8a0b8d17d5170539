import type { SearchFilter, SearchSortField } from '@grouptrack/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { teamKeys } from '../../../lib/query-keys';
import { searchContacts, type SearchAnswer } from '../../../lib/search-client';

/** Rows fetched per page as the table scrolls. */
export const TABLE_PAGE_SIZE = 100;

export interface TableSort {
  field: SearchSortField;
  order: 'asc' | 'desc';
}

/** What the table searches for: the filter, the free text and the sort. */
export interface TableQuery {
  teamUID: string;
  objectToFilter: SearchFilter;
  searchText: string;
  sort: TableSort;
}

/** Pages of contacts matching the query, 100 at a time, loaded as the user scrolls. */
export function useContactPages(query: TableQuery) {
  return useInfiniteQuery({
    queryKey: teamKeys.contactTablePages(query.teamUID, query),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<SearchAnswer> =>
      searchContacts(
        {
          teamUID: query.teamUID,
          paging: { from: pageParam, size: TABLE_PAGE_SIZE },
          sort: query.sort,
          objectToFilter: query.objectToFilter,
          searchObj: query.searchText === '' ? undefined : { text: query.searchText },
          currentTab: 'table',
        },
        signal,
      ),
    // The pages already loaded never change: comparing them all again with each new page, as
    // structural sharing does, cost tens of milliseconds once thousands of rows were loaded.
    structuralSharing: false,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.hits.length, 0);
      return last.hits.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}
