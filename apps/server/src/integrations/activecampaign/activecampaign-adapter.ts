import { SUPPORTED_CHANGES } from '@grouptrack/domain';
import type { LeadData, RemoteTag, SyncAdapterFactory } from '../adapter';
import { AdapterError } from '../adapter-error';
import { clip, type HttpRequest, type HttpResponse, type RateLimit } from '../http-client';

// ActiveCampaign allows 5 requests a second per account, shared by every key of it: stay under.
const LIMIT: RateLimit = { requests: 4, perMs: 1000 };
// The largest page GET /tags answers; the page cap guards against an answer that never ends.
const TAG_PAGE_SIZE = 100;
const MAX_TAG_PAGES = 200;

const NO_EMAIL = 'ActiveCampaign needs an email address to keep a person; this one has none.';

/**
 * ActiveCampaign API v3: people upserted by email through /contact/sync (or updated by id), mapped
 * tags added and removed as contactTags, notes on the contact. It keeps no stages for GroupTrack.
 */
export const createActiveCampaignAdapter: SyncAdapterFactory = (connection, http) => {
  const apiUrl = trimApiUrl(connection.settings.apiUrl ?? '');
  const apiToken = connection.secrets.apiToken?.trim() ?? '';
  const base = `${connection.endpoint ? trimApiUrl(connection.endpoint) : apiUrl}/api/3`;
  // The limit is the account's, and the API URL names the account whichever key calls it.
  const limitKey = `activecampaign:${apiUrl.toLowerCase()}`;
  const supported = SUPPORTED_CHANGES.activecampaign;

  const call = async (method: HttpRequest['method'], path: string, json?: unknown): Promise<unknown> => {
    checkSettings(apiUrl, apiToken);
    const response = await http.request(
      { method, url: `${base}${path}`, headers: { 'Api-Token': apiToken }, json },
      { limitKey, limit: LIMIT, describeError: describeActiveCampaignError },
    );
    return response.body;
  };

  const upsertContact = async (lead: LeadData): Promise<string> => {
    const email = lead.emailAddress?.trim();
    if (!email) throw new AdapterError('invalid', NO_EMAIL);
    const contact = contactFields(lead, email);
    if (lead.remoteContactID) {
      try {
        // By id, so that a changed email address moves with the person: /contact/sync matches on
        // email only and would make a second contact of them.
        return contactIdOf(
          await call('PUT', `/contacts/${encodeURIComponent(lead.remoteContactID)}`, { contact }),
        );
      } catch (error) {
        if (!(error instanceof AdapterError && error.code === 'not-found')) throw error;
      }
    }
    return contactIdOf(await call('POST', '/contact/sync', { contact }));
  };

  return {
    async test() {
      const body = await call('GET', '/users/me');
      const user = field(body, 'user');
      const name = [text(field(user, 'firstName')), text(field(user, 'lastName'))].filter(Boolean).join(' ');
      const who = name || text(field(user, 'username')) || 'its user';
      const email = text(field(user, 'email'));
      return `Connected to ActiveCampaign at ${new URL(apiUrl).host} as ${who}${email ? ` (${email})` : ''}.`;
    },

    async deliver({ lead, changes }) {
      const contactID = await upsertContact(lead);
      const contactPath = encodeURIComponent(contactID);
      // Tag id → contactTag (association) id, read once when a removal first needs it.
      let contactTags: Map<string, string> | null = null;
      for (const change of changes) {
        if (!supported[change.kind].includes(change.action)) continue;
        switch (change.kind) {
          case 'tag': {
            const tagID = change.tag?.remoteID?.trim();
            if (!tagID) break;
            if (change.action === 'add') {
              const body = await call('POST', '/contactTags', {
                contactTag: { contact: contactID, tag: tagID },
              });
              const associationID = text(field(field(body, 'contactTag'), 'id'));
              if (associationID) contactTags?.set(tagID, associationID);
            } else if (change.action === 'delete') {
              contactTags ??= readContactTags(await call('GET', `/contacts/${contactPath}/contactTags`));
              const associationID = contactTags.get(tagID);
              if (!associationID) break;
              try {
                await call('DELETE', `/contactTags/${encodeURIComponent(associationID)}`);
              } catch (error) {
                // Removed meanwhile, in ActiveCampaign or by an earlier try of this delivery.
                if (!(error instanceof AdapterError && error.code === 'not-found')) throw error;
              }
              contactTags.delete(tagID);
            }
            break;
          }
          case 'note': {
            const note = change.note?.text.trim();
            if (change.action !== 'add' || !note) break;
            await call('POST', '/notes', { note: { note, reltype: 'Subscriber', relid: Number(contactID) } });
            break;
          }
          case 'info':
          case 'stage':
          case 'task':
            break;
        }
      }
      return { contactID };
    },

    async listTags() {
      const tags: RemoteTag[] = [];
      const seen = new Set<string>();
      for (let page = 0; page < MAX_TAG_PAGES; page += 1) {
        const body = await call('GET', `/tags?limit=${TAG_PAGE_SIZE}&offset=${page * TAG_PAGE_SIZE}`);
        const rows = list(field(body, 'tags'));
        let fresh = 0;
        for (const row of rows) {
          const id = text(field(row, 'id'));
          if (!id || seen.has(id)) continue;
          seen.add(id);
          fresh += 1;
          // Template tags label email templates and cannot be put on a contact.
          const type = text(field(row, 'tagType'));
          if (type && type !== 'contact') continue;
          tags.push({ id, name: text(field(row, 'tag')) });
        }
        const total = Number(text(field(field(body, 'meta'), 'total')));
        if (rows.length < TAG_PAGE_SIZE || fresh === 0 || (Number.isFinite(total) && seen.size >= total))
          break;
      }
      return tags;
    },
  };
};

/** The system's own words in a failed answer: errors[].title/detail, an errors string, or a message. */
function describeActiveCampaignError(response: HttpResponse): string | null {
  const { body } = response;
  const errors = field(body, 'errors');
  if (Array.isArray(errors)) {
    const said = errors
      .map((error) => {
        const title = text(field(error, 'title'));
        const detail = text(field(error, 'detail'));
        return title && detail && title !== detail ? `${title}: ${detail}` : title || detail;
      })
      .filter(Boolean);
    if (said.length > 0) return clip(said.join('; '));
  }
  const said = text(errors) || text(field(body, 'message'));
  return said ? clip(said) : null;
}

function checkSettings(apiUrl: string, apiToken: string) {
  // The key goes in a header of every call: never to a host over plain HTTP.
  if (!URL.canParse(apiUrl) || new URL(apiUrl).protocol !== 'https:') {
    throw new AdapterError(
      'invalid',
      'ActiveCampaign needs the API URL from Settings → Developer, such as https://account.api-us1.com.',
    );
  }
  if (!apiToken)
    throw new AdapterError('auth', 'ActiveCampaign needs the API key from Settings → Developer.');
}

/** The origin as pasted, without trailing slashes or the /api/3 that people sometimes copy with it. */
function trimApiUrl(value: string): string {
  return value
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/3$/i, '');
}

/** The documented fields of a contact; empty ones are left out so they do not clear what the account holds. */
function contactFields(lead: LeadData, email: string) {
  const firstName = lead.firstName.trim() || (lead.lastName.trim() ? '' : lead.fullName.trim());
  const lastName = lead.lastName.trim();
  const phone = lead.phoneNumber?.trim() ?? '';
  return {
    email,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    ...(phone ? { phone } : {}),
  };
}

function contactIdOf(body: unknown): string {
  const id = text(field(field(body, 'contact'), 'id'));
  if (!id) throw new AdapterError('temporary', 'ActiveCampaign answered without the contact’s id.');
  return id;
}

function readContactTags(body: unknown): Map<string, string> {
  const associations = new Map<string, string>();
  for (const row of list(field(body, 'contactTags'))) {
    const tag = text(field(row, 'tag'));
    const id = text(field(row, 'id'));
    if (tag && id) associations.set(tag, id);
  }
  return associations;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** ActiveCampaign answers ids as strings and sometimes as numbers. */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}
