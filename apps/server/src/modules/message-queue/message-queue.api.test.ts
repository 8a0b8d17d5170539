import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let stranger: TestTeam;
let leads: TestPipeline;
let hidden: TestPipeline;
let hello: string;
let askEmail: string;

const ALL_DAY = Array.from({ length: 7 }, () => [{ start: '00:00', end: '00:00' }]);

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Quinn Owner', email: 'quinn@queue.test', extraSeats: 5 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Talking']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [leads.groupUID],
    name: 'Mia Member',
    email: 'mia@queue.test',
  }));
  ({ client: outsider } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [hidden.groupUID],
    name: 'Oli Outsider',
    email: 'oli@queue.test',
  }));
  stranger = await server.createTeam({ name: 'Sam Stranger', email: 'sam@queue.test' });
  hello = await template('Hello', 'Hi {firstName}, welcome to {pipeline}!');
  askEmail = await template('Ask', 'Hi {firstName}, is {emailAddress} still yours?');
});
afterAll(async () => {
  await server.stop();
});

async function template(name: string, text: string) {
  const answer = await owner.post(team.path('message-templates'), { name, text });
  expect(answer.status).toBe(201);
  return answer.body.data.templateUID as string;
}

/** A contact in Leads with a Facebook profile (unless other sources are given). */
async function person(firstName: string, extra: Record<string, unknown> = {}) {
  const answer = await owner.post(team.path('contacts'), {
    firstName,
    lastName: 'Queue',
    name: `${firstName} Queue`,
    sources: [{ platform: 'facebook', username: `${firstName.toLowerCase()}.queue` }],
    pipeline: { pipelineId: leads.groupUID },
    ...extra,
  });
  expect(answer.status).toBe(201);
  return answer.body.data.GTID as string;
}

const queueFor = (client: TestClient, GTID: string, body: Record<string, unknown>) =>
  client.post(team.path(`contacts/${GTID}/queue-items`), body);

async function list(client: TestClient, status: string, platform = 'facebook') {
  const answer = await client.get(team.path(`queue-items?status=${status}&platform=${platform}`));
  expect(answer.status).toBe(200);
  return answer.body.data.items as { id: string; GTID: string; text: string; reason: string | null }[];
}

describe('queueing a message for one contact', () => {
  it('schedules the template rendered for the person, in the queue of whoever queued it', async () => {
    const ana = await person('Ana');
    const answer = await queueFor(owner, ana, { platform: 'facebook', templateId: hello });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      GTID: ana,
      contactName: 'Ana Queue',
      platform: 'facebook',
      queuedToUID: team.ownerUID,
      templateId: hello,
      text: 'Hi Ana, welcome to Leads!',
      status: 'scheduled',
      reason: null,
    });
    expect((await list(owner, 'scheduled')).map((item) => item.id)).toContain(answer.body.data.id);
    // Another member's queue is their own.
    expect(await list(member, 'scheduled')).toEqual([]);
  });

  it('sends a message whose template needs a field the person lacks to review, naming the field', async () => {
    const bo = await person('Bo');
    const answer = await queueFor(owner, bo, { platform: 'facebook', templateId: askEmail });
    expect(answer.status).toBe(201);
    expect(answer.body.data.status).toBe('pending');
    expect(answer.body.data.reason).toContain('{emailAddress}');
    // The gap stays visible in the text, to be filled in review.
    expect(answer.body.data.text).toBe('Hi Bo, is {emailAddress} still yours?');
  });

  it('skips a person without a profile on the platform, saying why', async () => {
    const cy = await person('Cy', { sources: [{ platform: 'instagram', username: 'cy.queue' }] });
    const answer = await queueFor(owner, cy, { platform: 'facebook', templateId: hello });
    expect(answer.body.data.status).toBe('skipped');
    expect(answer.body.data.reason).toContain('No Facebook profile');
    const onInstagram = await queueFor(owner, cy, { platform: 'instagram', templateId: hello });
    expect(onInstagram.body.data.status).toBe('scheduled');
  });

  it('gives nobody two queued messages on the same day unless asked to', async () => {
    const di = await person('Di');
    expect((await queueFor(owner, di, { platform: 'facebook', text: 'First' })).body.data.status).toBe(
      'scheduled',
    );
    const second = await queueFor(owner, di, { platform: 'facebook', text: 'Second' });
    expect(second.body.data.status).toBe('skipped');
    expect(second.body.data.reason).toContain('Already has a message waiting');
    const asked = await queueFor(owner, di, { platform: 'facebook', text: 'Second', allowSameDay: true });
    expect(asked.body.data.status).toBe('scheduled');
  });

  it('fills the fields of a text written by hand, fallbacks included', async () => {
    const ed = await person('Ed', { lastName: '' });
    const answer = await queueFor(owner, ed, {
      platform: 'facebook',
      text: 'Hey {firstName}, {lastName|friend}! {senderName} here.',
    });
    expect(answer.body.data.text).toBe('Hey Ed, friend! Quinn Owner here.');
    // A template's text as edited before queueing still names its template.
    const edited = await queueFor(owner, ed, {
      platform: 'facebook',
      templateId: hello,
      text: 'Hi {firstName}, welcome!',
      allowSameDay: true,
    });
    expect(edited.body.data).toMatchObject({ templateId: hello, text: 'Hi Ed, welcome!' });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const fay = await person('Fay');
    const cases: [Record<string, unknown>, string][] = [
      [{ platform: 'facebook' }, 'templateId'],
      [{ platform: 'myspace', text: 'Hi' }, 'platform'],
      [{ platform: 'facebook', text: '   ' }, 'text'],
      [{ platform: 'facebook', text: 'x'.repeat(5001) }, 'text'],
      [{ platform: 'facebook', templateId: 'tpl_nope' }, 'templateId'],
      [{ platform: 'facebook', text: 'Hi', extra: true }, 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await queueFor(owner, fay, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toContain(field);
    }
  });

  it('refuses the signed out, another team, and a member who cannot see the contact', async () => {
    const gus = await person('Gus');
    const body = { platform: 'facebook', text: 'Hi' };
    expect((await queueFor(server.client(), gus, body)).status).toBe(401);
    expect((await stranger.owner.post(team.path(`contacts/${gus}/queue-items`), body)).status).toBe(404);
    expect((await stranger.owner.post(stranger.path(`contacts/${gus}/queue-items`), body)).status).toBe(404);
    expect((await queueFor(outsider, gus, body)).status).toBe(404);
    expect((await queueFor(member, gus, body)).status).toBe(201);
  });
});

describe('the review queue', () => {
  it('approves an item once its edited text has no gap left, filled for the person', async () => {
    const hal = await person('Hal');
    const queued = (await queueFor(owner, hal, { platform: 'facebook', templateId: askEmail })).body.data;
    const still = await owner.post(team.path('queue-items/bulk'), { action: 'approve', ids: [queued.id] });
    expect(still.status).toBe(200);
    expect(still.body.data.changed).toEqual([]);
    expect(still.body.data.refused).toEqual([
      { id: queued.id, reason: expect.stringContaining('{emailAddress}') },
    ]);

    const edited = await owner.patch(team.path(`queue-items/${queued.id}`), {
      text: 'Hi {firstName}, what is your email?',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.status).toBe('pending');
    const approved = await owner.post(team.path('queue-items/bulk'), { action: 'approve', ids: [queued.id] });
    expect(approved.body.data).toEqual({ changed: [queued.id], refused: [] });
    const scheduled = (await list(owner, 'scheduled')).find((item) => item.id === queued.id);
    expect(scheduled?.text).toBe('Hi Hal, what is your email?');
  });

  it('rejects pending items together, keeping the reason, and leaves the others as they are', async () => {
    const ids: string[] = [];
    for (const name of ['Ida', 'Jo']) {
      const GTID = await person(name);
      ids.push((await queueFor(owner, GTID, { platform: 'facebook', templateId: askEmail })).body.data.id);
    }
    const scheduled = (await list(owner, 'scheduled'))[0]!.id;
    const answer = await owner.post(team.path('queue-items/bulk'), {
      action: 'reject',
      ids: [...ids, scheduled, 'mq_unknown'],
      reason: 'not a fit',
    });
    expect(answer.body.data.changed).toEqual(ids);
    expect(answer.body.data.refused).toEqual([
      { id: scheduled, reason: 'It is scheduled.' },
      { id: 'mq_unknown', reason: 'Queued message not found.' },
    ]);
    const cancelled = await list(owner, 'cancelled');
    expect(cancelled.filter((item) => ids.includes(item.id)).map((item) => item.reason)).toEqual([
      'Rejected in review: not a fit.',
      'Rejected in review: not a fit.',
    ]);
    const again = await owner.patch(team.path(`queue-items/${ids[0]}`), { text: 'Too late' });
    expect(again.status).toBe(409);
  });

  it("refuses to show or change another member's items", async () => {
    const kim = await person('Kim');
    const queued = (await queueFor(member, kim, { platform: 'facebook', templateId: askEmail })).body.data;
    expect((await owner.patch(team.path(`queue-items/${queued.id}`), { text: 'Mine now' })).status).toBe(404);
    const bulk = await owner.post(team.path('queue-items/bulk'), { action: 'cancel', ids: [queued.id] });
    expect(bulk.body.data.refused).toEqual([{ id: queued.id, reason: 'Queued message not found.' }]);
    expect((await member.get(team.path('queue-items?status=pending'))).body.data.items).toHaveLength(1);
    expect((await server.client().get(team.path('queue-items?status=pending'))).status).toBe(401);
    expect((await stranger.owner.get(team.path('queue-items?status=pending'))).status).toBe(404);
    const bad = await member.get(team.path('queue-items?status=lost'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('status');
    expect((await member.get(team.path('queue-items?status=sent&cursor=nonsense'))).status).toBe(400);
    expect((await member.patch(team.path(`queue-items/${queued.id}`), { text: '' })).status).toBe(400);
  });
});

describe('ordering and cancelling scheduled items', () => {
  it('moves an item before or after another of its queue, in one step each', async () => {
    const ids: string[] = [];
    for (const name of ['Lu', 'Max', 'Ned']) {
      const GTID = await person(name);
      ids.push((await queueFor(owner, GTID, { platform: 'linkedin', text: `For ${name}` })).body.data.id);
    }
    // No LinkedIn profile: skipped, and skipped items do not move.
    const skipped = ids[0]!;
    expect((await list(owner, 'skipped', 'linkedin')).map((item) => item.id).sort()).toEqual([...ids].sort());
    expect((await owner.post(team.path(`queue-items/${skipped}/move`), { before: ids[1] })).status).toBe(409);

    const queued: string[] = [];
    for (const name of ['Ola', 'Pia', 'Rex']) {
      const GTID = await person(name, { sources: [{ platform: 'linkedin', username: `${name}-q` }] });
      queued.push((await queueFor(owner, GTID, { platform: 'linkedin', text: `For ${name}` })).body.data.id);
    }
    const order = async () => (await list(owner, 'scheduled', 'linkedin')).map((item) => item.id);
    expect(await order()).toEqual(queued);
    const [ola, pia, rex] = queued as [string, string, string];
    expect((await owner.post(team.path(`queue-items/${rex}/move`), { before: ola })).status).toBe(200);
    expect(await order()).toEqual([rex, ola, pia]);
    expect((await owner.post(team.path(`queue-items/${ola}/move`), { after: pia })).status).toBe(200);
    expect(await order()).toEqual([rex, pia, ola]);

    const bad = await owner.post(team.path(`queue-items/${ola}/move`), { after: skipped });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('after');
    expect((await owner.post(team.path(`queue-items/${ola}/move`), { after: ola })).status).toBe(400);
    // No neighbour named: to the end of the queue.
    expect((await owner.post(team.path(`queue-items/${rex}/move`), {})).status).toBe(200);
    expect(await order()).toEqual([pia, ola, rex]);

    const cancelled = await owner.post(team.path('queue-items/bulk'), { action: 'cancel', ids: [rex, pia] });
    expect(cancelled.body.data).toEqual({ changed: [rex, pia], refused: [] });
    expect(await order()).toEqual([ola]);
    expect((await list(owner, 'cancelled', 'linkedin')).map((item) => item.reason)).toEqual([
      'Cancelled.',
      'Cancelled.',
    ]);
    const tooMany = await owner.post(team.path('queue-items/bulk'), {
      action: 'cancel',
      ids: Array.from({ length: 501 }, (_, index) => `mq_${index}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('ids');
  });

  it("cancels a person's waiting messages on a platform when they reply, in every queue", async () => {
    const uma = await person('Uma');
    await queueFor(owner, uma, { platform: 'facebook', text: 'One' });
    await queueFor(member, uma, { platform: 'facebook', text: 'Two', allowSameDay: true });
    await queueFor(owner, uma, { platform: 'facebook', templateId: askEmail, allowSameDay: true });
    const path = team.path(`contacts/${uma}/queue-items/cancel`);
    expect((await outsider.post(path, { platform: 'facebook', reason: 'replied' })).status).toBe(404);
    expect((await server.client().post(path, { platform: 'facebook', reason: 'replied' })).status).toBe(401);
    expect((await owner.post(path, { platform: 'facebook', reason: 'shrug' })).status).toBe(400);
    const answer = await owner.post(path, { platform: 'facebook', reason: 'replied' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ cancelled: 3 });
    const mine = (await list(member, 'cancelled')).find((item) => item.GTID === uma);
    expect(mine?.reason).toBe('Cancelled: they replied.');
    expect((await owner.post(path, { platform: 'facebook', reason: 'wrote-by-hand' })).body.data).toEqual({
      cancelled: 0,
    });
  });
});

describe('queue settings', () => {
  it('answers the safe defaults in the user’s time zone until settings are saved, then those', async () => {
    const path = team.path('queue-settings/facebook');
    const first = await member.get(path);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ platform: 'facebook', isSaved: false });
    expect(first.body.data.settings.timeZone).toBe('UTC');
    expect(first.body.data.settings.dailyMax).toBeGreaterThan(0);

    const settings = {
      minGapSeconds: 60,
      maxGapSeconds: 90,
      breakAfterMessages: null,
      breakMinutes: 15,
      workingHours: ALL_DAY,
      dailyMax: 30,
      timeZone: 'Europe/Lisbon',
    };
    const saved = await member.put(path, settings);
    expect(saved.status).toBe(200);
    expect((await member.get(path)).body.data).toEqual({ platform: 'facebook', settings, isSaved: true });
    // Someone else's settings stay theirs.
    expect((await owner.get(path)).body.data.isSaved).toBe(false);

    const status = await member.get(team.path('queue/facebook'));
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({
      platform: 'facebook',
      sentToday: 0,
      dailyMax: 30,
      paused: null,
    });
    expect(typeof status.body.data.sentence).toBe('string');
  });

  it('refuses settings that do not hold together, naming the field', async () => {
    const path = team.path('queue-settings/instagram');
    const good = (await member.get(path)).body.data.settings;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, maxGapSeconds: good.minGapSeconds - 1 }, 'maxGapSeconds'],
      [{ ...good, timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ ...good, dailyMax: 0 }, 'dailyMax'],
      [{ ...good, workingHours: [[{ start: '25:00', end: '10:00' }]] }, 'workingHours'],
      [{ ...good, surprise: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await member.put(path, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.message).toContain(field);
    }
    expect((await member.put(team.path('queue-settings/myspace'), good)).status).toBe(400);
    expect((await server.client().get(path)).status).toBe(401);
    expect((await stranger.owner.get(path)).status).toBe(404);
    expect((await stranger.owner.get(team.path('queue/facebook'))).status).toBe(404);
  });

  it('pauses until resumed, saying why', async () => {
    const paused = await member.post(team.path('queue/facebook/pause'), { minutes: null });
    expect(paused.body.data.paused).toEqual({ until: null, reason: 'Paused by you until you resume it.' });
    expect(paused.body.data.waitReason).toBe('paused');
    const resumed = await member.post(team.path('queue/facebook/resume'));
    expect(resumed.body.data.paused).toBeNull();
    expect((await member.post(team.path('queue/facebook/pause'), { minutes: 0 })).status).toBe(400);
  });
});

describe('queueing a template to many contacts', () => {
  const bulk = (client: TestClient, action: Record<string, unknown>, GTIDs: string[]) =>
    client.post('/search/v2/bulk', { teamUID: team.teamUID, action, target: { GTIDs } });

  it('queues the template for each as a bulk job: scheduled, to review, or skipped with the reason', async () => {
    const people = [
      await person('Vic', { emailAddress: 'vic@queue.test' }),
      await person('Wes'),
      await person('Xia', { sources: [{ platform: 'tiktok', username: 'xia.q' }] }),
    ];
    const started = await bulk(
      member,
      { type: 'queueMessage', templateId: askEmail, platform: 'facebook' },
      people,
    );
    expect(started.status).toBe(202);
    expect(started.body.data.matched).toBe(3);
    await server.waitForJob(member, team.teamUID, { bulkJobId: started.body.data.jobId });
    const of = async (status: string) =>
      (await list(member, status)).filter((item) => people.includes(item.GTID)).map((item) => item.GTID);
    expect(await of('scheduled')).toEqual([people[0]]);
    expect(await of('pending')).toEqual([people[1]]);
    expect(await of('skipped')).toEqual([people[2]]);
    // Again the same day: everyone is skipped, nobody gets two.
    const again = await bulk(
      member,
      { type: 'queueMessage', templateId: askEmail, platform: 'facebook' },
      people,
    );
    await server.waitForJob(member, team.teamUID, { bulkJobId: again.body.data.jobId });
    expect(await of('scheduled')).toEqual([people[0]]);
    expect((await of('skipped')).sort()).toEqual([...people, people[2]].sort());
    // Queueing creates no activity: the history speaks once a message is sent.
    const history = await owner.get(team.path(`contacts/${people[0]}/activities?limit=50`));
    expect(history.body.data.items.map((item: { type: string }) => item.type)).not.toContain('message');
  });

  it('refuses bulk queueing without the Pro plan, or the platform’s plan, naming the plan', async () => {
    const GTIDs = [await person('Yul')];
    const action = { type: 'queueMessage', templateId: hello, platform: 'facebook' };
    try {
      await server.setSubscription(team.teamUID, { tier: 2 });
      const premier = await bulk(owner, action, GTIDs);
      expect(premier.status).toBe(402);
      expect(premier.body.error.message).toContain('Pro plan');
      expect(premier.body.error.message).toContain('Premier');
      // One message from a contact is queued on any plan: it waits until the processor runs.
      expect((await queueFor(owner, GTIDs[0]!, { platform: 'facebook', text: 'Hi' })).status).toBe(201);

      await server.setSubscription(team.teamUID, { tier: 3, facebookPlan: 'basic' });
      const facebook = await bulk(owner, action, GTIDs);
      expect(facebook.status).toBe(402);
      expect(facebook.body.error.message).toContain('Pro Facebook plan');
      expect((await bulk(owner, { ...action, platform: 'instagram' }, GTIDs)).status).toBe(202);
    } finally {
      await server.setSubscription(team.teamUID, { tier: 3, facebookPlan: null });
    }
    const unknown = await bulk(owner, { ...action, templateId: 'tpl_nope' }, GTIDs);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('templateId');
    expect((await bulk(owner, { ...action, platform: 'myspace' }, GTIDs)).status).toBe(400);
  });
});
