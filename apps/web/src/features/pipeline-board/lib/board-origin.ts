import { createContext, useContext } from 'react';
import type { ListOrigin, ListSearch } from '../../../lib/list-origin';
import { teamKeys } from '../../../lib/query-keys';
import type { BoardQuery } from '../api/board-search';
import { BOARD_PAGE_SIZE } from './board-state';

/**
 * A column's cards as a paged search, in card order: a contact opened from a card walks its column.
 * Keyed under the board, so the board's refreshes refresh it too.
 */
export function toColumnSearch(query: BoardQuery, stageId: string): ListSearch {
  return {
    queryKey: [
      ...teamKeys.board(query.teamUID, query.pipelineId),
      'column',
      { stageId, filter: query.filter, text: query.text },
    ],
    request: {
      teamUID: query.teamUID,
      objectToFilter: { ...query.filter, pipelineId: query.pipelineId, stageIds: [stageId] },
      searchText: query.text,
      sort: { field: 'rank', order: 'asc' },
      currentTab: 'pipeline',
    },
    pageSize: BOARD_PAGE_SIZE,
  };
}

/** The board's address and search, for its cards' links; none outside a board (the drag overlay's copy). */
export const BoardOriginContext = createContext<{ url: string; query: BoardQuery } | null>(null);

/** Where a card's contact was opened from: this board, its address and the card's column. */
export function useCardOrigin(stageId: string | null): ListOrigin | null {
  const board = useContext(BoardOriginContext);
  if (!board) return null;
  return {
    kind: 'board',
    url: board.url,
    ...(stageId ? { search: toColumnSearch(board.query, stageId) } : {}),
  };
}
