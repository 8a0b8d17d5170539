import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let memberUid: string;
let teamUID: string;
let pipeline: { groupUID: string };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ name: 'Olga Owner' });
  ({ owner, teamUID } = team);
  await owner.patch('/api/v1/me', { timeZone: 'America/New_York' });
  pipeline = await server.createPipeline(team, 'Tasks', ['New']);
  ({ client: member, uid: memberUid } = await server.joinAsMember(team, {
    groupAccess: [pipeline.groupUID],
    name: 'Milo Member',
  }));
  await member.patch('/api/v1/me', { timeZone: 'Europe/Madrid' });
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

describe('tasks', () => {
  it('is due at 8 am in the assignee’s time zone when it has no time, and writes the contact’s history', async () => {
    const contact = (
      await owner.post(path('contacts'), { name: 'Task Target', pipeline: { pipelineId: pipeline.groupUID } })
    ).body.data;
    const created = await owner.post(path('tasks'), {
      taskName: 'Call Task Target',
      GTID: contact.GTID,
      assigneeUID: memberUid,
      dueDate: '2026-12-01',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      actualDueDate: '2026-12-01T07:00:00.000Z',
      timeZone: 'Europe/Madrid',
      status: 'active',
      reminder: 'in-app',
    });
    const withTime = await owner.post(path('tasks'), {
      taskName: 'Own task',
      dueDate: '2026-12-01',
      dueTime: '17:30',
    });
    expect(withTime.body.data.actualDueDate).toBe('2026-12-01T22:30:00.000Z');
    const history = (await owner.get(path(`contacts/${contact.GTID}/activities`))).body.data.items;
    expect(history[0]).toMatchObject({
      type: 'task',
      action: 'added',
      data: { taskName: 'Call Task Target' },
    });
    const mine = (await member.get(path('tasks'))).body.data;
    expect(mine.map((task: { taskName: string }) => task.taskName)).toEqual(['Call Task Target']);
    expect((await member.get(path('tasks?scope=team'))).status).toBe(403);
    expect((await owner.get(path('tasks?scope=team'))).body.data).toHaveLength(2);
  });

  it('brings a weekly task back on its next weekday when completed, until its count runs out', async () => {
    const created = (
      await member.post(path('tasks'), {
        taskName: 'Weekly check-in',
        dueDate: '2026-11-23',
        repeat: { every: 'week', interval: 1, weekdays: [1, 4], count: 2 },
      })
    ).body.data;
    const stream = await openEventStream(member, teamUID);
    const first = await member.post(path(`tasks/${created.taskUID}/complete`), {});
    expect(first.body.data.task.status).toBe('completed');
    expect(first.body.data.next).toMatchObject({
      dueDate: '2026-11-26',
      occurrence: 2,
      status: 'active',
      taskName: 'Weekly check-in',
    });
    await stream.next((event) => event.entity === 'task' && event.ids.includes(first.body.data.next.taskUID));
    stream.close();
    const second = await member.post(path(`tasks/${first.body.data.next.taskUID}/complete`), {});
    expect(second.body.data.next).toBeNull();
    const reopened = await member.post(path(`tasks/${created.taskUID}/complete`), { completed: false });
    expect(reopened.body.data.task.status).toBe('active');
  });

  it('moves the due moment with the date, time or assignee, and deletes', async () => {
    const task = (await owner.post(path('tasks'), { taskName: 'Move me', dueDate: '2026-12-10' })).body.data;
    const moved = await owner.patch(path(`tasks/${task.taskUID}`), {
      assigneeUID: memberUid,
      dueTime: '09:15',
    });
    expect(moved.body.data).toMatchObject({
      timeZone: 'Europe/Madrid',
      actualDueDate: '2026-12-10T08:15:00.000Z',
    });
    expect((await owner.delete(path(`tasks/${task.taskUID}`))).status).toBe(204);
    expect((await owner.patch(path(`tasks/${task.taskUID}`), { taskName: 'x' })).status).toBe(404);
  });

  it('refuses bad input and keeps tasks to those who may see them', async () => {
    expect(
      (await owner.post(path('tasks'), { taskName: 'x', dueDate: '2026-13-01' })).body.error.message,
    ).toMatch(/^Invalid body\.dueDate/);
    expect(
      (await owner.post(path('tasks'), { taskName: 'x', dueDate: '2026-12-01', dueTime: '8am' })).body.error
        .message,
    ).toMatch(/^Invalid body\.dueTime/);
    expect(
      (await owner.post(path('tasks'), { taskName: 'x', dueDate: '2026-12-01', assigneeUID: 'stranger' }))
        .body.error.message,
    ).toMatch(/^Invalid assigneeUID/);
    expect((await owner.patch('/api/v1/me', { timeZone: 'Mars/Olympus' })).body.error.message).toMatch(
      /^Invalid body\.timeZone/,
    );
    const ownerOnly = (await owner.post(path('tasks'), { taskName: 'Private', dueDate: '2026-12-01' })).body
      .data;
    expect((await member.patch(path(`tasks/${ownerOnly.taskUID}`), { taskName: 'Mine' })).status).toBe(404);
    const hidden = (await owner.post(path('contacts'), { name: 'No pipeline' })).body.data;
    expect(
      (await member.post(path('tasks'), { taskName: 'x', dueDate: '2026-12-01', GTID: hidden.GTID })).status,
    ).toBe(404);
    const stranger = await server.signUp();
    expect((await stranger.get(path('tasks'))).status).toBe(404);
    expect((await server.client().get(path('tasks'))).status).toBe(401);
  });
});

describe('the task list', () => {
  type Listed = { taskName: string; contactName: string | null; GTID: string | null };
  const names = (response: { body: { data: Listed[] } }) =>
    response.body.data.map((task) => task.taskName).sort();
  let hiddenPipeline: { groupUID: string };
  let ownerUid: string;

  beforeAll(async () => {
    ownerUid = (await owner.me()).uid;
    hiddenPipeline = (
      await owner.post(path('pipelines'), { nickName: 'Owners only', stages: [{ name: 'New' }] })
    ).body.data;
    const visible = (
      await owner.post(path('contacts'), {
        firstName: 'Ana',
        lastName: 'Lista',
        pipeline: { pipelineId: pipeline.groupUID },
      })
    ).body.data;
    const hidden = (
      await owner.post(path('contacts'), {
        firstName: 'Hugo',
        lastName: 'Hidden',
        pipeline: { pipelineId: hiddenPipeline.groupUID },
      })
    ).body.data;
    const unplaced = (await owner.post(path('contacts'), { name: 'Nadia Nowhere' })).body.data;
    for (const task of [
      { taskName: 'List: call Ana', GTID: visible.GTID },
      { taskName: 'List: call Hugo', GTID: hidden.GTID },
      { taskName: 'List: write to Nadia', GTID: unplaced.GTID },
      { taskName: 'List: plan the week', GTID: null },
    ]) {
      const created = await owner.post(path('tasks'), {
        ...task,
        assigneeUID: memberUid,
        dueDate: '2026-12-02',
      });
      expect(created.status).toBe(201);
    }
  });

  it('names each task’s contact, and shows a member no task about a contact they cannot see', async () => {
    const mine = await member.get(path('tasks?q=List:'));
    expect(names(mine)).toEqual(['List: call Ana', 'List: plan the week']);
    expect(mine.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ taskName: 'List: call Ana', contactName: 'Ana Lista' }),
        expect.objectContaining({ taskName: 'List: plan the week', GTID: null, contactName: null }),
      ]),
    );
    const team = await owner.get(path(`tasks?scope=team&q=List:&assigneeUID=${memberUid}`));
    expect(names(team)).toEqual([
      'List: call Ana',
      'List: call Hugo',
      'List: plan the week',
      'List: write to Nadia',
    ]);
    expect(team.body.data.find((task: Listed) => task.taskName === 'List: write to Nadia').contactName).toBe(
      'Nadia Nowhere',
    );
  });

  it('filters by assignee, pipeline and words in the task’s or the contact’s name', async () => {
    const ownTask = await owner.post(path('tasks'), { taskName: 'List: owner’s own', dueDate: '2026-12-03' });
    expect(ownTask.status).toBe(201);
    expect(names(await owner.get(path(`tasks?scope=team&q=list&assigneeUID=${ownerUid}`)))).toEqual([
      'List: owner’s own',
    ]);
    expect(names(await owner.get(path(`tasks?scope=team&pipelineID=${hiddenPipeline.groupUID}`)))).toEqual([
      'List: call Hugo',
    ]);
    expect(names(await member.get(path(`tasks?pipelineID=${pipeline.groupUID}&q=list`)))).toEqual([
      'List: call Ana',
    ]);
    // Words match the task or the contact, in any order and case, each somewhere.
    expect(names(await owner.get(path('tasks?scope=team&q=hidden%20CALL')))).toEqual(['List: call Hugo']);
    expect(names(await owner.get(path('tasks?scope=team&q=lista')))).toEqual(['List: call Ana']);
    // LIKE's wildcards are plain characters.
    expect(names(await owner.get(path('tasks?scope=team&q=%25_')))).toEqual([]);
  });

  it('keeps the filters to those who may use them', async () => {
    const refused = await member.get(path(`tasks?pipelineID=${hiddenPipeline.groupUID}`));
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe('Pipeline not found.');
    expect((await member.get(path(`tasks?assigneeUID=${ownerUid}`))).status).toBe(403);
    expect(names(await member.get(path(`tasks?assigneeUID=${memberUid}&q=plan`)))).toEqual([
      'List: plan the week',
    ]);
    expect((await member.get(path(`tasks?q=${'x'.repeat(201)}`))).body.error.message).toMatch(
      /^Invalid querystring\.q/,
    );
    expect(await owner.get(path('tasks?scope=team&assigneeUID='))).toMatchObject({ status: 400 });
    const stranger = await server.signUp();
    expect((await stranger.get(path(`tasks?pipelineID=${pipeline.groupUID}&q=list`))).status).toBe(404);
    expect((await server.client().get(path('tasks?q=list'))).status).toBe(401);
  });
});
