import { SUPPORTED_CHANGES } from '@grouptrack/domain';
import type { LeadData, SyncAdapterFactory, SyncChange } from '../adapter';
import { AdapterError, type AdapterErrorCode } from '../adapter-error';
import type { HttpClient, HttpResponse, RateLimit } from '../http-client';

const KARTRA_HOST = 'https://app.kartra.com';

// Kartra allows 20 calls a second per App. A bucket of 8 a second sends at most 8 + 8 = 16 in any
// second, leaving room for other users of the same App.
const KARTRA_LIMIT: RateLimit = { requests: 8, perMs: 1_000 };

// Kartra's advice on "Too many requests": wait one second, then try again.
const KARTRA_RATE_LIMIT_PAUSE_MS = 1_000;

// Error types Kartra gives for refused credentials: API key empty or invalid (202, 203), API account
// inactive (204), API password invalid (233), App id empty, invalid or inactive (238, 239, 240), and a
// call from an IP the account does not allow (242).
const AUTH_TYPES = new Set(['202', '203', '204', '233', '238', '239', '240', '242']);

// "Tag does not exist" from assign_tag (212) and unassign_tag (214).
const TAG_MISSING_TYPES = new Set(['212', '214']);

/** Kartra's answer: every action's result, and a lead's details or the account's tags when asked. */
interface KartraAnswer {
  status?: string;
  message?: string;
  type?: string | number;
  lead_details?: { id?: string | number };
  account_tags?: unknown[];
  actions?: Record<string, KartraAnswer>[];
}

/** How Kartra said no, read from a body it answered with HTTP 200. */
interface KartraFailure {
  message: string;
  type: string | null;
  /** The body was not Kartra's JSON (a proxy's page, an outage): it says nothing about this call. */
  unreadable?: boolean;
}

/**
 * Kartra's inbound API: one form-encoded POST endpoint that takes the App id and the user's API key
 * and password with every call. Kartra has no upsert, so a person is looked up by email and then
 * created or edited; tags are assigned and unassigned by name. Kartra answers HTTP 200 to errors too,
 * so each answer's `status` and `type` say whether the call passed.
 */
export const createKartraAdapter: SyncAdapterFactory = (connection, http) => {
  const url = `${(connection.endpoint ?? KARTRA_HOST).replace(/\/+$/, '')}/api`;
  const appId = connection.settings.appId ?? '';
  const credentials = {
    app_id: appId,
    api_key: connection.secrets.apiKey ?? '',
    api_password: connection.secrets.apiPassword ?? '',
  };
  const limitKey = `kartra:${appId}`;
  const supported = SUPPORTED_CHANGES.kartra;

  /** One call, answering Kartra's body and, when it refused, how. */
  const post = async (fields: Record<string, string>) => {
    const response = await send(http, { url, form: { ...credentials, ...fields }, limitKey });
    return { response, answer: response.body as KartraAnswer, failure: findFailure(response.body) };
  };

  /** One call that must pass; a refusal throws the AdapterError its `type` means. */
  const call = async (fields: Record<string, string>): Promise<KartraAnswer> => {
    const { response, answer, failure } = await post(fields);
    if (failure) throw toAdapterError(failure, response);
    return answer;
  };

  const findLeadId = async (email: string): Promise<string | null> => {
    try {
      const answer = await call({ 'get_lead[email]': email });
      const id = answer.lead_details?.id;
      return id === undefined || id === null || id === '' ? null : String(id);
    } catch (error) {
      if (error instanceof AdapterError && error.code === 'not-found') return null;
      throw error;
    }
  };

  const editLead = async (id: string, fields: Record<string, string>) => {
    await call({ 'lead[id]': id, ...fields, 'actions[0][cmd]': 'edit_lead' });
  };

  const createLead = async (email: string, fields: Record<string, string>): Promise<string> => {
    const answer = await call({ 'lead[email]': email, ...fields, 'actions[0][cmd]': 'create_lead' });
    const id = answer.actions?.[0]?.create_lead?.lead_details?.id ?? answer.lead_details?.id;
    if (id !== undefined && id !== null && id !== '') return String(id);
    // Kartra's answer to create_lead is not documented: ask for the new lead when it carries no id.
    const found = await findLeadId(email);
    if (found) return found;
    throw new AdapterError('temporary', 'Kartra created the lead but did not say its id.', { status: 200 });
  };

  const applyTagChange = async (leadId: string, change: SyncChange) => {
    const name = change.tag?.name.trim();
    if (!name || !supported.tag.includes(change.action)) return;
    const cmd = change.action === 'add' ? 'assign_tag' : 'unassign_tag';
    const { response, failure } = await post({
      'lead[id]': leadId,
      'actions[0][cmd]': cmd,
      'actions[0][tag_name]': name,
    });
    if (!failure) return;
    if (failure.type !== null && TAG_MISSING_TYPES.has(failure.type)) {
      // A tag Kartra does not have is on no lead: there is nothing to remove.
      if (cmd === 'unassign_tag') return;
      throw new AdapterError(
        'invalid',
        `Kartra has no tag named "${name}" (${failure.message}). Kartra tags a lead only with a tag made in Kartra: create it under Communication → Tags.`,
        { status: response.status },
      );
    }
    throw toAdapterError(failure, response);
  };

  return {
    async test() {
      const answer = await call({ 'actions[0][cmd]': 'retrieve_account_tags' });
      const tags = answer.account_tags ?? answer.actions?.[0]?.retrieve_account_tags?.account_tags ?? [];
      return `Connected to Kartra: the account has ${tags.length} ${tags.length === 1 ? 'tag' : 'tags'}.`;
    },

    async deliver({ lead, changes }) {
      const email = lead.emailAddress?.trim();
      if (!email) {
        throw new AdapterError(
          'invalid',
          'Kartra needs an email address to keep a person; this one has none.',
        );
      }
      const fields = leadFields(lead);
      let leadId: string | null = null;
      if (lead.remoteContactID) {
        const oldEmail = lead.oldEmailAddress?.trim().toLowerCase();
        // With lead[id] naming the lead, lead[new_email] is how Kartra changes its address.
        const emailFields: Record<string, string> =
          oldEmail && oldEmail !== email.toLowerCase() ? { 'lead[new_email]': email } : {};
        try {
          await editLead(lead.remoteContactID, { ...fields, ...emailFields });
          leadId = lead.remoteContactID;
        } catch (error) {
          // A lead deleted in Kartra is looked up by email (and created again if need be), once.
          if (!(error instanceof AdapterError && error.code === 'not-found')) throw error;
        }
      }
      if (!leadId) {
        const found = await findLeadId(email);
        if (found && Object.keys(fields).length > 0) await editLead(found, fields);
        leadId = found ?? (await createLead(email, fields));
      }
      for (const change of changes) {
        if (change.kind === 'tag') await applyTagChange(leadId, change);
      }
      return { contactID: leadId };
    },
  };
};

/**
 * The lead fields Kartra documents that GroupTrack holds, leaving out empty ones so an edit does not
 * blank what Kartra has. Kartra keeps the phone's country code apart, but splitting an international
 * number needs the numbering plan, so the whole number goes in `phone`.
 */
function leadFields(lead: LeadData): Record<string, string> {
  const fields: Record<string, string> = {};
  const firstName = lead.firstName.trim() || (lead.lastName.trim() ? '' : lead.fullName.trim());
  if (firstName) fields['lead[first_name]'] = firstName;
  if (lead.lastName.trim()) fields['lead[last_name]'] = lead.lastName.trim();
  if (lead.phoneNumber?.trim()) fields['lead[phone]'] = lead.phoneNumber.trim();
  return fields;
}

async function send(
  http: HttpClient,
  options: { url: string; form: Record<string, string>; limitKey: string },
): Promise<HttpResponse> {
  try {
    return await http.request(
      { method: 'POST', url: options.url, form: options.form },
      { limitKey: options.limitKey, limit: KARTRA_LIMIT, describeError: describeKartraError },
    );
  } catch (error) {
    if (error instanceof AdapterError && error.status === 429 && error.retryAfterMs === null) {
      throw new AdapterError(error.code, error.message, {
        cause: error,
        status: error.status,
        retryAfterMs: KARTRA_RATE_LIMIT_PAUSE_MS,
      });
    }
    throw error;
  }
}

/** The refusal in a Kartra body: its own `status: "Error"`, or that of one of the actions it ran. */
function findFailure(body: unknown): KartraFailure | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
    const message = `Kartra answered something other than JSON${text ? `: ${text}` : ''}`;
    return { message, type: null, unreadable: true };
  }
  const answer = body as KartraAnswer;
  if (isError(answer)) return failureOf(answer);
  for (const action of answer.actions ?? []) {
    for (const result of Object.values(action ?? {})) {
      if (result && isError(result)) return failureOf(result);
    }
  }
  return null;
}

function isError(answer: KartraAnswer | null | undefined): boolean {
  return typeof answer?.status === 'string' && answer.status.toLowerCase() === 'error';
}

function failureOf(answer: KartraAnswer): KartraFailure {
  const type = answer.type === undefined || answer.type === null ? null : String(answer.type);
  return { message: answer.message?.trim() || 'Kartra refused the call without a message', type };
}

function toAdapterError(failure: KartraFailure, response: HttpResponse): AdapterError {
  if (failure.unreadable) return new AdapterError('temporary', failure.message, { status: response.status });
  const said = `Kartra answered Error${failure.type ? ` ${failure.type}` : ''}: ${failure.message}`;
  const tooMany = /too many requests/i.test(failure.message);
  return new AdapterError(classifyFailure(failure, tooMany), said, {
    status: response.status,
    retryAfterMs: tooMany ? KARTRA_RATE_LIMIT_PAUSE_MS : null,
  });
}

function classifyFailure(failure: KartraFailure, tooMany: boolean): AdapterErrorCode {
  if (failure.type !== null && AUTH_TYPES.has(failure.type)) return 'auth';
  if (tooMany) return 'temporary';
  if (/lead not found|no lead found/i.test(failure.message)) return 'not-found';
  return 'invalid';
}

/** Kartra's own message from a failed HTTP answer (its 429 "Too many requests", a proxy's 5xx). */
function describeKartraError(response: HttpResponse): string | null {
  const body = response.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 300);
  return null;
}
