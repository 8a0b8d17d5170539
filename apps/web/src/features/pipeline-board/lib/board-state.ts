import type { OpenDealsSum, SearchHit } from '../../../lib/search-client';

/** Cards per request, for the first paint and for each further page of a column. */
export const BOARD_PAGE_SIZE = 50;

/** One stage's cards: pages loaded from the server by page number, and cards moved in by this user. */
export interface ColumnState {
  /** The stage's total as the server last answered, before any local move. */
  serverTotal: number;
  /** Loaded pages by number; page p holds the server's cards from p * BOARD_PAGE_SIZE. */
  pages: Record<number, SearchHit[]>;
  /** Cards dropped here by this user, shown first until the column is read again. */
  pinned: SearchHit[];
  /** Counts resets, so a page that answers after a reset is ignored. */
  generation: number;
  /** Why the last page failed to load, until the user retries. */
  error: string | null;
}

export type BoardState = Record<string, ColumnState>;

/** Where a card sits in its column, so a failed move can put it back exactly there. */
export type CardSlot = { kind: 'pinned'; index: number } | { kind: 'page'; page: number; offset: number };

export interface CardLocation {
  stageId: string;
  slot: CardSlot;
  card: SearchHit;
}

/** Where a moved card goes: next to a card of its new column, by that card's contact id. */
export type CardPlace = { after: string } | { before: string };

export interface StagePage {
  stageUID: string;
  total: number;
  /** The column's open deals, per currency, as the first paint answered. */
  openDeals?: OpenDealsSum[];
  hits: SearchHit[];
}

export type BoardAction =
  | { type: 'reset'; stageIds: string[]; stages: StagePage[] }
  | { type: 'resetColumn'; stageId: string; total: number; hits: SearchHit[] }
  | {
      type: 'pageLoaded';
      stageId: string;
      generation: number;
      page: number;
      total: number;
      hits: SearchHit[];
    }
  | { type: 'pageFailed'; stageId: string; generation: number; message: string }
  | { type: 'clearError'; stageId: string }
  | { type: 'move'; GTID: string; toStageId: string; slot?: CardSlot; place?: CardPlace };

function emptyColumn(generation = 0): ColumnState {
  return { serverTotal: 0, pages: {}, pinned: [], generation, error: null };
}

function pageCount(total: number): number {
  return Math.ceil(total / BOARD_PAGE_SIZE);
}

/** The number of rows each page of the column takes: its cards when loaded, else what the server holds. */
export function listPageLengths(column: ColumnState): number[] {
  const lengths: number[] = [];
  const count = pageCount(column.serverTotal);
  for (let page = 0; page < count; page += 1) {
    lengths.push(
      column.pages[page]?.length ?? Math.min(BOARD_PAGE_SIZE, column.serverTotal - page * BOARD_PAGE_SIZE),
    );
  }
  return lengths;
}

/** The cards a column shows, as the virtual list needs them: a count and a row-to-card lookup. */
export interface ColumnRows {
  count: number;
  /** The card at a row, or the page to load for it. */
  rowAt: (index: number) => { card: SearchHit } | { page: number };
}

/** Lays a column out as rows: moved-in cards first, then each page in order. */
export function layOutColumn(column: ColumnState): ColumnRows {
  const lengths = listPageLengths(column);
  const starts: number[] = [];
  let count = column.pinned.length;
  for (const length of lengths) {
    starts.push(count);
    count += length;
  }
  return {
    count,
    rowAt(index) {
      if (index < column.pinned.length) return { card: column.pinned[index]! };
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (starts[middle]! <= index) low = middle;
        else high = middle - 1;
      }
      const card = column.pages[low]?.[index - starts[low]!];
      return card ? { card } : { page: low };
    },
  };
}

/** Finds a loaded card anywhere on the board. */
export function locateCard(state: BoardState, GTID: string): CardLocation | null {
  for (const [stageId, column] of Object.entries(state)) {
    const pinnedIndex = column.pinned.findIndex((card) => card.GTID === GTID);
    if (pinnedIndex >= 0) {
      return { stageId, slot: { kind: 'pinned', index: pinnedIndex }, card: column.pinned[pinnedIndex]! };
    }
    for (const [page, hits] of Object.entries(column.pages)) {
      const offset = hits.findIndex((card) => card.GTID === GTID);
      if (offset >= 0)
        return { stageId, slot: { kind: 'page', page: Number(page), offset }, card: hits[offset]! };
    }
  }
  return null;
}

function withoutCard(column: ColumnState, slot: CardSlot): ColumnState {
  if (slot.kind === 'pinned') return { ...column, pinned: column.pinned.filter((_, i) => i !== slot.index) };
  const hits = column.pages[slot.page] ?? [];
  return { ...column, pages: { ...column.pages, [slot.page]: hits.filter((_, i) => i !== slot.offset) } };
}

function withCard(column: ColumnState, card: SearchHit, slot: CardSlot): ColumnState {
  if (slot.kind === 'pinned') {
    const pinned = [...column.pinned];
    pinned.splice(Math.min(slot.index, pinned.length), 0, card);
    return { ...column, pinned };
  }
  const hits = column.pages[slot.page];
  if (!hits) return { ...column, pinned: [card, ...column.pinned] };
  const next = [...hits];
  next.splice(Math.min(slot.offset, next.length), 0, card);
  return { ...column, pages: { ...column.pages, [slot.page]: next } };
}

/** The slot `by` rows further down the same list (the pinned cards, or one page). */
function shiftSlot(slot: CardSlot, by: number): CardSlot {
  return slot.kind === 'pinned' ? { ...slot, index: slot.index + by } : { ...slot, offset: slot.offset + by };
}

/**
 * Moves a card to `slot` (putting it back), or next to the card `place` names, or else to the top of
 * its new column; a card moves within its own column only to a slot or place given.
 */
function moveCard(
  state: BoardState,
  GTID: string,
  toStageId: string,
  slot?: CardSlot,
  place?: CardPlace,
): BoardState {
  const from = locateCard(state, GTID);
  if (!from || !state[toStageId] || (from.stageId === toStageId && !slot && !place)) return state;
  const removed = { ...state, [from.stageId]: withoutCard(state[from.stageId]!, from.slot) };
  let at: CardSlot = slot ?? { kind: 'pinned', index: 0 };
  if (!slot && place) {
    const anchor = locateCard(removed, 'after' in place ? place.after : place.before);
    if (anchor?.stageId === toStageId) at = shiftSlot(anchor.slot, 'after' in place ? 1 : 0);
  }
  const card = { ...from.card, stage: toStageId };
  return { ...removed, [toStageId]: withCard(removed[toStageId]!, card, at) };
}

/** A loaded card's place in its column as the user sees it (from 1), and the column's card count. */
export function cardPosition(
  state: BoardState,
  GTID: string,
): { stageId: string; position: number; count: number } | null {
  const found = locateCard(state, GTID);
  if (!found) return null;
  const column = state[found.stageId]!;
  const { slot } = found;
  const lengths = listPageLengths(column);
  const above =
    slot.kind === 'pinned'
      ? slot.index
      : column.pinned.length +
        lengths.slice(0, slot.page).reduce((sum, length) => sum + length, 0) +
        slot.offset;
  return { stageId: found.stageId, position: above + 1, count: layOutColumn(column).count };
}

/** The first card a column shows, if loaded. */
export function firstCard(column: ColumnState): SearchHit | null {
  return column.pinned[0] ?? column.pages[0]?.[0] ?? null;
}

/**
 * Cards loaded in other columns than `stageId`: a page read before the server saw a move must not
 * show the moved card a second time.
 */
function loadedElsewhere(state: BoardState, stageId: string): Set<string> {
  const ids = new Set<string>();
  for (const [id, column] of Object.entries(state)) {
    if (id === stageId) continue;
    for (const card of column.pinned) ids.add(card.GTID);
    for (const hits of Object.values(column.pages)) for (const card of hits) ids.add(card.GTID);
  }
  return ids;
}

/** The board's cards: first paint, further pages, resets after changes, and optimistic moves. */
export function reduceBoard(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'reset': {
      const byStage = new Map(action.stages.map((stage) => [stage.stageUID, stage]));
      return Object.fromEntries(
        action.stageIds.map((stageId) => {
          const stage = byStage.get(stageId);
          const generation = (state[stageId]?.generation ?? 0) + 1;
          const column = emptyColumn(generation);
          if (!stage) return [stageId, column];
          return [stageId, { ...column, serverTotal: stage.total, pages: { 0: stage.hits } }];
        }),
      );
    }
    case 'resetColumn': {
      const current = state[action.stageId];
      if (!current) return state;
      const skip = loadedElsewhere(state, action.stageId);
      return {
        ...state,
        [action.stageId]: {
          ...emptyColumn(current.generation + 1),
          serverTotal: action.total,
          pages: { 0: action.hits.filter((hit) => !skip.has(hit.GTID)) },
        },
      };
    }
    case 'pageLoaded': {
      const column = state[action.stageId];
      if (!column || column.generation !== action.generation) return state;
      const skip = loadedElsewhere(state, action.stageId);
      return {
        ...state,
        [action.stageId]: {
          ...column,
          serverTotal: action.total,
          error: null,
          pages: { ...column.pages, [action.page]: action.hits.filter((hit) => !skip.has(hit.GTID)) },
        },
      };
    }
    case 'pageFailed': {
      const column = state[action.stageId];
      if (!column || column.generation !== action.generation) return state;
      return { ...state, [action.stageId]: { ...column, error: action.message } };
    }
    case 'clearError': {
      const column = state[action.stageId];
      if (!column?.error) return state;
      return { ...state, [action.stageId]: { ...column, error: null } };
    }
    case 'move':
      return moveCard(state, action.GTID, action.toStageId, action.slot, action.place);
  }
}
