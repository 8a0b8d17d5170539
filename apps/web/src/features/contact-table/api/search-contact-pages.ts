import type { SearchFilter, SearchSortField } from '@grouptrack/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { searchPagesOptions, type ListSearch } from '../../../lib/list-origin';
import { teamKeys } from '../../../lib/query-keys';

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

/**
 * The table's rows as a paged search: the table loads its pages, and a contact opened from it walks
 * the same cached pages (lib/list-origin.ts).
 */
export function toTableSearch(query: TableQuery): ListSearch {
  return {
    queryKey: teamKeys.contactTablePages(query.teamUID, query),
    request: { ...query, currentTab: 'table' },
    pageSize: TABLE_PAGE_SIZE,
  };
}

/** Pages of contacts matching the query, 100 at a time, loaded as the user scrolls. */
export function useContactPages(query: TableQuery) {
  return useInfiniteQuery(searchPagesOptions(toTableSearch(query)));
}
