import { SUPPORTED_CHANGES } from '@grouptrack/domain';
import { AdapterError } from '../adapter-error';
import type { LeadData, SyncAdapterFactory, SyncChange } from '../adapter';
import type { HttpRequest, HttpResponse } from '../http-client';
import { clip, parseRetryAfter } from '../http-client';

const HOST = 'https://api.ontraport.com';

// Ontraport allows 180 calls a minute per account, rolling; staying under it leaves room for the
// account's other API clients.
const LIMIT = { requests: 170, perMs: 60_000 };

/** Ontraport's objectID of contacts in its generic object calls. */
const CONTACT_OBJECT = 0;

/** What Ontraport answers to every successful call. */
interface Envelope {
  code?: unknown;
  data?: unknown;
  account_id?: unknown;
}

/** One call: a path under /1 and the body the official SDK sends for it. */
type OntraportCall = Pick<HttpRequest, 'method' | 'json' | 'form'> & { path: string };

/**
 * Keeps each person as an Ontraport contact (objectID 0), found by email, and adds and removes its
 * tags by name, which creates a tag Ontraport does not have yet. Ontraport has no place here for
 * stages or notes (SUPPORTED_CHANGES): its note and deal field names are unconfirmed.
 */
export const createOntraportAdapter: SyncAdapterFactory = (connection, http) => {
  const appId = connection.settings.appId ?? '';
  const apiKey = connection.secrets.apiKey ?? '';
  const base = `${(connection.endpoint ?? HOST).replace(/\/+$/, '')}/1`;
  const limitKey = `ontraport:${appId}`;
  const allowed = SUPPORTED_CHANGES.ontraport;

  async function call({ path, ...request }: OntraportCall): Promise<Envelope> {
    if (appId === '' || apiKey === '') {
      throw new AdapterError('auth', 'Ontraport needs both the App ID and the API key.');
    }
    // Ontraport's 429 carries X-Rate-Limit-Reset instead of Retry-After; the client only shows us
    // the failed response inside describeError, so the wait is caught there.
    const limited = { resetMs: null as number | null };
    let response: HttpResponse;
    try {
      response = await http.request(
        { ...request, url: `${base}${path}`, headers: { 'Api-Appid': appId, 'Api-Key': apiKey } },
        {
          limitKey,
          limit: LIMIT,
          describeError: (failed) => {
            if (failed.status === 429) {
              limited.resetMs = parseRetryAfter(failed.headers.get('x-rate-limit-reset'));
            }
            return describeOntraportError(failed);
          },
        },
      );
    } catch (error) {
      if (error instanceof AdapterError && error.retryAfterMs === null && limited.resetMs !== null) {
        throw new AdapterError(error.code, error.message, {
          cause: error,
          status: error.status,
          retryAfterMs: limited.resetMs,
        });
      }
      throw error;
    }
    const envelope = isRecord(response.body) ? (response.body as Envelope) : {};
    const code = Number(envelope.code ?? 0);
    if (code !== 0) {
      const said = typeof envelope.data === 'string' ? `: ${clip(envelope.data)}` : '.';
      const refusal = `Ontraport refused the call (code ${Number.isNaN(code) ? '?' : code})${said}`;
      throw new AdapterError('invalid', refusal, { status: response.status });
    }
    return envelope;
  }

  async function upsertContact(lead: LeadData): Promise<string> {
    const fields = contactFields(lead);
    if (lead.remoteContactID) {
      try {
        const updated = await call({
          method: 'PUT',
          path: '/Contacts',
          form: { id: lead.remoteContactID, ...fields },
        });
        return contactIdOf(updated.data) ?? lead.remoteContactID;
      } catch (error) {
        // A contact deleted in Ontraport: keep the person by email instead. That Ontraport answers
        // 404 for an unknown id is unconfirmed; any other refusal is final as it stands.
        if (!(error instanceof AdapterError) || error.code !== 'not-found') throw error;
      }
    }
    // saveorupdate merges into the contact holding this email, so a retry never makes a duplicate.
    const saved = await call({ method: 'POST', path: '/Contacts/saveorupdate', form: fields });
    const contactID = contactIdOf(saved.data);
    if (contactID === null) {
      throw new AdapterError('temporary', 'Ontraport saved the contact but answered no id for it.');
    }
    return contactID;
  }

  async function changeTags(contactID: string, action: 'add' | 'delete', names: string[]) {
    const ids = [toObjectId(contactID)];
    await call(
      action === 'add'
        ? {
            method: 'PUT',
            path: '/objects/tagByName',
            json: { objectID: CONTACT_OBJECT, ids, add_names: names },
          }
        : {
            method: 'DELETE',
            path: '/objects/tagByName',
            json: { objectID: CONTACT_OBJECT, ids, remove_names: names },
          },
    );
  }

  return {
    async test() {
      const { data, account_id: account } = await call({ method: 'GET', path: '/Contacts/getInfo' });
      const count = isRecord(data) ? Number(data.count) : Number.NaN;
      const where =
        typeof account === 'string' || typeof account === 'number'
          ? `Ontraport account ${account}`
          : 'Ontraport';
      const contacts = Number.isFinite(count) ? ` (${count} ${count === 1 ? 'contact' : 'contacts'})` : '';
      return `Connected to ${where}${contacts}.`;
    },

    async deliver(delivery) {
      if (!delivery.lead.emailAddress?.trim()) {
        throw new AdapterError(
          'invalid',
          'Ontraport needs an email address to keep a person; this one has none.',
        );
      }
      const contactID = await upsertContact(delivery.lead);
      for (const run of tagRuns(delivery.changes, allowed.tag)) {
        await changeTags(contactID, run.action, run.names);
      }
      return { contactID };
    },
  };
};

/** The contact fields Ontraport documents that we hold; a blank is left out, since it would erase. */
function contactFields(lead: LeadData): Record<string, string> {
  const fields: Record<string, string> = { email: lead.emailAddress?.trim() ?? '' };
  const firstName = lead.firstName.trim() || (lead.lastName.trim() ? '' : lead.fullName.trim());
  if (firstName) fields.firstname = firstName;
  if (lead.lastName.trim()) fields.lastname = lead.lastName.trim();
  if (lead.phoneNumber?.trim()) fields.sms_number = lead.phoneNumber.trim();
  return fields;
}

/**
 * The tag changes as consecutive runs of one action, so that several tags added together take one
 * call while an add and a later remove of the same tag still arrive in their order.
 */
function tagRuns(changes: SyncChange[], actions: readonly string[]) {
  const runs: { action: 'add' | 'delete'; names: string[] }[] = [];
  for (const change of changes) {
    const name = change.tag?.name.trim();
    if (change.kind !== 'tag' || !name || !actions.includes(change.action)) continue;
    if (change.action !== 'add' && change.action !== 'delete') continue;
    const last = runs.at(-1);
    if (last?.action === change.action) {
      if (!last.names.includes(name)) last.names.push(name);
    } else {
      runs.push({ action: change.action, names: [name] });
    }
  }
  return runs;
}

/** The contact id of a saveorupdate or update answer: `data.id` on create, `data.attrs.id` on a merge. */
function contactIdOf(data: unknown): string | null {
  if (!isRecord(data)) return null;
  const id = data.id ?? (isRecord(data.attrs) ? data.attrs.id : undefined);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** Ontraport's ids are integers; its documented tag examples send them as JSON numbers. */
function toObjectId(id: string): number | string {
  return /^\d+$/.test(id) ? Number(id) : id;
}

/**
 * Ontraport's own words for a refusal. Its error body is undocumented (unconfirmed): plain text is
 * left to the client, and a JSON body is read for a message, an error or the envelope's data.
 */
function describeOntraportError(response: HttpResponse): string | null {
  const { body } = response;
  if (!isRecord(body)) return null;
  for (const key of ['message', 'error', 'data']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return clip(value.trim());
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
