import type { QueueLease } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestTeam } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { clockAt, QUICK, setUpQueueTeam, type QueueTeam } from '../../testing/queue-team';

let server: TestServer;
let team: TestTeam;
let stranger: TestTeam;
let owner: TestClient;
let queueOf: QueueTeam['queueOf'];

beforeAll(async () => {
  server = await startTestServer();
  ({ team, owner, queueOf } = await setUpQueueTeam(server, 'lease.test'));
  stranger = await server.createTeam({ name: 'Sid Stranger', email: 'sid@lease.test' });
});
afterAll(async () => {
  await server.stop();
});

const service = () => server.server.context.messageQueue;

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

  it('takes a message back that was not sent, in its place, and hands it out again at once', async () => {
    const { client, GTIDs } = await queueOf('Hal', 2);
    const first = (await client.post(team.path('queue/facebook/lease'))).body.data as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    const path = team.path(`queue-items/${first.item.id}/report`);
    const handedBack = await client.post(path, { outcome: 'not-sent', leaseId: first.leaseId });
    expect(handedBack.status).toBe(200);
    expect(handedBack.body.data.itemStatus).toBe('scheduled');
    expect(handedBack.body.data.queue).toMatchObject({ sentToday: 0, scheduled: 2 });
    // The same report again changes nothing; a late "sent" under the lease given back is refused.
    expect((await client.post(path, { outcome: 'not-sent', leaseId: first.leaseId })).status).toBe(200);
    expect((await client.post(path, { outcome: 'sent', leaseId: first.leaseId })).status).toBe(409);

    // Not waiting out the lease, nor the gap: the same message, first in line, with nothing to check.
    const again = (await client.post(team.path('queue/facebook/lease'))).body.data as Extract<
      QueueLease,
      { status: 'leased' }
    >;
    expect(again).toMatchObject({ status: 'leased', checkThreadFirst: false, item: { GTID: GTIDs[0] } });
    expect(again.leaseId).not.toBe(first.leaseId);
    const [row] = (await client.get(team.path('queue-items?status=sending&platform=facebook'))).body.data
      .items;
    expect(row).toMatchObject({ id: first.item.id, attempts: 1 });
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
