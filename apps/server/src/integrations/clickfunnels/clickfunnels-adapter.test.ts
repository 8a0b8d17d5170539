import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import type { LeadData, PipelineData, SyncAdapter, SyncChange } from '../adapter';
import {
  AT,
  createVirtualLimiter,
  failureOf,
  makeDelivery,
  tagChange,
  type DeliveryOptions,
  type VirtualClock,
} from '../adapter-test-kit';
import { createHttpClient, type RateLimiter } from '../http-client';
import { createClickFunnelsAdapter } from './clickfunnels-adapter';
import {
  FAKE_CLICKFUNNELS_TOKEN,
  FAKE_CLICKFUNNELS_WORKSPACE,
  startFakeClickFunnels,
} from './fake-clickfunnels';

type Fake = Awaited<ReturnType<typeof startFakeClickFunnels>>;

/** Ana Lopez, whose surname and profiles the assertions below look for. */
const ANA_LOPEZ: Partial<LeadData> = {
  fullName: 'Ana Lopez',
  lastName: 'Lopez',
  usernames: {
    instagram: '@ana.lopez',
    facebook: 'https://www.facebook.com/ana.lopez.77',
    tiktok: 'analo',
  },
};

/** A delivery for Ana, whom ClickFunnels has not seen, carrying the changes given. */
const buildDelivery = (options: DeliveryOptions = {}) =>
  makeDelivery({ ...options, lead: { ...ANA_LOPEZ, ...options.lead } });

function inStage(remoteID: string | null, name = 'Call booked'): PipelineData {
  return { id: 'p-1', name: 'Coaching', remotePipelineID: '21', stage: { id: 's-1', name, remoteID } };
}

const stageChange: SyncChange = {
  kind: 'stage',
  action: 'update',
  at: AT,
  stage: { from: 'New', to: 'Call' },
};

describe('the ClickFunnels adapter', () => {
  let fake: Fake;
  let adapter: SyncAdapter;
  let limiter: RateLimiter;
  let clock: VirtualClock;

  const connect = (secrets: Record<string, string> = { apiToken: FAKE_CLICKFUNNELS_TOKEN }) =>
    createClickFunnelsAdapter(
      {
        id: 'connection-1',
        type: 'clickfunnels',
        settings: { subdomain: 'acme', workspaceId: String(FAKE_CLICKFUNNELS_WORKSPACE.id) },
        secrets,
        endpoint: fake.endpoint,
      },
      createHttpClient({ limiter }),
    );

  beforeEach(async () => {
    fake = await startFakeClickFunnels();
    ({ limiter, clock } = createVirtualLimiter(Date.now()));
    adapter = connect();
  });

  afterEach(async () => {
    await fake.close();
  });

  it('tests the connection by reading the workspace and names it', async () => {
    expect(await adapter.test()).toBe(
      'Connected to ClickFunnels workspace “Acme Coaching” (acme.myclickfunnels.com).',
    );
    expect(fake.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v2/workspaces/42',
        headers: expect.objectContaining({
          authorization: `Bearer ${FAKE_CLICKFUNNELS_TOKEN}`,
          userAgent: 'GroupTrack',
        }) as unknown,
      }),
    ]);
  });

  it('reports a refused token as an auth failure in ClickFunnels’ words', async () => {
    const error = await failureOf(connect({ apiToken: 'wrong' }).test());
    expect(error.code).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toContain('The access token is missing or invalid');
  });

  it('refuses settings without a workspace before calling out', async () => {
    const broken = createClickFunnelsAdapter(
      { id: 'c', type: 'clickfunnels', settings: { subdomain: 'acme' }, secrets: { apiToken: 'x' } },
      createHttpClient({ limiter }),
    );
    expect((await failureOf(broken.test())).code).toBe('invalid');
    expect(fake.requests).toEqual([]);
  });

  it('creates the person on a first delivery through the upsert, with documented fields only', async () => {
    const ids = await adapter.deliver(buildDelivery());
    const [contact] = fake.state.contacts;
    expect(ids).toEqual({ contactID: String(contact?.id), pipelineItemID: null });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/v2/workspaces/42/contacts/upsert',
    ]);
    expect(fake.requests[0]?.body).toEqual({
      contact: {
        email_address: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Lopez',
        phone_number: '+14155550100',
        instagram_url: 'https://www.instagram.com/ana.lopez/',
        fb_url: 'https://www.facebook.com/ana.lopez.77',
      },
    });
  });

  it('updates the same person by id on a later delivery', async () => {
    const { contactID } = await adapter.deliver(buildDelivery());
    const ids = await adapter.deliver(
      buildDelivery({
        lead: { remoteContactID: contactID ?? null, phoneNumber: '+14155550199' },
        changes: [{ kind: 'info', action: 'update', at: AT }],
      }),
    );
    expect(ids.contactID).toBe(contactID);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/api/v2/contacts/${contactID}` });
    expect(fake.state.contacts).toHaveLength(1);
    expect(fake.state.contacts[0]?.phone_number).toBe('+14155550199');
  });

  it('falls back to the email upsert when the remembered person is gone', async () => {
    const { contactID } = await adapter.deliver(buildDelivery());
    const ids = await adapter.deliver(buildDelivery({ lead: { remoteContactID: '999999' } }));
    expect(ids.contactID).toBe(contactID);
    expect(fake.requests.slice(1).map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /api/v2/contacts/999999',
      'POST /api/v2/workspaces/42/contacts/upsert',
    ]);
    expect(fake.state.contacts).toHaveLength(1);
  });

  it('follows a changed address to the person who had the old one', async () => {
    const { contactID } = await adapter.deliver(buildDelivery());
    const ids = await adapter.deliver(
      buildDelivery({ lead: { emailAddress: 'ana@newmail.com', oldEmailAddress: 'ana@example.com' } }),
    );
    expect(ids.contactID).toBe(contactID);
    expect(fake.state.contacts.map((contact) => contact.email_address)).toEqual(['ana@newmail.com']);
  });

  it('refuses a person without an email address it could keep them by', async () => {
    const error = await failureOf(adapter.deliver(buildDelivery({ lead: { emailAddress: null } })));
    expect(error.code).toBe('invalid');
    expect(error.message).toBe('ClickFunnels needs an email address to keep a person; this one has none.');
    expect(fake.requests).toEqual([]);
  });

  it('applies and removes mapped tags one by one, skipping unmapped ones and ones already there', async () => {
    const { contactID } = await adapter.deliver(
      buildDelivery({
        changes: [
          { kind: 'info', action: 'add', at: AT },
          tagChange('add', 'VIP', { remoteID: '11' }),
          tagChange('add', 'Webinar', { remoteID: '12' }),
          tagChange('add', 'Local only'),
          tagChange('add', 'VIP', { remoteID: '11' }),
        ],
      }),
    );
    const id = Number(contactID);
    expect(fake.state.appliedTags.map((row) => [row.contact_id, row.tag_id])).toEqual([
      [id, 11],
      [id, 12],
    ]);
    const applies = fake.requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/applied_tags'),
    );
    expect(applies.map((request) => request.body)).toEqual([
      { contacts_applied_tag: { tag_id: 11 } },
      { contacts_applied_tag: { tag_id: 12 } },
    ]);

    const webinar = fake.state.appliedTags.find((row) => row.tag_id === 12);
    fake.requests.length = 0;
    await adapter.deliver(
      buildDelivery({
        lead: { remoteContactID: contactID ?? null },
        changes: [tagChange('delete', 'Webinar', { remoteID: '12' }), tagChange('delete', 'Local only')],
      }),
    );
    expect(fake.state.appliedTags.map((row) => row.tag_id)).toEqual([11]);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /api/v2/contacts/${contactID}`,
      `GET /api/v2/contacts/${contactID}/applied_tags`,
      `DELETE /api/v2/contacts/applied_tags/${webinar?.id}`,
    ]);
  });

  it('opens one opportunity in the mapped stage, then moves it', async () => {
    const first = await adapter.deliver(
      buildDelivery({
        pipeline: inStage('31', 'New lead'),
        changes: [
          { kind: 'info', action: 'add', at: AT },
          { ...stageChange, action: 'add' },
        ],
      }),
    );
    const [opportunity] = fake.state.opportunities;
    expect(first.pipelineItemID).toBe(String(opportunity?.id));
    expect(opportunity).toMatchObject({
      name: 'Ana Lopez',
      pipelines_stage_id: 31,
      primary_contact_id: Number(first.contactID),
    });

    const second = await adapter.deliver(
      buildDelivery({
        lead: {
          remoteContactID: first.contactID ?? null,
          remoteContactPipelineID: first.pipelineItemID ?? null,
        },
        pipeline: inStage('32'),
        changes: [stageChange, stageChange],
      }),
    );
    expect(second.pipelineItemID).toBe(first.pipelineItemID);
    expect(fake.state.opportunities).toHaveLength(1);
    expect(fake.state.opportunities[0]?.pipelines_stage_id).toBe(32);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/v2/sales/opportunities/${first.pipelineItemID}`,
      body: { sales_opportunity: { pipelines_stage_id: 32 } },
    });
  });

  it('opens a new opportunity when the remembered one is gone', async () => {
    const { contactID } = await adapter.deliver(buildDelivery());
    const ids = await adapter.deliver(
      buildDelivery({
        lead: { remoteContactID: contactID ?? null, remoteContactPipelineID: '424242' },
        pipeline: inStage('33', 'Won'),
        changes: [stageChange],
      }),
    );
    expect(fake.state.opportunities.map((row) => [String(row.id), row.pipelines_stage_id])).toEqual([
      [ids.pipelineItemID, 33],
    ]);
  });

  it('sends no note, which ClickFunnels keeps on opportunities only', async () => {
    await adapter.deliver(
      buildDelivery({ changes: [{ kind: 'note', action: 'add', at: AT, note: { text: 'Called her' } }] }),
    );
    expect(fake.requests.map((request) => request.path)).toEqual(['/api/v2/workspaces/42/contacts/upsert']);
  });

  it('lists the tags across pages and the pipelines with their stages in order', async () => {
    expect(await adapter.listTags?.()).toEqual([
      { id: '11', name: 'VIP' },
      { id: '12', name: 'Webinar' },
      { id: '13', name: 'Customer' },
    ]);
    expect(fake.requests.map((request) => request.query)).toEqual([{}, { after: '12' }]);
    expect(await adapter.listPipelines?.()).toEqual([
      {
        id: '21',
        name: 'Coaching sales',
        stages: [
          { id: '31', name: 'New lead' },
          { id: '32', name: 'Call booked' },
          { id: '33', name: 'Won' },
        ],
      },
      { id: '22', name: 'Retreats', stages: [{ id: '34', name: 'Interested' }] },
    ]);
  });

  it('takes a 422 as invalid, with ClickFunnels’ message', async () => {
    const error = await failureOf(
      adapter.deliver(buildDelivery({ pipeline: inStage('999'), changes: [stageChange] })),
    );
    expect(error).toMatchObject({ code: 'invalid', status: 422 });
    expect(error.message).toContain('Pipelines stage must exist');

    fake.failNext(422, { errors: { email_address: ['is invalid'] } });
    const byField = await failureOf(adapter.deliver(buildDelivery()));
    expect(byField).toMatchObject({ code: 'invalid', status: 422 });
    expect(byField.message).toContain('email address is invalid');
  });

  it('takes a 429 as temporary and waits out its Retry-After before the next call', async () => {
    fake.failNext(429, undefined, { 'retry-after': '3' });
    const error = await failureOf(adapter.test());
    expect(error).toMatchObject({ code: 'temporary', status: 429, retryAfterMs: 3000 });
    expect(error.message).toContain('The API rate limits have been reached');
    // The client dates the pause by the real clock: the limiter's clock catches up with it first.
    clock.at = Date.now();
    await adapter.test();
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThan(2500);
    expect(clock.waits[0]).toBeLessThanOrEqual(3000);
  });

  it('takes a 500 as temporary', async () => {
    fake.failNext(500);
    expect(await failureOf(adapter.deliver(buildDelivery()))).toMatchObject({
      code: 'temporary',
      status: 500,
    });
  });

  it('keeps to four calls a second per workspace', async () => {
    for (let call = 0; call < 6; call += 1) await adapter.test();
    expect(fake.requests).toHaveLength(6);
    expect(clock.waits).toEqual([250, 250]);
  });
});
