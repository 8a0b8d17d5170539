import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConnection, SyncAdapter } from '../adapter';
import { AT, createVirtualLimiter, failureOf, makeDelivery, tagChange } from '../adapter-test-kit';
import { createHttpClient, type HttpClient } from '../http-client';
import { createConvertKitAdapter } from './convertkit-adapter';
import { startFakeConvertKit, type FakeConvertKit } from './fake-convertkit';

describe('the Kit adapter', () => {
  let fake: FakeConvertKit;
  let adapter: SyncAdapter;

  const connect = (secrets: Record<string, string>, http: HttpClient = createHttpClient()) => {
    const connection: AdapterConnection = {
      id: 'connection-1',
      type: 'convertkit',
      settings: {},
      secrets,
      endpoint: fake.endpoint,
    };
    return createConvertKitAdapter(connection, http);
  };

  beforeEach(async () => {
    fake = await startFakeConvertKit();
    adapter = connect({ apiKey: fake.apiKey });
  });
  afterEach(async () => {
    await fake.close();
  });

  it('tests the connection by reading the account with the v4 key', async () => {
    expect(await adapter.test()).toBe('Connected to Kit account Acme Creators (owner@acme.test).');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v4/account' });
    expect(fake.requests[0]!.headers['x-kit-api-key']).toBe(fake.apiKey);
  });

  it("refuses a wrong key as an auth failure in Kit's words", async () => {
    const error = await failureOf(connect({ apiKey: 'wrong' }).test());
    expect(error.code).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toContain('The access token is invalid');
  });

  it('creates the subscriber on a first delivery and answers its id', async () => {
    const ids = await adapter.deliver(makeDelivery());

    const [subscriber] = [...fake.state.subscribers.values()];
    expect(ids).toEqual({ contactID: String(subscriber!.id) });
    expect(subscriber).toMatchObject({ email_address: 'ana@example.com', first_name: 'Ana' });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v4/subscribers',
    ]);
    expect(fake.requests[0]!.body).toEqual({ email_address: 'ana@example.com', first_name: 'Ana' });
  });

  it('updates the same subscriber when the delivery brings its id back, email change included', async () => {
    const { contactID } = await adapter.deliver(makeDelivery());

    const ids = await adapter.deliver(
      makeDelivery({
        lead: {
          remoteContactID: contactID!,
          firstName: 'Anabela',
          emailAddress: 'anabela@example.com',
          oldEmailAddress: 'ana@example.com',
        },
        changes: [{ kind: 'info', action: 'update', at: AT }],
      }),
    );

    expect(ids).toEqual({ contactID });
    expect(fake.state.subscribers.size).toBe(1);
    expect(fake.state.subscribers.get(Number(contactID))).toMatchObject({
      email_address: 'anabela@example.com',
      first_name: 'Anabela',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/v4/subscribers/${contactID}` });
  });

  it('falls back to the email address once when Kit no longer has the stored id', async () => {
    const ids = await adapter.deliver(makeDelivery({ lead: { remoteContactID: '424242' } }));

    const [subscriber] = [...fake.state.subscribers.values()];
    expect(ids).toEqual({ contactID: String(subscriber!.id) });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /v4/subscribers/424242',
      'POST /v4/subscribers',
    ]);
  });

  it('refuses a person without an email address before calling Kit', async () => {
    const error = await failureOf(adapter.deliver(makeDelivery({ lead: { emailAddress: null } })));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Kit needs an email address to keep a person; this one has none.');
    expect(fake.requests).toHaveLength(0);
  });

  it('adds and removes tags one by one, finding or creating each by name', async () => {
    const existing = { id: 55, name: 'Customer', created_at: AT };
    fake.state.tags.set(existing.id, existing);

    const { contactID } = await adapter.deliver(
      makeDelivery({
        changes: [
          { kind: 'info', action: 'add', at: AT },
          tagChange('add', 'VIP'),
          tagChange('add', 'Customer'),
          tagChange('add', 'Webinar'),
          tagChange('delete', 'Webinar'),
        ],
      }),
    );

    expect(fake.tagNamesOf(Number(contactID))).toEqual(['Customer', 'VIP']);
    expect([...fake.state.tags.values()].map((tag) => tag.name).sort()).toEqual([
      'Customer',
      'VIP',
      'Webinar',
    ]);
    const webinar = [...fake.state.tags.values()].find((tag) => tag.name === 'Webinar')!;
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v4/subscribers',
      'POST /v4/tags',
      expect.stringMatching(/^POST \/v4\/tags\/\d+\/subscribers\/\d+$/),
      'POST /v4/tags',
      `POST /v4/tags/55/subscribers/${contactID}`,
      'POST /v4/tags',
      `POST /v4/tags/${webinar.id}/subscribers/${contactID}`,
      // The tag's id is known from the add in the same delivery.
      `DELETE /v4/tags/${webinar.id}/subscribers/${contactID}`,
    ]);
    expect(
      fake.requests.filter((request) => request.path === '/v4/tags').map((request) => request.body),
    ).toEqual([{ name: 'VIP' }, { name: 'Customer' }, { name: 'Webinar' }]);
  });

  it('takes a removal Kit answers with Not Found as done', async () => {
    const { contactID } = await adapter.deliver(makeDelivery());
    fake.failNext(404, undefined, {}, 'DELETE /v4/tags');

    const ids = await adapter.deliver(
      makeDelivery({ lead: { remoteContactID: contactID! }, changes: [tagChange('delete', 'Old')] }),
    );

    expect(ids).toEqual({ contactID });
  });

  it('sends nothing for changes Kit has no place for', async () => {
    await adapter.deliver(
      makeDelivery({
        changes: [
          { kind: 'info', action: 'add', at: AT },
          { kind: 'stage', action: 'update', at: AT, stage: { from: 'New', to: 'Won' } },
          { kind: 'note', action: 'add', at: AT, note: { text: 'Called her.' } },
          { kind: 'task', action: 'add', at: AT, task: { taskName: 'Call', dueAt: null, action: 'added' } },
        ],
      }),
    );

    expect(fake.requests.map((request) => request.path)).toEqual(['/v4/subscribers']);
  });

  it("answers a 422 as invalid, in Kit's words", async () => {
    fake.failNext(422);
    const error = await failureOf(adapter.deliver(makeDelivery()));
    expect(error.code).toBe('invalid');
    expect(error.status).toBe(422);
    expect(error.message).toContain('Email address is invalid');
  });

  it('answers a 429 as temporary, honouring a Retry-After', async () => {
    fake.failNext(429, 'Retry later', { 'retry-after': '7' });
    const error = await failureOf(adapter.deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.retryAfterMs).toBe(7000);
  });

  it("waits a minute after Kit's usual 429, which carries no Retry-After", async () => {
    fake.failNext(429);
    const error = await failureOf(adapter.deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(60_000);
    expect(error.message).toContain('Retry later');
  });

  it('answers a 500 as temporary', async () => {
    fake.failNext(500);
    const error = await failureOf(adapter.deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.status).toBe(500);
  });

  it('spaces calls to stay under 120 a minute for one key', async () => {
    const { limiter, clock } = createVirtualLimiter();
    const limited = connect({ apiKey: fake.apiKey }, createHttpClient({ limiter }));

    for (let call = 0; call < 11; call += 1) await limited.test();

    expect(fake.requests).toHaveLength(11);
    expect(clock.waits).toEqual([600]);
  });

  it('counts the limit per key without keeping the key in the bucket name', async () => {
    const seen: { limitKey: string; limit: { requests: number; perMs: number } }[] = [];
    const real = createHttpClient();
    const spy: HttpClient = {
      request: (request, options) => {
        seen.push({ limitKey: options.limitKey, limit: options.limit });
        return real.request(request, options);
      },
    };
    await connect({ apiKey: fake.apiKey }, spy).test();

    expect(seen[0]!.limitKey).toMatch(/^convertkit:[0-9a-f]{16}$/);
    expect(seen[0]!.limitKey).not.toContain(fake.apiKey);
    const { requests, perMs } = seen[0]!.limit;
    expect(requests + (requests * 60_000) / perMs).toBeLessThanOrEqual(120);
  });
});
