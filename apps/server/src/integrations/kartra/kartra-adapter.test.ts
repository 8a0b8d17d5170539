import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConnection, SyncAdapter } from '../adapter';
import { AT, createVirtualLimiter, failureOf, makeDelivery, tagChange } from '../adapter-test-kit';
import { createHttpClient, type HttpClient } from '../http-client';
import { createKartraAdapter } from './kartra-adapter';
import { startFakeKartra, type FakeKartra } from './fake-kartra';

describe('the Kartra adapter', () => {
  let fake: FakeKartra;
  let adapter: SyncAdapter;

  const connect = (
    credentials: Partial<{ appId: string; apiKey: string; apiPassword: string }> = {},
    http: HttpClient = createHttpClient(),
  ) => {
    const { appId, apiKey, apiPassword } = { ...fake.credentials, ...credentials };
    const connection: AdapterConnection = {
      id: 'connection-1',
      type: 'kartra',
      settings: { appId },
      secrets: { apiKey, apiPassword },
      endpoint: fake.endpoint,
    };
    return createKartraAdapter(connection, http);
  };
  const operations = () => fake.requests.map((request) => request.operation);

  beforeEach(async () => {
    fake = await startFakeKartra();
    adapter = connect();
  });
  afterEach(async () => {
    await fake.close();
  });

  it("tests the connection by listing the account's tags, with the credentials as form fields", async () => {
    expect(await adapter.test()).toBe('Connected to Kartra: the account has 3 tags.');
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/api', operation: 'retrieve_account_tags' });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.form).toEqual({
      app_id: fake.credentials.appId,
      api_key: fake.credentials.apiKey,
      api_password: fake.credentials.apiPassword,
      'actions[0][cmd]': 'retrieve_account_tags',
    });
  });

  it.each([
    [{ apiKey: 'wrong' }, '203', 'API key not valid'],
    [{ apiPassword: 'wrong' }, '233', 'API password not valid'],
    [{ appId: 'wrong' }, '239', 'App Id is not valid'],
  ])('takes refused credentials %o (Kartra type %s) as an auth failure', async (credentials, type, words) => {
    const error = await failureOf(connect(credentials).test());
    expect(error.code).toBe('auth');
    expect(error.message).toContain(`Error ${type}`);
    expect(error.message).toContain(words);
  });

  it('looks the person up by email, creates the lead when Kartra has none, and answers its id', async () => {
    const ids = await adapter.deliver(makeDelivery());

    const lead = fake.leadByEmail('ana@example.com')!;
    expect(ids).toEqual({ contactID: String(lead.id) });
    expect(lead.fields).toEqual({ first_name: 'Ana', last_name: 'Lima', phone: '+14155550100' });
    expect(operations()).toEqual(['get_lead', 'create_lead']);
    expect(fake.requests[1]!.form).toMatchObject({
      'lead[email]': 'ana@example.com',
      'lead[first_name]': 'Ana',
      'lead[last_name]': 'Lima',
      'lead[phone]': '+14155550100',
    });
  });

  it('edits the lead Kartra already has under the email address instead of creating another', async () => {
    fake.state.leads.set(7, {
      id: 7,
      email: 'ana@example.com',
      fields: { first_name: 'A' },
      tags: new Set(),
    });

    const ids = await adapter.deliver(makeDelivery());

    expect(ids).toEqual({ contactID: '7' });
    expect(fake.state.leads.size).toBe(1);
    expect(fake.state.leads.get(7)!.fields.first_name).toBe('Ana');
    expect(operations()).toEqual(['get_lead', 'edit_lead']);
  });

  it('edits the same lead by id when the delivery brings it back, email change included', async () => {
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
    expect(fake.state.leads.size).toBe(1);
    const lead = fake.state.leads.get(Number(contactID))!;
    expect(lead.email).toBe('anabela@example.com');
    expect(lead.fields.first_name).toBe('Anabela');
    expect(operations()).toEqual(['get_lead', 'create_lead', 'edit_lead']);
    expect(fake.requests[2]!.form).toMatchObject({
      'lead[id]': contactID,
      'lead[new_email]': 'anabela@example.com',
    });
  });

  it('falls back to the email address once when Kartra no longer has the stored id', async () => {
    const ids = await adapter.deliver(makeDelivery({ lead: { remoteContactID: '99999' } }));

    const lead = fake.leadByEmail('ana@example.com')!;
    expect(ids).toEqual({ contactID: String(lead.id) });
    expect(operations()).toEqual(['edit_lead', 'get_lead', 'create_lead']);
  });

  it('refuses a person without an email address before calling Kartra', async () => {
    const error = await failureOf(adapter.deliver(makeDelivery({ lead: { emailAddress: '  ' } })));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('Kartra needs an email address to keep a person; this one has none.');
    expect(fake.requests).toHaveLength(0);
  });

  it('assigns and unassigns tags by name, one action per change', async () => {
    const { contactID } = await adapter.deliver(
      makeDelivery({
        changes: [
          { kind: 'info', action: 'add', at: AT },
          tagChange('add', 'VIP'),
          tagChange('add', 'Customer'),
          tagChange('delete', 'Customer'),
        ],
      }),
    );

    expect([...fake.state.leads.get(Number(contactID))!.tags]).toEqual(['VIP']);
    expect(operations()).toEqual(['get_lead', 'create_lead', 'assign_tag', 'assign_tag', 'unassign_tag']);
    expect(fake.requests.slice(2).map((request) => request.form)).toEqual([
      expect.objectContaining({ 'lead[id]': contactID, 'actions[0][tag_name]': 'VIP' }),
      expect.objectContaining({ 'lead[id]': contactID, 'actions[0][tag_name]': 'Customer' }),
      expect.objectContaining({ 'lead[id]': contactID, 'actions[0][tag_name]': 'Customer' }),
    ]);
  });

  it('takes the removal of a tag Kartra does not have as done', async () => {
    const ids = await adapter.deliver(makeDelivery({ changes: [tagChange('delete', 'Never made')] }));
    expect(ids.contactID).toBeTruthy();
  });

  it('refuses to assign a tag Kartra does not have, saying where to create it', async () => {
    const error = await failureOf(adapter.deliver(makeDelivery({ changes: [tagChange('add', 'Hot lead')] })));
    expect(error.code).toBe('invalid');
    expect(error.message).toContain('Kartra has no tag named "Hot lead" (Tag does not exist)');
  });

  it('sends nothing for changes Kartra has no place for', async () => {
    await adapter.deliver(
      makeDelivery({
        changes: [
          { kind: 'stage', action: 'update', at: AT, stage: { from: 'New', to: 'Won' } },
          { kind: 'note', action: 'add', at: AT, note: { text: 'Called her.' } },
          { kind: 'task', action: 'add', at: AT, task: { taskName: 'Call', dueAt: null, action: 'added' } },
        ],
      }),
    );

    expect(operations()).toEqual(['get_lead', 'create_lead']);
  });

  it("takes Kartra's errors answered with HTTP 200 as invalid, in Kartra's words", async () => {
    fake.failNext(200, {
      status: 'Error',
      message: 'email or lead id is required. Nothing done',
      type: '206',
    });
    const error = await failureOf(adapter.test());
    expect(error.code).toBe('invalid');
    expect(error.status).toBe(200);
    expect(error.message).toBe('Kartra answered Error 206: email or lead id is required. Nothing done');
  });

  it('takes an error inside one of the actions as a refusal of the call', async () => {
    fake.failNext(200, {
      status: 'Success',
      actions: [{ create_lead: { status: 'Error', message: 'Invalid email', type: '210' } }],
    });
    const error = await failureOf(adapter.deliver(makeDelivery({ lead: { remoteContactID: '1' } })));
    expect(error.code).toBe('invalid');
    expect(error.message).toContain('Invalid email');
  });

  it('answers an HTTP 422 as invalid with its status', async () => {
    fake.failNext(422, { status: 'Error', message: 'Unprocessable lead' });
    const error = await failureOf(adapter.deliver(makeDelivery()));
    expect(error.code).toBe('invalid');
    expect(error.status).toBe(422);
    expect(error.message).toContain('Unprocessable lead');
  });

  it('answers a 429 as temporary, honouring a Retry-After', async () => {
    fake.failNext(429, undefined, { 'retry-after': '2' });
    const error = await failureOf(adapter.deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.retryAfterMs).toBe(2000);
    expect(error.message).toContain('Too many requests');
  });

  it('waits the second Kartra asks for after "Too many requests", with or without an HTTP 429', async () => {
    fake.failNext(429);
    const plain = await failureOf(adapter.test());
    fake.failNext(200, { status: 'Error', message: 'Too many requests' });
    const inBody = await failureOf(adapter.test());

    for (const error of [plain, inBody]) {
      expect(error.code).toBe('temporary');
      expect(error.retryAfterMs).toBe(1000);
    }
  });

  it('answers a 500, or a body that is not JSON, as temporary', async () => {
    fake.failNext(500);
    const serverError = await failureOf(adapter.deliver(makeDelivery()));
    fake.failNext(200, '<html>Down for maintenance</html>');
    const notJson = await failureOf(adapter.test());

    expect(serverError).toMatchObject({ code: 'temporary', status: 500 });
    expect(notJson.code).toBe('temporary');
    expect(notJson.message).toContain('Down for maintenance');
  });

  it('spaces calls to stay well under 20 a second for one App', async () => {
    const { limiter, clock } = createVirtualLimiter();
    const seen: string[] = [];
    const http = createHttpClient({ limiter });
    const limited = connect(
      {},
      {
        request: (request, options) => {
          seen.push(options.limitKey);
          return http.request(request, options);
        },
      },
    );

    for (let call = 0; call < 9; call += 1) await limited.test();

    expect(fake.requests).toHaveLength(9);
    expect(clock.waits).toEqual([125]);
    expect(new Set(seen)).toEqual(new Set([`kartra:${fake.credentials.appId}`]));
  });
});
