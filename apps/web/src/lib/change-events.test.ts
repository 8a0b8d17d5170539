import type { ChangeEntity, ChangeEvent } from '@grouptrack/domain';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyChangeEvent, scheduleBoardRefresh } from './change-events';
import { teamKeys } from './query-keys';

const TEAM = 'team_1';

function changeOf(entity: ChangeEntity, fields: Partial<ChangeEvent> = {}): ChangeEvent {
  return {
    id: 1,
    teamUID: TEAM,
    entity,
    op: 'update',
    ids: [],
    data: null,
    pipelineId: null,
    createdAt: '2026-11-24T00:00:00Z',
    ...fields,
  };
}

const KEYS = {
  pipelines: teamKeys.pipelines(TEAM),
  tasks: teamKeys.taskList(TEAM, { scope: 'mine' }),
  taskTemplates: teamKeys.taskTemplates(TEAM),
  messageTemplates: teamKeys.messageTemplates(TEAM),
  statusLabels: teamKeys.statusLabels(TEAM),
  tagReconciliation: teamKeys.tagReconciliation(TEAM),
  contactC1: teamKeys.contactDetails(TEAM, 'c1'),
  contactC1Notes: teamKeys.contactNotes(TEAM, 'c1'),
  contactC2: teamKeys.contactDetails(TEAM, 'c2'),
  boardP1: teamKeys.boardFirstPages(TEAM, 'p1', {}, ''),
  boardP2: teamKeys.boardFirstPages(TEAM, 'p2', {}, ''),
} satisfies Record<string, QueryKey>;
type Cached = keyof typeof KEYS;

let queryClient: QueryClient;

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  for (const key of Object.values(KEYS)) queryClient.setQueryData(key, 'cached');
});

afterEach(() => {
  // A refresh still waiting belongs to this test's cache; let it end before the next test.
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  queryClient.clear();
});

function refreshed(): Cached[] {
  return (Object.keys(KEYS) as Cached[]).filter(
    (name) => queryClient.getQueryState(KEYS[name])?.isInvalidated,
  );
}

describe('applyChangeEvent', () => {
  it.each<{ name: string; event: ChangeEvent; expected: Cached[] }>([
    { name: 'a pipeline refreshes the pipelines', event: changeOf('pipeline'), expected: ['pipelines'] },
    { name: 'a stage refreshes the pipelines', event: changeOf('stage'), expected: ['pipelines'] },
    {
      name: 'a tag refreshes the pipelines and tag reconciliation',
      event: changeOf('tag'),
      expected: ['pipelines', 'tagReconciliation'],
    },
    {
      name: 'a tag set refreshes the pipelines and tag reconciliation',
      event: changeOf('tag_set'),
      expected: ['pipelines', 'tagReconciliation'],
    },
    {
      name: 'an orphaned tag refreshes tag reconciliation',
      event: changeOf('orphaned_tag'),
      expected: ['tagReconciliation'],
    },
    {
      name: 'a task template refreshes the task templates',
      event: changeOf('task_template'),
      expected: ['taskTemplates'],
    },
    {
      name: 'a message template refreshes the message templates',
      event: changeOf('message_template'),
      expected: ['messageTemplates'],
    },
    {
      name: 'a status label refreshes the status labels',
      event: changeOf('status_label'),
      expected: ['statusLabels'],
    },
    {
      name: 'a contact refreshes everything shown about it, and tag reconciliation',
      event: changeOf('contact', { ids: ['c1'] }),
      expected: ['tagReconciliation', 'contactC1', 'contactC1Notes'],
    },
    {
      name: 'a bulk job still running refreshes nothing',
      event: changeOf('bulk_job', { ids: ['job_1'], data: { status: 'running' } }),
      expected: [],
    },
    {
      name: 'an invitation refreshes nothing',
      event: changeOf('invitation', { ids: ['inv_1'] }),
      expected: [],
    },
  ])('$name', ({ event, expected }) => {
    applyChangeEvent(queryClient, TEAM, event);
    expect(refreshed()).toEqual(expected);
  });

  it("keeps a job's progress for the screen following it, and a job that screen saw finish as it was", () => {
    const running = { processed: 5, total: 10, status: 'running' };
    applyChangeEvent(queryClient, TEAM, changeOf('import', { ids: ['imp_1'], data: running }));
    expect(queryClient.getQueryData(teamKeys.jobProgress(TEAM, 'import', 'imp_1'))).toEqual({
      value: running,
      eventAt: Date.now(),
    });

    const queryKey = teamKeys.jobProgress(TEAM, 'bulk_job', 'job_1');
    const isFinished = (progress: { status: string }) => progress.status === 'completed';
    queryClient.getQueryCache().build(queryClient, { queryKey, meta: { isFinished } });
    const completed = { processed: 10, total: 10, status: 'completed' };
    applyChangeEvent(queryClient, TEAM, changeOf('bulk_job', { ids: ['job_1'], data: completed }));
    applyChangeEvent(queryClient, TEAM, changeOf('bulk_job', { ids: ['job_1'], data: running }));
    expect(queryClient.getQueryData(queryKey)).toEqual({ value: completed, eventAt: Date.now() });
  });

  it('re-reads the board of a changed contact once changes settle', () => {
    applyChangeEvent(queryClient, TEAM, changeOf('contact', { ids: ['c9'], pipelineId: 'p1' }));
    vi.advanceTimersByTime(399);
    expect(refreshed()).toEqual(['tagReconciliation']);
    vi.advanceTimersByTime(1);
    expect(refreshed()).toEqual(['tagReconciliation', 'boardP1']);
  });

  it('re-reads every board when a task changes or a bulk job completes', () => {
    applyChangeEvent(queryClient, TEAM, changeOf('task', { ids: ['t1'] }));
    vi.advanceTimersByTime(400);
    expect(refreshed()).toEqual(['tasks', 'boardP1', 'boardP2']);
  });
});

describe('scheduleBoardRefresh', () => {
  it('makes one refresh of changes arriving close together', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    scheduleBoardRefresh(queryClient, TEAM, 'p1');
    vi.advanceTimersByTime(300);
    scheduleBoardRefresh(queryClient, TEAM, 'p1');
    vi.advanceTimersByTime(300);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('waits while a move of a card is being saved', async () => {
    let finishMove = () => {};
    const saved = new Promise<void>((resolve) => (finishMove = resolve));
    const move = queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: teamKeys.boardMoves(TEAM),
        mutationFn: () => saved,
      })
      .execute(undefined);
    scheduleBoardRefresh(queryClient, TEAM, 'p1');
    vi.advanceTimersByTime(2_000);
    expect(refreshed()).toEqual([]);
    finishMove();
    await vi.advanceTimersByTimeAsync(800);
    await move;
    expect(refreshed()).toEqual(['boardP1']);
  });
});
