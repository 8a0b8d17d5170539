import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import type { AdapterConnection, LeadData, SyncChange } from '../adapter';
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
import { createActiveCampaignAdapter } from './activecampaign-adapter';
import { FAKE_ACTIVECAMPAIGN_TOKEN, startFakeActiveCampaign } from './fake-activecampaign';

const API_URL = 'https://dentalco.api-us1.com';

/** Maria, whom the assertions below know by her name, email address and phone. */
const MARIA: Partial<LeadData> = {
  fullName: 'Maria Souza',
  firstName: 'Maria',
  lastName: 'Souza',
  emailAddress: 'maria@example.com',
  phoneNumber: '+15550001111',
};

/** A delivery for Maria, `options.lead` on top. */
const deliveryForMaria = (options: DeliveryOptions = {}) =>
  makeDelivery({ ...options, lead: { ...MARIA, ...options.lead } });

function noteChange(text: string): SyncChange {
  return { kind: 'note', action: 'add', at: AT, note: { text } };
}

describe('the ActiveCampaign adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeActiveCampaign>>;
  let limiter: RateLimiter;
  let clock: VirtualClock;

  beforeEach(async () => {
    fake = await startFakeActiveCampaign();
    // The real clock's now: the client dates a Retry-After by it.
    ({ limiter, clock } = createVirtualLimiter(Date.now()));
  });
  afterEach(async () => {
    await fake.close();
  });

  function adapterFor(overrides: Partial<AdapterConnection> = {}) {
    const connection: AdapterConnection = {
      id: 'connection-1',
      type: 'activecampaign',
      settings: { apiUrl: API_URL },
      secrets: { apiToken: FAKE_ACTIVECAMPAIGN_TOKEN },
      endpoint: fake.endpoint,
      ...overrides,
    };
    return createActiveCampaignAdapter(connection, createHttpClient({ limiter }));
  }

  const paths = () => fake.requests.map((request) => `${request.method} ${request.path}`);

  describe('test', () => {
    it('says which user of which account the key belongs to', async () => {
      expect(await adapterFor().test()).toBe(
        'Connected to ActiveCampaign at dentalco.api-us1.com as Ana Lima (ana@dental.example).',
      );
      expect(paths()).toEqual(['GET /api/3/users/me']);
      expect(fake.requests[0]!.headers['api-token']).toBe(FAKE_ACTIVECAMPAIGN_TOKEN);
    });

    it("refuses a wrong key as auth, in ActiveCampaign's words", async () => {
      const error = await failureOf(adapterFor({ secrets: { apiToken: 'not-the-key' } }).test());
      expect(error.code).toBe('auth');
      expect(error.status).toBe(403);
      expect(error.message).toBe('403 Forbidden: Forbidden');
    });

    it('takes a 401 as auth as well', async () => {
      fake.failNext(401, { message: 'Unauthorized' });
      const error = await failureOf(adapterFor().test());
      expect(error.code).toBe('auth');
      expect(error.message).toContain('Unauthorized');
    });

    it('refuses an API URL that is not https without calling it', async () => {
      const error = await failureOf(
        adapterFor({ settings: { apiUrl: 'http://dentalco.api-us1.com' } }).test(),
      );
      expect(error.code).toBe('invalid');
      expect(fake.requests).toEqual([]);
    });

    it("calls the account's own API URL when no endpoint replaces it", async () => {
      const urls: string[] = [];
      const fetchStub: typeof fetch = (input) => {
        urls.push(input instanceof Request ? input.url : input.toString());
        const body = JSON.stringify({ user: { username: 'ana', email: 'ana@dental.example' } });
        return Promise.resolve(
          new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
        );
      };
      const connection: AdapterConnection = {
        id: 'connection-1',
        type: 'activecampaign',
        settings: { apiUrl: `${API_URL}/api/3/` },
        secrets: { apiToken: FAKE_ACTIVECAMPAIGN_TOKEN },
      };
      const adapter = createActiveCampaignAdapter(
        connection,
        createHttpClient({ fetch: fetchStub, limiter }),
      );
      expect(await adapter.test()).toBe(
        'Connected to ActiveCampaign at dentalco.api-us1.com as ana (ana@dental.example).',
      );
      expect(urls).toEqual(['https://dentalco.api-us1.com/api/3/users/me']);
    });
  });

  describe('deliver', () => {
    it('creates the person through contact/sync on the first delivery and answers their id', async () => {
      const ids = await adapterFor().deliver(deliveryForMaria());
      expect(ids).toEqual({ contactID: '10' });
      expect(paths()).toEqual(['POST /api/3/contact/sync']);
      expect(fake.requests[0]!.headers['content-type']).toBe('application/json');
      expect(fake.requests[0]!.body).toEqual({
        contact: { email: 'maria@example.com', firstName: 'Maria', lastName: 'Souza', phone: '+15550001111' },
      });
      expect([...fake.state.contacts.values()]).toEqual([
        {
          id: '10',
          email: 'maria@example.com',
          firstName: 'Maria',
          lastName: 'Souza',
          phone: '+15550001111',
        },
      ]);
    });

    it('updates the same person by id on a later delivery, a changed email address included', async () => {
      const adapter = adapterFor();
      const { contactID } = await adapter.deliver(deliveryForMaria());
      const ids = await adapter.deliver(
        deliveryForMaria({
          lead: {
            remoteContactID: contactID ?? null,
            emailAddress: 'maria.s@example.com',
            oldEmailAddress: 'maria@example.com',
          },
          changes: [{ kind: 'info', action: 'update', at: AT }],
        }),
      );
      expect(ids).toEqual({ contactID });
      expect(paths()).toEqual(['POST /api/3/contact/sync', `PUT /api/3/contacts/${contactID}`]);
      expect([...fake.state.contacts.values()].map((contact) => contact.email)).toEqual([
        'maria.s@example.com',
      ]);
    });

    it('leaves out empty fields so they do not clear what the account holds', async () => {
      await adapterFor().deliver(
        deliveryForMaria({ lead: { phoneNumber: null, firstName: '', lastName: '' } }),
      );
      expect(fake.requests[0]!.body).toEqual({
        contact: { email: 'maria@example.com', firstName: 'Maria Souza' },
      });
    });

    it('falls back to the email address when the remembered contact is gone', async () => {
      fake.addContact({ email: 'maria@example.com', firstName: 'Maria' });
      const ids = await adapterFor().deliver(deliveryForMaria({ lead: { remoteContactID: '999' } }));
      expect(ids).toEqual({ contactID: '10' });
      expect(paths()).toEqual(['PUT /api/3/contacts/999', 'POST /api/3/contact/sync']);
      expect(fake.state.contacts.size).toBe(1);
    });

    it('refuses a person without an email address without calling ActiveCampaign', async () => {
      const error = await failureOf(adapterFor().deliver(deliveryForMaria({ lead: { emailAddress: null } })));
      expect(error.code).toBe('invalid');
      expect(error.message).toBe(
        'ActiveCampaign needs an email address to keep a person; this one has none.',
      );
      expect(fake.requests).toEqual([]);
    });

    it('adds and removes mapped tags as deltas, removing by the association id', async () => {
      const contact = fake.addContact({ email: 'maria@example.com' });
      const vip = fake.addTag('VIP');
      const hot = fake.addTag('Hot lead');
      const cold = fake.addTag('Cold');
      const hotOnContact = fake.tagContact(contact.id, hot.id);
      await adapterFor().deliver(
        deliveryForMaria({
          lead: { remoteContactID: contact.id },
          changes: [
            tagChange('add', 'VIP', { remoteID: vip.id }),
            tagChange('add', 'Unmapped'),
            tagChange('delete', 'Hot lead', { remoteID: hot.id }),
            tagChange('delete', 'Cold', { remoteID: cold.id }),
          ],
        }),
      );
      expect(paths()).toEqual([
        `PUT /api/3/contacts/${contact.id}`,
        'POST /api/3/contactTags',
        `GET /api/3/contacts/${contact.id}/contactTags`,
        `DELETE /api/3/contactTags/${hotOnContact.id}`,
      ]);
      expect(hotOnContact.id).not.toBe(hot.id);
      expect(fake.requests[1]!.body).toEqual({ contactTag: { contact: contact.id, tag: vip.id } });
      expect([...fake.state.contactTags.values()].map((row) => row.tag)).toEqual([vip.id]);
    });

    it('takes a tag removed meanwhile as removed', async () => {
      const contact = fake.addContact({ email: 'maria@example.com' });
      const hot = fake.addTag('Hot lead');
      const hotOnContact = fake.tagContact(contact.id, hot.id);
      const gone = `No Result found for SubscriberTag with id ${hotOnContact.id}`;
      fake.failNext(404, { message: gone }, {}, `DELETE /api/3/contactTags/${hotOnContact.id}`);
      const ids = await adapterFor().deliver(
        deliveryForMaria({
          lead: { remoteContactID: contact.id },
          changes: [tagChange('delete', 'Hot lead', { remoteID: hot.id })],
        }),
      );
      expect(ids).toEqual({ contactID: contact.id });
      expect(paths()).toContain(`DELETE /api/3/contactTags/${hotOnContact.id}`);
    });

    it('adds a note to the contact', async () => {
      const { contactID } = await adapterFor().deliver(
        deliveryForMaria({
          changes: [{ kind: 'info', action: 'add', at: AT }, noteChange('Wants a cleaning in June.')],
        }),
      );
      expect(fake.requests[1]!.body).toEqual({
        note: { note: 'Wants a cleaning in June.', reltype: 'Subscriber', relid: Number(contactID) },
      });
      expect(fake.state.notes).toEqual([
        { id: '1', note: 'Wants a cleaning in June.', reltype: 'Subscriber', relid: contactID },
      ]);
    });

    it('sends no stage or task, which ActiveCampaign does not receive', async () => {
      await adapterFor().deliver(
        deliveryForMaria({
          changes: [
            { kind: 'stage', action: 'update', at: AT, stage: { from: 'New', to: 'Booked' } },
            { kind: 'task', action: 'add', at: AT, task: { taskName: 'Call', dueAt: null, action: 'added' } },
            { kind: 'note', action: 'delete', at: AT, note: { text: 'Old note' } },
          ],
        }),
      );
      expect(paths()).toEqual(['POST /api/3/contact/sync']);
    });
  });

  describe('failures', () => {
    it('takes a refused email address as invalid, with ActiveCampaign’s words and the 422', async () => {
      const error = await failureOf(
        adapterFor().deliver(deliveryForMaria({ lead: { emailAddress: 'maria-at-example' } })),
      );
      expect(error.code).toBe('invalid');
      expect(error.status).toBe(422);
      expect(error.message).toBe('422 Unprocessable Entity: Email address is not valid.');
    });

    it('joins the title and detail of each error ActiveCampaign lists', async () => {
      fake.failNext(422, {
        errors: [
          { status: 422, title: 'Invalid attribute', detail: 'Phone is too long', source: { pointer: '/x' } },
        ],
      });
      const error = await failureOf(adapterFor().deliver(deliveryForMaria()));
      expect(error.message).toBe('422 Unprocessable Entity: Invalid attribute: Phone is too long');
    });

    it('takes a 429 as temporary, keeps its Retry-After and waits it out before the next call', async () => {
      const adapter = adapterFor();
      fake.failNext(429, undefined, { 'Retry-After': '7' });
      const error = await failureOf(adapter.test());
      expect(error.code).toBe('temporary');
      expect(error.retryAfterMs).toBe(7000);
      await adapter.test();
      expect(clock.waits).toHaveLength(1);
      // The pause runs on the real clock from the 429; the virtual one stood still since the test began.
      expect(clock.waits[0]).toBeGreaterThanOrEqual(7000);
      expect(clock.waits[0]).toBeLessThan(8000);
    });

    it('takes a 500 as temporary', async () => {
      fake.failNext(500);
      const error = await failureOf(adapterFor().deliver(deliveryForMaria()));
      expect(error.code).toBe('temporary');
      expect(error.status).toBe(500);
    });
  });

  describe('rate limit', () => {
    it('spaces the calls of one account under 5 a second, and keeps accounts apart', async () => {
      const adapter = adapterFor();
      for (let call = 0; call < 8; call += 1) await adapter.test();
      expect(clock.waits).toEqual([250, 250, 250, 250]);
      await adapterFor({ settings: { apiUrl: 'https://other.api-us1.com' } }).test();
      expect(clock.waits).toHaveLength(4);
    });
  });

  describe('listTags', () => {
    it('pages through every contact tag of the account', async () => {
      for (let index = 0; index < 230; index += 1)
        fake.addTag(`Tag ${index}`, index < 5 ? 'template' : 'contact');
      const tags = await adapterFor().listTags!();
      expect(tags).toHaveLength(225);
      expect(tags[0]).toEqual({ id: '6', name: 'Tag 5' });
      expect(fake.requests.map((request) => request.query)).toEqual([
        { limit: '100', offset: '0' },
        { limit: '100', offset: '100' },
        { limit: '100', offset: '200' },
      ]);
    });
  });
});
