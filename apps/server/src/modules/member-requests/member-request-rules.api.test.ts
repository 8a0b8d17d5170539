import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTagSet, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { setUpRequestsTeam } from './requests-team.testing';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let requests: TestPipeline;
let hidden: TestPipeline;
let tagSet: TestTagSet;
let templateId: string;

const GROUP = { platform: 'facebook', groupId: 'rulesgroup' } as const;

beforeAll(async () => {
  server = await startTestServer();
  ({ team, owner, requests, hidden, member, outsider } = await setUpRequestsTeam(server, {
    domain: 'rules.test',
    group: { ...GROUP, name: 'Rules Group' },
    stages: ['Asked', 'Welcomed'],
    questions: ['What brings you here?', 'Your email?'],
  }));
  tagSet = await server.createTagSet(team, 'Source', ['Approved by rule', 'Lead']);
  templateId = (await owner.post(team.path('task-templates'), { name: 'Welcome {firstName|them}' })).body.data
    .templateUID as string;
});

afterAll(async () => {
  await server.stop();
});

const rulesPath = (pipelineId = requests.groupUID) =>
  team.path(`pipelines/${pipelineId}/member-request-rules`);

function rule(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Rule ${id}`,
    enabled: true,
    conditions: [],
    decision: 'flag',
    feedback: null,
    tagIds: [],
    stageId: null,
    taskTemplateId: null,
    messageTemplateId: null,
    ...extra,
  };
}

const PACING = { minPauseSeconds: 5, maxPauseSeconds: 30, dailyCap: 50, pauseMinutesWhenBlocked: 30 };

function rules() {
  return {
    rules: [
      rule('vip', {
        decision: 'approve',
        conditions: [{ kind: 'answer-contains', words: ['founder'] }, { kind: 'email-given' }],
        tagIds: [tagSet.tags[0]!.tagUID],
        stageId: requests.stages[1]!.stageUID,
        taskTemplateId: templateId,
      }),
      rule('spam', {
        decision: 'decline',
        conditions: [{ kind: 'answer-contains', words: ['crypto'] }],
        feedback: 'Not a fit',
      }),
      rule('unsure', { decision: 'flag', conditions: [{ kind: 'answer-contains', words: ['maybe'] }] }),
      rule('off', { enabled: false, decision: 'decline' }),
    ],
    pacing: PACING,
  };
}

function request(n: string, answer: string, extra: Record<string, unknown> = {}) {
  return {
    profileId: `fb-${n}`,
    username: null,
    name: `Person ${n}`,
    url: null,
    photoURL: null,
    answers: [
      { question: 'What brings you here?', answer },
      { question: 'Your email?', answer: `person.${n}@rules.test` },
    ],
    agreedToRules: true,
    requestedAt: null,
    ...extra,
  };
}

async function history(GTID: string) {
  return (await owner.get(team.path(`contacts/${GTID}/activities?limit=100`))).body.data.items as {
    type: string;
    action: string;
    data: Record<string, unknown>;
  }[];
}

describe('member request rules', () => {
  it('answers no rules at the default pace before they are set, and reads back what was saved', async () => {
    const before = await member.get(rulesPath());
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      rules: [],
      pacing: { minPauseSeconds: 10, maxPauseSeconds: 120, dailyCap: 200, pauseMinutesWhenBlocked: 60 },
    });
    const saved = await owner.put(rulesPath(), rules());
    expect(saved.status).toBe(200);
    expect((await member.get(rulesPath())).body.data).toEqual(rules());
  });

  it('lets only owners and admins change them', async () => {
    expect((await member.put(rulesPath(), rules())).status).toBe(403);
  });

  it("refuses a tag, stage or task template that is not the pipeline's, naming the field", async () => {
    const otherStage = hidden.stages[0]!.stageUID;
    const cases: [Record<string, unknown>, string][] = [
      [{ tagIds: ['tag-none'] }, 'rules.0.tagIds.0'],
      [{ stageId: otherStage }, 'rules.0.stageId'],
      [{ taskTemplateId: 'tt-none' }, 'rules.0.taskTemplateId'],
      [{ decision: 'maybe' }, 'rules.0.decision'],
    ];
    for (const [extra, field] of cases) {
      const answer = await owner.put(rulesPath(), { rules: [rule('bad', extra)], pacing: PACING });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain(field);
    }
    const noMessage = await owner.put(rulesPath(), {
      rules: [rule('bad', { messageTemplateId: 'mt-none' })],
      pacing: PACING,
    });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.error.message).toContain('rules.0.messageTemplateId');
    const slow = await owner.put(rulesPath(), { rules: [], pacing: { ...PACING, minPauseSeconds: 60 } });
    expect(slow.status).toBe(400);
    expect(slow.body.error.message).toContain('pacing.maxPauseSeconds');
    expect((await owner.get(rulesPath())).body.data).toEqual(rules());
  });

  it('answers 404 to a member outside the pipeline, another team, and 401 signed out', async () => {
    expect((await outsider.get(rulesPath())).status).toBe(404);
    const stranger = await server.createTeam({ name: 'Sol Stranger', email: 'sol@rules-elsewhere.test' });
    expect((await stranger.owner.get(rulesPath())).status).toBe(404);
    expect((await server.client().get(rulesPath())).status).toBe(401);
  });
});

describe('capturing requests with rules', () => {
  let captured: { GTID: string }[];

  it("decides approve, decline, flag and none as the rules say, and gives the rule's tags, stage and task", async () => {
    const answer = await member.post(team.path('member-requests'), {
      ...GROUP,
      groupName: 'Rules Group',
      requests: [
        request('1', 'I am a founder of a bakery'),
        request('2', 'Selling crypto to everyone'),
        request('3', 'Curious'),
        request('4', 'Maybe later'),
      ],
    });
    expect(answer.status).toBe(200);
    captured = answer.body.data.requests;
    const list = await owner.get(
      team.path(`member-requests?pipelineID=${requests.groupUID}&status=to_approve`),
    );
    expect(list.body.data.requests.map((item: { GTID: string }) => item.GTID)).toEqual([captured[0]!.GTID]);
    expect(list.body.data.requests[0]).toMatchObject({
      status: 'to_approve',
      ruleId: 'vip',
      platform: 'facebook',
      groupId: 'rulesgroup',
    });
    const declined = await owner.get(team.path(`member-requests?status=to_decline`));
    expect(declined.body.data.requests).toMatchObject([{ GTID: captured[1]!.GTID, ruleId: 'spam' }]);
    const review = await owner.get(
      team.path(`member-requests?pipelineID=${requests.groupUID}&status=review`),
    );
    const reviewed = review.body.data.requests as { GTID: string; status: string; ruleId: string | null }[];
    expect(reviewed.map((item) => [item.GTID, item.status, item.ruleId]).sort()).toEqual(
      [
        [captured[2]!.GTID, 'pending', null],
        [captured[3]!.GTID, 'flagged', 'unsure'],
      ].sort(),
    );

    const approved = (await owner.get(team.path(`contacts/${captured[0]!.GTID}`))).body.data;
    expect(approved.groupData[requests.groupUID].stage).toBe(requests.stages[1]!.stageUID);
    expect(JSON.stringify(approved)).toContain(tagSet.tags[0]!.tagUID);
    const tasks = (await owner.get(team.path(`tasks?GTID=${captured[0]!.GTID}`))).body.data;
    expect(JSON.stringify(tasks)).toContain('Welcome Person');

    const logged = (await history(captured[0]!.GTID)).filter(
      (item) => item.type === 'member_request' && item.action === 'approve',
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.data).toMatchObject({ ruleId: 'vip', rule: 'Rule vip' });
    const declineLog = (await history(captured[1]!.GTID)).filter((item) => item.action === 'decline');
    expect(declineLog[0]!.data).toMatchObject({ ruleId: 'spam' });
  });

  it('keeps decisions and logs nothing more when the same requests are captured again', async () => {
    const before = await Promise.all(captured.map(({ GTID }) => history(GTID)));
    const again = await member.post(team.path('member-requests'), {
      ...GROUP,
      groupName: 'Rules Group',
      requests: [
        request('1', 'I am a founder of a bakery'),
        request('2', 'Selling crypto to everyone'),
        request('3', 'Curious'),
        request('4', 'Maybe later'),
      ],
    });
    expect(again.body.data.counts.unchanged).toBe(4);
    expect(await Promise.all(captured.map(({ GTID }) => history(GTID)))).toEqual(before);
    const statuses = (
      await owner.get(team.path(`member-requests?pipelineID=${requests.groupUID}&status=to_approve`))
    ).body.data.requests;
    expect(statuses).toHaveLength(1);
  });

  it('dry-runs rules on the waiting requests, off ones as if on, changing nothing', async () => {
    const waiting = (await owner.get(team.path(`member-requests?pipelineID=${requests.groupUID}`))).body.data
      .requests;
    const answer = await member.post(`${rulesPath()}/dry-run`, {
      rules: [
        rule('curious', {
          enabled: false,
          decision: 'approve',
          conditions: [{ kind: 'answer-contains', words: ['curious'] }],
        }),
      ],
    });
    expect(answer.status).toBe(200);
    const byGTID = new Map(answer.body.data.results.map((item: { GTID: string }) => [item.GTID, item]));
    expect(byGTID.size).toBe(2);
    expect(byGTID.get(captured[2]!.GTID)).toMatchObject({ ruleId: 'curious', decision: 'approve' });
    expect(byGTID.get(captured[3]!.GTID)).toMatchObject({ ruleId: null, decision: null });
    expect(
      (await owner.get(team.path(`member-requests?pipelineID=${requests.groupUID}`))).body.data.requests,
    ).toEqual(waiting);
    const bad = await member.post(`${rulesPath()}/dry-run`, {
      rules: [rule('x', { conditions: [{ kind: 'nope' }] })],
    });
    expect(bad.status).toBe(400);
    expect((await outsider.post(`${rulesPath()}/dry-run`, { rules: [] })).status).toBe(404);
  });

  it("queues the rule's message to the people it decides, in the queue of the member who captured them, and needs the Pro plan to", async () => {
    const welcome = (
      await owner.post(team.path('message-templates'), {
        name: 'Welcome',
        text: 'Welcome to Rules Group, {firstName}!',
      })
    ).body.data.templateUID as string;
    const welcoming = {
      rules: [
        rule('welcome', {
          decision: 'approve',
          conditions: [{ kind: 'answer-contains', words: ['welcome'] }],
          messageTemplateId: welcome,
        }),
      ],
      pacing: PACING,
    };
    await server.setSubscription(team.teamUID, { tier: 2 });
    try {
      const refused = await owner.put(rulesPath(), welcoming);
      expect(refused.status).toBe(402);
      expect(refused.body.error.message).toContain('Pro plan');
    } finally {
      await server.setSubscription(team.teamUID, { tier: 3 });
    }
    expect((await owner.put(rulesPath(), welcoming)).status).toBe(200);
    const answer = await member.post(team.path('member-requests'), {
      ...GROUP,
      groupName: 'Rules Group',
      requests: [request('501', 'Say welcome to me'), request('502', 'Just looking')],
    });
    expect(answer.status).toBe(200);
    const [welcomed, other] = answer.body.data.requests as { GTID: string }[];
    const queued = (await member.get(team.path('queue-items?status=scheduled&platform=facebook'))).body.data
      .items as { GTID: string; text: string }[];
    expect(queued.filter((item) => item.GTID === welcomed!.GTID)).toMatchObject([
      { text: 'Welcome to Rules Group, Person!' },
    ]);
    expect(queued.some((item) => item.GTID === other!.GTID)).toBe(false);
    // Captured again, nothing is queued twice.
    await member.post(team.path('member-requests'), {
      ...GROUP,
      groupName: 'Rules Group',
      requests: [request('501', 'Say welcome to me')],
    });
    const again = (await member.get(team.path('queue-items?status=scheduled&platform=facebook'))).body.data
      .items as { GTID: string }[];
    expect(again.filter((item) => item.GTID === welcomed!.GTID)).toHaveLength(1);
  });
});
