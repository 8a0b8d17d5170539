import { describe, expect, it } from 'vitest';
import type { Task, TaskListQuery } from './tasks';
import { applyTaskChange, formatTaskListSearch } from './tasks';

const task = (taskUID: string, status: Task['status'] = 'active'): Task => ({
  taskUID,
  taskName: `Task ${taskUID}`,
  GTID: null,
  contactName: null,
  assigneeUID: 'u1',
  dueDate: '2026-11-21',
  dueTime: null,
  timeZone: 'UTC',
  actualDueDate: '2026-11-21T08:00:00.000Z',
  status,
  reminder: 'in-app',
  repeatData: null,
  occurrence: 1,
  completedAt: null,
  createdByUID: 'u1',
});

const open: TaskListQuery = { scope: 'mine', status: 'active' };
const done: TaskListQuery = { scope: 'mine', status: 'completed' };

describe('a task list right after a change', () => {
  it('loses a completed task from the open list and a reopened one from the completed list', () => {
    const list = [task('a'), task('b')];
    expect(applyTaskChange(list, open, { kind: 'complete', task: list[0]! }).map((t) => t.taskUID)).toEqual([
      'b',
    ]);
    expect(applyTaskChange(list, done, { kind: 'complete', task: list[0]! })).toBe(list);
    expect(applyTaskChange(list, done, { kind: 'reopen', task: list[1]! }).map((t) => t.taskUID)).toEqual([
      'a',
    ]);
  });

  it('shows an edit at once and drops a deleted task everywhere', () => {
    const list = [task('a')];
    const [edited] = applyTaskChange(list, open, {
      kind: 'update',
      task: list[0]!,
      input: {
        taskName: 'Renamed',
        GTID: null,
        assigneeUID: 'u2',
        dueDate: '2026-11-22',
        dueTime: '09:00',
        reminder: 'email',
        repeat: { every: 'day', interval: 1 },
      },
    });
    expect(edited).toMatchObject({ taskName: 'Renamed', assigneeUID: 'u2', repeatData: { every: 'day' } });
    expect(applyTaskChange(list, done, { kind: 'delete', task: list[0]! })).toEqual([]);
  });
});

describe('formatTaskListSearch', () => {
  it('sends only the filters that are set', () => {
    expect(formatTaskListSearch({ scope: 'team', status: 'active', q: ' ana ', pipelineID: '' })).toBe(
      'scope=team&status=active&limit=500&q=ana',
    );
  });
});
