import { describe, expect, it } from 'vitest';
import { parseAppEvent } from './app-events';

describe('parseAppEvent', () => {
  it.each([
    {
      name: 'reads a new app version',
      data: '{"kind":"app-version","version":"2.4.0"}',
      expected: { kind: 'app-version', version: '2.4.0' },
    },
    {
      name: 'reads a changed app notification',
      data: '{"kind":"app-notification","op":"update","notificationId":"ntf_1"}',
      expected: { kind: 'app-notification', op: 'update', notificationId: 'ntf_1' },
    },
    {
      name: 'reads a task reminder',
      data: '{"kind":"reminder","userUID":"u1","teamUID":"t1","reminderUID":"task_1@x","taskName":"Call Ana","dueAt":"2026-11-21T08:00:00.000Z"}',
      expected: {
        kind: 'reminder',
        teamUID: 't1',
        reminderUID: 'task_1@x',
        taskName: 'Call Ana',
        dueAt: '2026-11-21T08:00:00.000Z',
      },
    },
    {
      name: 'reads the end of an import',
      data: '{"kind":"import-finished","userUID":"u1","teamUID":"t1","importId":"imp_1","fileName":"people.csv","status":"completed","created":12,"updated":3,"refused":1,"warnings":2}',
      expected: {
        kind: 'import-finished',
        teamUID: 't1',
        importId: 'imp_1',
        fileName: 'people.csv',
        status: 'completed',
        created: 12,
        updated: 3,
        refused: 1,
        warnings: 2,
      },
    },
    {
      name: 'ignores a reminder without its task',
      data: '{"kind":"reminder","teamUID":"t1"}',
      expected: null,
    },
    { name: 'ignores a version event without a version', data: '{"kind":"app-version"}', expected: null },
    { name: 'ignores an unknown kind', data: '{"kind":"team-change"}', expected: null },
    { name: 'ignores text that is not JSON', data: 'hello', expected: null },
    { name: 'ignores JSON that is not an object', data: '"app-version"', expected: null },
  ])('$name', ({ data, expected }) => {
    expect(parseAppEvent(data)).toEqual(expected);
  });
});
