import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received, as it arrived. */
export interface FakeKartraRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form fields as sent (`lead[email]`, `actions[0][cmd]`…). */
  form: Record<string, string>;
  /** What the call asked for: its first action's `cmd`, or `get_lead`. */
  operation: string;
}

/** A lead as the fake keeps it. */
export interface FakeKartraLead {
  id: number;
  email: string;
  fields: Record<string, string>;
  tags: Set<string>;
}

/** What the fake holds, for tests to seed and assert. */
export interface FakeKartraState {
  leads: Map<number, FakeKartraLead>;
  /** The account's tags: Kartra tags a lead only with a tag created in its own screens. */
  accountTags: Set<string>;
}

/** A running fake of Kartra's inbound API and what it saw. */
export interface FakeKartra {
  /** The origin to use as a connection's `endpoint`. */
  endpoint: string;
  /** The one App id, API key and API password the fake accepts. */
  credentials: { appId: string; apiKey: string; apiPassword: string };
  requests: FakeKartraRequest[];
  state: FakeKartraState;
  /**
   * Answers the next call with this status (and body and headers) instead of serving it; with `on`
   * (`assign_tag`, `get_lead`), the next call of that operation.
   */
  failNext(status: number, body?: unknown, headers?: Record<string, string>, on?: string): void;
  /** The lead the fake keeps under an email address. */
  leadByEmail(email: string): FakeKartraLead | undefined;
  close(): Promise<void>;
}

const CREDENTIALS = { appId: 'AppTestId01', apiKey: 'KeyTest1', apiPassword: 'PasswordTest1' };
const TOP_LEVEL_KEYS = ['app_id', 'api_key', 'api_password', 'lead', 'get_lead', 'actions'];
// The lead fields Kartra documents for creating and editing a lead.
const LEAD_KEYS = [
  'id',
  'email',
  'new_email',
  'phone',
  'phone_country_code',
  'first_name',
  'middle_name',
  'last_name',
  'last_name2',
  'ip',
  'address',
  'zip',
  'city',
  'state',
  'country',
  'company',
  'lead_picture',
  'website',
  'facebook',
  'twitter',
  'linkedin',
  'lead_preferred_time_zone',
  'custom_fields',
  'sales_tax_id',
  'business_type',
];
const DEFAULT_FAILURE_BODIES: Record<number, unknown> = {
  429: { status: 'Error', message: 'Too many requests' },
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

type Answer = Record<string, unknown> & { status: 'Success' | 'Error' };
type Form = Record<string, unknown>;

class KartraRefusal extends Error {
  constructor(
    message: string,
    readonly type: string | null,
  ) {
    super(message);
  }
}

/**
 * Starts a local stand-in for Kartra's inbound API (POST https://app.kartra.com/api) that checks each
 * call against Kartra's contract: a form-encoded body with PHP-style nested fields, the App id, API key
 * and API password (each refused with Kartra's own error type), only documented lead fields, a lead
 * named by id or email, and tags that exist in the account. Like Kartra it answers refusals with HTTP
 * 200 and `{"status": "Error", "message", "type"}`; checks Kartra documents no type for (an unknown
 * field or cmd) answer the same shape with the fake's own words.
 */
export async function startFakeKartra(): Promise<FakeKartra> {
  const requests: FakeKartraRequest[] = [];
  const state: FakeKartraState = { leads: new Map(), accountTags: new Set(['Customer', 'VIP', 'Webinar']) };
  const failures: { status: number; body: unknown; headers: Record<string, string>; on: string }[] = [];
  let nextId = 50_001;

  const leadByEmail = (email: string) =>
    [...state.leads.values()].find((lead) => lead.email === email.trim().toLowerCase());

  /** The lead a call names: by id when given (Kartra prefers it), else by email. */
  const namedLead = (lead: Form | undefined): FakeKartraLead => {
    const id = lead?.id;
    const email = lead?.email;
    if (id === undefined && email === undefined)
      throw new KartraRefusal('email or lead id is required. Nothing done', '206');
    const found =
      id !== undefined
        ? state.leads.get(Number(id))
        : typeof email === 'string'
          ? leadByEmail(email)
          : undefined;
    if (!found) throw new KartraRefusal('Lead not found', null);
    return found;
  };

  const applyFields = (target: FakeKartraLead, lead: Form) => {
    for (const [key, value] of Object.entries(lead)) {
      if (key === 'id' || key === 'email' || key === 'new_email' || typeof value !== 'string') continue;
      target.fields[key] = value;
    }
  };

  const runAction = (action: Form, lead: Form | undefined, created: FakeKartraLead | null) => {
    const cmd = action.cmd;
    if (typeof cmd !== 'string' || cmd === '') throw new KartraRefusal("'cmd' is required", '254');
    switch (cmd) {
      case 'retrieve_account_tags':
        return { result: { status: 'Success', account_tags: [...state.accountTags] }, created };
      case 'create_lead': {
        const email = typeof lead?.email === 'string' ? lead.email.trim().toLowerCase() : '';
        if (email === '') throw new KartraRefusal('email or lead id is required. Nothing done', '206');
        if (leadByEmail(email)) throw new KartraRefusal('Lead already exists', null);
        const fresh: FakeKartraLead = { id: nextId++, email, fields: {}, tags: new Set() };
        applyFields(fresh, lead!);
        state.leads.set(fresh.id, fresh);
        const result = { status: 'Success', message: 'Lead created', lead_details: { id: fresh.id } };
        return { result, created: fresh };
      }
      case 'edit_lead': {
        const target = created ?? namedLead(lead);
        const newEmail = lead?.new_email;
        if (typeof newEmail === 'string') {
          const owner = leadByEmail(newEmail);
          if (owner && owner !== target)
            throw new KartraRefusal('Email already in use by another lead', null);
          target.email = newEmail.trim().toLowerCase();
        }
        applyFields(target, lead ?? {});
        return { result: { status: 'Success', message: 'Lead edited' }, created };
      }
      case 'assign_tag':
      case 'unassign_tag': {
        const assign = cmd === 'assign_tag';
        const target = created ?? namedLead(lead);
        const name = typeof action.tag_name === 'string' ? action.tag_name.trim() : '';
        if (name === '') throw new KartraRefusal('Tag cannot be empty', assign ? '211' : '213');
        if (!state.accountTags.has(name))
          throw new KartraRefusal('Tag does not exist', assign ? '212' : '214');
        if (assign) target.tags.add(name);
        else target.tags.delete(name);
        const result = assign
          ? { status: 'Success', message: 'Tag added to lead', type: '103' }
          : { status: 'Success', message: 'Tag removed from lead', type: '104' };
        return { result, created };
      }
      default:
        throw new KartraRefusal(`The fake knows no cmd '${cmd}'`, null);
    }
  };

  const handle = (form: Form): Answer => {
    const unknown = Object.keys(form).filter((key) => !TOP_LEVEL_KEYS.includes(key));
    if (unknown.length > 0)
      throw new KartraRefusal(`The fake knows no parameter '${unknown.join("', '")}'`, null);
    if (!form.app_id) throw new KartraRefusal('App Id cannot be empty. Please get an App Id first', '238');
    if (form.app_id !== CREDENTIALS.appId) {
      throw new KartraRefusal('App Id is not valid. The app does not exists or is inactive', '239');
    }
    if (!form.api_key) throw new KartraRefusal('API key cannot be empty. Please get an API key first', '202');
    if (form.api_key !== CREDENTIALS.apiKey) {
      throw new KartraRefusal('API key not valid. Please get an API key first', '203');
    }
    if (form.api_password !== CREDENTIALS.apiPassword) {
      throw new KartraRefusal('API password not valid. Please get an API password first', '233');
    }

    if (form.get_lead !== undefined) {
      if (!isForm(form.get_lead)) throw new KartraRefusal("'get_lead' not an array", '236');
      const { id, email } = form.get_lead;
      const found =
        id !== undefined
          ? state.leads.get(Number(id))
          : typeof email === 'string'
            ? leadByEmail(email)
            : undefined;
      if (!found) return { status: 'Error', message: 'No lead found' };
      return { status: 'Success', lead_details: presentLead(found) };
    }

    if (form.lead !== undefined && !isForm(form.lead)) throw new KartraRefusal("'lead' not an array", '223');
    const lead = form.lead;
    const unknownFields = Object.keys(lead ?? {}).filter((key) => !LEAD_KEYS.includes(key));
    if (unknownFields.length > 0) {
      throw new KartraRefusal(`The fake knows no lead field '${unknownFields.join("', '")}'`, null);
    }
    if (form.actions === undefined) throw new KartraRefusal("'cmd' is required", '254');
    if (!isForm(form.actions)) throw new KartraRefusal("'actions' not an array", '224');
    const actions = Object.entries(form.actions)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, action]) => action);

    const results: Record<string, unknown>[] = [];
    let created: FakeKartraLead | null = null;
    let last: Record<string, unknown> = {};
    for (const action of actions) {
      if (!isForm(action)) throw new KartraRefusal("'actions' not an array", '224');
      try {
        const outcome = runAction(action, lead, created);
        created = outcome.created;
        last = outcome.result;
        results.push({ [String(action.cmd)]: outcome.result });
      } catch (error) {
        if (!(error instanceof KartraRefusal)) throw error;
        // Kartra stops at the first action that fails and says why at the top.
        results.push({ [String(action.cmd)]: refusal(error) });
        return { ...refusal(error), actions: results };
      }
    }
    const { status: _status, ...lastFields } = last;
    return { ...lastFields, status: 'Success', actions: results };
  };

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    let raw = '';
    incoming.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    incoming.on('end', () => {
      const isFormBody = (incoming.headers['content-type'] ?? '').startsWith(
        'application/x-www-form-urlencoded',
      );
      // Kartra reads only form fields: a body of another type reaches it as no fields at all.
      const fields = isFormBody ? Object.fromEntries(new URLSearchParams(raw)) : {};
      const request: FakeKartraRequest = {
        method: incoming.method ?? 'GET',
        path: new URL(incoming.url ?? '/', 'http://fake').pathname,
        headers: incoming.headers,
        form: fields,
        operation:
          fields['actions[0][cmd]'] ??
          (fields['get_lead[email]'] || fields['get_lead[id]'] ? 'get_lead' : ''),
      };
      requests.push(request);
      const index = failures.findIndex((failure) => failure.on === '' || failure.on === request.operation);
      const failure = index === -1 ? undefined : failures.splice(index, 1)[0];
      if (failure) {
        send(outgoing, failure.status, failure.body, failure.headers);
        return;
      }
      if (request.method !== 'POST' || (request.path !== '/api' && request.path !== '/api/')) {
        send(outgoing, 404, 'Not Found');
        return;
      }
      try {
        send(outgoing, 200, handle(parsePhpForm(fields)));
      } catch (error) {
        if (!(error instanceof KartraRefusal)) throw error;
        send(outgoing, 200, refusal(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials: CREDENTIALS,
    requests,
    state,
    failNext(status, body, headers = {}, on = '') {
      failures.push({ status, body: body ?? DEFAULT_FAILURE_BODIES[status] ?? 'Failed', headers, on });
    },
    leadByEmail,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function refusal(error: KartraRefusal): Answer {
  return error.type === null
    ? { status: 'Error', message: error.message }
    : { status: 'Error', message: error.message, type: error.type };
}

function presentLead(lead: FakeKartraLead) {
  return {
    id: String(lead.id),
    email: lead.email,
    ...lead.fields,
    tags: [...lead.tags].map((tag_name) => ({ tag_name })),
  };
}

function isForm(value: unknown): value is Form {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads PHP-style field names (`actions[0][tag_name]`) into nested objects, as Kartra's PHP does. */
function parsePhpForm(fields: Record<string, string>): Form {
  const root: Form = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) {
      root[name] = value;
      continue;
    }
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node = root;
    for (const key of path.slice(0, -1)) {
      if (!isForm(node[key])) node[key] = {};
      node = node[key] as Form;
    }
    node[path.at(-1)!] = value;
  }
  return root;
}

function send(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json';
  outgoing.writeHead(status, { 'content-type': type, ...headers }).end(text);
}
