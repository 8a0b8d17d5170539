import { describe, expect, it } from 'vitest';
import { readTaskForm, toTaskForm } from './task-form';

const today = new Date(2026, 10, 21, 15, 0);

describe('the task form', () => {
  it('starts a new task due today, mine, reminded in the app, without a time', () => {
    const form = toTaskForm({ userUID: 'u1', today, contact: { GTID: 'c1', name: 'Ana' } });
    expect(readTaskForm({ ...form, taskName: '  Call Ana ' })).toEqual({
      ok: true,
      input: {
        taskName: 'Call Ana',
        GTID: 'c1',
        assigneeUID: 'u1',
        dueDate: '2026-11-21',
        dueTime: null,
        reminder: 'in-app',
        repeat: null,
      },
    });
  });

  it('says what to fix in each field', () => {
    const form = toTaskForm({ userUID: 'u1', today });
    expect(
      readTaskForm({ ...form, dueDate: '', repeat: { ...form.repeat, every: 'week', weekdays: [] } }),
    ).toEqual({
      ok: false,
      errors: {
        taskName: 'Name the task',
        dueDate: 'Pick the due date',
        repeat: 'Pick at least one weekday.',
      },
    });
  });
});
