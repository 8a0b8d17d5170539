import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTagSet, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let stranger: TestTeam;
let leads: TestPipeline;
let hidden: TestPipeline;
let interest: TestTagSet;
let replyTemplate: string;
let guideMessage: string;
let groupId: string;

const PRO_REFUSAL =
  /^The Auto Responder needs the Pro plan; this team is on the \w+ plan\. Upgrade to Pro in Billing\.$/;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Rae Owner', email: 'rae@responder.test', extraSeats: 5 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Asked', 'Won']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  interest = await server.createTagSet(team, 'Interest', ['Guide', 'Hot']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [leads.groupUID],
    name: 'Mo Member',
    email: 'mo@responder.test',
  }));
  ({ client: outsider } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [hidden.groupUID],
    name: 'Oz Outsider',
    email: 'oz@responder.test',
  }));
  stranger = await server.createTeam({ name: 'Sid Stranger', email: 'sid@responder.test' });
  const template = async (name: string, text: string) =>
    (await owner.post(team.path('message-templates'), { name, text })).body.data.templateUID as string;
  replyTemplate = await template('Reply', 'Sent you a message, {firstName}!');
  guideMessage = await template('Guide', 'Hi {firstName}, here is the guide.');
  const group = await owner.post(team.path('auto-responder-groups'), { name: 'Launch', status: 'running' });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  groupId = group.body.data.id as string;
});
afterAll(async () => {
  await server.stop();
});

const tag = (name: string) => interest.tags.find((item) => item.name === name)!.tagUID;
const stage = (name: string) => leads.stages.find((item) => item.name === name)!.stageUID;

let posts = 0;
/** A job on a post of its own, capturing into Leads/Asked with both tags, replying and messaging. */
function job(overrides: Record<string, unknown> = {}) {
  posts += 1;
  return {
    jobGroupId: groupId,
    jobName: `Guide post ${posts}`,
    settings: {
      permalinkURL: `https://www.facebook.com/groups/runners/posts/${posts}/`,
      triggerWords: ['info'],
    },
    replyTemplateId: replyTemplate,
    messageTemplateId: guideMessage,
    tagIds: [tag('Guide'), tag('Hot')],
    pipelineId: leads.groupUID,
    stageId: stage('Asked'),
    ...overrides,
  };
}

async function addJob(body: Record<string, unknown> = job()) {
  const answer = await owner.post(team.path('auto-responders'), body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.jobID as string;
}

/** A comment as the extension reads it, by a person with a profile id of their own. */
function comment(commentId: string, authorName: string, text: string) {
  const profileId = `fb-${authorName.toLowerCase().replace(/\s+/g, '-')}`;
  return {
    commentId,
    parentCommentId: null,
    authorName,
    profileId,
    username: null,
    profileUrl: `https://www.facebook.com/profile.php?id=${profileId}`,
    text,
  };
}

const TEN_COMMENTS = [
  comment('c1', 'Ana Reyes', 'Info please!'),
  comment('c2', 'Ben Okafor', 'information?'),
  comment('c3', 'Cleo Park', 'INFO'),
  comment('c4', 'Dan Weiss', 'Looks great'),
  comment('c5', 'Eva Lund', 'infos svp'),
  comment('c6', 'Finn Moreau', 'Can I get the info? 🙏'),
  comment('c7', 'Gia Rossi', ''),
  comment('c8', 'Hal Brooks', 'in for it'),
  comment('c9', 'Ivy Chen', 'send info'),
  comment('c10', 'Jon Diaz', 'love this'),
];

function report(jobId: string, comments: unknown[], client = owner) {
  return client.post(team.path(`auto-responders/${jobId}/comments`), { comments });
}

async function countsOf(jobId: string) {
  const list = await owner.get(team.path('auto-responders'));
  return list.body.data.find((item: { jobID: string }) => item.jobID === jobId).counts;
}

describe('a reading of a post', () => {
  it('captures, messages and answers each matching commenter once', async () => {
    const jobId = await addJob();
    const first = await report(jobId, TEN_COMMENTS);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.replies).toEqual([
      { commentId: 'c1', text: 'Sent you a message, Ana!' },
      { commentId: 'c3', text: 'Sent you a message, Cleo!' },
      { commentId: 'c6', text: 'Sent you a message, Finn!' },
      { commentId: 'c9', text: 'Sent you a message, Ivy!' },
    ]);
    expect(first.body.data.counts).toEqual({ seen: 10, matched: 4, replied: 0, messaged: 4, captured: 4 });

    const queued = await owner.get(team.path('queue-items?status=scheduled&platform=facebook'));
    const items = (queued.body.data.items as { GTID: string; contactName: string; text: string }[]).filter(
      (item) => item.text.endsWith('here is the guide.'),
    );
    expect(items.map((item) => item.text).sort()).toEqual([
      'Hi Ana, here is the guide.',
      'Hi Cleo, here is the guide.',
      'Hi Finn, here is the guide.',
      'Hi Ivy, here is the guide.',
    ]);
    for (const item of items) {
      const contact = await owner.get(team.path(`contacts/${item.GTID}`));
      expect(contact.body.data.groupData[leads.groupUID].stage).toBe(stage('Asked'));
      const tagIds = Object.values(contact.body.data.globalTagSets as Record<string, string[]>).flat();
      expect(tagIds).toEqual(expect.arrayContaining([tag('Guide'), tag('Hot')]));
    }

    // A visit that could not post the replies gets them again on the next; nobody new is answered.
    const again = await report(jobId, TEN_COMMENTS);
    expect(again.status).toBe(200);
    expect(again.body.data.replies).toEqual(first.body.data.replies);
    expect(again.body.data.counts).toEqual(first.body.data.counts);
    for (const { commentId } of first.body.data.replies as { commentId: string }[]) {
      await owner.post(team.path(`auto-responders/${jobId}/replies`), { commentId, outcome: 'posted' });
    }
    // The next reading shows the job's own replies too: they are no comments of the post's.
    const ownReply = comment('own1', 'Dana Reyes', 'Sent you a message, Ana! More info inside.');
    const withOwn = { ...ownReply, text: 'Sent  you a message, ana!' };
    const third = await report(jobId, [...TEN_COMMENTS, withOwn]);
    expect(third.body.data.replies).toEqual([]);
    expect(third.body.data.counts).toEqual({ ...first.body.data.counts, replied: 4 });
    const after = await owner.get(team.path('queue-items?status=scheduled&platform=facebook'));
    expect(after.body.data.items).toHaveLength(queued.body.data.items.length);
  });

  it('counts a comment shown twice in one reading once, and answers a person once', async () => {
    const jobId = await addJob();
    const kim = comment('k1', 'Kim Novak', 'info!');
    const kimAgain = comment('k2', 'Kim Novak', 'still waiting for the info');
    const answer = await report(jobId, [kim, kim, kimAgain]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.replies).toEqual([{ commentId: 'k1', text: 'Sent you a message, Kim!' }]);
    expect(answer.body.data.counts).toEqual({ seen: 2, matched: 2, replied: 0, messaged: 1, captured: 1 });
  });

  it('counts a reply the extension posted once, however often it says so', async () => {
    const jobId = await addJob();
    await report(jobId, [comment('r1', 'Lea Stone', 'info'), comment('r2', 'Max Vega', 'info')]);
    const path = team.path(`auto-responders/${jobId}/replies`);
    const failed = await owner.post(path, { commentId: 'r2', outcome: 'failed', reason: 'Comment deleted' });
    expect(failed.body.data.replied).toBe(0);
    expect((await owner.post(path, { commentId: 'r1', outcome: 'posted' })).body.data.replied).toBe(1);
    expect((await owner.post(path, { commentId: 'r1', outcome: 'posted' })).body.data.replied).toBe(1);
    expect((await owner.post(path, { commentId: 'r1', outcome: 'failed' })).body.data.replied).toBe(1);
    expect((await owner.post(path, { commentId: 'r2', outcome: 'posted' })).body.data.replied).toBe(2);
    const unknown = await owner.post(path, { commentId: 'nobody', outcome: 'posted' });
    expect(unknown.status).toBe(404);
    expect(await countsOf(jobId)).toMatchObject({ replied: 2 });
  });

  it('lists the posts due a visit, and refuses readings of a paused group', async () => {
    const paused = await owner.post(team.path('auto-responder-groups'), { name: 'Later' });
    const laterJob = await addJob(job({ jobGroupId: paused.body.data.id }));
    const jobId = await addJob();
    const due = async () =>
      ((await owner.get(team.path('auto-responders/due'))).body.data as { jobID: string }[]).map(
        (item) => item.jobID,
      );
    expect(await due()).toContain(jobId);
    expect(await due()).not.toContain(laterJob);
    await report(jobId, []);
    expect(await due()).not.toContain(jobId);
    const refused = await report(laterJob, [comment('p1', 'Ned Hall', 'info')]);
    expect(refused.status).toBe(409);
    expect(await countsOf(laterJob)).toMatchObject({ seen: 0 });
  });
});

describe('who may do what', () => {
  it('keeps the Auto Responder to the Pro plan, naming the team’s plan', async () => {
    const jobId = await addJob();
    await server.setSubscription(team.teamUID, { tier: 2 });
    try {
      for (const refused of [
        await owner.post(team.path('auto-responders'), job()),
        await owner.patch(team.path(`auto-responder-groups/${groupId}`), { status: 'running' }),
        await report(jobId, TEN_COMMENTS),
        await owner.get(team.path('auto-responders/due')),
      ]) {
        expect(refused.status).toBe(402);
        expect(refused.body.error.message).toMatch(PRO_REFUSAL);
      }
      expect(await countsOf(jobId)).toMatchObject({ seen: 0 });
      // Pausing is always allowed.
      const paused = await owner.patch(team.path(`auto-responder-groups/${groupId}`), { status: 'paused' });
      expect(paused.status).toBe(200);
    } finally {
      await server.setSubscription(team.teamUID, { tier: 3 });
      await owner.patch(team.path(`auto-responder-groups/${groupId}`), { status: 'running' });
    }
  });

  it('answers 404 for another team’s job', async () => {
    const jobId = await addJob();
    expect((await stranger.owner.get(team.path('auto-responders'))).status).toBe(404);
    expect((await stranger.owner.put(stranger.path(`auto-responders/${jobId}`), job())).status).toBe(404);
    expect((await report(jobId, TEN_COMMENTS.slice(0, 1), stranger.owner)).status).toBe(404);
    const own = await stranger.owner.post(stranger.path(`auto-responders/${jobId}/comments`), {
      comments: [],
    });
    expect(own.status).toBe(404);
  });

  it('lets members report for jobs of their pipelines only, and never manage', async () => {
    const jobId = await addJob();
    for (const client of [member, outsider]) {
      const refused = await client.post(team.path('auto-responders'), job());
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(
        'Only the team owner or an admin can change the Auto Responder.',
      );
      expect((await client.get(team.path('auto-responder-groups'))).status).toBe(403);
      expect((await client.delete(team.path(`auto-responders/${jobId}`))).status).toBe(403);
    }
    const dueFor = async (client: TestClient) =>
      ((await client.get(team.path('auto-responders/due'))).body.data as { jobID: string }[]).map(
        (item) => item.jobID,
      );
    expect(await dueFor(member)).toContain(jobId);
    expect(await dueFor(outsider)).not.toContain(jobId);
    const outside = await report(jobId, [comment('o1', 'Ola Berg', 'info')], outsider);
    expect(outside.status).toBe(404);
    expect(await countsOf(jobId)).toMatchObject({ seen: 0 });

    // Someone already in a pipeline the member cannot see is neither revealed nor changed.
    const secret = await owner.post(team.path('contacts'), {
      name: 'Pat Secret',
      sources: [{ platform: 'facebook', profileId: 'fb-pat-secret' }],
      pipeline: { pipelineId: hidden.groupUID },
    });
    expect(secret.status).toBe(201);
    const answer = await report(
      jobId,
      [comment('m1', 'Pat Secret', 'info'), comment('m2', 'Quinn Moss', 'Info')],
      member,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.replies).toEqual([{ commentId: 'm2', text: 'Sent you a message, Quinn!' }]);
    expect(answer.body.data.counts).toEqual({ seen: 2, matched: 2, replied: 0, messaged: 1, captured: 1 });
    const person = await owner.get(team.path(`contacts/${secret.body.data.GTID}`));
    expect(Object.keys(person.body.data.groupData)).toEqual([hidden.groupUID]);
  });
});

describe('managing jobs and groups', () => {
  it('refuses bad input, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        job({ settings: { permalinkURL: 'https://www.facebook.com/jane.doe', triggerWords: ['info'] } }),
        /^Invalid body\.settings\.permalinkURL: Use the https address of a Facebook group post/,
      ],
      [
        job({ replyTemplateId: null, messageTemplateId: null, tagIds: [], pipelineId: null, stageId: null }),
        /^Invalid body\.replyTemplateId: Choose at least one thing to do/,
      ],
      [job({ tagIds: ['tag_nope'] }), /^Invalid body\.tagIds: tag_nope is not a tag of this team\.$/],
      [
        job({ stageId: hidden.stages[0]!.stageUID }),
        /^Invalid body\.stageId: .* is not a stage of that pipeline\.$/,
      ],
      [
        job({ jobGroupId: 'arg_nope' }),
        /^Invalid body\.jobGroupId: arg_nope is not a job group of this team\.$/,
      ],
      [
        job({ messageTemplateId: 'tpl_nope' }),
        /^Invalid body\.messageTemplateId: tpl_nope is not a message template/,
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await owner.post(team.path('auto-responders'), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.message).toMatch(message);
    }
    const jobId = await addJob();
    const tooMany = Array.from({ length: 501 }, (_, index) => comment(`x${index}`, 'Zed Many', 'info'));
    const refused = await report(jobId, tooMany);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Invalid body\.comments: Report at most 500 comments/);
  });

  it('reads the platform from the address and keeps the one address the extension visits', async () => {
    const created = await owner.post(
      team.path('auto-responders'),
      job({
        settings: { permalinkURL: 'https://instagram.com/acme/reel/C9z8?igsh=x', triggerWords: ['precio'] },
      }),
    );
    expect(created.body.data).toMatchObject({
      platform: 'instagram',
      settings: { permalinkURL: 'https://www.instagram.com/acme/reel/C9z8/', triggerWords: ['precio'] },
      archived: false,
      counts: { seen: 0, matched: 0, replied: 0, messaged: 0, captured: 0 },
    });
  });

  it('deletes a group only once its jobs are archived, taking them with it', async () => {
    const group = await owner.post(team.path('auto-responder-groups'), { name: 'Old launch' });
    const oldGroup = group.body.data.id as string;
    const body = job({ jobGroupId: oldGroup });
    const jobId = await addJob(body);
    const refused = await owner.delete(team.path(`auto-responder-groups/${oldGroup}`));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This group has a job in use: archive, move or delete it first.');
    const archived = await owner.put(team.path(`auto-responders/${jobId}`), { ...body, archived: true });
    expect(archived.body.data.archived).toBe(true);
    expect((await owner.delete(team.path(`auto-responder-groups/${oldGroup}`))).status).toBe(204);
    const jobs = (await owner.get(team.path('auto-responders'))).body.data as { jobID: string }[];
    expect(jobs.map((item) => item.jobID)).not.toContain(jobId);
  });

  it('keeps groups in the order they are placed', async () => {
    const names = async () =>
      ((await owner.get(team.path('auto-responder-groups'))).body.data as { name: string }[]).map(
        (item) => item.name,
      );
    const last = await owner.post(team.path('auto-responder-groups'), { name: 'Zeta' });
    await owner.patch(team.path(`auto-responder-groups/${last.body.data.id}`), { before: groupId });
    expect((await names())[0]).toBe('Zeta');
  });
});
