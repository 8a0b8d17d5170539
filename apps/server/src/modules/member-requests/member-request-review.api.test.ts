import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const GROUP = { platform: 'skool', groupId: 'review-club' } as const;
const PACING = { minPauseSeconds: 5, maxPauseSeconds: 30, dailyCap: 2, pauseMinutesWhenBlocked: 30 };

beforeAll(async () => {
  server = await startTestServer();
  ({ team, owner, requests, member, outsider } = await setUpRequestsTeam(server, {
    domain: 'review.test',
    group: { ...GROUP, name: 'Review Club' },
    stages: ['Asked'],
  }));
  const rules = team.path(`pipelines/${requests.groupUID}/member-request-rules`);
  expect((await owner.put(rules, { rules: [], pacing: PACING })).status).toBe(200);
  const people = Array.from({ length: 6 }, (_, index) => ({
    profileId: null,
    username: `person-${index}`,
    name: `Person ${index}`,
    url: null,
    photoURL: null,
    answers: [],
    agreedToRules: null,
    requestedAt: null,
  }));
  const captured = await member.post(team.path('member-requests'), {
    ...GROUP,
    groupName: 'Review Club',
    requests: people,
  });
  expect(captured.status).toBe(200);
});

afterAll(async () => {
  await server.stop();
});

interface Listed {
  id: string;
  GTID: string;
  name: string;
  status: string;
}

async function list(client: TestClient, query: string) {
  const answer = await client.get(team.path(`member-requests?${query}`));
  expect(answer.status).toBe(200);
  return answer.body.data as { requests: Listed[]; nextCursor: string | null };
}

async function reviewAll() {
  return (await list(owner, `pipelineID=${requests.groupUID}&limit=200`)).requests;
}

const workPath = () => team.path(`member-requests/work?platform=skool&groupId=review-club`);

describe('the review list', () => {
  it('pages through the waiting requests, newest first', async () => {
    const first = await list(member, `status=review&limit=4`);
    expect(first.requests).toHaveLength(4);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(member, `status=review&limit=4&cursor=${first.nextCursor}`);
    expect(second.requests).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.requests, ...second.requests];
    expect(new Set(all.map((item) => item.id)).size).toBe(6);
    expect(all.every((item) => item.status === 'pending')).toBe(true);
  });

  it('shows nothing of pipelines the member cannot see, and 404 for one named', async () => {
    expect((await list(outsider, 'status=review')).requests).toEqual([]);
    expect((await outsider.get(team.path(`member-requests?pipelineID=${requests.groupUID}`))).status).toBe(
      404,
    );
  });

  it('refuses a bad status or cursor with 400, another team with 404 and signed out with 401', async () => {
    expect((await owner.get(team.path('member-requests?status=maybe'))).status).toBe(400);
    expect((await owner.get(team.path('member-requests?cursor=nonsense'))).status).toBe(400);
    const stranger = await server.createTeam({ name: 'Sky Stranger', email: 'sky@review-elsewhere.test' });
    expect((await stranger.owner.get(team.path('member-requests'))).status).toBe(404);
    expect((await server.client().get(team.path('member-requests'))).status).toBe(401);
  });
});

describe('decisions and their outcomes', () => {
  it('approves, declines with feedback and skips, logging each on the contact', async () => {
    const [a, b, c] = await reviewAll();
    const decide = (id: string, body: Record<string, unknown>) =>
      member.post(team.path(`member-requests/${id}/decision`), body);
    expect((await decide(a!.id, { decision: 'approve' })).status).toBe(204);
    expect((await decide(b!.id, { decision: 'decline', feedback: 'Answer the questions' })).status).toBe(204);
    expect((await decide(c!.id, { decision: 'skip' })).status).toBe(204);
    expect((await list(owner, 'status=to_approve')).requests.map((item) => item.id)).toEqual([a!.id]);
    expect((await list(owner, 'status=skipped')).requests.map((item) => item.id)).toEqual([c!.id]);
    const items = (await owner.get(team.path(`contacts/${b!.GTID}/activities?limit=100`))).body.data
      .items as {
      type: string;
      action: string;
    }[];
    expect(items.filter((item) => item.type === 'member_request' && item.action === 'decline')).toHaveLength(
      1,
    );
    expect((await decide(a!.id, { decision: 'maybe' })).status).toBe(400);
    expect(
      (await outsider.post(team.path(`member-requests/${a!.id}/decision`), { decision: 'skip' })).status,
    ).toBe(404);
  });

  it('hands the extension the decisions oldest first within the daily cap, and counts what it did', async () => {
    const waiting = (await list(owner, 'status=review')).requests;
    for (const item of waiting)
      await owner.post(team.path(`member-requests/${item.id}/decision`), { decision: 'approve' });
    const work = await member.get(workPath());
    expect(work.status).toBe(200);
    expect(work.body.data.pacing).toEqual(PACING);
    expect(work.body.data.doneToday).toBe(0);
    expect(work.body.data.pausedUntil).toBeNull();
    const handed = work.body.data.requests as {
      requestId: string;
      decision: string;
      feedback: string | null;
    }[];
    expect(handed).toHaveLength(2);
    expect(handed[0]).toMatchObject({ decision: 'approve' });
    expect(handed[1]).toMatchObject({ decision: 'decline', feedback: 'Answer the questions' });

    const outcome = (id: string, value: string) =>
      member.post(team.path(`member-requests/${id}/outcome`), { outcome: value });
    expect((await outcome(handed[0]!.requestId, 'approved')).status).toBe(204);
    expect((await outcome(handed[0]!.requestId, 'approved')).status).toBe(204);
    expect((await outcome(handed[1]!.requestId, 'declined')).status).toBe(204);
    const after = (await member.get(workPath())).body.data;
    expect(after.doneToday).toBe(2);
    expect(after.requests).toEqual([]);
    // The day is the extension's: counted from its time zone's midnight, which these decisions follow anywhere.
    const inKiritimati = await member.get(`${workPath()}&timeZone=Pacific/Kiritimati`);
    expect(inKiritimati.body.data.doneToday).toBe(2);
    const unknownZone = await member.get(`${workPath()}&timeZone=Mars/Olympus`);
    expect(unknownZone.status).toBe(400);
    expect(unknownZone.body.error.message).toContain('timeZone');
    expect((await list(owner, 'status=approved')).requests).toHaveLength(1);
    const done = (await list(owner, 'status=approved')).requests[0]!;
    const items = (await owner.get(team.path(`contacts/${done.GTID}/activities?limit=100`))).body.data
      .items as {
      action: string;
    }[];
    expect(items.filter((item) => item.action === 'approved')).toHaveLength(1);

    const conflict = await member.post(team.path(`member-requests/${handed[0]!.requestId}/decision`), {
      decision: 'decline',
    });
    expect(conflict.status).toBe(409);
  });

  it('puts a request that left the page back to pending', async () => {
    const [next] = (await list(owner, 'status=to_approve')).requests;
    expect(
      (await member.post(team.path(`member-requests/${next!.id}/outcome`), { outcome: 'not_found' })).status,
    ).toBe(204);
    expect((await list(owner, 'status=pending')).requests.map((item) => item.id)).toContain(next!.id);
  });

  it('pauses the group when the platform blocks, and tells the managers once', async () => {
    const [next] = (await list(owner, 'status=to_approve')).requests;
    const blocked = () =>
      member.post(team.path(`member-requests/${next!.id}/outcome`), { outcome: 'blocked' });
    expect((await blocked()).status).toBe(204);
    expect((await blocked()).status).toBe(204);
    const work = (await member.get(workPath())).body.data;
    expect(work.pausedUntil).not.toBeNull();
    expect(Date.parse(work.pausedUntil as string)).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(work.requests).toEqual([]);
    expect((await list(owner, 'status=to_approve')).requests.map((item) => item.id)).toContain(next!.id);
    const mails = (
      await server.server.context.mail.listOutbox({ limit: 100, to: 'owner@review.test' })
    ).filter((mail) => mail.subject.includes('temporarily blocked'));
    expect(mails).toHaveLength(1);
  });

  it('answers 404 for the work of a group in a pipeline the member cannot see, and 400 for a bad outcome', async () => {
    expect((await outsider.get(workPath())).status).toBe(404);
    const [any] = await reviewAll();
    expect(
      (await member.post(team.path(`member-requests/${any!.id}/outcome`), { outcome: 'maybe' })).status,
    ).toBe(400);
  });
});
