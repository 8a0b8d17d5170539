import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let mine: { groupUID: string };
let hidden: { groupUID: string };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ name: 'Tess Owner' });
  ({ owner, teamUID } = team);
  mine = await server.createPipeline(team, 'Mine', ['New']);
  hidden = await server.createPipeline(team, 'Hidden', ['New']);
  ({ client: member } = await server.joinAsMember(team, {
    groupAccess: [mine.groupUID],
    name: 'Theo Member',
  }));
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

async function contactIn(pipelineId: string | null, name: string) {
  return (await owner.post(path('contacts'), { name, ...(pipelineId && { pipeline: { pipelineId } }) })).body
    .data.GTID as string;
}

/** A task on a contact the member sees: its event is the last the member's stream must get. */
async function markerTask() {
  const GTID = await contactIn(mine.groupUID, 'Marker');
  return (await owner.post(path('tasks'), { taskName: 'Marker', GTID, dueDate: '2026-12-01' })).body.data
    .taskUID as string;
}

describe('task events', () => {
  it('reach a member only for tasks on contacts they see, whatever happens to the task', async () => {
    const stream = await openEventStream(member, teamUID);
    const ownerStream = await openEventStream(owner, teamUID);
    const secret = await contactIn(hidden.groupUID, 'Secret');
    const loose = await contactIn(null, 'Loose');
    const hiddenTask = (
      await owner.post(path('tasks'), { taskName: 'Call the secret', GTID: secret, dueDate: '2026-12-01' })
    ).body.data.taskUID as string;
    const looseTask = (
      await owner.post(path('tasks'), { taskName: 'Call the loose one', GTID: loose, dueDate: '2026-12-01' })
    ).body.data.taskUID as string;
    await owner.patch(path(`tasks/${hiddenTask}`), { taskName: 'Call the secret soon' });
    await owner.post(path(`tasks/${hiddenTask}/complete`), {});
    await owner.delete(path(`tasks/${hiddenTask}`));
    const shown = (await owner.post(path('tasks'), { taskName: 'Team-wide', dueDate: '2026-12-01' })).body
      .data.taskUID as string;
    const marker = await markerTask();

    await stream.next((event) => event.entity === 'task' && event.ids.includes(marker));
    const taskEvents = stream.received.filter((event) => event.entity === 'task');
    expect(taskEvents.flatMap((event) => event.ids)).toEqual([shown, marker]);
    expect(taskEvents.find((event) => event.ids.includes(marker))!.pipelineId).toBe(mine.groupUID);
    stream.close();

    // Owners hear of every one of them.
    await ownerStream.next((event) => event.entity === 'task' && event.ids.includes(marker));
    const heard = ownerStream.received.filter((event) => event.entity === 'task').map((event) => event.op);
    expect(heard).toEqual(['create', 'create', 'update', 'update', 'delete', 'create', 'create']);
    expect(
      ownerStream.received.find((event) => event.entity === 'task' && event.ids.includes(looseTask))!
        .pipelineId,
    ).toBe('_none');
    ownerStream.close();
  });

  it('moving a task from a hidden contact to a visible one tells the member; changing nothing tells nobody', async () => {
    const secret = await contactIn(hidden.groupUID, 'Secret Two');
    const visible = await contactIn(mine.groupUID, 'Visible Two');
    const task = (
      await owner.post(path('tasks'), { taskName: 'Moving', GTID: secret, dueDate: '2026-12-01' })
    ).body.data;
    const stream = await openEventStream(member, teamUID);
    const unchanged = await owner.patch(path(`tasks/${task.taskUID}`), {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data).toEqual(task);
    await owner.patch(path(`tasks/${task.taskUID}`), { taskName: 'Moving', dueDate: '2026-12-01' });
    await owner.patch(path(`tasks/${task.taskUID}`), { GTID: visible });
    const moved = await stream.next((event) => event.entity === 'task' && event.ids.includes(task.taskUID));
    expect(moved).toMatchObject({ op: 'update', pipelineId: mine.groupUID });
    const history = (await owner.get(path(`contacts/${secret}/activities`))).body.data.items;
    expect(history.filter((entry: { type: string }) => entry.type === 'task')).toHaveLength(1);
    stream.close();
  });

  it("a bulk action's tasks reach each member only for the contacts they see", async () => {
    const secret = await contactIn(hidden.groupUID, 'Bulk Secret');
    const visible = await contactIn(mine.groupUID, 'Bulk Visible');
    const template = (
      await owner.post(path('task-templates'), { name: 'Bulk call', dueInDays: 2, reminder: 'none' })
    ).body.data;
    const stream = await openEventStream(member, teamUID);
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'createTask', templateId: template.templateUID },
      target: { GTIDs: [secret, visible] },
    });
    expect(started.status).toBe(202);
    const created = await stream.next((event) => event.entity === 'task' && event.op === 'create');
    const tasks = (await owner.get(path('tasks?scope=team&q=Bulk'))).body.data as {
      taskUID: string;
      GTID: string;
    }[];
    expect(created.ids).toEqual([tasks.find((task) => task.GTID === visible)!.taskUID]);
    const marker = await markerTask();
    await stream.next((event) => event.entity === 'task' && event.ids.includes(marker));
    const hiddenTask = tasks.find((task) => task.GTID === secret)!.taskUID;
    expect(stream.received.some((event) => event.ids.includes(hiddenTask))).toBe(false);
    stream.close();
  });
});
