import { SYNC_MAX_ATTEMPTS } from '@grouptrack/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/raw';
import { contactRemoteIds } from '../../platform/db/team-schema';
import type { TestPipeline, TestTagSet, TestTeam } from '../../testing/factories';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { startWebhookReceiver } from '../../testing/webhook-receiver';
import * as syncRepo from './sync.repository';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let outsider: TestClient;
let stranger: TestTeam;
let leads: TestPipeline;
let hidden: TestPipeline;
let labels: TestTagSet;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  // The tests plan and deliver themselves, step by step; the worker's own loop would race them.
  await server.server.context.sync.stop();
  receiver = await startWebhookReceiver();
  team = await server.createTeam({ name: 'Cora Owner', email: 'cora@sync.test', extraSeats: 5 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Talking', 'Won']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  labels = await server.createTagSet(team, 'Interest', ['Hot', 'Cold']);
  ({ client: member } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [leads.groupUID],
    name: 'Mia Member',
    email: 'mia@sync.test',
  }));
  ({ client: outsider } = await server.joinAsMember(team, {
    role: 'member',
    groupAccess: [hidden.groupUID],
    name: 'Ola Outsider',
    email: 'ola@sync.test',
  }));
  stranger = await server.createTeam({ name: 'Sam Stranger', email: 'sam@sync.test' });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const db = () => server.databases.forTeam(team.teamUID);
const stage = (name: string) => leads.stages.find((item) => item.name === name)!.stageUID;
const tag = (name: string) => labels.tags.find((item) => item.name === name)!.tagUID;

/** Plans what the outbox holds and tries what is due, as the worker's loop does each second. */
async function syncNow() {
  const { sync } = server.server.context;
  while ((await sync.plan(db())) > 0) {
    // Until the outbox is empty.
  }
  while ((await sync.deliverDue(db())) > 0) {
    // Until nothing more is due.
  }
}

/** Brings every waiting retry forward to now, as the clock would after its delay. */
async function fastForward() {
  await db().execute(sql`update sync_deliveries set due_at = now() where status = 'pending'`);
}

async function addWebhook(overrides: Record<string, unknown> = {}) {
  const answer = await owner.post(team.path('connections'), {
    type: 'webhooks',
    name: 'Zapier hook',
    settings: { url: receiver.url },
    ...overrides,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { connection: { connectionUID: string }; signingSecret: string };
}

async function link(connectionUID: string, body: Record<string, unknown> = {}) {
  const answer = await owner.put(team.path(`connections/${connectionUID}/pipelines/${leads.groupUID}`), body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(204);
}

async function capture(firstName: string, extra: Record<string, unknown> = {}) {
  const answer = await owner.post(team.path('contacts'), {
    firstName,
    lastName: 'Sync',
    name: `${firstName} Sync`,
    emailAddress: `${firstName.toLowerCase()}@people.test`,
    sources: [{ platform: 'facebook', username: `${firstName.toLowerCase()}.sync` }],
    pipeline: { pipelineId: leads.groupUID },
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.GTID as string;
}

async function deliveries(connectionUID: string, query = '') {
  const answer = await owner.get(team.path(`connections/${connectionUID}/deliveries${query}`));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as {
    deliveries: {
      id: string;
      contactId: string;
      status: string;
      attempts: number;
      responseCode: number | null;
      responseMessage: string | null;
      skipReason: string | null;
      changes: { kind: string; action: string }[];
    }[];
    nextCursor: string | null;
  };
}

async function remove(connectionUID: string) {
  expect((await owner.delete(team.path(`connections/${connectionUID}`))).status).toBe(204);
}

describe('connections', () => {
  it('sends a stage change to a webhook, signed, and never shows the secret again', async () => {
    const { connection, signingSecret } = await addWebhook();
    expect(signingSecret).toMatch(/^whsec_/);
    receiver.useSecret(signingSecret);
    await link(connection.connectionUID);
    const listed = await owner.get(team.path('connections'));
    expect(JSON.stringify(listed.body)).not.toContain(signingSecret);
    expect(listed.body.data[0]).toMatchObject({
      name: 'Zapier hook',
      secretHints: { signingSecret: `••••${signingSecret.slice(-4)}` },
      usedInPipelines: [{ pipelineId: leads.groupUID, name: 'Leads', syncPeriod: 0, delayBy: 0 }],
    });

    const GTID = await capture('Ann');
    await syncNow();
    const moved = await owner.put(team.path(`contacts/${GTID}/pipelines/${leads.groupUID}`), {
      stageId: stage('Talking'),
    });
    expect(moved.status).toBe(200);
    const before = receiver.received.length;
    await syncNow();
    const hook = receiver.received.slice(before).find((item) => item.body.event === 'stage');
    expect(hook).toBeDefined();
    expect(hook!.verified).toBe(true);
    expect(hook!.body).toMatchObject({
      event: 'stage',
      action: 'update',
      GTID,
      fullName: 'Ann Sync',
      emailAddress: 'ann@people.test',
      facebookUsername: 'ann.sync',
      pipeline: 'Leads',
      stage: 'Talking',
      changes: [{ event: 'stage', action: 'update', stage: { from: 'New', to: 'Talking' } }],
    });
    const log = await deliveries(connection.connectionUID);
    expect(log.deliveries[0]).toMatchObject({
      id: hook!.id,
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
    });
    const state = await owner.get(team.path(`contacts/${GTID}/sync`));
    expect(state.body.data).toEqual([
      expect.objectContaining({ connectionUID: connection.connectionUID, lastStatus: 'delivered' }),
    ]);
    await remove(connection.connectionUID);
  });

  it('retries a failing receiver on a growing schedule with one webhook-id, dead-letters it, and a retry delivers it', async () => {
    const { connection, signingSecret } = await addWebhook({ name: 'Flaky' });
    receiver.useSecret(signingSecret);
    await link(connection.connectionUID);
    receiver.answer(500);
    const before = receiver.received.length;
    const GTID = await capture('Bea');
    await syncNow();
    const [first] = (await deliveries(connection.connectionUID)).deliveries;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 });
    expect(first!.responseMessage).toContain('the receiver is down');
    for (let attempt = 2; attempt <= SYNC_MAX_ATTEMPTS; attempt += 1) {
      await fastForward();
      await syncNow();
    }
    const dead = await deliveries(connection.connectionUID, '?status=dead-letter');
    expect(dead.deliveries).toEqual([
      expect.objectContaining({ contactId: GTID, status: 'failed', attempts: SYNC_MAX_ATTEMPTS }),
    ]);
    const tries = receiver.received.slice(before);
    expect(tries).toHaveLength(SYNC_MAX_ATTEMPTS);
    expect(new Set(tries.map((item) => item.id))).toEqual(new Set([first!.id]));
    expect(tries.every((item) => item.verified)).toBe(true);
    const totals = (await owner.get(team.path('connections'))).body.data.find(
      (row: { connectionUID: string }) => row.connectionUID === connection.connectionUID,
    );
    expect(totals).toMatchObject({ totals: { failed: 1 }, failuresInRow: 1 });

    receiver.answer(200);
    const retried = await owner.post(
      team.path(`connections/${connection.connectionUID}/deliveries/${first!.id}/retry`),
    );
    expect(retried.body.data).toEqual({ retried: 1 });
    await syncNow();
    expect(receiver.received.at(-1)).toMatchObject({ id: first!.id, answered: 200, verified: true });
    expect((await deliveries(connection.connectionUID)).deliveries[0]).toMatchObject({ status: 'delivered' });
    await remove(connection.connectionUID);
  });

  it('keeps one person’s deliveries in order: a newer one waits while an older one is retried', async () => {
    const { connection } = await addWebhook({ name: 'In order' });
    await link(connection.connectionUID);
    receiver.answer(503);
    const GTID = await capture('Ivy');
    await syncNow();
    const before = receiver.received.length;
    receiver.answer(200);
    await owner.put(team.path(`contacts/${GTID}/tags/${tag('Cold')}`), {});
    await syncNow();
    expect(receiver.received.length).toBe(before);
    await fastForward();
    await syncNow();
    // Claimed beside the retry, the newer one was handed back, due a second after it.
    expect(receiver.received.slice(before).map((item) => item.body.event)).toEqual(['stage']);
    await fastForward();
    await syncNow();
    expect(receiver.received.slice(before).map((item) => item.body.event)).toEqual(['stage', 'tag']);
    await remove(connection.connectionUID);
  });

  it('dead-letters a refusal (4xx) at once with the answer, and discards it on request', async () => {
    const { connection } = await addWebhook({ name: 'Refusing' });
    await link(connection.connectionUID);
    receiver.answer(422);
    await capture('Cid');
    await syncNow();
    receiver.answer(200);
    const [dead] = (await deliveries(connection.connectionUID, '?status=dead-letter')).deliveries;
    expect(dead).toMatchObject({ status: 'failed', attempts: 1, responseCode: 422 });
    expect(dead!.responseMessage).toContain('422');
    const discarded = await owner.post(
      team.path(`connections/${connection.connectionUID}/deliveries/${dead!.id}/discard`),
    );
    expect(discarded.status).toBe(204);
    expect((await deliveries(connection.connectionUID, '?status=dead-letter')).deliveries).toEqual([]);
    await remove(connection.connectionUID);
  });

  it('tells the owner and admins by mail once a connection keeps failing', async () => {
    const { connection } = await addWebhook({ name: 'Broken hook' });
    await link(connection.connectionUID);
    receiver.answer(404);
    const mails = async () =>
      (await server.server.context.mail.listOutbox({ limit: 100, to: 'cora@sync.test' })).filter((mail) =>
        mail.subject.includes('"Broken hook" keeps failing'),
      );
    for (const name of ['Kay', 'Lou', 'Max', 'Ned']) await capture(name);
    await syncNow();
    expect(await mails()).toEqual([]);
    await capture('Oda');
    await syncNow();
    receiver.answer(200);
    const told = await mails();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('dead-letter list');
    const listed = (await owner.get(team.path('connections'))).body.data.find(
      (row: { connectionUID: string }) => row.connectionUID === connection.connectionUID,
    );
    expect(listed).toMatchObject({ failuresInRow: 5, totals: { failed: 5 } });
    await remove(connection.connectionUID);
  });

  it('coalesces one person’s changes within the sync period into one call', async () => {
    const { connection, signingSecret } = await addWebhook({ name: 'Hourly' });
    receiver.useSecret(signingSecret);
    await link(connection.connectionUID, { syncPeriod: 60 });
    const GTID = await capture('Dot');
    await owner.put(team.path(`contacts/${GTID}/tags/${tag('Hot')}`), {});
    await owner.post(team.path(`contacts/${GTID}/notes`), { text: 'Asked about pricing' });
    const before = receiver.received.length;
    await syncNow();
    expect(receiver.received.length).toBe(before);
    const waiting = await deliveries(connection.connectionUID);
    expect(waiting.deliveries).toHaveLength(1);
    expect(waiting.deliveries[0]!.changes.map((change) => `${change.kind} ${change.action}`)).toEqual([
      'info add',
      'stage add',
      'tag add',
      'note add',
    ]);
    await fastForward();
    await syncNow();
    const calls = receiver.received.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      event: 'note',
      action: 'add',
      tags: [{ tagSetName: 'Interest', tag: 'Hot' }],
      globalTags: 'Hot',
    });
    await remove(connection.connectionUID);
  });

  it('skips what the rules of SPEC §5 say to skip, keeping the reason', async () => {
    const { connection } = await addWebhook({
      name: 'Email only',
      emailOnly: true,
      receives: { info: ['add'] },
    });
    await link(connection.connectionUID);
    const GTID = await capture('Eve', { emailAddress: undefined });
    await syncNow();
    const log = (await deliveries(connection.connectionUID)).deliveries;
    expect(log.filter((row) => row.contactId === GTID).map((row) => [row.status, row.skipReason])).toEqual(
      expect.arrayContaining([
        ['skipped', 'no-email-or-phone'],
        ['skipped', 'option-disabled'],
      ]),
    );
    const paused = await owner.put(team.path(`connections/${connection.connectionUID}`), {
      status: 'paused',
      emailOnly: false,
    });
    expect(paused.status).toBe(200);
    const other = await addWebhook({ name: 'Keeps the outbox on' });
    await capture('Fay');
    await syncNow();
    const later = (await deliveries(connection.connectionUID)).deliveries;
    expect(later[0]).toMatchObject({ status: 'skipped', skipReason: 'paused' });
    await remove(connection.connectionUID);
    await remove(other.connection.connectionUID);
  });

  it('tells the receiver of a deletion, and of the email address an edit replaced', async () => {
    const { connection, signingSecret } = await addWebhook({ name: 'Everything' });
    receiver.useSecret(signingSecret);
    await link(connection.connectionUID);
    const GTID = await capture('Gus');
    await syncNow();
    const before = receiver.received.length;
    const edited = await owner.patch(team.path(`contacts/${GTID}`), { emailAddress: 'gus@new.test' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await syncNow();
    expect(receiver.received.slice(before)[0]!.body).toMatchObject({
      event: 'info',
      action: 'update',
      emailAddress: 'gus@new.test',
      oldEmailAddress: 'gus@people.test',
    });
    expect((await owner.delete(team.path(`contacts/${GTID}`))).status).toBe(204);
    await syncNow();
    expect(receiver.received.at(-1)!.body).toMatchObject({
      event: 'info',
      action: 'delete',
      GTID,
      deleted: true,
    });
    await remove(connection.connectionUID);
  });

  it('delivers once, with the same id, what a worker that died mid-call had claimed', async () => {
    const { connection, signingSecret } = await addWebhook({ name: 'Crash' });
    receiver.useSecret(signingSecret);
    await link(connection.connectionUID);
    const before = receiver.received.length;
    await capture('Hal');
    await server.server.context.sync.plan(db());
    // A worker claims the delivery and dies before it calls or writes anything.
    const {
      rows: [claimed],
    } = await syncRepo.claimDue(db(), 10, 60_000);
    expect(claimed).toBeDefined();
    expect(await server.server.context.sync.deliverDue(db())).toBe(0);
    await db().execute(
      sql`update sync_deliveries set lease_until = now() - interval '1 second' where id = ${claimed!.id}`,
    );
    expect(await server.server.context.sync.releaseLapsed(db())).toBe(1);
    await syncNow();
    const calls = receiver.received.slice(before);
    expect(calls.map((item) => item.id)).toEqual([claimed!.id]);
    const [row] = await selectRows<{ status: string; attempts: number }>(
      db(),
      sql`select status, attempts from sync_deliveries where id = ${claimed!.id}`,
    );
    expect(row).toEqual({ status: 'delivered', attempts: 2 });
    await remove(connection.connectionUID);
  });

  it('sends a person to a connection from a workflow step, though no pipeline of theirs syncs to it', async () => {
    const { connection, signingSecret } = await addWebhook({ name: 'From a workflow' });
    receiver.useSecret(signingSecret);
    const workflow = await owner.post(team.path('workflows'), {
      name: 'Send new people',
      status: 'running',
      definition: {
        trigger: { type: 'captured', pipelineId: leads.groupUID },
        steps: [{ type: 'sendToConnection', connectionId: connection.connectionUID }],
      },
    });
    expect(workflow.status, JSON.stringify(workflow.body)).toBe(201);
    const before = receiver.received.length;
    const GTID = await capture('Pia');
    await expect
      .poll(
        async () => {
          const runs = await owner.get(team.path(`contacts/${GTID}/workflow-runs`));
          return (runs.body.data as { status: string }[]).map((run) => run.status);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(['done']);
    await syncNow();
    const hooks = receiver.received.slice(before);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ verified: true, body: { event: 'info', GTID, fullName: 'Pia Sync' } });
    const refused = await owner.post(team.path('workflows'), {
      name: 'Nowhere',
      definition: {
        trigger: { type: 'captured', pipelineId: leads.groupUID },
        steps: [{ type: 'sendToConnection', connectionId: 'conn_nowhere' }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Invalid steps.0.connectionId: conn_nowhere is not a connection of this team.',
    );
    await owner.delete(team.path(`workflows/${workflow.body.data.id as string}`));
    await remove(connection.connectionUID);
  });

  it('keeps, on a merge, the survivor’s id in an outside system and takes the other’s where it has none', async () => {
    const { connection } = await addWebhook({ name: 'Ids' });
    const other = await addWebhook({ name: 'Other ids' });
    const survivor = await capture('Quin');
    const merged = await capture('Rae');
    const ids = (rows: [string, string, string][]) =>
      db()
        .insert(contactRemoteIds)
        .values(
          rows.map(([connectionId, contactId, remoteId]) => ({
            teamId: team.teamUID,
            connectionId,
            contactId,
            remoteId,
          })),
        );
    await ids([
      [connection.connectionUID, survivor, 'remote-quin'],
      [connection.connectionUID, merged, 'remote-rae'],
      [other.connection.connectionUID, merged, 'other-rae'],
    ]);
    const answer = await owner.post(team.path(`contacts/${survivor}/merge`), { otherGTID: merged });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = await selectRows<{ connection_id: string; contact_id: string; remote_id: string }>(
      db(),
      sql`select connection_id, contact_id, remote_id from contact_remote_ids
        where contact_id in (${survivor}, ${merged}) order by remote_id`,
    );
    expect(rows).toEqual([
      { connection_id: other.connection.connectionUID, contact_id: survivor, remote_id: 'other-rae' },
      { connection_id: connection.connectionUID, contact_id: survivor, remote_id: 'remote-quin' },
    ]);
    await remove(connection.connectionUID);
    await remove(other.connection.connectionUID);
  });

  it('tests a receiver and says what it answered', async () => {
    receiver.answer(200);
    const ok = await owner.post(team.path('connections/test'), {
      type: 'webhooks',
      settings: { url: receiver.url },
      secrets: {},
    });
    expect(ok.body.data).toEqual({ ok: true, message: 'The receiver answered 200.' });
    receiver.answer(503);
    const down = await owner.post(team.path('connections/test'), {
      type: 'webhooks',
      settings: { url: receiver.url },
      secrets: {},
    });
    receiver.answer(200);
    expect(down.body.data.ok).toBe(false);
    expect(down.body.data.message).toMatch(/^503 .*the receiver is down/);
  });

  it('rotates a webhook secret, signing with both for a day', async () => {
    const { connection, signingSecret } = await addWebhook({ name: 'Rotating' });
    const rotated = await owner.post(team.path(`connections/${connection.connectionUID}/rotate-secret`));
    expect(rotated.status).toBe(200);
    const next = rotated.body.data.signingSecret as string;
    expect(next).not.toBe(signingSecret);
    await link(connection.connectionUID);
    const before = receiver.received.length;
    await capture('Ida');
    await syncNow();
    const [delivery] = (await deliveries(connection.connectionUID)).deliveries;
    const hook = receiver.received.slice(before).find((item) => item.id === delivery!.id)!;
    expect(hook.signature.split(' ')).toHaveLength(2);
    receiver.useSecret(signingSecret);
    await remove(connection.connectionUID);
  });

  it('refuses bad connections, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'webhooks', name: 'No url', settings: {} }, 'Invalid settings.url'],
      [
        { type: 'webhooks', name: 'Bad url', settings: { url: 'javascript:alert(1)' } },
        'Invalid settings.url',
      ],
      [
        { type: 'webhooks', name: 'Extra', settings: { url: receiver.url, colour: 'red' } },
        'Invalid settings.colour',
      ],
      [{ type: 'convertkit', name: 'No key', secrets: {} }, 'Invalid secrets.apiKey'],
      [
        { type: 'convertkit', name: 'Stages', secrets: { apiKey: 'k' }, receives: { stage: ['update'] } },
        'Invalid receives.stage',
      ],
      [{ type: 'hubspot', name: 'Unknown' }, 'type'],
    ];
    for (const [body, message] of cases) {
      const refused = await owner.post(team.path('connections'), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body.error)).toContain(message);
    }
    const names = (await owner.get(team.path('connections'))).body.data.map(
      (row: { name: string }) => row.name,
    );
    for (const name of ['No url', 'Bad url', 'Extra', 'No key', 'Stages', 'Unknown'])
      expect(names).not.toContain(name);
  });

  it('keeps connections to the owner and admins, and to their team', async () => {
    const { connection } = await addWebhook({ name: 'Private' });
    const refused = await member.get(team.path('connections'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Only the team owner or an admin can manage connections.');
    expect(
      (
        await member.post(team.path('connections'), {
          type: 'webhooks',
          name: 'x',
          settings: { url: receiver.url },
        })
      ).status,
    ).toBe(403);
    expect((await member.delete(team.path(`connections/${connection.connectionUID}`))).status).toBe(403);
    const foreign = stranger.path(`connections/${connection.connectionUID}`);
    expect((await stranger.owner.put(foreign, { name: 'Mine now' })).status).toBe(404);
    expect((await stranger.owner.get(`${foreign}/deliveries`)).status).toBe(404);
    const GTID = await capture('Jo');
    expect((await member.get(team.path(`contacts/${GTID}/sync`))).status).toBe(200);
    expect((await outsider.get(team.path(`contacts/${GTID}/sync`))).status).toBe(404);
    expect((await stranger.owner.get(stranger.path(`contacts/${GTID}/sync`))).status).toBe(404);
    const signedOut = server.client();
    expect((await signedOut.get(team.path('connections'))).status).toBe(401);
    await remove(connection.connectionUID);
  });
});
