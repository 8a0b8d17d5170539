import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConnection, LeadData, SyncChange, SyncDelivery } from '../adapter';
import { AdapterError } from '../adapter-error';
import { AT, failureOf, makeDelivery, type DeliveryOptions } from '../adapter-test-kit';
import { createHttpClient } from '../http-client';
import { createWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './standard-webhooks';
import { buildWebhookPayload } from './webhook-payload';
import { createWebhooksAdapter } from './webhooks-adapter';

const TIMESTAMP = 1_717_243_200;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER_SECRET = 'whsec_c2VjcmV0LW9mLWFub3RoZXItcmVjZWl2ZXI=';

/** What Standard Webhooks defines, computed apart from the code under test. */
function expectedSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Ann, with a value in each field the payload carries. */
const annLee = (): Partial<LeadData> => ({
  GTID: 'snappy-finch-1795823538352',
  fullName: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  emailAddress: 'ann@example.com',
  phoneNumber: '+15551234567',
  usernames: { facebook: 'ann.lee' },
  profileID: '100012345',
  globalTags: ['Hot', 'Webinar'],
  tags: [{ tagSetName: 'Interest', tag: 'Course', remoteID: 'ac-17' }],
  notes: [{ text: 'Wants the course', createdAt: AT }],
  questions: [{ question: 'What brings you here?', answer: 'Growing my group' }],
});

const stageChange: SyncChange = {
  kind: 'stage',
  action: 'update',
  at: AT,
  stage: { from: 'New', to: 'Talking' },
};
const noteChange: SyncChange = { kind: 'note', action: 'add', at: AT, note: { text: 'Wants the course' } };

/** Ann's move to the stage Talking of Leads, as a receiver gets it, with `options` on top. */
function deliveryForAnn(options: DeliveryOptions = {}): SyncDelivery {
  return makeDelivery({
    id: 'sync_delivery1',
    pipeline: {
      id: 'leads',
      name: 'Leads',
      remotePipelineID: null,
      stage: { id: 'stage-talking', name: 'Talking', remoteID: null },
    },
    changes: [stageChange],
    ...options,
    lead: { ...annLee(), ...options.lead },
  });
}

describe('signWebhook', () => {
  it('signs the published Standard Webhooks test vector', () => {
    const signed = signWebhook({
      secret: SECRET,
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1_614_265_330,
      body: '{"test": 2432232314}',
    });
    expect(signed).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs id, timestamp and body under the decoded secret, as the definition says', () => {
    const message = { id: 'sync_abc', timestamp: TIMESTAMP, body: '{"event":"tag","action":"add"}' };
    expect(signWebhook({ secret: OTHER_SECRET, ...message })).toBe(
      expectedSignature(OTHER_SECRET, message.id, message.timestamp, message.body),
    );
  });

  it('puts a signature by each secret in the headers while a rotation overlaps', () => {
    const headers = webhookHeaders({
      secrets: [SECRET, OTHER_SECRET],
      id: 'sync_abc',
      timestamp: TIMESTAMP,
      body: '{}',
    });
    expect(headers).toEqual({
      'webhook-id': 'sync_abc',
      'webhook-timestamp': String(TIMESTAMP),
      'webhook-signature': [
        expectedSignature(SECRET, 'sync_abc', TIMESTAMP, '{}'),
        expectedSignature(OTHER_SECRET, 'sync_abc', TIMESTAMP, '{}'),
      ].join(' '),
    });
  });
});

describe('verifyWebhook', () => {
  const body = '{"event":"stage","action":"update"}';
  const signedHeaders = (secrets = [SECRET]) =>
    webhookHeaders({ secrets, id: 'sync_abc', timestamp: TIMESTAMP, body });
  const verify = (options: {
    headers?: Record<string, string | undefined>;
    body?: string;
    secret?: string;
    nowS?: number;
  }) =>
    verifyWebhook({
      secret: options.secret ?? SECRET,
      headers: options.headers ?? signedHeaders(),
      body: options.body ?? body,
      now: (options.nowS ?? TIMESTAMP) * 1000,
    });

  it('accepts a good signature', () => {
    expect(verify({})).toBe(true);
  });

  it.each([
    { name: 'a changed body', change: { body: body.replace('update', 'delete') } },
    { name: 'a wrong secret', change: { secret: OTHER_SECRET } },
    { name: 'a timestamp older than 5 minutes', change: { nowS: TIMESTAMP + 301 } },
    { name: 'a timestamp more than 5 minutes ahead', change: { nowS: TIMESTAMP - 301 } },
    { name: 'no webhook-id', change: { headers: { ...signedHeaders(), 'webhook-id': undefined } } },
    {
      name: 'no webhook-timestamp',
      change: { headers: { ...signedHeaders(), 'webhook-timestamp': undefined } },
    },
    {
      name: 'no webhook-signature',
      change: { headers: { ...signedHeaders(), 'webhook-signature': undefined } },
    },
    {
      name: 'a timestamp that is no number',
      change: { headers: { ...signedHeaders(), 'webhook-timestamp': 'noon' } },
    },
    {
      name: 'another id than the one signed',
      change: { headers: { ...signedHeaders(), 'webhook-id': 'sync_other' } },
    },
  ])('refuses $name', ({ change }) => {
    expect(verify(change)).toBe(false);
  });

  it('accepts a timestamp just within the 5 minutes', () => {
    expect(verify({ nowS: TIMESTAMP + 300 })).toBe(true);
  });

  it.each([
    { name: 'first', secrets: [SECRET, OTHER_SECRET] },
    { name: 'second', secrets: [OTHER_SECRET, SECRET] },
  ])('accepts when the $name of two signatures matches', ({ secrets }) => {
    expect(verify({ headers: signedHeaders(secrets) })).toBe(true);
  });
});

describe('createWebhookSecret', () => {
  it('makes whsec_ and 24 random bytes in base64', () => {
    const secret = createWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(createWebhookSecret()).not.toBe(secret);
  });
});

describe('buildWebhookPayload', () => {
  it('sends the fields receivers build on (PRODUCT.md)', () => {
    const task = {
      taskName: 'Call Ann',
      assignedTo: 'Cora Owner',
      assignedToUID: 'user-cora',
      createdBy: 'Cora Owner',
      isComplete: false,
      notificationDate: '2024-06-02T09:00:00.000Z',
      notificationType: 'in-app',
      setTime: AT,
    };
    const payload = buildWebhookPayload(
      deliveryForAnn({ lead: { tasks: [task], oldEmailAddress: 'ann@old.example' }, changes: [stageChange] }),
    );
    expect(payload).toEqual({
      event: 'stage',
      action: 'update',
      deliveryId: 'sync_delivery1',
      GTID: 'snappy-finch-1795823538352',
      fullName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      emailAddress: 'ann@example.com',
      oldEmailAddress: 'ann@old.example',
      phoneNumber: '+15551234567',
      facebookUsername: 'ann.lee',
      profileID: '100012345',
      globalTags: 'Hot, Webinar',
      pipeline: 'Leads',
      stage: 'Talking',
      tags: [{ tagSetName: 'Interest', tag: 'Course' }],
      tasks: [task],
      questions: [{ question: 'What brings you here?', answer: 'Growing my group' }],
      deleted: false,
      changes: [{ event: 'stage', action: 'update', at: AT, stage: { from: 'New', to: 'Talking' } }],
    });
  });

  it('names the latest change as the event, and lists every change oldest first', () => {
    const payload = buildWebhookPayload(deliveryForAnn({ changes: [stageChange, noteChange] }));
    expect(payload).toMatchObject({ event: 'note', action: 'add' });
    expect(payload.changes).toEqual([
      { event: 'stage', action: 'update', at: AT, stage: { from: 'New', to: 'Talking' } },
      { event: 'note', action: 'add', at: AT, note: { text: 'Wants the course' } },
    ]);
  });

  it('leaves oldEmailAddress out when the address did not change', () => {
    expect(buildWebhookPayload(deliveryForAnn())).not.toHaveProperty('oldEmailAddress');
  });

  it('sends one username per platform the person was found on', () => {
    const payload = buildWebhookPayload(
      deliveryForAnn({
        lead: { usernames: { facebook: 'ann.lee', instagram: 'annlee_ig', linkedin: 'ann-lee' } },
      }),
    );
    expect(payload).toMatchObject({
      facebookUsername: 'ann.lee',
      instagramUsername: 'annlee_ig',
      linkedinUsername: 'ann-lee',
    });
  });

  it("keeps the systems' tag ids to GroupTrack", () => {
    const payload = buildWebhookPayload(deliveryForAnn());
    expect(payload.tags).toEqual([{ tagSetName: 'Interest', tag: 'Course' }]);
    expect(JSON.stringify(payload)).not.toContain('remoteID');
  });

  it('sends no pipeline or stage for a person who left the pipeline, and a deleted person as deleted', () => {
    const payload = buildWebhookPayload(
      deliveryForAnn({
        pipeline: null,
        lead: { deleted: true, globalTags: [] },
        changes: [{ kind: 'info', action: 'delete', at: AT }],
      }),
    );
    expect(payload).toMatchObject({
      event: 'info',
      action: 'delete',
      pipeline: null,
      stage: null,
      globalTags: '',
      deleted: true,
    });
  });
});

describe('the webhooks adapter', () => {
  const received: { method: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let answerStatus = 200;
  let url = '';
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', headers: request.headers, body });
      response.writeHead(answerStatus).end();
    });
  });

  beforeAll(async () => {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/grouptrack-hook`;
  });
  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
  });
  beforeEach(() => {
    received.length = 0;
    answerStatus = 200;
  });

  const connect = (secrets: Record<string, string> = { signingSecret: SECRET }) => {
    const connection: AdapterConnection = { id: 'conn-hook', type: 'webhooks', settings: { url }, secrets };
    return createWebhooksAdapter(connection, createHttpClient());
  };
  const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
  const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

  /** The signatures of the one call received, each checked alone. */
  function signaturesOfCall() {
    expect(received).toHaveLength(1);
    const [call] = received;
    const signatures = String(call!.headers['webhook-signature']).split(' ');
    const verifiedBy = (secret: string) =>
      signatures.filter((signature) =>
        verifyWebhook({
          secret,
          headers: { ...call!.headers, 'webhook-signature': signature },
          body: call!.body,
        }),
      ).length;
    return { count: signatures.length, verifiedBy };
  }

  it('POSTs the delivery as signed JSON, with the delivery id as webhook-id', async () => {
    answerStatus = 204;
    const delivery = deliveryForAnn();
    await expect(connect().deliver(delivery)).resolves.toEqual({ status: 204 });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call!.method).toBe('POST');
    expect(call!.headers).toMatchObject({
      'webhook-id': 'sync_delivery1',
      'content-type': 'application/json',
      'user-agent': 'GroupTrack-Webhooks/1.0',
    });
    expect(JSON.parse(call!.body)).toEqual(buildWebhookPayload(delivery));
    expect(verifyWebhook({ secret: SECRET, headers: call!.headers, body: call!.body })).toBe(true);
  });

  it('sends the same webhook-id on every try of a delivery', async () => {
    const adapter = connect();
    await adapter.deliver(deliveryForAnn());
    await adapter.deliver(deliveryForAnn({ attempt: 2 }));
    expect(received.map((call) => call.headers['webhook-id'])).toEqual(['sync_delivery1', 'sync_delivery1']);
  });

  it('signs with the new and the previous secret while a rotation overlaps', async () => {
    const adapter = connect({
      signingSecret: SECRET,
      previousSigningSecret: OTHER_SECRET,
      previousSigningSecretUntil: inADay(),
    });
    await adapter.deliver(deliveryForAnn());
    const { count, verifiedBy } = signaturesOfCall();
    expect(count).toBe(2);
    expect(verifiedBy(SECRET)).toBe(1);
    expect(verifiedBy(OTHER_SECRET)).toBe(1);
  });

  it('signs with the new secret only once the overlap has ended', async () => {
    const adapter = connect({
      signingSecret: SECRET,
      previousSigningSecret: OTHER_SECRET,
      previousSigningSecretUntil: aMinuteAgo(),
    });
    await adapter.deliver(deliveryForAnn());
    const { count, verifiedBy } = signaturesOfCall();
    expect(count).toBe(1);
    expect(verifiedBy(SECRET)).toBe(1);
    expect(verifiedBy(OTHER_SECRET)).toBe(0);
  });

  it.each([
    { status: 500, code: 'temporary' },
    { status: 503, code: 'temporary' },
    { status: 410, code: 'not-found' },
    { status: 401, code: 'auth' },
    { status: 400, code: 'invalid' },
  ] as const)('fails when the receiver answers $status, as $code', async ({ status, code }) => {
    answerStatus = status;
    const error = await failureOf(connect().deliver(deliveryForAnn()));
    expect(error).toMatchObject({ code, status });
  });

  it('tests the connection with a signed test event and says what the receiver answered', async () => {
    await expect(connect().test()).resolves.toBe('The receiver answered 200.');
    const [call] = received;
    expect(JSON.parse(call!.body)).toEqual({ event: 'test', action: 'test' });
    expect(verifyWebhook({ secret: SECRET, headers: call!.headers, body: call!.body })).toBe(true);
  });

  it.each<{ name: string; secrets: Record<string, string> }>([
    { name: 'no signing secret', secrets: {} },
    { name: 'an empty signing secret', secrets: { signingSecret: '' } },
    {
      name: 'only a previous secret whose overlap has ended',
      secrets: { previousSigningSecret: OTHER_SECRET, previousSigningSecretUntil: aMinuteAgo() },
    },
  ])('refuses a webhook with $name', ({ secrets }) => {
    expect(() => connect(secrets)).toThrow(AdapterError);
    expect(() => connect(secrets)).toThrow(expect.objectContaining({ code: 'auth' }));
    expect(received).toEqual([]);
  });
});
