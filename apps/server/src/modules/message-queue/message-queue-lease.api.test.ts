import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueLease } from '@grouptrack/domain';
import { selectRows, textArray } from '../../platform/db/raw';
import { contactSources } from '../../platform/db/team-schema';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TeamActor } from '../teams/teams.service';
import type { QueueClock } from './message-queue.service';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let stranger: TestTeam;
let leads: TestPipeline;

const ALL_DAY = Array.from({ length: 7 }, () => [{ start: '00:00', end: '00:00' }]);
/** A quick pace for tests: 10 s between messages, no breaks, all day, 500 a day. */
const QUICK = {
  minGapSeconds: 10,
  maxGapSeconds: 10,
  breakAfterMessages: null,
  breakMinutes: 10,
  workingHours: ALL_DAY,
  dailyMax: 500,
  timeZone: 'UTC',
};

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Lea Lease', email: 'lea@lease.test', extraSeats: 5 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New']);
  stranger = await server.createTeam({ name: 'Sid Stranger', email: 'sid@lease.test' });
});
afterAll(async () => {
  await server.stop();
});

const service = () => server.server.context.messageQueue;

/** A member of the team as the services see them. */
async function actorOf(client: TestClient): Promise<TeamActor> {
  const me = await client.me();
  return server.server.context.teams.requireMember(
    { userId: me.uid, email: me.email, name: me.name, isSuper: false, impersonatedBy: null },
    team.teamUID,
  );
}

/** A clock a test moves by hand; draws are always the middle of the range. */
function clockAt(start: number) {
  const clock = { at: start, now: () => new Date(clock.at), random: () => 0.5 };
  return clock satisfies QueueClock & { at: number };
}

/** A member with quick settings and `count` people with Facebook profiles queued in their queue. */
async function queueOf(name: string, count: number) {
  const { client } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [leads.groupUID],
    name,
    email: `${name.toLowerCase()}@lease.test`,
  });
  expect((await client.put(team.path('queue-settings/facebook'), QUICK)).status).toBe(200);
  const GTIDs = await server.insertContacts(team.teamUID, {
    prefix: name.toLowerCase(),
    total: count,
    pipelineId: leads.groupUID,
    stageId: leads.stages[0]!.stageUID,
  });
  const db = server.databases.forTeam(team.teamUID);
  for (let from = 0; from < count; from += 500) {
    await db.insert(contactSources).values(
      GTIDs.slice(from, from + 500).map((GTID) => ({
        teamId: team.teamUID,
        contactId: GTID,
        platform: 'facebook',
        username: `fb.${GTID}`,
        url: `https://www.facebook.com/fb.${GTID}`,
      })),
    );
  }
  const started = await client.post('/search/v2/bulk', {
    teamUID: team.teamUID,
    action: { type: 'queueMessage', templateId: await template(), platform: 'facebook' },
    target: { GTIDs },
  });
  expect(started.status).toBe(202);
  await server.waitForJob(client, team.teamUID, { bulkJobId: started.body.data.jobId }, { timeout: 60_000 });
  return { client, actor: await actorOf(client), GTIDs };
}

let templateId: string | null = null;
async function template() {
  if (templateId) return templateId;
  const answer = await owner.post(team.path('message-templates'), {
    name: 'Welcome',
    text: 'Hi {name|there}, glad you joined {pipeline}!',
  });
  templateId = answer.body.data.templateUID as string;
  return templateId;
}

async function itemStatuses(GTIDs: string[]) {
  return selectRows<{ contactId: string; status: string; attempts: number; sentAt: string | Date | null }>(
    server.databases.forTeam(team.teamUID),
    sql`select contact_id as "contactId", status, attempts, sent_at as "sentAt" from message_queue_items
      where team_id = ${team.teamUID} and contact_id = any(${textArray(GTIDs)}) order by sent_at`,
  );
}

describe('leasing and reporting through the API', () => {
  it('hands out one message at a time, and the next only after the gap', async () => {
    const { client, GTIDs } = await queueOf('Ada', 3);
    const lease = await client.post(team.path('queue/facebook/lease'));
    expect(lease.status).toBe(200);
    const first = lease.body.data as Extract<QueueLease, { status: 'leased' }>;
    expect(first).toMatchObject({
      status: 'leased',
      checkThreadFirst: false,
      item: {
        GTID: GTIDs[0],
        platform: 'facebook',
        text: `Hi Person ${GTIDs[0]}, glad you joined Leads!`,
        profile: { username: `fb.${GTIDs[0]}` },
      },
    });
    // A second tab asking now waits for the message being sent.
    const second = await client.post(team.path('queue/facebook/lease'));
    expect(second.body.data).toMatchObject({ status: 'waiting', reason: 'sending' });

    const report = await client.post(team.path(`queue-items/${first.item.id}/report`), {
      outcome: 'sent',
      leaseId: first.leaseId,
    });
    expect(report.status).toBe(200);
    expect(report.body.data.itemStatus).toBe('sent');
    expect(report.body.data.queue).toMatchObject({ sentToday: 1, scheduled: 2, waitReason: 'gap' });
    expect(report.body.data.queue.sentence).toMatch(/^Next message at \d\d:\d\d\.$/);
    // The same report again changes nothing.
    const again = await client.post(team.path(`queue-items/${first.item.id}/report`), {
      outcome: 'sent',
      leaseId: first.leaseId,
    });
    expect(again.body.data.itemStatus).toBe('sent');
    expect((await client.post(team.path('queue/facebook/lease'))).body.data).toMatchObject({
      status: 'waiting',
      reason: 'gap',
    });

    const history = (await owner.get(team.path(`contacts/${GTIDs[0]}/activities?limit=10`))).body.data.items;
    const sent = history.filter((item: { type: string }) => item.type === 'message');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      action: 'sent',
      note: first.item.text,
      data: { platform: 'facebook', templateName: 'Welcome' },
    });
  });

  it('refuses reports that are not the holder’s, and bad input, naming the field', async () => {
    const { client, actor } = await queueOf('Ben', 1);
    const clock = clockAt(Date.now());
    const lease = (await service().lease(actor, 'facebook', clock)) as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    const path = team.path(`queue-items/${lease.item.id}/report`);
    expect((await client.post(path, { outcome: 'sent', leaseId: 'someone-else' })).status).toBe(409);
    expect((await owner.post(path, { outcome: 'sent', leaseId: lease.leaseId })).status).toBe(404);
    expect((await server.client().post(path, { outcome: 'sent', leaseId: lease.leaseId })).status).toBe(401);
    expect((await stranger.owner.post(path, { outcome: 'sent', leaseId: lease.leaseId })).status).toBe(404);
    const noReason = await client.post(path, { outcome: 'failed', leaseId: lease.leaseId });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toContain('reason');
    expect((await client.post(path, { outcome: 'exploded', leaseId: lease.leaseId })).status).toBe(400);
    expect((await client.post(team.path('queue/myspace/lease'))).status).toBe(400);
    expect((await server.client().post(team.path('queue/facebook/lease'))).status).toBe(401);
    expect((await stranger.owner.post(team.path('queue/facebook/lease'))).status).toBe(404);
  });

  it('refuses the processor without the Pro plan, or the platform’s plan, naming the plan', async () => {
    try {
      await server.setSubscription(team.teamUID, { tier: 1 });
      const basic = await owner.post(team.path('queue/facebook/lease'));
      expect(basic.status).toBe(402);
      expect(basic.body.error.message).toContain('Pro plan');
      expect(basic.body.error.message).toContain('Basic');
      await server.setSubscription(team.teamUID, { tier: 4, instagramPlan: 'basic' });
      const instagram = await owner.post(team.path('queue/instagram/lease'));
      expect(instagram.status).toBe(402);
      expect(instagram.body.error.message).toContain('Pro Instagram plan');
      expect((await owner.post(team.path('queue/facebook/lease'))).status).toBe(200);
      await server.setSubscription(team.teamUID, { status: 'canceled' });
      expect((await owner.post(team.path('queue/facebook/lease'))).body.error.message).toContain('canceled');
    } finally {
      await server.setSubscription(team.teamUID, { tier: 3, status: 'trialing', instagramPlan: null });
    }
    expect((await owner.post(team.path('queue/facebook/lease'))).body.data).toMatchObject({
      status: 'empty',
    });
  });
});

describe('safety stops', () => {
  it('pauses the queue after three failures in a row, saying why, until resumed', async () => {
    const { client, actor } = await queueOf('Cai', 4);
    const clock = clockAt(Date.now());
    for (const attempt of [1, 2, 3]) {
      const lease = (await service().lease(actor, 'facebook', clock)) as Extract<
        QueueLease,
        { status: 'leased' }
      >;
      expect(lease.status, `lease ${attempt}`).toBe('leased');
      const report = await service().report(
        actor,
        lease.item.id,
        { outcome: 'failed', leaseId: lease.leaseId, reason: 'No message box' },
        clock,
      );
      expect(report.itemStatus).toBe('failed');
      clock.at += 11_000;
    }
    const paused = await service().lease(actor, 'facebook', clock);
    expect(paused).toMatchObject({ status: 'waiting', reason: 'paused', until: null });
    expect((paused as { sentence: string }).sentence).toContain('3 messages in a row failed');
    const failed = (await client.get(team.path('queue-items?status=failed&platform=facebook'))).body.data
      .items;
    expect(failed.map((item: { reason: string }) => item.reason)).toEqual([
      'No message box',
      'No message box',
      'No message box',
    ]);
    await service().resume(actor, 'facebook', clock);
    expect((await service().lease(actor, 'facebook', clock)).status).toBe('leased');
  });

  it('pauses an hour on a block notice, the message keeping its turn', async () => {
    const { actor, GTIDs } = await queueOf('Dot', 2);
    const clock = clockAt(Date.now());
    const lease = (await service().lease(actor, 'facebook', clock)) as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    const report = await service().report(
      actor,
      lease.item.id,
      { outcome: 'blocked', leaseId: lease.leaseId },
      clock,
    );
    expect(report.itemStatus).toBe('scheduled');
    expect(report.queue.paused?.reason).toContain('block notice');
    clock.at += 59 * 60_000;
    expect(await service().lease(actor, 'facebook', clock)).toMatchObject({
      status: 'waiting',
      reason: 'paused',
    });
    clock.at += 2 * 60_000;
    const after = (await service().lease(actor, 'facebook', clock)) as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    expect(after.item).toMatchObject({ id: lease.item.id, GTID: GTIDs[0] });
    expect(after.checkThreadFirst).toBe(false);
  });

  it('hands a message whose lease ran out out again only to be checked in the thread first', async () => {
    const { actor } = await queueOf('Eli', 2);
    const clock = clockAt(Date.now());
    const lease = (await service().lease(actor, 'facebook', clock)) as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    clock.at += 60_000;
    expect(await service().lease(actor, 'facebook', clock)).toMatchObject({
      status: 'waiting',
      reason: 'sending',
    });
    clock.at += 61_000;
    const again = (await service().lease(actor, 'facebook', clock)) as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    expect(again).toMatchObject({ status: 'leased', checkThreadFirst: true, item: { id: lease.item.id } });
    await expect(
      service().report(actor, lease.item.id, { outcome: 'sent', leaseId: lease.leaseId }, clock),
    ).rejects.toMatchObject({ statusCode: 409 });
    const found = await service().report(
      actor,
      again.item.id,
      { outcome: 'already-sent', leaseId: again.leaseId },
      clock,
    );
    expect(found.itemStatus).toBe('sent');
  });

  it('stops at the day’s maximum and resumes the next day by itself', async () => {
    const { client, actor } = await queueOf('Fox', 3);
    expect((await client.put(team.path('queue-settings/facebook'), { ...QUICK, dailyMax: 2 })).status).toBe(
      200,
    );
    const clock = clockAt(Date.UTC(2031, 0, 6, 12));
    for (let sent = 0; sent < 2; sent += 1) {
      const lease = (await service().lease(actor, 'facebook', clock)) as Extract<
        QueueLease,
        { status: 'leased' }
      >;
      await service().report(actor, lease.item.id, { outcome: 'sent', leaseId: lease.leaseId }, clock);
      clock.at += 10_000;
    }
    const stopped = await service().lease(actor, 'facebook', clock);
    expect(stopped).toMatchObject({
      status: 'waiting',
      reason: 'daily-max',
      until: '2031-01-07T00:00:00.000Z',
    });
    expect((stopped as { sentence: string }).sentence).toContain("today's maximum of 2 messages");
    clock.at = Date.UTC(2031, 0, 7, 0, 0, 1);
    expect((await service().lease(actor, 'facebook', clock)).status).toBe('leased');
  });
});

describe('three processors on one queue', () => {
  it('hands each of 1,000 messages out exactly once, at the set pace', { timeout: 600_000 }, async () => {
    const { actor, GTIDs } = await queueOf('Gil', 1000);
    const clock = clockAt(Date.now());
    const handed: string[] = [];
    let turns = 0;
    // Settles when the message being sent is reported: a processor told to wait for it waits for it.
    const settle = () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    };
    let reported = settle();
    const processor = async () => {
      for (;;) {
        turns += 1;
        if (turns > 20_000) throw new Error('the processors went round without end');
        const next = reported.promise;
        const answer = await service().lease(actor, 'facebook', clock);
        if (answer.status === 'empty') return;
        if (answer.status === 'leased') {
          handed.push(answer.item.id);
          const report = await service().report(
            actor,
            answer.item.id,
            { outcome: 'sent', leaseId: answer.leaseId },
            clock,
          );
          expect(report.itemStatus).toBe('sent');
          reported.resolve();
          reported = settle();
        } else if (answer.reason === 'sending') {
          await next;
        } else {
          // The processor tab would count down to the moment: the clock jumps there.
          expect(answer.until).not.toBeNull();
          clock.at = Math.max(clock.at, Date.parse(answer.until!));
        }
      }
    };
    await Promise.all([processor(), processor(), processor()]);

    expect(handed).toHaveLength(1000);
    expect(new Set(handed).size).toBe(1000);
    const rows = await itemStatuses(GTIDs);
    expect(rows.every((row) => row.status === 'sent' && Number(row.attempts) === 1)).toBe(true);
    const times = rows.map((row) => new Date(row.sentAt!).getTime());
    const gaps = times.slice(1).map((at, index) => at - times[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(10_000);
    const perDay = new Map<string, number>();
    for (const at of times) {
      const day = new Date(at).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(500);
  });
});
