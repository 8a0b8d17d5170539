import { useQuery } from '@tanstack/react-query';
import { teamKeys } from '../../../lib/query-keys';
import { type SearchAnswer, searchContacts } from '../../../lib/search-client';
import type { ContactFilter } from '../../contact-filters';
import { BOARD_PAGE_SIZE, type StagePage } from '../lib/board-state';

/** What the board shows: a pipeline, the filters and the free text. */
export interface BoardQuery {
  teamUID: string;
  pipelineId: string;
  filter: ContactFilter;
  text: string;
}

function searchObjOf(text: string) {
  return text === '' ? undefined : { text };
}

/** The board's first paint: every stage's count and first page, in one search. */
export async function fetchBoard(query: BoardQuery, signal?: AbortSignal): Promise<StagePage[]> {
  const answer = await searchContacts(
    {
      teamUID: query.teamUID,
      objectToFilter: { ...query.filter, pipelineId: query.pipelineId },
      searchObj: searchObjOf(query.text),
      isPipelineInitial: true,
      currentTab: 'pipeline',
      paging: { from: 0, size: BOARD_PAGE_SIZE },
    },
    signal,
  );
  return answer.stages ?? [];
}

export function useBoard(query: BoardQuery) {
  return useQuery({
    queryKey: teamKeys.boardFirstPages(query.teamUID, query.pipelineId, query.filter, query.text),
    queryFn: ({ signal }) => fetchBoard(query, signal),
  });
}

/** One page of one stage, in card order. */
export function fetchStagePage(
  query: BoardQuery,
  stageId: string,
  from: number,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  return searchContacts(
    {
      teamUID: query.teamUID,
      objectToFilter: { ...query.filter, pipelineId: query.pipelineId, stageIds: [stageId] },
      searchObj: searchObjOf(query.text),
      sort: { field: 'rank', order: 'asc' },
      currentTab: 'pipeline',
      paging: { from, size: BOARD_PAGE_SIZE },
    },
    signal,
  );
}
