import { CONTACT_CSV_COLUMNS, parseCsv } from '@grouptrack/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/raw';
import { openEventStream } from '../../testing/event-stream';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let path: (rest: string) => string;
let main: TestPipeline;
let other: TestPipeline;
let member: TestClient;
let outsider: TestClient;

const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 3 });
  ({ owner, teamUID } = team);
  path = (rest) => team.path(rest);
  main = await server.createPipeline(team, 'Main', ['New', 'Talking', 'Won']);
  other = await server.createPipeline(team, 'Other', ['Only']);
  member = (await server.joinAsMember(team, { role: 'member', groupAccess: [main.groupUID] })).client;
  outsider = (await server.joinAsMember(team, { role: 'member', groupAccess: [other.groupUID] })).client;
});
afterAll(async () => {
  await server.stop();
});

async function capture(name: string, extra: Record<string, unknown> = {}) {
  const response = await owner.post(path('contacts'), {
    name,
    pipeline: { pipelineId: main.groupUID, stageId: main.stages[1]!.stageUID },
    ...extra,
  });
  expect(response.status).toBe(201);
  return response.body.data.GTID as string;
}

const find = async (text: string, client = owner) =>
  (await client.post('/search/v2', { teamUID, searchObj: { text }, paging: { from: 0, size: 10 } })).body
    .data;

const board = async (client = owner) =>
  (
    await client.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: main.groupUID },
      isPipelineInitial: true,
      paging: { from: 0, size: 50 },
    })
  ).body.data;

const stageOf = (
  data: { stages: { stageUID: string; total: number; hits: { GTID: string }[] }[] },
  GTID: string,
) => data.stages.find((stage) => stage.hits.some((hit) => hit.GTID === GTID))?.stageUID ?? null;

async function exportedIds() {
  const response = await owner.post(path('contacts/export'), {});
  const [, ...rows] = parseCsv(response.body as string);
  return rows.map((row) => row[CONTACT_CSV_COLUMNS.indexOf('GTID')]);
}

async function deletions(client = owner) {
  const response = await client.get(path('deleted'));
  expect(response.status).toBe(200);
  return response.body.data as {
    items: {
      deletionUID: string;
      kind: string;
      count: number;
      names: string[];
      deletedBy: { uid: string; name: string };
      deletedAt: string;
      purgeAt: string;
    }[];
    total: number;
    nextOffset: number | null;
  };
}

describe('deleting a contact and restoring them', () => {
  it('takes them out of search, the board, exports, tasks and their page at once, and restore brings them back where they were', async () => {
    const tagSet = (await owner.post(path('tag-sets'), { name: 'Interest', tags: ['Yoga'] })).body.data;
    const GTID = await capture('Rosalind Quaid', { tagIds: [tagSet.tags[0].tagUID] });
    await owner.post(path('tasks'), { taskName: 'Call Rosalind', GTID, dueDate: '2026-12-01' });
    const before = await board();
    expect(stageOf(before, GTID)).toBe(main.stages[1]!.stageUID);

    const stream = await openEventStream(member, teamUID);
    expect((await owner.delete(path(`contacts/${GTID}`))).status).toBe(204);

    expect((await find('Rosalind')).total).toBe(0);
    const after = await board();
    expect(after.total).toBe(before.total - 1);
    expect(stageOf(after, GTID)).toBeNull();
    expect(await exportedIds()).not.toContain(GTID);
    const page = await owner.get(path(`contacts/${GTID}`));
    expect(page.status).toBe(404);
    expect(page.body.error.message).toBe('Contact not found.');
    const tasks = (await owner.get(`${path('tasks')}?scope=team`)).body.data;
    expect(JSON.stringify(tasks)).not.toContain('Call Rosalind');
    // A deleted contact takes no changes, so nothing more about them reaches anyone.
    expect((await owner.patch(path(`contacts/${GTID}`), { name: 'Rosalind Q.' })).status).toBe(404);
    const task = { taskName: 'Call Rosalind again', GTID, dueDate: '2026-12-02' };
    expect((await owner.post(path('tasks'), task)).status).toBe(404);

    const list = await deletions();
    const entry = list.items.find((item) => item.names.includes('Rosalind Quaid'))!;
    expect(entry).toMatchObject({ kind: 'contacts', count: 1, deletedBy: { uid: expect.any(String) } });
    expect(new Date(entry.purgeAt).getTime() - new Date(entry.deletedAt).getTime()).toBe(30 * DAY_MS);

    const restored = await owner.post(path(`deleted/${entry.deletionUID}/restore`));
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({ contacts: 1, pipelines: 0 });

    // The member's board hears of it (their pipeline), and shows them in the same stage with their tag.
    const back = await stream.next((event) => event.entity === 'contact' && event.op === 'create');
    expect(back).toMatchObject({ ids: [GTID], pipelineId: main.groupUID });
    // Between the deletion and the restore, the member heard nothing about them.
    const heard = stream.received.filter((event) => event.ids.includes(GTID));
    expect(heard.map((event) => `${event.entity}:${event.op}`)).toEqual(['contact:delete', 'contact:create']);
    stream.close();
    expect(stageOf(await board(member), GTID)).toBe(main.stages[1]!.stageUID);
    expect((await find('Rosalind')).hits.map((hit: { GTID: string }) => hit.GTID)).toEqual([GTID]);
    expect((await find('Rosalind')).hits[0].tags).toEqual([tagSet.tags[0].tagUID]);
    expect(await exportedIds()).toContain(GTID);
    expect((await owner.get(path(`contacts/${GTID}`))).status).toBe(200);
    expect(JSON.stringify((await owner.get(`${path('tasks')}?scope=team`)).body.data)).toContain(
      'Call Rosalind',
    );
    expect((await deletions()).items.some((item) => item.deletionUID === entry.deletionUID)).toBe(false);
    // Restoring twice finds nothing left.
    expect((await owner.post(path(`deleted/${entry.deletionUID}/restore`))).status).toBe(404);
  });

  it('brings back a deleted person captured again, rather than making a second one', async () => {
    const sources = [{ platform: 'facebook', profileId: 'fb-comeback', username: 'come.back' }];
    const GTID = await capture('Comeback Kid', { sources });
    await owner.delete(path(`contacts/${GTID}`));
    const again = await owner.post(path('contacts'), {
      name: 'Comeback Kid',
      sources,
      pipeline: { pipelineId: main.groupUID },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.GTID).toBe(GTID);
    expect((await find('Comeback')).total).toBe(1);
    expect((await deletions()).items.some((item) => item.names.includes('Comeback Kid'))).toBe(false);
  });

  it('restores a bulk delete of thousands as one entry', async () => {
    const ids = await server.insertContacts(teamUID, {
      prefix: 'bulkgone',
      total: 2500,
      pipelineId: other.groupUID,
      stageId: other.stages[0]!.stageUID,
    });
    const started = await owner.post('/search/v2/bulk', {
      teamUID,
      action: { type: 'delete' },
      target: { filter: { objectToFilter: { pipelineId: other.groupUID } } },
    });
    expect(started.status).toBe(202);
    await server.waitForJob(owner, teamUID, { bulkJobId: started.body.data.jobId });
    const count = async () =>
      (await owner.post('/search/v2', { teamUID, objectToFilter: { pipelineId: other.groupUID } })).body.data
        .total;
    expect(await count()).toBe(0);

    const entry = (await deletions()).items.find((item) => item.count === 2500)!;
    expect(entry.kind).toBe('contacts');
    expect(entry.names).toHaveLength(3);
    const restored = await owner.post(path(`deleted/${entry.deletionUID}/restore`));
    expect(restored.body.data).toEqual({ contacts: 2500, pipelines: 0 });
    expect(await count()).toBe(ids.length);
  });
});

describe('deleting a pipeline and restoring it', () => {
  it('takes it and its cards away, keeps its contacts, and brings both back; a name taken meanwhile answers 409', async () => {
    const team = { owner, teamUID };
    const brief = await server.createPipeline(team, 'Brief', ['Start']);
    const GTID = (
      await owner.post(path('contacts'), {
        name: 'Pipeline Person',
        pipeline: { pipelineId: brief.groupUID },
      })
    ).body.data.GTID as string;
    expect((await owner.delete(path(`pipelines/${brief.groupUID}`))).status).toBe(204);

    const names = (await owner.get(path('pipelines'))).body.data.pipelines.map(
      (pipeline: { nickName: string }) => pipeline.nickName,
    );
    expect(names).not.toContain('Brief');
    expect((await owner.get(path(`contacts/${GTID}`))).body.data.groupData).toEqual({});
    // The contact stays in the team, in no pipeline now.
    expect((await find('Pipeline Person')).hits.map((hit: { GTID: string }) => hit.GTID)).toContain(GTID);
    const entry = (await deletions()).items.find((item) => item.kind === 'pipeline')!;
    expect(entry).toMatchObject({ names: ['Brief'], count: 1 });

    // Its name is free meanwhile; restoring while another has it asks for a rename first.
    const stand = await server.createPipeline(team, 'Brief', ['Other']);
    const refused = await owner.post(path(`deleted/${entry.deletionUID}/restore`));
    expect(refused.status).toBe(409);
    await owner.delete(path(`pipelines/${stand.groupUID}`));

    const restored = await owner.post(path(`deleted/${entry.deletionUID}/restore`));
    expect(restored.body.data).toEqual({ contacts: 0, pipelines: 1 });
    const pipelines = (await owner.get(path('pipelines'))).body.data.pipelines;
    expect(pipelines.map((pipeline: { nickName: string }) => pipeline.nickName)).toContain('Brief');
    const back = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: brief.groupUID },
      paging: { from: 0, size: 10 },
    });
    expect(back.body.data.hits.map((hit: { GTID: string }) => hit.GTID)).toEqual([GTID]);
  });
});

describe('purging what was deleted 30 days ago', () => {
  it('keeps it for 30 days, then deletes it for good', async () => {
    const GTID = await capture('Old Gone');
    await owner.delete(path(`contacts/${GTID}`));
    const entry = (await deletions()).items.find((item) => item.names.includes('Old Gone'))!;
    const { deletions: service } = server.server.context;

    await service.purgeExpired(new Date(Date.now() + 29 * DAY_MS));
    expect((await deletions()).items.some((item) => item.deletionUID === entry.deletionUID)).toBe(true);

    const purged = await service.purgeExpired(new Date(Date.now() + 31 * DAY_MS));
    expect(purged.contacts).toBeGreaterThanOrEqual(1);
    expect((await deletions()).items.some((item) => item.deletionUID === entry.deletionUID)).toBe(false);
    expect((await owner.post(path(`deleted/${entry.deletionUID}/restore`))).status).toBe(404);
    const rows = await selectRows(
      server.databases.forTeam(teamUID),
      sql`select id from contacts where team_id = ${teamUID} and id = ${GTID}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('who may see and restore', () => {
  let deletionUID: string;
  beforeAll(async () => {
    // Two deletions, so the list has more than one page of one.
    await owner.delete(path(`contacts/${await capture('Earlier Person')}`));
    const GTID = await capture('Guarded Person');
    await owner.delete(path(`contacts/${GTID}`));
    deletionUID = (await deletions()).items.find((item) =>
      item.names.includes('Guarded Person'),
    )!.deletionUID;
  });

  it('refuses bad input naming the field', async () => {
    const response = await owner.get(`${path('deleted')}?limit=0`);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/limit/);
    expect((await owner.get(`${path('deleted')}?offset=-1`)).status).toBe(400);
  });

  it('answers 401 signed out and 404 to another team', async () => {
    expect((await server.client().get(path('deleted'))).status).toBe(401);
    expect((await server.client().post(path(`deleted/${deletionUID}/restore`))).status).toBe(401);
    const stranger = await server.createTeam();
    expect((await stranger.owner.get(path('deleted'))).status).toBe(404);
    expect((await stranger.owner.post(path(`deleted/${deletionUID}/restore`))).status).toBe(404);
    // Their own team knows no such deletion.
    expect((await stranger.owner.post(stranger.path(`deleted/${deletionUID}/restore`))).status).toBe(404);
  });

  it('answers 403 to members, whatever pipelines they work in, and changes nothing', async () => {
    for (const client of [member, outsider]) {
      const list = await client.get(path('deleted'));
      expect(list.status).toBe(403);
      expect(list.body.error.message).toBe(
        'Only the team owner or an admin can see and restore what was deleted.',
      );
      expect((await client.post(path(`deleted/${deletionUID}/restore`))).status).toBe(403);
    }
    expect((await deletions()).items.some((item) => item.deletionUID === deletionUID)).toBe(true);
  });

  it('pages the list newest first', async () => {
    const first = await owner.get(`${path('deleted')}?limit=1`);
    const { items, total, nextOffset } = first.body.data;
    expect(items).toHaveLength(1);
    expect(total).toBeGreaterThan(1);
    expect(nextOffset).toBe(1);
    const second = (await owner.get(`${path('deleted')}?limit=1&offset=1`)).body.data.items[0];
    expect(new Date(items[0].deletedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(second.deletedAt).getTime(),
    );
  });
});
