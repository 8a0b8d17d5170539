import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../lib/search-client';
import {
  BOARD_PAGE_SIZE,
  type BoardState,
  cardPosition,
  layOutColumn,
  locateCard,
  reduceBoard,
} from './board-state';

function buildHit(GTID: string, stage: string): SearchHit {
  return {
    GTID,
    firstName: GTID,
    lastName: '',
    name: GTID,
    emailAddress: null,
    phoneNumber: null,
    photoURL: null,
    statusLabelId: null,
    platforms: [],
    tags: [],
    stage,
    rank: null,
    leadScore: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    lastContactedAt: null,
    nextTaskDueAt: null,
  };
}

function buildHits(stage: string, from: number, count: number): SearchHit[] {
  return Array.from({ length: count }, (_, i) => buildHit(`${stage}-${from + i}`, stage));
}

function buildBoard(): BoardState {
  return reduceBoard(
    {},
    {
      type: 'reset',
      stageIds: ['a', 'b', 'c'],
      stages: [
        { stageUID: 'a', total: 3, hits: buildHits('a', 0, 3) },
        { stageUID: 'b', total: 20_000, hits: buildHits('b', 0, BOARD_PAGE_SIZE) },
      ],
    },
  );
}

const namesOf = (state: BoardState, stageId: string) => {
  const rows = layOutColumn(state[stageId]!);
  return Array.from({ length: rows.count }, (_, i) => {
    const row = rows.rowAt(i);
    return 'card' in row ? row.card.GTID : `page ${row.page}`;
  });
};

describe('reduceBoard', () => {
  it('counts every card of a 20,000-card column, and points unloaded rows at their page', () => {
    const state = buildBoard();
    const rows = layOutColumn(state.b!);
    expect(rows.count).toBe(20_000);
    expect(rows.rowAt(49)).toEqual({ card: expect.objectContaining({ GTID: 'b-49' }) });
    expect(rows.rowAt(19_999)).toEqual({ page: 399 });
    expect(layOutColumn(state.c!).count).toBe(0);
  });

  it('places a page loaded deep in the column where the server has it', () => {
    const state = buildBoard();
    const generation = state.b!.generation;
    const next = reduceBoard(state, {
      type: 'pageLoaded',
      stageId: 'b',
      generation,
      page: 399,
      total: 20_000,
      hits: buildHits('b', 19_950, 50),
    });
    expect(layOutColumn(next.b!).rowAt(19_999)).toEqual({
      card: expect.objectContaining({ GTID: 'b-19999' }),
    });
  });

  it('ignores a page that answers after the column was read again', () => {
    const state = buildBoard();
    const stale = state.b!.generation;
    const reset = reduceBoard(state, {
      type: 'resetColumn',
      stageId: 'b',
      total: 1,
      hits: buildHits('b', 0, 1),
    });
    const next = reduceBoard(reset, {
      type: 'pageLoaded',
      stageId: 'b',
      generation: stale,
      page: 1,
      total: 20_000,
      hits: buildHits('b', 50, 50),
    });
    expect(next).toBe(reset);
  });

  it('moves a dropped card to the top of its new column at once, and keeps both counts right', () => {
    const moved = reduceBoard(buildBoard(), { type: 'move', GTID: 'a-1', toStageId: 'c' });
    expect(namesOf(moved, 'a')).toEqual(['a-0', 'a-2']);
    expect(namesOf(moved, 'c')).toEqual(['a-1']);
    expect(locateCard(moved, 'a-1')?.card.stage).toBe('c');
  });

  it('puts a card back exactly where it was when its move fails', () => {
    const before = buildBoard();
    const from = locateCard(before, 'a-1')!;
    const moved = reduceBoard(before, { type: 'move', GTID: 'a-1', toStageId: 'b' });
    const rolledBack = reduceBoard(moved, {
      type: 'move',
      GTID: 'a-1',
      toStageId: from.stageId,
      slot: from.slot,
    });
    expect(namesOf(rolledBack, 'a')).toEqual(['a-0', 'a-1', 'a-2']);
    expect(layOutColumn(rolledBack.b!).count).toBe(20_000);
    expect(locateCard(rolledBack, 'a-1')?.card.stage).toBe('a');
  });

  it('keeps a card dropped between two others there, in another column and in its own', () => {
    const across = reduceBoard(buildBoard(), {
      type: 'move',
      GTID: 'b-3',
      toStageId: 'a',
      place: { after: 'a-0' },
    });
    expect(namesOf(across, 'a')).toEqual(['a-0', 'b-3', 'a-1', 'a-2']);
    expect(cardPosition(across, 'b-3')).toEqual({ stageId: 'a', position: 2, count: 4 });
    expect(cardPosition(across, 'b-4')).toEqual({ stageId: 'b', position: 4, count: 19_999 });

    const within = reduceBoard(across, {
      type: 'move',
      GTID: 'a-2',
      toStageId: 'a',
      place: { before: 'a-0' },
    });
    expect(namesOf(within, 'a')).toEqual(['a-2', 'a-0', 'b-3', 'a-1']);
    const down = reduceBoard(within, { type: 'move', GTID: 'a-2', toStageId: 'a', place: { after: 'a-1' } });
    expect(namesOf(down, 'a')).toEqual(['a-0', 'b-3', 'a-1', 'a-2']);
  });

  it('puts a card moved within its column back in its slot on Undo', () => {
    const before = buildBoard();
    const from = locateCard(before, 'a-2')!;
    const moved = reduceBoard(before, {
      type: 'move',
      GTID: 'a-2',
      toStageId: 'a',
      place: { before: 'a-0' },
    });
    const undone = reduceBoard(moved, { type: 'move', GTID: 'a-2', toStageId: 'a', slot: from.slot });
    expect(namesOf(undone, 'a')).toEqual(['a-0', 'a-1', 'a-2']);
  });

  it('does nothing for a card dropped on its own column or an unknown card', () => {
    const state = buildBoard();
    expect(reduceBoard(state, { type: 'move', GTID: 'a-1', toStageId: 'a' })).toBe(state);
    expect(reduceBoard(state, { type: 'move', GTID: 'zzz', toStageId: 'b' })).toBe(state);
  });

  it('does not show a moved card twice when its old page loads before the server saw the move', () => {
    const moved = reduceBoard(buildBoard(), { type: 'move', GTID: 'b-10', toStageId: 'a' });
    const next = reduceBoard(moved, {
      type: 'resetColumn',
      stageId: 'b',
      total: 20_000,
      hits: buildHits('b', 0, 50),
    });
    expect(namesOf(next, 'b').slice(0, 50)).not.toContain('b-10');
    expect(namesOf(next, 'a')[0]).toBe('b-10');
  });

  it('remembers and clears a column error', () => {
    const state = buildBoard();
    const failed = reduceBoard(state, {
      type: 'pageFailed',
      stageId: 'b',
      generation: state.b!.generation,
      message: 'down',
    });
    expect(failed.b!.error).toBe('down');
    expect(reduceBoard(failed, { type: 'clearError', stageId: 'b' }).b!.error).toBeNull();
  });
});
