import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConnection, PipelineData, SyncChange } from '../adapter';
import { AT, createVirtualLimiter, failureOf, makeDelivery, tagChange } from '../adapter-test-kit';
import { createHttpClient, type HttpClient } from '../http-client';
import { FAKE_GHL_LOCATION_ID, FAKE_GHL_TOKEN, startFakeGoHighLevel } from './fake-gohighlevel';
import { createGoHighLevelAdapter } from './gohighlevel-adapter';

type Fake = Awaited<ReturnType<typeof startFakeGoHighLevel>>;

function makePipeline(stageRemoteID: string | null = 'st-new'): PipelineData {
  return {
    id: 'pipe-1',
    name: 'Dental leads',
    remotePipelineID: 'pl-sales',
    stage: { id: 'stage-1', name: 'New', remoteID: stageRemoteID },
  };
}

describe('the GoHighLevel adapter', () => {
  let fake: Fake;
  let http: HttpClient;
  let connection: AdapterConnection;

  beforeEach(async () => {
    fake = await startFakeGoHighLevel();
    // A client each test: a 429's Retry-After pauses the client's bucket for the location.
    http = createHttpClient();
    connection = {
      id: 'conn-1',
      type: 'gohighlevel',
      settings: { locationId: FAKE_GHL_LOCATION_ID },
      secrets: { token: FAKE_GHL_TOKEN },
      endpoint: fake.endpoint,
    };
  });
  afterEach(async () => {
    await fake.close();
  });

  const adapter = () => createGoHighLevelAdapter(connection, http);
  const calls = () => fake.requests.map((request) => `${request.method} ${request.path}`);

  it('tests the connection by listing the location’s pipelines', async () => {
    expect(await adapter().test()).toBe(
      `Connected to GoHighLevel location ${FAKE_GHL_LOCATION_ID} (2 pipelines: Sales, Onboarding).`,
    );
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/opportunities/pipelines',
      query: { locationId: FAKE_GHL_LOCATION_ID },
      headers: { authorization: `Bearer ${FAKE_GHL_TOKEN}`, version: '2021-07-28' },
    });
  });

  it('lists pipelines with their stages in order', async () => {
    const pipelines = await adapter().listPipelines!();
    expect(pipelines[0]).toEqual({
      id: 'pl-sales',
      name: 'Sales',
      stages: [
        { id: 'st-new', name: 'New lead' },
        { id: 'st-booked', name: 'Booked' },
        { id: 'st-won', name: 'Won' },
      ],
    });
  });

  it('reports a refused token as auth, in HighLevel’s words', async () => {
    connection.secrets = { token: 'pit-wrong' };
    const error = await failureOf(adapter().test());
    expect(error.code).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Invalid token: access token is invalid');
  });

  it('reports a location the token cannot reach as auth', async () => {
    connection.settings = { locationId: 'another-location' };
    const error = await failureOf(adapter().test());
    expect(error.code).toBe('auth');
    expect(error.message).toContain('The token does not have access to this location.');
  });

  it('creates the person by upsert on a first delivery and answers their id', async () => {
    const ids = await adapter().deliver(makeDelivery());
    const [contact] = [...fake.state.contacts.values()];
    expect(ids).toEqual({ contactID: contact?.id, pipelineItemID: null });
    expect(contact).toMatchObject({ email: 'ana@example.com', phone: '+14155550100', firstName: 'Ana' });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/contacts/upsert',
      headers: { 'content-type': 'application/json', version: '2021-07-28' },
      body: {
        locationId: FAKE_GHL_LOCATION_ID,
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        phone: '+14155550100',
      },
    });
    // Tags on upsert would replace every tag the contact has.
    expect(fake.requests[0]?.body).not.toHaveProperty('tags');
  });

  it('updates the remembered person on a later delivery, with no duplicate', async () => {
    const first = await adapter().deliver(makeDelivery());
    const second = await adapter().deliver(
      makeDelivery({
        lead: { remoteContactID: first.contactID!, emailAddress: 'ana.lima@example.com', firstName: 'Anna' },
        changes: [{ kind: 'info', action: 'update', at: AT }],
      }),
    );
    expect(second.contactID).toBe(first.contactID);
    expect(fake.state.contacts.size).toBe(1);
    expect(fake.state.contacts.get(first.contactID!)).toMatchObject({
      email: 'ana.lima@example.com',
      firstName: 'Anna',
    });
    expect(fake.requests[1]).toMatchObject({ method: 'PUT', path: `/contacts/${first.contactID}` });
    expect(fake.requests[1]?.body).not.toHaveProperty('locationId');
  });

  it('falls back to the email when the remembered person is gone (404)', async () => {
    const ids = await adapter().deliver(
      makeDelivery({
        lead: { remoteContactID: 'gone-contact', remoteContactPipelineID: 'gone-opportunity' },
      }),
    );
    expect(calls()).toEqual(['PUT /contacts/gone-contact', 'POST /contacts/upsert']);
    expect(ids.contactID).toBe([...fake.state.contacts.keys()][0]);
    expect(ids.pipelineItemID).toBeNull();
  });

  it('falls back to the email when HighLevel says “not found” with a 400', async () => {
    fake.failNext(400, { statusCode: 400, message: 'Contact not found' });
    const ids = await adapter().deliver(makeDelivery({ lead: { remoteContactID: 'gone-contact' } }));
    expect(calls()).toEqual(['PUT /contacts/gone-contact', 'POST /contacts/upsert']);
    expect(ids.contactID).toBeTruthy();
  });

  it('refuses a new person with neither email nor phone before calling', async () => {
    const error = await failureOf(
      adapter().deliver(makeDelivery({ lead: { emailAddress: null, phoneNumber: null } })),
    );
    expect(error.code).toBe('invalid');
    expect(error.message).toBe(
      'GoHighLevel needs an email address or phone number to keep a person; this one has neither.',
    );
    expect(fake.requests).toEqual([]);
  });

  it('sends tag changes as deltas by name, in order', async () => {
    const ids = await adapter().deliver(
      makeDelivery({
        changes: [
          tagChange('add', 'VIP'),
          tagChange('add', 'Implants'),
          tagChange('delete', 'Cold'),
          tagChange('add', 'Cold'),
        ],
      }),
    );
    const path = `/contacts/${ids.contactID}/tags`;
    expect(fake.requests.slice(1).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path, body: { tags: ['VIP', 'Implants'] } },
      { method: 'DELETE', path, body: { tags: ['Cold'] } },
      { method: 'POST', path, body: { tags: ['Cold'] } },
    ]);
    expect(fake.state.contacts.get(ids.contactID!)?.tags).toEqual(['VIP', 'Implants', 'Cold']);
  });

  it('removes a tag the person has', async () => {
    const { contactID } = await adapter().deliver(makeDelivery({ changes: [tagChange('add', 'VIP')] }));
    await adapter().deliver(
      makeDelivery({ lead: { remoteContactID: contactID! }, changes: [tagChange('delete', 'VIP')] }),
    );
    expect(fake.state.contacts.get(contactID!)?.tags).toEqual([]);
  });

  it('creates one opportunity in the mapped stage, then moves it', async () => {
    const stageChange: SyncChange = {
      kind: 'stage',
      action: 'add',
      at: AT,
      stage: { from: null, to: 'New' },
    };
    const first = await adapter().deliver(
      makeDelivery({ pipeline: makePipeline('st-new'), changes: [stageChange] }),
    );
    expect(calls()).toEqual(['POST /contacts/upsert', 'GET /opportunities/search', 'POST /opportunities/']);
    expect(fake.requests[1]?.query).toEqual({
      location_id: FAKE_GHL_LOCATION_ID,
      contact_id: first.contactID,
      pipeline_id: 'pl-sales',
    });
    expect(fake.requests[2]?.body).toEqual({
      pipelineId: 'pl-sales',
      locationId: FAKE_GHL_LOCATION_ID,
      name: 'Ana Lima',
      pipelineStageId: 'st-new',
      status: 'open',
      contactId: first.contactID,
    });
    expect(first.pipelineItemID).toBe([...fake.state.opportunities.keys()][0]);

    const second = await adapter().deliver(
      makeDelivery({
        lead: { remoteContactID: first.contactID!, remoteContactPipelineID: first.pipelineItemID! },
        pipeline: makePipeline('st-booked'),
        changes: [{ kind: 'stage', action: 'update', at: AT, stage: { from: 'New', to: 'Booked' } }],
      }),
    );
    expect(second.pipelineItemID).toBe(first.pipelineItemID);
    expect(calls().slice(3)).toEqual([
      `PUT /contacts/${first.contactID}`,
      `PUT /opportunities/${first.pipelineItemID}`,
    ]);
    expect(fake.requests[4]?.body).toEqual({ pipelineId: 'pl-sales', pipelineStageId: 'st-booked' });
    expect(fake.state.opportunities.size).toBe(1);
    expect(fake.state.opportunities.get(first.pipelineItemID!)?.pipelineStageId).toBe('st-booked');
  });

  it('finds the person’s opportunity when none is remembered, instead of creating another', async () => {
    const stageChange: SyncChange = { kind: 'stage', action: 'add', at: AT };
    const first = await adapter().deliver(
      makeDelivery({ pipeline: makePipeline('st-new'), changes: [stageChange] }),
    );
    const second = await adapter().deliver(
      makeDelivery({
        pipeline: makePipeline('st-won'),
        changes: [stageChange, { ...stageChange, action: 'update' }],
      }),
    );
    expect(second.pipelineItemID).toBe(first.pipelineItemID);
    expect(calls().slice(3)).toEqual([
      'POST /contacts/upsert',
      'GET /opportunities/search',
      `PUT /opportunities/${first.pipelineItemID}`,
    ]);
    expect(fake.state.opportunities.size).toBe(1);
  });

  it('skips a stage with no mapped HighLevel stage', async () => {
    await adapter().deliver(
      makeDelivery({ pipeline: makePipeline(null), changes: [{ kind: 'stage', action: 'add', at: AT }] }),
    );
    expect(calls()).toEqual(['POST /contacts/upsert']);
  });

  it('adds a note to the person', async () => {
    const { contactID } = await adapter().deliver(
      makeDelivery({
        changes: [{ kind: 'note', action: 'add', at: AT, note: { text: 'Asked about implants.' } }],
      }),
    );
    expect(fake.requests[1]).toMatchObject({
      method: 'POST',
      path: `/contacts/${contactID}/notes`,
      body: { body: 'Asked about implants.' },
    });
    expect(fake.state.notes).toMatchObject([{ contactId: contactID, body: 'Asked about implants.' }]);
  });

  it('ignores changes HighLevel does not receive', async () => {
    await adapter().deliver(
      makeDelivery({
        pipeline: makePipeline(),
        changes: [
          { kind: 'task', action: 'add', at: AT, task: { taskName: 'Call', dueAt: null, action: 'added' } },
          { kind: 'note', action: 'delete', at: AT, note: { text: 'Old' } },
          { kind: 'stage', action: 'delete', at: AT },
          { kind: 'info', action: 'delete', at: AT },
        ],
      }),
    );
    expect(calls()).toEqual(['POST /contacts/upsert']);
  });

  it('reports a 422 as invalid with every message HighLevel gave', async () => {
    fake.failNext(422, {
      statusCode: 422,
      message: ['email must be an email', 'phone must be a valid phone number'],
      error: 'Unprocessable Entity',
    });
    const error = await failureOf(adapter().deliver(makeDelivery()));
    expect(error.code).toBe('invalid');
    expect(error.status).toBe(422);
    expect(error.message).toContain('email must be an email; phone must be a valid phone number');
  });

  it('has a fake that refuses properties the API does not declare, as HighLevel does', async () => {
    const error = await failureOf(
      http.request(
        {
          method: 'POST',
          url: `${fake.endpoint}/contacts/upsert`,
          headers: { authorization: `Bearer ${FAKE_GHL_TOKEN}`, version: '2021-07-28' },
          json: { locationId: FAKE_GHL_LOCATION_ID, email: 'ana@example.com', additionalEmails: [] },
        },
        {
          limitKey: 'test',
          limit: { requests: 10, perMs: 1000 },
          describeError: (response) => (response.body as { message: string[] }).message.join('; '),
        },
      ),
    );
    expect(error.status).toBe(422);
    expect(error.message).toContain('property additionalEmails should not exist');
  });

  it('reports a 429 as temporary with the Retry-After it asked for', async () => {
    fake.failNext(429, { statusCode: 429, message: 'Too many requests' }, { 'retry-after': '2' });
    const error = await failureOf(adapter().deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.retryAfterMs).toBe(2000);
    expect(error.message).toContain('Too many requests');
  });

  it('reports a 500 as temporary', async () => {
    fake.failNext(500, { statusCode: 500, message: 'Internal server error' });
    const error = await failureOf(adapter().deliver(makeDelivery()));
    expect(error.code).toBe('temporary');
    expect(error.status).toBe(500);
  });

  it('spaces calls to at most 90 per 10 seconds for the location', async () => {
    const { limiter, clock } = createVirtualLimiter();
    http = createHttpClient({ limiter });
    const tested = adapter();
    for (let call = 0; call < 91; call += 1) await tested.test();
    // 90 calls pass at once; the 91st waits for a ninetieth of 10 s.
    expect(clock.waits).toEqual([112]);
    expect(fake.requests).toHaveLength(91);
  });
});
