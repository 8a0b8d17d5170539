import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import type { TestTeam } from '../../testing/factories';

let server: TestServer;
let team: TestTeam;
let admin: { client: TestClient; uid: string };
let member: { client: TestClient; uid: string };
let pipelineId: string;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Olive Owner', extraSeats: 20 });
  pipelineId = (await server.createPipeline(team, 'Main', ['New'])).groupUID;
  admin = await server.joinAsMember(team, { role: 'admin', name: 'Ada Admin' });
  member = await server.joinAsMember(team, { groupAccess: [pipelineId], name: 'Mo Member' });
});
afterAll(async () => {
  await server.stop();
});

interface Item {
  itemUID: string;
  kind: string;
  data: Record<string, unknown>;
  readAt: string | null;
}

async function inbox(client: TestClient, query = '') {
  const answer = await client.get(team.path(`inbox${query}`));
  expect(answer.status).toBe(200);
  return answer.body.data as { items: Item[]; unread: number; nextCursor: string | null };
}

const kinds = async (client: TestClient) => (await inbox(client)).items.map((item) => item.kind);

describe('the inbox', () => {
  it('tells the owner and admins, live, when someone joins; not the members nor the newcomer', async () => {
    const ownerStream = await openStream<{ kind: string; teamUID?: string }>(team.owner, '/api/v1/me/events');
    const joiner = await server.joinAsMember(team, { groupAccess: [pipelineId], name: 'Nia Newcomer' });
    const event = await ownerStream.next((received) => received.kind === 'inbox', 10_000);
    expect(event).toMatchObject({ kind: 'inbox', teamUID: team.teamUID });
    ownerStream.close();

    for (const manager of [team.owner, admin.client]) {
      expect((await inbox(manager)).items[0]).toMatchObject({
        kind: 'member-joined',
        data: { userUID: joiner.uid, name: 'Nia Newcomer' },
        readAt: null,
      });
    }
    expect(await kinds(member.client)).not.toContain('member-joined');
    expect(await kinds(joiner.client)).toEqual([]);
  });

  it('tells a member of a task someone else gave them, or handed over to them; not of one they took', async () => {
    const given = await team.owner.post(team.path('tasks'), {
      taskName: 'Call Ana',
      dueDate: '2026-12-01',
      assigneeUID: member.uid,
    });
    expect(given.status).toBe(201);
    const [item] = (await inbox(member.client)).items;
    expect(item).toMatchObject({
      kind: 'task-assigned',
      data: { taskUID: given.body.data.taskUID, taskName: 'Call Ana', byName: 'Olive Owner' },
    });

    await member.client.post(team.path('tasks'), { taskName: 'My own', dueDate: '2026-12-01' });
    await team.owner.post(team.path('tasks'), { taskName: 'Mine too', dueDate: '2026-12-01' });
    expect((await inbox(member.client)).items).toHaveLength(1);
    expect(await kinds(team.owner)).not.toContain('task-assigned');

    // Handing a task over tells the new assignee; renaming it tells nobody again.
    const own = (await team.owner.post(team.path('tasks'), { taskName: 'Hand over', dueDate: '2026-12-02' }))
      .body.data;
    await team.owner.patch(team.path(`tasks/${own.taskUID}`), { assigneeUID: admin.uid });
    await team.owner.patch(team.path(`tasks/${own.taskUID}`), { taskName: 'Hand over now' });
    const adminItems = (await inbox(admin.client)).items.filter((each) => each.kind === 'task-assigned');
    expect(adminItems).toHaveLength(1);
    expect(adminItems[0]!.data).toMatchObject({ taskUID: own.taskUID, taskName: 'Hand over' });
  });

  it('tells the member who started a bulk action what it did and to how many, when it is done', async () => {
    const GTIDs = await server.seedContacts(team, 3, { pipelineId });
    const tagId = (await server.createTagSet(team, 'Interest', ['Yoga'])).tags[0]!.tagUID;
    const started = await member.client.post('/search/v2/bulk', {
      teamUID: team.teamUID,
      action: { type: 'addTags', tagIds: [tagId] },
      target: { GTIDs },
    });
    expect(started.status).toBe(202);
    await server.waitForJob(member.client, team.teamUID, { bulkJobId: started.body.data.jobId });
    await expect.poll(async () => (await inbox(member.client)).items[0]?.kind).toBe('bulk-finished');
    expect((await inbox(member.client)).items[0]!.data).toEqual({
      jobId: started.body.data.jobId,
      action: 'addTags',
      count: 3,
    });
    expect(await kinds(team.owner)).not.toContain('bulk-finished');
  });

  it('tells the assignee of tasks a bulk action made for them once, with how many', async () => {
    const GTIDs = await server.seedContacts(team, 4, { pipelineId });
    const template = (
      await team.owner.post(team.path('task-templates'), {
        name: 'Welcome call',
        dueInDays: 1,
        reminder: 'none',
        assigneeUID: member.uid,
      })
    ).body.data as { templateUID: string };
    const started = await team.owner.post('/search/v2/bulk', {
      teamUID: team.teamUID,
      action: { type: 'createTask', templateId: template.templateUID },
      target: { GTIDs },
    });
    expect(started.status).toBe(202);
    await server.waitForJob(team.owner, team.teamUID, { bulkJobId: started.body.data.jobId });
    await expect.poll(async () => (await inbox(member.client)).items[0]?.data.count).toBe(4);
    const assigned = (await inbox(member.client)).items.filter(
      (item) => item.kind === 'task-assigned' && item.data.taskName === 'Welcome call',
    );
    expect(assigned).toHaveLength(1);
    expect(assigned[0]!.data).toMatchObject({ byName: 'Olive Owner', count: 4 });
  });

  it('pages newest first, and opening the bell marks everything read in one call', async () => {
    for (const name of ['One', 'Two', 'Three']) {
      await team.owner.post(team.path('tasks'), {
        taskName: name,
        dueDate: '2026-12-03',
        assigneeUID: admin.uid,
      });
    }
    const first = await inbox(admin.client, '?limit=2');
    expect(first.items.map((item) => item.data.taskName)).toEqual(['Three', 'Two']);
    expect(first.unread).toBeGreaterThanOrEqual(4);
    const second = await inbox(admin.client, `?limit=2&before=${first.nextCursor}`);
    expect(second.items[0]!.data.taskName).toBe('One');
    const everything = await inbox(admin.client, '?limit=100');
    expect(everything.nextCursor).toBeNull();
    expect(new Set(everything.items.map((item) => item.itemUID)).size).toBe(everything.items.length);

    expect((await admin.client.post(team.path('inbox/read'))).status).toBe(204);
    const read = await inbox(admin.client);
    expect(read.unread).toBe(0);
    expect(read.items.every((item) => item.readAt !== null)).toBe(true);
    // Another member's items stay unread.
    expect((await inbox(team.owner)).unread).toBeGreaterThan(0);
  });

  it("marks the bell's task reminders read with its inbox", async () => {
    const task = (
      await admin.client.post(team.path('tasks'), { taskName: 'Due already', dueDate: '2026-01-05' })
    ).body.data;
    await server.server.context.tasks.taskReminderJob.handle({
      teamUID: team.teamUID,
      taskId: task.taskUID,
      dueAt: task.actualDueDate,
    });
    expect((await admin.client.get(team.path('reminders'))).body.data[0].readAt).toBeNull();
    await admin.client.post(team.path('inbox/read'));
    expect((await admin.client.get(team.path('reminders'))).body.data[0].readAt).not.toBeNull();
  });

  it('refuses a signed-out caller, another team and a made-up page cursor', async () => {
    expect((await server.client().get(team.path('inbox'))).status).toBe(401);
    expect((await server.client().post(team.path('inbox/read'))).status).toBe(401);
    const other = await server.createTeam();
    expect((await other.owner.get(team.path('inbox'))).status).toBe(404);
    expect((await other.owner.post(team.path('inbox/read'))).status).toBe(404);
    const bad = await team.owner.get(team.path('inbox?before=garbage'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid before: use the nextCursor of the previous page.');
    expect((await team.owner.get(team.path('inbox?limit=0'))).status).toBe(400);
  });
});
