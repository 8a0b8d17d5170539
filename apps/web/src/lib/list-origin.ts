import type { SearchFilter, SearchSortField } from '@grouptrack/domain';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { searchContacts, type SearchAnswer } from './search-client';
import { EMPTY_SELECTION, type Selection } from './selection';

/**
 * Where a contact was opened from: the Table, a board column or the tasks. The contact page's "Back"
 * returns to `url`, which holds the list's filters, text, sort and pipeline in its search params, and
 * its previous and next walk the same rows. The origin travels in the router's state, which the browser
 * keeps in its history entry: it survives a reload of the contact page, while a shared link (without
 * it) falls back to the pipeline as before.
 */
export interface ListOrigin {
  kind: ListKind;
  /** The list's address, path and search params. */
  url: string;
  /** The rows as a paged search (the Table, a board column), read from and added to the query cache. */
  search?: ListSearch;
  /** The rows as the contacts listed, in order, when the list is not paged (tasks). */
  ids?: string[];
}

export type ListKind = 'table' | 'board' | 'tasks';

/** A paged contact search: the same key and request give the same cached pages wherever they are read. */
export interface ListSearch {
  queryKey: readonly unknown[];
  request: {
    teamUID: string;
    objectToFilter: SearchFilter;
    searchText: string;
    sort: { field: SearchSortField; order: 'asc' | 'desc' };
    currentTab: 'table' | 'pipeline';
  };
  pageSize: number;
}

const KINDS: readonly ListKind[] = ['table', 'board', 'tasks'];

/** What "Back" says for each kind of list. */
export const BACK_LABELS: Readonly<Record<ListKind, string>> = {
  table: 'Back to the table',
  board: 'Back to the pipeline',
  tasks: 'Back to tasks',
};

/** The router state that carries an origin, merged with whatever else the state holds. */
export function withListOrigin(state: unknown, origin: ListOrigin | null): { origin?: ListOrigin } {
  const base = typeof state === 'object' && state !== null ? { ...state } : {};
  return origin ? { ...base, origin } : base;
}

/**
 * The origin in a router state, or null. History state outlives the code that wrote it (a reload
 * after a release), so its shape is checked rather than trusted.
 */
export function readListOrigin(state: unknown): ListOrigin | null {
  if (typeof state !== 'object' || state === null) return null;
  const origin = (state as { origin?: unknown }).origin;
  if (typeof origin !== 'object' || origin === null) return null;
  const { kind, url, search, ids } = origin as Partial<Record<keyof ListOrigin, unknown>>;
  if (!KINDS.includes(kind as ListKind) || typeof url !== 'string' || !url.startsWith('/')) return null;
  // Only an address inside the app: "//host" would leave it.
  if (url.startsWith('//')) return null;
  const result: ListOrigin = { kind: kind as ListKind, url };
  if (isListSearch(search)) result.search = search;
  if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) result.ids = ids;
  return result;
}

function isListSearch(value: unknown): value is ListSearch {
  if (typeof value !== 'object' || value === null) return false;
  const { queryKey, request, pageSize } = value as Partial<Record<keyof ListSearch, unknown>>;
  if (!Array.isArray(queryKey) || typeof pageSize !== 'number' || pageSize < 1) return false;
  if (typeof request !== 'object' || request === null) return false;
  const { teamUID, searchText, sort, objectToFilter } = request as Partial<ListSearch['request']>;
  return (
    typeof teamUID === 'string' &&
    typeof searchText === 'string' &&
    typeof sort === 'object' &&
    sort !== null &&
    typeof objectToFilter === 'object' &&
    objectToFilter !== null
  );
}

/** The list's GTIDs in order, from its loaded pages. */
export function listPageIds(data: InfiniteData<SearchAnswer> | undefined): string[] {
  return data?.pages.flatMap((page) => page.hits.map((hit) => hit.GTID)) ?? [];
}

export interface Neighbours {
  previous: string | null;
  next: string | null;
  /** The contact's place in the list, from 0; -1 when it is not among the rows loaded. */
  index: number;
}

/** The contacts before and after one in a list; a contact listed twice (two tasks) counts at its first place. */
export function findNeighbours(ids: readonly string[], GTID: string): Neighbours {
  const index = ids.indexOf(GTID);
  if (index < 0) return { previous: null, next: null, index };
  // A contact with several tasks is listed more than once: the neighbours are other people.
  let before = index - 1;
  while (before >= 0 && ids[before] === GTID) before -= 1;
  let after = index + 1;
  while (after < ids.length && ids[after] === GTID) after += 1;
  return { previous: ids[before] ?? null, next: ids[after] ?? null, index };
}

/** The cached pages of a search, as the Table loads them while it scrolls and the contact page while it walks. */
export function searchPagesOptions(search: ListSearch) {
  const { request, pageSize } = search;
  return infiniteQueryOptions({
    queryKey: search.queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<SearchAnswer> =>
      searchContacts(
        {
          teamUID: request.teamUID,
          paging: { from: pageParam, size: pageSize },
          sort: request.sort,
          objectToFilter: request.objectToFilter,
          searchObj: request.searchText === '' ? undefined : { text: request.searchText },
          currentTab: request.currentTab,
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

/**
 * Pages read to find a contact opened far down a list the cache no longer holds (after a reload):
 * beyond them the page shows no previous and next rather than reading thousands of rows.
 */
const MAX_PAGES_TO_FIND = 10;

export interface ListPosition extends Neighbours {
  /** How many contacts the list holds, when known. */
  total: number | null;
}

const NO_SEARCH: ListSearch = {
  queryKey: ['list-origin', 'none'],
  request: {
    teamUID: '',
    objectToFilter: {},
    searchText: '',
    sort: { field: 'name', order: 'asc' },
    currentTab: 'table',
  },
  pageSize: 1,
};

/**
 * The contacts before and after this one in the list it was opened from. A paged list is read from the
 * cache its screen filled; when the contact is the last row loaded, the next page is read with the
 * same search so "Next" keeps going, and the Table finds those rows loaded when the user comes back.
 */
export function useListPosition(origin: ListOrigin | null, GTID: string): ListPosition {
  const search = origin?.search ?? null;
  const pages = useInfiniteQuery({
    ...searchPagesOptions(search ?? NO_SEARCH),
    enabled: search !== null,
    // The pages the list loaded are walked as they were: refetching them all (a long scroll is many
    // pages) on every contact opened would cost more than the neighbours are worth.
    refetchOnMount: false,
  });
  const ids = useMemo(
    () => (search ? listPageIds(pages.data) : (origin?.ids ?? [])),
    [search, pages.data, origin?.ids],
  );
  const neighbours = findNeighbours(ids, GTID);
  const { hasNextPage, isFetching, fetchNextPage } = pages;
  const pageCount = pages.data?.pages.length ?? 0;
  const isAtEdge = neighbours.index >= 0 && neighbours.next === null;
  const isMissing = neighbours.index < 0 && pageCount > 0 && pageCount < MAX_PAGES_TO_FIND;
  useEffect(() => {
    if (search && hasNextPage && !isFetching && (isAtEdge || isMissing)) void fetchNextPage();
  }, [search, hasNextPage, isFetching, isAtEdge, isMissing, fetchNextPage]);
  const total = search ? (pages.data?.pages[0]?.total ?? null) : origin ? ids.length : null;
  return { ...neighbours, total };
}

/** The router state of "Back" from a contact: the list puts back its scroll and ticks. */
export const RETURN_STATE = { isReturn: true } as const;

/**
 * Whether the list is being returned to (its "Back", the browser's back or forward, a reload), when it
 * shows what it showed; opened afresh from the menu, it starts at its top with nothing ticked.
 */
export function isListReturn(state: unknown, navigationType: 'POP' | 'PUSH' | 'REPLACE'): boolean {
  if (navigationType === 'POP') return true;
  return typeof state === 'object' && state !== null && (state as { isReturn?: unknown }).isReturn === true;
}

/** What a list remembers for its address while the user is away: where it was scrolled, what was ticked. */
export interface ListView {
  scrollTop?: number;
  scrollLeft?: number;
  /** Each board column's scroll, by stage. */
  columns?: Record<string, number>;
  /** Ticked GTIDs, or 'all' for every contact matching. */
  selected?: string[] | 'all';
}

function listViewKey(url: string): string {
  return `grouptrack:list-view:${url}`;
}

/** The view stored for a list's address in this tab, or an empty one. */
export function readListView(url: string): ListView {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(listViewKey(url)) ?? '{}');
    if (typeof value !== 'object' || value === null) return {};
    const { scrollTop, scrollLeft, columns, selected } = value as Record<string, unknown>;
    return {
      ...(typeof scrollTop === 'number' && { scrollTop }),
      ...(typeof scrollLeft === 'number' && { scrollLeft }),
      ...(typeof columns === 'object' &&
        columns !== null &&
        !Array.isArray(columns) && {
          columns: Object.fromEntries(
            Object.entries(columns).filter(
              (entry): entry is [string, number] => typeof entry[1] === 'number',
            ),
          ),
        }),
      ...((selected === 'all' ||
        (Array.isArray(selected) && selected.every((id) => typeof id === 'string'))) && {
        selected,
      }),
    };
  } catch {
    return {};
  }
}

/** Keeps a list's view for its address, in this tab only (sessionStorage), merged with what is stored. */
export function saveListView(url: string, view: ListView): void {
  try {
    window.sessionStorage.setItem(listViewKey(url), JSON.stringify({ ...readListView(url), ...view }));
  } catch {
    // Private mode or a full storage: the list opens at its top when the user comes back.
  }
}

/** A selection as a list view stores it. */
export function toStoredSelection(selection: Selection): ListView['selected'] {
  return selection.mode === 'all' ? 'all' : [...selection.ids];
}

/** A stored selection back as the table's, nothing ticked when none was stored. */
export function fromStoredSelection(selected: ListView['selected']): Selection {
  if (selected === 'all') return { mode: 'all' };
  return selected && selected.length > 0 ? { mode: 'ids', ids: new Set(selected) } : EMPTY_SELECTION;
}

/**
 * A list that scrolls the page itself (the tasks): keeps where the page is scrolled for the list's
 * address, and scrolls back there when the list is returned to, once `ready` (its rows are shown).
 */
export function usePageScrollMemory(url: string, ready: boolean): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [returning] = useState(() => isListReturn(location.state, navigationType));
  const restored = useRef(false);
  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const { scrollTop } = returning ? readListView(url) : {};
    if (scrollTop) window.scrollTo(0, scrollTop);
  }, [ready, returning, url]);
  useEffect(() => {
    // Saved at most once a frame while the page scrolls, so scrolling writes little.
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        saveListView(url, { scrollTop: window.scrollY });
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [url]);
}
