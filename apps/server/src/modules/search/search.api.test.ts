import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/db/directory-schema';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipelineId: string;
let otherPipelineId: string;
let stageIds: string[];
let tagIds: string[];

interface Model {
  GTID: string;
  name: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  platforms: string[];
  stage: string;
  tags: string[];
  createdAt: string;
}
const people: Model[] = [];

/** How long a change to a session may take to reach a search that remembered it. */
const soon = { timeout: 1000, interval: 20 };

const FIRST = ['Ada', 'Bea', 'Cal', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivy', 'Jon'];
const LAST = ['Stone', 'Rivers', 'Baker', 'Moss', 'Reed'];
const PLATFORMS = ['facebook', 'instagram', 'linkedin', 'tiktok'];

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  const pipeline = await server.createPipeline(team, 'Search Board', ['New', 'Warm', 'Won']);
  pipelineId = pipeline.groupUID;
  stageIds = pipeline.stages.map((stage) => stage.stageUID);
  otherPipelineId = (await server.createPipeline(team, 'Elsewhere', ['X'])).groupUID;
  const set = await server.createTagSet(team, 'Topics', ['alpha', 'beta', 'gamma']);
  tagIds = set.tags.map((tag) => tag.tagUID);

  for (let index = 0; index < 40; index += 1) {
    const firstName = FIRST[index % FIRST.length]!;
    const lastName = LAST[index % LAST.length]!;
    const platform = PLATFORMS[index % PLATFORMS.length]!;
    const email = index % 3 === 0 ? null : `${firstName.toLowerCase()}.${index}@example.test`;
    const phone = index % 4 === 0 ? `+1555000${String(index).padStart(4, '0')}` : null;
    const tags = tagIds.filter((_, tagIndex) => (index >> tagIndex) % 2 === 1);
    const stage = stageIds[index % 3]!;
    const response = await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
      firstName,
      lastName,
      emailAddress: email,
      phoneNumber: phone,
      sources: [{ platform, username: `${firstName.toLowerCase()}_${index}` }],
      pipeline: { pipelineId, stageId: stage },
      tagIds: tags,
    });
    expect(response.status).toBe(201);
    people.push({
      GTID: response.body.data.GTID,
      name: `${firstName} ${lastName}`,
      firstName,
      email,
      phone,
      platforms: [platform],
      stage,
      tags,
      createdAt: response.body.data.createdAt,
    });
  }
  // One contact outside the board, to prove the pipeline filter.
  await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
    name: 'Outside Person',
    pipeline: { pipelineId: otherPipelineId },
  });
});
afterAll(async () => {
  await server.stop();
});

async function search(body: Record<string, unknown>, client = owner) {
  return client.post('/search/v2', { teamUID, ...body });
}

const byName = (a: Model, b: Model) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.GTID.localeCompare(b.GTID);

describe('POST /search/v2 returns what an independent computation expects', () => {
  const cases: [string, Record<string, unknown>, (person: Model) => boolean][] = [
    ['stage filter', { stageIds: () => [stageIds[1]] }, (p) => p.stage === stageIds[1]],
    [
      'any of two tags',
      { tags: () => ({ ids: [tagIds[0], tagIds[1]], mode: 'any' }) },
      (p) => p.tags.includes(tagIds[0]!) || p.tags.includes(tagIds[1]!),
    ],
    [
      'all of two tags',
      { tags: () => ({ ids: [tagIds[0], tagIds[1]], mode: 'all' }) },
      (p) => p.tags.includes(tagIds[0]!) && p.tags.includes(tagIds[1]!),
    ],
    [
      'platform',
      { platforms: () => ['instagram', 'tiktok'] },
      (p) => p.platforms.some((x) => ['instagram', 'tiktok'].includes(x)),
    ],
    ['has email', { hasEmail: () => true }, (p) => p.email !== null],
    ['has no phone', { hasPhone: () => false }, (p) => p.phone === null],
    [
      'stage and tag',
      { stageIds: () => [stageIds[0]], tags: () => ({ ids: [tagIds[2]] }) },
      (p) => p.stage === stageIds[0] && p.tags.includes(tagIds[2]!),
    ],
  ];

  it.each(cases)('%s, sorted by name, paged', async (_label, filterSpec, predicate) => {
    const filter = Object.fromEntries(
      Object.entries(filterSpec).map(([key, make]) => [key, (make as () => unknown)()]),
    );
    const expected = people.filter(predicate).sort(byName);
    const pages: string[] = [];
    for (let from = 0; from < expected.length + 7; from += 7) {
      const response = await search({
        objectToFilter: { pipelineId, ...filter },
        sort: { field: 'name', order: 'asc' },
        paging: { from, size: 7 },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.total).toBe(expected.length);
      pages.push(...response.body.data.hits.map((hit: { GTID: string }) => hit.GTID));
    }
    expect(pages).toEqual(expected.map((person) => person.GTID));
  });

  it('sorts by name descending and by creation', async () => {
    const desc = await search({
      objectToFilter: { pipelineId },
      sort: { field: 'name', order: 'desc' },
      paging: { from: 0, size: 100 },
    });
    expect(desc.body.data.hits.map((hit: { GTID: string }) => hit.GTID)).toEqual(
      [...people]
        .sort(byName)
        .reverse()
        .map((p) => p.GTID),
    );
    const newest = await search({
      objectToFilter: { pipelineId },
      sort: { field: 'createdAt', order: 'desc' },
      paging: { from: 0, size: 3 },
    });
    const expected = [...people]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.GTID.localeCompare(a.GTID))
      .slice(0, 3);
    expect(newest.body.data.hits.map((hit: { GTID: string }) => hit.GTID)).toEqual(
      expected.map((p) => p.GTID),
    );
  });

  it('finds by name prefix, email, phone digits and handle, and forgives a typo in a name', async () => {
    const total = async (text: string) =>
      (await search({ searchObj: { text }, objectToFilter: { pipelineId } })).body.data.total;
    // Another team's people with the same names are not this team's matches.
    const other = await server.createTeam();
    await other.owner.post(`/api/v1/teams/${other.teamUID}/contacts`, { name: 'Hana Stone' });
    expect(await total('han')).toBe(people.filter((p) => p.firstName === 'Hana').length);
    expect(await total('h')).toBe(people.filter((p) => p.firstName === 'Hana').length);
    expect(await total('ivy.8@example')).toBe(1);
    expect(await total('5550000008')).toBe(1);
    expect(await total('gus_6')).toBe(1);
    expect(await total('Hanna Bakr')).toBe(people.filter((p) => p.name === 'Hana Baker').length);
    expect(await total('zzzz')).toBe(0);
  });

  it('counts every match of free text on each page, and on a page past the last', async () => {
    const expected = people.filter((p) => p.firstName === 'Hana').sort(byName);
    const pages: string[] = [];
    for (const from of [0, 3, 6]) {
      const response = await search({
        searchObj: { text: 'hana' },
        objectToFilter: { pipelineId },
        sort: { field: 'name', order: 'asc' },
        paging: { from, size: 3 },
      });
      expect(response.body.data.total).toBe(expected.length);
      pages.push(...response.body.data.hits.map((hit: { GTID: string }) => hit.GTID));
    }
    expect(pages).toEqual(expected.map((person) => person.GTID));
  });

  it('answers counts only with size 0 (the default), and the whole team without a pipeline', async () => {
    const counts = await search({});
    expect(counts.body.data).toEqual({ total: 41, hits: [] });
  });

  it('gives the board every stage’s count and first cards in card order in one answer', async () => {
    const response = await search({
      objectToFilter: { pipelineId },
      isPipelineInitial: true,
      paging: { from: 0, size: 5 },
    });
    const { stages, total } = response.body.data;
    expect(total).toBe(40);
    expect(stages.map((stage: { stageUID: string }) => stage.stageUID)).toEqual(stageIds);
    for (const stage of stages) {
      const inStage = people.filter((p) => p.stage === stage.stageUID);
      expect(stage.total).toBe(inStage.length);
      expect(stage.hits).toHaveLength(5);
      // New cards go to the end of their stage, so card order is capture order.
      expect(stage.hits.map((hit: { GTID: string }) => hit.GTID)).toEqual(
        inStage.slice(0, 5).map((p) => p.GTID),
      );
    }
    expect((await search({ isPipelineInitial: true })).status).toBe(400);
  });

  it('sums each column’s open deals and marks cards with their last activity and next open task', async () => {
    const [first, second] = people.filter((p) => p.stage === stageIds[0]);
    const contactPath = (GTID: string) => `/api/v1/teams/${teamUID}/contacts/${GTID}`;
    await owner.post(`${contactPath(first!.GTID)}/deals`, {
      name: 'Course',
      value: 1200.5,
      currency: 'USD',
      pipelineId,
    });
    await owner.post(`${contactPath(second!.GTID)}/deals`, {
      name: 'Coaching',
      value: 300,
      currency: 'USD',
      pipelineId,
    });
    await owner.post(`${contactPath(second!.GTID)}/deals`, {
      name: 'Lost',
      value: 999,
      currency: 'USD',
      pipelineId,
      status: 'lost',
    });
    await owner.post(`${contactPath(second!.GTID)}/deals`, {
      name: 'Euro deal',
      value: 80,
      currency: 'EUR',
      pipelineId,
    });
    await owner.post(`/api/v1/teams/${teamUID}/tasks`, {
      taskName: 'Call',
      dueDate: '2031-05-01',
      dueTime: '09:30',
      GTID: first!.GTID,
    });

    const { stages } = (
      await search({ objectToFilter: { pipelineId }, isPipelineInitial: true, paging: { from: 0, size: 40 } })
    ).body.data;
    expect(stages[0].openDeals).toEqual([
      { currency: 'EUR', value: 80, count: 1 },
      { currency: 'USD', value: 1500.5, count: 2 },
    ]);
    expect(stages[1].openDeals).toEqual([]);
    const card = stages[0].hits.find((hit: { GTID: string }) => hit.GTID === first!.GTID);
    expect(card.nextTaskDueAt).toBe('2031-05-01T09:30:00.000Z');
    const other = stages[0].hits.find(
      (hit: { GTID: string }) => hit.GTID !== first!.GTID && hit.GTID !== second!.GTID,
    );
    expect(other.nextTaskDueAt).toBeNull();

    // A filter narrows the sums to the cards it keeps.
    const filtered = (
      await search({ objectToFilter: { pipelineId }, searchObj: first!.name, isPipelineInitial: true })
    ).body.data.stages;
    expect(filtered[0].openDeals).toEqual([{ currency: 'USD', value: 1200.5, count: 1 }]);
  });

  it('leaves a deleted contact’s open deals out of its column’s sum', async () => {
    const board = await server.createPipeline({ owner, teamUID }, 'Deals Board', ['Only']);
    const placed = [];
    for (const [name, value] of [
      ['Kept Dealer', 100],
      ['Gone Dealer', 40],
    ] as const) {
      const contact = await owner.post(`/api/v1/teams/${teamUID}/contacts`, {
        name,
        pipeline: { pipelineId: board.groupUID },
      });
      const GTID = contact.body.data.GTID as string;
      await owner.post(`/api/v1/teams/${teamUID}/contacts/${GTID}/deals`, {
        name: 'Deal',
        value,
        currency: 'USD',
        pipelineId: board.groupUID,
      });
      placed.push(GTID);
    }
    const sums = async () =>
      (await search({ objectToFilter: { pipelineId: board.groupUID }, isPipelineInitial: true })).body.data
        .stages[0].openDeals;
    expect(await sums()).toEqual([{ currency: 'USD', value: 140, count: 2 }]);
    expect((await owner.delete(`/api/v1/teams/${teamUID}/contacts/${placed[1]}`)).status).toBe(204);
    expect(await sums()).toEqual([{ currency: 'USD', value: 100, count: 1 }]);
    // The rest of this file counts the team's contacts as they were.
    await owner.delete(`/api/v1/teams/${teamUID}/contacts/${placed[0]}`);
  });
});

describe('POST /search/v2 access and errors', () => {
  it('answers permission-denied with the SPEC message when signed out, and an invalid token for a dead session', async () => {
    const signedOut = await server.client().post('/search/v2', { teamUID });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error).toEqual({ code: 'permission-denied', message: 'User not logged in' });
    const stale = await server
      .client()
      .post('/search/v2', { teamUID }, { cookie: 'better-auth.session_token=expired.token' });
    expect(stale.body.error).toEqual({ code: 'permission-denied', message: 'Unauthorized: Invalid token' });
  });

  it('answers 404 for another team and limits a member to their pipelines', async () => {
    const stranger = await server.signUp();
    expect((await search({}, stranger)).status).toBe(404);
    const { client: member } = await server.joinAsMember(
      { owner, teamUID },
      { groupAccess: [otherPipelineId] },
    );
    expect((await search({}, member)).body.data.total).toBe(1);
    expect((await search({ objectToFilter: { pipelineId } }, member)).status).toBe(404);
  });

  it('refuses a session at once when it is signed out, expired or forged, and refreshes one that is due', async () => {
    const user = await server.signUp();
    const own = (await user.me()) as { uid: string; teamUID: string };
    const cookie = user.cookieHeader();
    const searchWith = (header: string) =>
      server.client().post('/search/v2', { teamUID: own.teamUID }, { cookie: header });
    const invalidToken = { code: 'permission-denied', message: 'Unauthorized: Invalid token' };
    expect((await searchWith(cookie)).status).toBe(200);

    // The cookie is `token.signature`; another signature for the same token must not pass.
    const signed = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)![1]!);
    const dot = signed.lastIndexOf('.');
    const otherSignature = (signed[dot + 1] === 'A' ? 'B' : 'A') + signed.slice(dot + 2);
    const forged = `better-auth.session_token=${encodeURIComponent(`${signed.slice(0, dot)}.${otherSignature}`)}`;
    expect((await searchWith(forged)).body.error).toEqual(invalidToken);

    // Within a day of its end a session is slid forward, as on every other route. A search remembers
    // its session until the directory announces a change, which on PostgreSQL arrives on a
    // connection of its own within moments: hence the polls.
    const setExpiry = (at: Date) =>
      server.databases.directory.update(sessions).set({ expiresAt: at }).where(eq(sessions.userId, own.uid));
    const expiry = async () => {
      const [row] = await server.databases.directory
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, own.uid));
      return row!.expiresAt.getTime();
    };
    await setExpiry(new Date(Date.now() + 60 * 60 * 1000));
    await expect
      .poll(async () => {
        expect((await searchWith(cookie)).status).toBe(200);
        return expiry();
      }, soon)
      .toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

    await setExpiry(new Date(Date.now() - 1000));
    await expect.poll(async () => (await searchWith(cookie)).body.error, soon).toEqual(invalidToken);

    const other = await server.signUp();
    const otherTeam = (await other.me()).teamUID as string;
    const otherCookie = other.cookieHeader();
    await other.post('/api/auth/sign-out');
    const signedOut = () =>
      server.client().post('/search/v2', { teamUID: otherTeam }, { cookie: otherCookie });
    await expect.poll(async () => (await signedOut()).body.error, soon).toEqual(invalidToken);
  });

  it('applies a changed pipeline access and a removed member on the very next search', async () => {
    const { client: member, uid: memberUid } = await server.joinAsMember(
      { owner, teamUID },
      { groupAccess: [pipelineId] },
    );
    const board = { objectToFilter: { pipelineId } };
    expect((await search(board, member)).body.data.total).toBe(40);

    await owner.patch(`/api/v1/teams/${teamUID}/members/${memberUid}`, { groupAccess: [otherPipelineId] });
    expect((await search(board, member)).status).toBe(404);
    expect((await search({}, member)).body.data.total).toBe(1);

    expect((await owner.delete(`/api/v1/teams/${teamUID}/members/${memberUid}`)).status).toBe(204);
    expect((await search({}, member)).status).toBe(404);
  });

  it('answers with the access read afresh, even when the new access repeats an id as often as the old had ids', async () => {
    const { client: member, uid: memberUid } = await server.joinAsMember(
      { owner, teamUID },
      { groupAccess: [pipelineId, otherPipelineId] },
    );
    const board = { objectToFilter: { pipelineId } };
    expect((await search(board, member)).body.data.total).toBe(40);

    await owner.patch(`/api/v1/teams/${teamUID}/members/${memberUid}`, {
      groupAccess: [otherPipelineId, otherPipelineId],
    });
    expect((await search(board, member)).status).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const bad = await search({ paging: { from: 0, size: 100000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^Invalid body\.paging\.size/);
    expect((await search({ sort: { field: 'secret' } })).body.error.message).toMatch(
      /^Invalid body\.sort\.field/,
    );
  });
});

describe('POST /search/v2 deep in a long table', () => {
  // A team of its own: 600 contacts in a pipeline (ten share each creation moment, a third have no
  // email), 50 outside it. Inserted directly: the pages past a few hundred rows are read differently.
  const IN_PIPELINE = 600;
  let deepTeam: string;
  let deepPipeline: string;
  let client: TestClient;
  interface Row {
    id: string;
    email: string | null;
    createdAt: number;
  }
  const rows: Row[] = [];

  beforeAll(async () => {
    client = await server.signUp();
    deepTeam = (await client.me()).teamUID;
    const pipeline = (
      await client.post(`/api/v1/teams/${deepTeam}/pipelines`, {
        nickName: 'Long Table',
        stages: [{ name: 'Only' }],
      })
    ).body.data;
    deepPipeline = pipeline.groupUID;
    const stageId = pipeline.stages[0].stageUID as string;
    const start = Date.parse('2026-01-01T00:00:00Z');
    const all = Array.from({ length: IN_PIPELINE + 50 }, (_, index) => ({
      id: `deep${String((index * 7919) % 1000).padStart(4, '0')}`,
      email: index % 3 === 0 ? null : `p${String(index).padStart(4, '0')}@example.test`,
      createdAt: start + Math.floor(index / 10) * 60_000,
    }));
    const db = server.databases.forTeam(deepTeam);
    for (const row of all) {
      await db.execute(
        sql`insert into contacts (team_id, id, first_name, name, email_address, created_at, updated_at)
            values (${deepTeam}, ${row.id}, 'Deep', ${`Deep ${row.id}`}, ${row.email}, ${new Date(row.createdAt)}, ${new Date(row.createdAt)})`,
      );
    }
    const placed = all.slice(0, IN_PIPELINE);
    for (const [index, row] of placed.entries()) {
      await db.execute(
        sql`insert into contact_pipelines (team_id, contact_id, pipeline_id, stage_id, rank)
            values (${deepTeam}, ${row.id}, ${deepPipeline}, ${stageId}, ${`r${String(index).padStart(4, '0')}`})`,
      );
    }
    rows.push(...placed);
  });

  const page = async (sort: Record<string, string>, from: number, size = 100) => {
    const response = await client.post('/search/v2', {
      teamUID: deepTeam,
      objectToFilter: { pipelineId: deepPipeline },
      sort,
      paging: { from, size },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(IN_PIPELINE);
    return response.body.data.hits.map((hit: { GTID: string }) => hit.GTID) as string[];
  };

  const newestFirst = (a: Row, b: Row) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
  // Empty addresses last, whichever the direction.
  const byEmailDesc = (a: Row, b: Row) =>
    (a.email === null ? 1 : 0) - (b.email === null ? 1 : 0) ||
    (a.email !== null && b.email !== null && a.email !== b.email ? (a.email < b.email ? 1 : -1) : 0) ||
    (a.id < b.id ? 1 : -1);

  it.each([
    ['creation date, newest first', { field: 'createdAt', order: 'desc' }, newestFirst],
    [
      'creation date, oldest first',
      { field: 'createdAt', order: 'asc' },
      (a: Row, b: Row) => newestFirst(b, a),
    ],
    ['email, descending', { field: 'emailAddress', order: 'desc' }, byEmailDesc],
  ])('pages by %s give every contact once, in order, at any depth', async (_label, sort, compare) => {
    const expected = [...rows].sort(compare).map((row) => row.id);
    const pages: string[] = [];
    for (let from = 0; from < IN_PIPELINE; from += 100) pages.push(...(await page(sort, from)));
    expect(pages).toEqual(expected);
    // Pages that do not line up with the others: near the start, the middle and the end.
    for (const from of [150, 250, 330, 480, 555, 599])
      expect(await page(sort, from, 70)).toEqual(expected.slice(from, from + 70));
    expect(await page(sort, IN_PIPELINE)).toEqual([]);
    expect(await page(sort, IN_PIPELINE + 20)).toEqual([]);
  });
});
