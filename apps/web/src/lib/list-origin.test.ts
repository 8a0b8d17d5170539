import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from './search-client';
import {
  findNeighbours,
  fromStoredSelection,
  isListReturn,
  listPageIds,
  RETURN_STATE,
  readListOrigin,
  toStoredSelection,
  withListOrigin,
  type ListOrigin,
} from './list-origin';

const tableOrigin: ListOrigin = {
  kind: 'table',
  url: '/contacts/table/p1?q=ava&sort=name&order=asc',
  search: {
    queryKey: ['teams', 't1', 'contact-table', { searchText: 'ava' }],
    request: {
      teamUID: 't1',
      objectToFilter: { pipelineId: 'p1' },
      searchText: 'ava',
      sort: { field: 'name', order: 'asc' },
      currentTab: 'table',
    },
    pageSize: 100,
  },
};

describe('list origin in the router state', () => {
  it('reads back the origin it wrote, beside the state already there', () => {
    const state = withListOrigin({ compose: true }, tableOrigin);
    expect(state).toEqual({ compose: true, origin: tableOrigin });
    expect(readListOrigin(state)).toEqual(tableOrigin);
  });

  it('survives the structured clone the browser keeps history state in', () => {
    expect(readListOrigin(structuredClone(withListOrigin(null, tableOrigin)))).toEqual(tableOrigin);
  });

  it('reads a tasks origin with its contacts', () => {
    const origin: ListOrigin = { kind: 'tasks', url: '/tasks?scope=team', ids: ['g1', 'g2'] };
    expect(readListOrigin({ origin })).toEqual(origin);
  });

  it.each([
    { name: 'no state', state: null },
    { name: 'a state without an origin', state: { compose: true } },
    { name: 'an unknown kind', state: { origin: { kind: 'calendar', url: '/calendar' } } },
    { name: 'an address outside the app', state: { origin: { kind: 'table', url: 'https://evil.example' } } },
    { name: 'an address on another host', state: { origin: { kind: 'table', url: '//evil.example/x' } } },
    { name: 'no address', state: { origin: { kind: 'board' } } },
  ])('answers no origin for $name', ({ state }) => {
    expect(readListOrigin(state)).toBeNull();
  });

  it('keeps the address but drops a search or contacts of the wrong shape', () => {
    expect(
      readListOrigin({
        origin: { kind: 'board', url: '/contacts/pipeline/p1', search: { queryKey: 'x' }, ids: [1] },
      }),
    ).toEqual({ kind: 'board', url: '/contacts/pipeline/p1' });
  });

  it('leaves the state as it was when there is no origin', () => {
    expect(withListOrigin({ compose: true }, null)).toEqual({ compose: true });
    expect(withListOrigin(undefined, null)).toEqual({});
  });
});

describe('findNeighbours', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('answers the contacts before and after, and the place', () => {
    expect(findNeighbours(ids, 'b')).toEqual({ previous: 'a', next: 'c', index: 1 });
  });

  it('has no previous for the first and no next for the last', () => {
    expect(findNeighbours(ids, 'a')).toEqual({ previous: null, next: 'b', index: 0 });
    expect(findNeighbours(ids, 'd')).toEqual({ previous: 'c', next: null, index: 3 });
  });

  it('answers nothing for a contact the list does not hold (yet)', () => {
    expect(findNeighbours(ids, 'z')).toEqual({ previous: null, next: null, index: -1 });
  });

  it('steps over the same contact listed twice in a row', () => {
    expect(findNeighbours(['a', 'b', 'b', 'c'], 'b')).toEqual({ previous: 'a', next: 'c', index: 1 });
  });
});

describe('listPageIds', () => {
  const page = (ids: string[]) =>
    ({ total: 5, hits: ids.map((GTID) => ({ GTID })) }) as unknown as SearchAnswer;

  it('lists the loaded pages in order', () => {
    expect(listPageIds({ pages: [page(['a', 'b']), page(['c'])], pageParams: [0, 2] })).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('is empty before the first page', () => {
    expect(listPageIds(undefined)).toEqual([]);
  });
});

describe('stored selection', () => {
  it('keeps ticked contacts and "all matching" across a visit to a contact', () => {
    const ticked = { mode: 'ids', ids: new Set(['a', 'b']) } as const;
    expect(fromStoredSelection(toStoredSelection(ticked))).toEqual(ticked);
    expect(fromStoredSelection(toStoredSelection({ mode: 'all' }))).toEqual({ mode: 'all' });
  });

  it('ticks nothing when nothing was stored', () => {
    expect(fromStoredSelection(undefined)).toEqual({ mode: 'ids', ids: new Set() });
  });
});

describe('isListReturn', () => {
  it('is a return for "Back" from a contact, and for the browser back, forward or a reload', () => {
    expect(isListReturn(RETURN_STATE, 'PUSH')).toBe(true);
    expect(isListReturn(null, 'POP')).toBe(true);
  });

  it('is a fresh start for a list opened from the menu or a link', () => {
    expect(isListReturn(null, 'PUSH')).toBe(false);
    expect(isListReturn({ origin: {} }, 'REPLACE')).toBe(false);
  });
});
