import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let path: (rest: string) => string;

const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 2 });
  ({ owner, teamUID } = team);
  path = (rest) => team.path(rest);
});
afterAll(async () => {
  await server.stop();
});

async function createTask(taskName: string) {
  const response = await owner.post(path('tasks'), { taskName, dueDate: '2026-12-01' });
  expect(response.status).toBe(201);
  return response.body.data as { taskUID: string; taskName: string };
}

const listed = async () =>
  ((await owner.get(`${path('tasks')}?scope=team`)).body.data as { taskUID: string }[]).map(
    (task) => task.taskUID,
  );

describe('POST /api/v1/teams/:teamUID/tasks/:taskID/restore', () => {
  it('brings back the same deleted task, once', async () => {
    const task = await createTask('Call back');
    expect((await owner.delete(path(`tasks/${task.taskUID}`))).status).toBe(204);
    expect(await listed()).not.toContain(task.taskUID);
    expect((await owner.patch(path(`tasks/${task.taskUID}`), { taskName: 'Edited' })).status).toBe(404);

    const restored = await owner.post(path(`tasks/${task.taskUID}/restore`));
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      taskUID: task.taskUID,
      taskName: 'Call back',
      status: 'active',
    });
    expect(await listed()).toContain(task.taskUID);
    expect((await owner.post(path(`tasks/${task.taskUID}/restore`))).status).toBe(404);
  });

  it('answers 400, 401, 404 to another team and to a member whose task it is not', async () => {
    const task = await createTask('Guarded');
    await owner.delete(path(`tasks/${task.taskUID}`));
    const restore = path(`tasks/${task.taskUID}/restore`);
    const bad = await owner.post(path('tasks/task%00x/restore'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/taskID/);
    expect((await server.client().post(restore)).status).toBe(401);
    expect((await (await server.createTeam()).owner.post(restore)).status).toBe(404);
    const { client: member } = await server.joinAsMember(
      { owner, teamUID },
      { role: 'member', groupAccess: [] },
    );
    expect((await member.post(restore)).status).toBe(404);
    expect(await listed()).not.toContain(task.taskUID);
  });

  it('is no longer possible once the purge took the task, 30 days on', async () => {
    const task = await createTask('Long gone');
    await owner.delete(path(`tasks/${task.taskUID}`));
    const { deletions } = server.server.context;
    await deletions.purgeExpired(new Date(Date.now() + 29 * DAY_MS));
    const purged = await deletions.purgeExpired(new Date(Date.now() + 31 * DAY_MS));
    expect(purged.tasks).toBeGreaterThanOrEqual(1);
    expect((await owner.post(path(`tasks/${task.taskUID}/restore`))).status).toBe(404);
  });
});
