import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncChange } from '../adapter';
import { AT, createVirtualLimiter, failureOf, makeDelivery, tagChange } from '../adapter-test-kit';
import { createHttpClient, type RateLimiter } from '../http-client';
import { createOntraportAdapter } from './ontraport-adapter';
import {
  FAKE_ONTRAPORT_API_KEY,
  FAKE_ONTRAPORT_APP_ID,
  startFakeOntraport,
  type FakeOntraport,
} from './fake-ontraport';

let fake: FakeOntraport;

beforeEach(async () => {
  fake = await startFakeOntraport();
});

afterEach(async () => {
  await fake.close();
});

function buildAdapter(options: { appId?: string; apiKey?: string; limiter?: RateLimiter } = {}) {
  return createOntraportAdapter(
    {
      id: 'connection-1',
      type: 'ontraport',
      settings: { appId: options.appId ?? FAKE_ONTRAPORT_APP_ID },
      secrets: { apiKey: options.apiKey ?? FAKE_ONTRAPORT_API_KEY },
      endpoint: fake.endpoint,
    },
    createHttpClient({ limiter: options.limiter }),
  );
}

function change(
  kind: SyncChange['kind'],
  action: SyncChange['action'],
  extra: Partial<SyncChange> = {},
): SyncChange {
  return { kind, action, at: AT, ...extra };
}

function callsOf() {
  return fake.requests.map((request) => `${request.method} ${request.path}`);
}

describe('the Ontraport adapter', () => {
  it('tests the connection with the account it reached and its contact count', async () => {
    const adapter = buildAdapter();
    expect(await adapter.test()).toBe('Connected to Ontraport account 12345 (0 contacts).');
    await adapter.deliver(makeDelivery());
    expect(await adapter.test()).toBe('Connected to Ontraport account 12345 (1 contact).');
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/1/Contacts/getInfo' });
  });

  it("refuses a wrong API key as 'auth' in Ontraport's words", async () => {
    const error = await failureOf(buildAdapter({ apiKey: 'not-the-key' }).test());
    expect(error.code).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Your App ID and API Key do not match.');
  });

  it('creates the person on a first delivery, form-encoded with both credentials, and answers their id', async () => {
    const ids = await buildAdapter().deliver(makeDelivery());
    expect(ids).toEqual({ contactID: '1' });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/1/Contacts/saveorupdate' });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['api-key']).toBe(FAKE_ONTRAPORT_API_KEY);
    expect(request?.headers['api-appid']).toBe(FAKE_ONTRAPORT_APP_ID);
    expect(request?.body).toEqual({
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'Lima',
      sms_number: '+14155550100',
    });
    expect(fake.state.contacts.get('1')).toMatchObject({
      email: 'ana@example.com',
      sms_number: '+14155550100',
    });
  });

  it('leaves out a phone the person does not have, so no blank erases Ontraport’s', async () => {
    await buildAdapter().deliver(makeDelivery({ lead: { phoneNumber: null } }));
    expect(fake.requests[0]?.body).toEqual({ email: 'ana@example.com', firstname: 'Ana', lastname: 'Lima' });
  });

  it('updates the same contact by its id on a later delivery, email change included', async () => {
    const adapter = buildAdapter();
    const { contactID } = await adapter.deliver(makeDelivery());
    const ids = await adapter.deliver(
      makeDelivery({
        lead: {
          remoteContactID: contactID ?? null,
          lastName: 'Souza',
          emailAddress: 'ana.souza@example.com',
        },
        changes: [change('info', 'update')],
      }),
    );
    expect(ids).toEqual({ contactID: '1' });
    expect(fake.requests[1]).toMatchObject({ method: 'PUT', path: '/1/Contacts' });
    expect(fake.requests[1]?.body).toMatchObject({
      id: '1',
      lastname: 'Souza',
      email: 'ana.souza@example.com',
    });
    expect(fake.state.contacts.size).toBe(1);
    expect(fake.state.contacts.get('1')).toMatchObject({ lastname: 'Souza', email: 'ana.souza@example.com' });
  });

  it('merges into the contact holding the email when no id is known (its id read from data.attrs)', async () => {
    const adapter = buildAdapter();
    await adapter.deliver(makeDelivery());
    const ids = await adapter.deliver(makeDelivery({ lead: { firstName: 'Anna' } }));
    expect(ids).toEqual({ contactID: '1' });
    expect(fake.state.contacts.size).toBe(1);
    expect(fake.state.contacts.get('1')?.firstname).toBe('Anna');
  });

  it('forgets a contact id Ontraport no longer has and keeps the person by email', async () => {
    const adapter = buildAdapter();
    await adapter.deliver(makeDelivery());
    const ids = await adapter.deliver(makeDelivery({ lead: { remoteContactID: '999' } }));
    expect(ids).toEqual({ contactID: '1' });
    expect(callsOf()).toEqual([
      'POST /1/Contacts/saveorupdate',
      'PUT /1/Contacts',
      'POST /1/Contacts/saveorupdate',
    ]);
    expect(fake.state.contacts.size).toBe(1);
  });

  it('adds and removes tags by name as deltas, in order, and ignores what Ontraport does not receive', async () => {
    const adapter = buildAdapter();
    await adapter.deliver(makeDelivery({ changes: [tagChange('add', 'Cold')] }));
    fake.requests.length = 0;

    const ids = await adapter.deliver(
      makeDelivery({
        lead: { remoteContactID: '1' },
        changes: [
          change('info', 'update'),
          tagChange('add', 'Hot lead'),
          tagChange('add', 'Webinar'),
          change('note', 'add', { note: { text: 'Called back.' } }),
          change('stage', 'update', { stage: { from: 'New', to: 'Won' } }),
          tagChange('delete', 'Cold'),
          tagChange('update', 'Odd'),
        ],
      }),
    );

    expect(ids).toEqual({ contactID: '1' });
    expect(callsOf()).toEqual(['PUT /1/Contacts', 'PUT /1/objects/tagByName', 'DELETE /1/objects/tagByName']);
    expect(fake.requests[1]?.headers['content-type']).toBe('application/json');
    expect(fake.requests[1]?.body).toEqual({ objectID: 0, ids: [1], add_names: ['Hot lead', 'Webinar'] });
    expect(fake.requests[2]?.body).toEqual({ objectID: 0, ids: [1], remove_names: ['Cold'] });
    expect(fake.state.contacts.get('1')?.tags).toEqual(['Hot lead', 'Webinar']);
    expect([...fake.state.tags.keys()]).toEqual(['Cold', 'Hot lead', 'Webinar']);
  });

  it('refuses a person without an email before calling Ontraport', async () => {
    const error = await failureOf(buildAdapter().deliver(makeDelivery({ lead: { emailAddress: null } })));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Ontraport needs an email address to keep a person; this one has none.');
    expect(fake.requests).toEqual([]);
  });

  it("takes Ontraport's refusal of a bad address as 'invalid' in its words", async () => {
    const error = await failureOf(
      buildAdapter().deliver(makeDelivery({ lead: { emailAddress: 'ana@nowhere' } })),
    );
    expect(error.code).toBe('invalid');
    expect(error.status).toBe(400);
    expect(error.message).toContain('Invalid email address.');
  });

  it("takes a 422 as 'invalid' with Ontraport's message and the status", async () => {
    fake.failNext(422, { code: 1, message: 'sms_number is not a valid phone number' });
    const error = await failureOf(buildAdapter().deliver(makeDelivery()));
    expect(error.code).toBe('invalid');
    expect(error.status).toBe(422);
    expect(error.message).toContain('sms_number is not a valid phone number');
  });

  it("takes a success status whose envelope code is not 0 as 'invalid'", async () => {
    fake.failNext(200, { code: 1, data: 'Contact could not be saved.', account_id: 12345 });
    const error = await failureOf(buildAdapter().deliver(makeDelivery()));
    expect(error.code).toBe('invalid');
    expect(error.message).toContain('Contact could not be saved.');
  });

  it("turns a 429's X-Rate-Limit-Reset into the wait before a retry", async () => {
    fake.failNext(429, 'Rate limit exceeded.', { 'x-rate-limit-reset': '42' });
    const error = await failureOf(buildAdapter().deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(42_000);
  });

  it('honours a Retry-After on a 429 as well', async () => {
    fake.failNext(429, 'Rate limit exceeded.', { 'retry-after': '7' });
    const error = await failureOf(buildAdapter().test());
    expect(error.code).toBe('temporary');
    expect(error.retryAfterMs).toBe(7_000);
  });

  it("takes a 500 as 'temporary'", async () => {
    fake.failNext(500);
    const error = await failureOf(buildAdapter().deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.status).toBe(500);
  });

  it('spaces calls to stay under 170 a minute for one account, apart from other accounts', async () => {
    const { limiter, clock } = createVirtualLimiter();
    const adapter = buildAdapter({ limiter });
    for (let call = 0; call < 170; call += 1) await adapter.test();
    expect(clock.waits).toEqual([]);

    const other = await failureOf(buildAdapter({ appId: 'another-app', limiter }).test());
    expect(other.code).toBe('auth');
    expect(clock.waits).toEqual([]);

    await adapter.test();
    expect(clock.waits).toEqual([353]);
    expect(fake.requests).toHaveLength(172);
  });
});
