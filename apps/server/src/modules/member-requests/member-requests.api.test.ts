import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/raw';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { setUpRequestsTeam } from './requests-team.testing';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let requests: TestPipeline;
let other: TestPipeline;
let hidden: TestPipeline;

const GROUP = { platform: 'facebook', groupId: 'demofounders' } as const;

beforeAll(async () => {
  server = await startTestServer();
  let others: Record<string, TestPipeline>;
  ({ team, owner, requests, others, hidden, member, outsider } = await setUpRequestsTeam(server, {
    domain: 'requests.test',
    group: { ...GROUP, name: 'Demo Founders' },
    stages: ['Asked', 'Approved'],
    questions: ['What brings you here?', 'Your email?', 'Your phone?'],
    others: ['Other'],
  }));
  other = others['Other']!;
});
afterAll(async () => {
  await server.stop();
});

const capturePath = () => team.path('member-requests');
const groupPath = (pipelineId: string, groupId: string, platform = 'facebook') =>
  team.path(`pipelines/${pipelineId}/groups/${platform}/${groupId}`);

function request(n: string, extra: Record<string, unknown> = {}) {
  return {
    profileId: `fb-${n}`,
    username: null,
    name: `Person ${n}`,
    url: `https://www.facebook.com/profile.php?id=${n}`,
    photoURL: null,
    answers: [
      { question: 'what brings you here?', answer: `Building thing ${n}` },
      { question: 'Your email?', answer: `person.${n}@requests.test` },
      { question: 'Your phone?', answer: '+1 555 010 1234' },
    ],
    agreedToRules: true,
    requestedAt: null,
    ...extra,
  };
}

function batch(people: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return { ...GROUP, groupName: 'Demo Founders', requests: people, ...extra };
}

async function teamCount(table: 'contacts' | 'activities' | 'team_events') {
  const db = server.server.context.databases.forTeam(team.teamUID);
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${sql.identifier(table)} where team_id = ${team.teamUID}`,
  );
  return Number(row!.total);
}

async function history(GTID: string) {
  return (await owner.get(team.path(`contacts/${GTID}/activities?limit=100`))).body.data.items as {
    type: string;
    action: string;
    data: Record<string, unknown>;
  }[];
}

describe('connecting a group to a pipeline', () => {
  it('keeps a group on one pipeline of the team, naming the one that has it', async () => {
    const again = await owner.put(groupPath(hidden.groupUID, 'DemoFounders'), { name: null });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('"Requests"');

    const pipeline = (await owner.get(team.path(`pipelines/${requests.groupUID}`))).body.data;
    expect(pipeline.integrations).toEqual([
      { type: 'group', platform: 'facebook', groupId: 'demofounders', name: 'Demo Founders' },
    ]);
  });

  it('lets only owners and admins connect and disconnect, and refuses a group id that is no address part', async () => {
    expect((await member.put(groupPath(other.groupUID, 'another'), { name: null })).status).toBe(403);
    const bad = await owner.put(groupPath(other.groupUID, 'not%20a%20slug'), { name: null });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('groupId');
    expect((await owner.put(groupPath(other.groupUID, 'another', 'skool'), { name: 'Another' })).status).toBe(
      200,
    );
    expect((await owner.delete(groupPath(other.groupUID, 'another', 'skool'))).status).toBe(204);
    expect((await owner.delete(groupPath(other.groupUID, 'another', 'skool'))).status).toBe(404);
  });
});

describe('capturing member requests', () => {
  it('creates people in the first stage with their answers, email, phone, profile and the request', async () => {
    const answer = await member.post(capturePath(), batch([request('101'), request('102')]));
    expect(answer.status).toBe(200);
    expect(answer.body.data.pipelineID).toBe(requests.groupUID);
    expect(answer.body.data.counts).toEqual({ created: 2, updated: 0, unchanged: 0, hidden: 0 });
    const [first] = answer.body.data.requests as { GTID: string; outcome: string }[];
    expect(first!.outcome).toBe('created');

    const contact = (await owner.get(team.path(`contacts/${first!.GTID}`))).body.data;
    expect(contact).toMatchObject({
      name: 'Person 101',
      firstName: 'Person',
      lastName: '101',
      emailAddress: 'person.101@requests.test',
      phoneNumber: expect.stringContaining('555') as unknown,
      sources: {
        facebook: {
          profileID: 'fb-101',
          username: null,
          url: 'https://www.facebook.com/profile.php?id=101',
        },
      },
    });
    expect(Object.keys(contact.groupData)).toEqual([requests.groupUID]);
    const place = contact.groupData[requests.groupUID];
    expect(place.stage).toBe(requests.stages[0]!.stageUID);
    // The platform's wording of a pipeline question is kept in the pipeline's own.
    expect(place.questions[0]).toEqual({ question: 'What brings you here?', answer: 'Building thing 101' });
    const asked = (await history(first!.GTID)).filter((item) => item.type === 'member_request');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.data).toMatchObject({ group: 'Demo Founders', groupId: 'demofounders' });
  });

  it('changes nothing, writes no activity and announces nothing when the same batch comes again', async () => {
    const people = [request('201'), request('202', { answers: [] })];
    expect((await member.post(capturePath(), batch(people))).body.data.counts.created).toBe(2);
    const before = await Promise.all([
      teamCount('contacts'),
      teamCount('activities'),
      teamCount('team_events'),
    ]);
    const again = await member.post(capturePath(), batch(people));
    expect(again.status).toBe(200);
    expect(again.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: 2, hidden: 0 });
    expect(
      await Promise.all([teamCount('contacts'), teamCount('activities'), teamCount('team_events')]),
    ).toEqual(before);
  });

  it('adds the pipeline to someone already in the team, keeping the email they have', async () => {
    const stored = (
      await owner.post(team.path('contacts'), {
        name: 'Ana Known',
        emailAddress: 'ana@kept.test',
        sources: [{ platform: 'facebook', profileId: 'fb-301' }],
        pipeline: { pipelineId: other.groupUID },
      })
    ).body.data.GTID as string;
    const answer = await member.post(capturePath(), batch([request('301', { name: 'Ana From Facebook' })]));
    expect(answer.body.data.requests).toEqual([{ GTID: stored, outcome: 'updated' }]);
    const contact = (await owner.get(team.path(`contacts/${stored}`))).body.data;
    expect(contact.name).toBe('Ana Known');
    expect(contact.emailAddress).toBe('ana@kept.test');
    expect(contact.phoneNumber).toContain('555');
    expect(Object.keys(contact.groupData).sort()).toEqual([requests.groupUID, other.groupUID].sort());
    expect(contact.groupData[requests.groupUID].stage).toBe(requests.stages[0]!.stageUID);
    expect(contact.groupData[requests.groupUID].questions).toHaveLength(3);
    const events = (await history(stored)).map((item) => `${item.type}.${item.action}`);
    expect(events).toEqual(expect.arrayContaining(['member_request.asked', 'pipeline.added']));

    const again = await member.post(capturePath(), batch([request('301', { name: 'Ana From Facebook' })]));
    expect(again.body.data.requests).toEqual([{ GTID: stored, outcome: 'unchanged' }]);
  });

  it('leaves someone only in pipelines the member cannot see as they are, and tells the managers once', async () => {
    const secret = (
      await owner.post(team.path('contacts'), {
        name: 'Sienna Secret',
        sources: [{ platform: 'facebook', profileId: 'fb-401' }],
        pipeline: { pipelineId: hidden.groupUID },
      })
    ).body.data.GTID as string;
    const before = (await owner.get(team.path(`contacts/${secret}`))).body.data;
    const people = [request('401'), request('402')];
    const answer = await member.post(capturePath(), batch(people));
    expect(answer.body.data.counts).toEqual({ created: 1, updated: 0, unchanged: 0, hidden: 1 });
    expect(answer.body.data.requests[0]).toEqual({ GTID: null, outcome: 'hidden' });
    expect(JSON.stringify(answer.body)).not.toContain(secret);
    expect((await owner.get(team.path(`contacts/${secret}`))).body.data).toEqual(before);

    await member.post(capturePath(), batch(people));
    const mails = (
      await server.server.context.mail.listOutbox({ limit: 100, to: 'owner@requests.test' })
    ).filter((mail) => mail.subject.includes('Max Member captured requests to join Demo Founders'));
    expect(mails).toHaveLength(1);
  });

  it('answers 404 to a member outside the pipeline, as for a pipeline that does not exist', async () => {
    const answer = await outsider.post(capturePath(), batch([request('501')]));
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe('Pipeline not found.');
  });

  it('answers 404 to another team and 401 signed out', async () => {
    const stranger = await server.createTeam({ name: 'Sam Stranger', email: 'sam@elsewhere.test' });
    expect((await stranger.owner.post(capturePath(), batch([request('601')]))).status).toBe(404);
    expect((await server.client().post(capturePath(), batch([request('602')]))).status).toBe(401);
  });

  it('refuses a batch with one bad request whole, naming the field, and writes nothing', async () => {
    const contacts = await teamCount('contacts');
    const { name: _left, ...nameless } = request('702');
    const answer = await member.post(capturePath(), batch([request('701'), nameless]));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('requests.1.name');
    expect(await teamCount('contacts')).toBe(contacts);
  });

  it('answers 409 for a group connected to no pipeline, saying to connect it', async () => {
    const answer = await owner.post(
      capturePath(),
      batch([request('801')], { platform: 'skool', groupId: 'lonely-club', groupName: 'Lonely Club' }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toContain('"Lonely Club"');
    expect(answer.body.error.message).toContain('connect it to a pipeline');
  });

  it('captures a batch of 500 at once, and the same 500 again as unchanged', async () => {
    const people = Array.from({ length: 500 }, (_, index) =>
      request(`9${String(index).padStart(3, '0')}`, index % 2 === 0 ? {} : { answers: [] }),
    );
    const answer = await owner.post(capturePath(), batch(people));
    expect(answer.status).toBe(200);
    expect(answer.body.data.counts).toEqual({ created: 500, updated: 0, unchanged: 0, hidden: 0 });
    const again = await owner.post(capturePath(), batch(people));
    expect(again.body.data.counts).toEqual({ created: 0, updated: 0, unchanged: 500, hidden: 0 });
  });
});

describe('the lead score on cards', () => {
  const SCORED = { platform: 'facebook', groupId: 'scored-club', groupName: 'Scored Club' } as const;
  const search = (client: TestClient, body: Record<string, unknown>) =>
    client.post('/search/v2', { teamUID: team.teamUID, ...body });
  const byName = (hits: { name: string; leadScore: number | null }[]) =>
    Object.fromEntries(hits.map((hit) => [hit.name, hit.leadScore]));

  beforeAll(async () => {
    expect((await owner.put(groupPath(other.groupUID, SCORED.groupId), { name: 'Scored Club' })).status).toBe(
      200,
    );
  });

  it('shows the latest request’s score on the hits and cards of its pipeline, and filters by it', async () => {
    const unsure = { answers: [], agreedToRules: false };
    const captured = await member.post(
      capturePath(),
      batch([request('1301'), request('1302', unsure)], SCORED),
    );
    expect(captured.status).toBe(200);
    // An email, a phone, every question answered and the rules agreed to; short answers, no photo.
    const full = 25 + 15 + 20 + 10;
    const pipelineId = other.groupUID;

    const hits = await search(member, { paging: { size: 100 }, objectToFilter: { pipelineId } });
    expect(hits.status).toBe(200);
    expect(byName(hits.body.data.hits)).toMatchObject({ 'Person 1301': full, 'Person 1302': 0 });
    const everywhere = await search(member, { paging: { size: 10 }, searchObj: 'Person 1301' });
    expect(byName(everywhere.body.data.hits)['Person 1301']).toBeNull();

    // Asked again with the answers given and the rules agreed to: the card shows the new score.
    await member.post(
      capturePath(),
      batch([request('1302', { answers: request('1302').answers.slice(0, 1) })], SCORED),
    );
    const again = await search(member, { paging: { size: 100 }, objectToFilter: { pipelineId } });
    expect(byName(again.body.data.hits)['Person 1302']).toBe(20 + 10);

    const atLeast = await search(member, {
      paging: { size: 100 },
      objectToFilter: { pipelineId, leadScoreMin: 50 },
    });
    expect(atLeast.body.data.total).toBe(1);
    expect(atLeast.body.data.hits.map((hit: { name: string }) => hit.name)).toEqual(['Person 1301']);
    const typed = await search(member, {
      paging: { size: 100 },
      searchObj: 'Person 130',
      sort: { field: 'name', order: 'asc' },
      objectToFilter: { pipelineId, leadScoreMin: 30 },
    });
    expect(byName(typed.body.data.hits)).toEqual({ 'Person 1301': full, 'Person 1302': 30 });
    const board = await search(member, {
      isPipelineInitial: true,
      paging: { size: 50 },
      objectToFilter: { pipelineId, leadScoreMin: 50 },
    });
    const cards = board.body.data.stages.flatMap((stage: { hits: unknown[] }) => stage.hits);
    expect(byName(cards)).toEqual({ 'Person 1301': full });
    expect(board.body.data.total).toBe(1);
  });

  it('answers 404 to another team and refuses a score outside 0 to 100, naming the field', async () => {
    const filter = { pipelineId: other.groupUID, leadScoreMin: 50 };
    const stranger = await server.createTeam({ name: 'Sue Stranger', email: 'sue@scores-elsewhere.test' });
    expect((await search(stranger.owner, { objectToFilter: filter })).status).toBe(404);
    for (const leadScoreMin of [101, -1, 'x', 2.5]) {
      const bad = await search(member, { objectToFilter: { ...filter, leadScoreMin } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^Invalid body\.objectToFilter\.leadScoreMin/);
    }
  });
});
