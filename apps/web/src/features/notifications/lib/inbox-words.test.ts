import { describe, expect, it } from 'vitest';
import { describeInboxItem } from './inbox-words';

const base = { itemUID: 'inbox_1', createdAt: '2026-11-25T10:00:00.000Z', readAt: null };

describe('describeInboxItem', () => {
  it('says who joined and opens the team page', () => {
    expect(
      describeInboxItem({ ...base, kind: 'member-joined', data: { userUID: 'u1', name: 'Nia' } }),
    ).toEqual({ title: 'Nia joined the team', detail: null, to: '/profile/team' });
  });

  it('says who gave which task and opens the tasks', () => {
    const item = {
      ...base,
      kind: 'task-assigned' as const,
      data: { taskUID: 't1', taskName: 'Call Ana', byName: 'Olive', dueAt: base.createdAt },
    };
    expect(describeInboxItem(item)).toMatchObject({ title: 'Olive gave you a task: Call Ana', to: '/tasks' });
    const many = {
      ...item,
      data: { taskName: 'Welcome call', byName: 'Olive', dueAt: base.createdAt, count: 40 },
    };
    expect(describeInboxItem(many).title).toBe('Olive gave you 40 tasks: Welcome call');
  });

  it('says what a bulk action did and to how many, one or several', () => {
    const bulk = (action: string, count: number) =>
      describeInboxItem({ ...base, kind: 'bulk-finished', data: { jobId: 'j', action, count } }).title;
    expect(bulk('addTags', 1)).toBe('Tags added to 1 contact');
    expect(bulk('moveStage', 120)).toBe('Moved 120 contacts');
    expect(bulk('somethingNew', 2)).toBe('Done for 2 contacts');
  });
});
