import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one Api-Token the fake accepts; any other is refused as ActiveCampaign refuses a bad key. */
export const FAKE_ACTIVECAMPAIGN_TOKEN = 'ac-token-0123456789abcdef';

/** One call the fake received, as sent. */
export interface FakeActiveCampaignRequest {
  method: string;
  /** Without the query string, /api/3 included. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or null when there was none. */
  body: unknown;
}

/** A contact as the fake keeps it. */
export interface FakeContact {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** A tag of the account. */
export interface FakeTag {
  id: string;
  tag: string;
  tagType: 'contact' | 'template';
}

/** A tag put on a contact: its id is the association's, not the tag's. */
export interface FakeContactTag {
  id: string;
  contact: string;
  tag: string;
}

/** A note on a contact (reltype Subscriber) or another record. */
export interface FakeNote {
  id: string;
  note: string;
  reltype: string;
  relid: string;
}

interface Failure {
  /** 'METHOD /api/3/path' the failure waits for, or null for the very next call. */
  call: string | null;
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; body: unknown };

const CONTACT_FIELDS = ['email', 'firstName', 'lastName', 'phone', 'fieldValues'];
const NOTE_RELTYPES = ['Activity', 'Deal', 'DealTask', 'Subscriber', 'CustomerAccount'];
const TAG_QUERY = ['limit', 'offset', 'search', 'orders[search]'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMERIC_ID = /^[1-9]\d*$/;
const NOW = '2024-05-01T10:00:00-05:00';

/**
 * A local ActiveCampaign API v3 for tests: it checks each call against the documented contract
 * (path under /api/3, the Api-Token header, JSON bodies under their singular root key with only
 * documented attributes) and answers a violation with ActiveCampaign's own error shapes, so a wrong
 * request fails the test. It keeps contacts, tags, contact tags and notes so tests can assert them.
 */
export async function startFakeActiveCampaign() {
  const requests: FakeActiveCampaignRequest[] = [];
  const failures: Failure[] = [];
  const state = {
    contacts: new Map<string, FakeContact>(),
    tags: new Map<string, FakeTag>(),
    contactTags: new Map<string, FakeContactTag>(),
    notes: [] as FakeNote[],
    user: { id: '1', username: 'ana', firstName: 'Ana', lastName: 'Lima', email: 'ana@dental.example' },
  };
  // Separate counters, so a contactTag id never equals its tag's id by accident.
  const nextId = { contact: 10, tag: 1, contactTag: 500, note: 1 };

  const addContact = (fields: Partial<Omit<FakeContact, 'id'>> & { email: string }): FakeContact => {
    const contact = { firstName: '', lastName: '', phone: '', ...fields, id: String(nextId.contact++) };
    state.contacts.set(contact.id, contact);
    return contact;
  };
  const addTag = (tag: string, tagType: FakeTag['tagType'] = 'contact'): FakeTag => {
    const row = { id: String(nextId.tag++), tag, tagType };
    state.tags.set(row.id, row);
    return row;
  };
  const tagContact = (contact: string, tag: string): FakeContactTag => {
    const existing = [...state.contactTags.values()].find(
      (row) => row.contact === contact && row.tag === tag,
    );
    if (existing) return existing;
    const row = { id: String(nextId.contactTag++), contact, tag };
    state.contactTags.set(row.id, row);
    return row;
  };

  const route = (method: string, path: string, query: URLSearchParams, body: unknown): Answer => {
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/users/me') {
      return (
        only(query, []) ?? {
          status: 200,
          body: { user: { ...state.user, phone: '', signature: null, links: {} } },
        }
      );
    }
    if (method === 'GET' && path === '/tags') return listTags(query);
    if (method === 'POST' && path === '/contact/sync') return syncContact(body);
    if (method === 'PUT' && (match = /^\/contacts\/([^/]+)$/.exec(path)))
      return updateContact(match[1]!, body);
    if (method === 'GET' && (match = /^\/contacts\/([^/]+)\/contactTags$/.exec(path))) {
      return only(query, []) ?? listContactTags(match[1]!);
    }
    if (method === 'POST' && path === '/contactTags') return addContactTag(body);
    if (method === 'DELETE' && (match = /^\/contactTags\/([^/]+)$/.exec(path)))
      return removeContactTag(match[1]!);
    if (method === 'POST' && path === '/notes') return addNote(body);
    // ActiveCampaign would answer 404; a 400 keeps a wrong path from passing as "not there".
    return invalid(400, 'Unknown route', `The fake offers no ${method} ${path}.`);
  };

  const listTags = (query: URLSearchParams): Answer => {
    const refused = only(query, TAG_QUERY);
    if (refused) return refused;
    const limit = Math.min(Number(query.get('limit') ?? 20), 100);
    const offset = Number(query.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) {
      return invalid(400, 'Invalid parameter', 'limit and offset must be whole numbers.');
    }
    const search = query.get('search')?.toLowerCase() ?? '';
    const all = [...state.tags.values()].filter((tag) => tag.tag.toLowerCase().includes(search));
    const tags = all
      .slice(offset, offset + limit)
      .map((tag) => ({ ...tag, description: '', cdate: NOW, links: {} }));
    return { status: 200, body: { tags, meta: { total: String(all.length) } } };
  };

  const syncContact = (body: unknown): Answer => {
    const checked = rootObject(body, 'contact', CONTACT_FIELDS);
    if ('status' in checked) return checked;
    const problem = checkContact(checked.value, true);
    if (problem) return problem;
    const email = String(checked.value.email);
    let contact = [...state.contacts.values()].find((row) => row.email.toLowerCase() === email.toLowerCase());
    contact ??= addContact({ email });
    Object.assign(contact, strings(checked.value));
    return { status: 201, body: { fieldValues: [], contact: present(contact) } };
  };

  const updateContact = (id: string, body: unknown): Answer => {
    const contact = state.contacts.get(id);
    if (!contact) return { status: 404, body: { message: `No Result found for Subscriber with id ${id}` } };
    const checked = rootObject(body, 'contact', CONTACT_FIELDS);
    if ('status' in checked) return checked;
    const problem = checkContact(checked.value, false);
    if (problem) return problem;
    const email = typeof checked.value.email === 'string' ? checked.value.email.toLowerCase() : null;
    if (
      email &&
      [...state.contacts.values()].some((row) => row.id !== id && row.email.toLowerCase() === email)
    ) {
      return unprocessable('Email address already exists in the system', 'email', 'duplicate');
    }
    Object.assign(contact, strings(checked.value));
    return { status: 200, body: { fieldValues: [], contact: present(contact) } };
  };

  const listContactTags = (id: string): Answer => {
    if (!state.contacts.has(id)) return notFound('Contact not found');
    const contactTags = [...state.contactTags.values()]
      .filter((row) => row.contact === id)
      .map((row) => ({ ...row, cdate: NOW, created_by: null, updated_by: null, links: {} }));
    return { status: 200, body: { contactTags } };
  };

  const addContactTag = (body: unknown): Answer => {
    const checked = rootObject(body, 'contactTag', ['contact', 'tag']);
    if ('status' in checked) return checked;
    for (const key of ['contact', 'tag']) {
      const value = checked.value[key];
      if (value === undefined) return missing(key);
      if (!isId(value)) return unprocessable('Invalid attribute', key);
    }
    const contact = String(checked.value.contact);
    const tag = String(checked.value.tag);
    if (!state.contacts.has(contact)) return notFound('Contact not found');
    if (!state.tags.has(tag)) return notFound('Tag not found');
    const row = tagContact(contact, tag);
    return { status: 201, body: { contactTag: { ...row, cdate: NOW, links: {} } } };
  };

  const removeContactTag = (id: string): Answer => {
    if (!state.contactTags.delete(id)) {
      return { status: 404, body: { message: `No Result found for SubscriberTag with id ${id}` } };
    }
    return { status: 200, body: {} };
  };

  const addNote = (body: unknown): Answer => {
    const checked = rootObject(body, 'note', ['note', 'reltype', 'relid']);
    if ('status' in checked) return checked;
    const { note, reltype, relid } = checked.value;
    if (note === undefined) return missing('note');
    if (typeof note !== 'string' || note.trim() === '') return unprocessable('Invalid attribute', 'note');
    if (reltype === undefined) return missing('reltype');
    if (typeof reltype !== 'string' || !NOTE_RELTYPES.includes(reltype)) {
      return unprocessable('Invalid attribute', 'reltype');
    }
    if (relid === undefined) return missing('relid');
    if (!isId(relid)) return unprocessable('Invalid attribute', 'relid');
    if (reltype === 'Subscriber' && !state.contacts.has(String(relid))) return notFound('Contact not found');
    const row = { id: String(nextId.note++), note, reltype, relid: String(relid) };
    state.notes.push(row);
    const owner = { type: 'contact', id: Number(relid) };
    return {
      status: 201,
      body: { note: { ...row, relid: Number(relid), cdate: NOW, mdate: NOW, userid: '1', owner } },
    };
  };

  const handle = (request: IncomingMessage, raw: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    let body: unknown = null;
    let unreadable = false;
    if (raw !== '') {
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        unreadable = true;
      }
    }
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    });
    const index = failures.findIndex(
      (failure) => failure.call === null || failure.call === `${method} ${url.pathname}`,
    );
    const failure = index === -1 ? null : failures.splice(index, 1)[0];
    if (failure) return send(response, failure.status, failure.body, failure.headers);
    if (!url.pathname.startsWith('/api/3/')) {
      return send(response, 404, { message: `No route for ${url.pathname}; the API lives under /api/3.` });
    }
    if (request.headers['api-token'] !== FAKE_ACTIVECAMPAIGN_TOKEN) {
      return send(response, 403, { message: 'Forbidden' });
    }
    if (method === 'POST' || method === 'PUT') {
      if (!request.headers['content-type']?.startsWith('application/json')) {
        return sendAnswer(
          response,
          invalid(400, 'Unsupported content type', 'Send the body as application/json.'),
        );
      }
      if (unreadable || raw === '') {
        return sendAnswer(response, invalid(400, 'Invalid JSON', 'The body is not a JSON document.'));
      }
    } else if (raw !== '') {
      return sendAnswer(response, invalid(400, 'Unexpected body', `${method} takes no body.`));
    }
    sendAnswer(response, route(method, url.pathname.slice('/api/3'.length), url.searchParams, body));
  };

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => handle(request, raw, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    state,
    addContact,
    addTag,
    tagContact,
    /**
     * The next call (or the next one to `call`, as 'DELETE /api/3/contactTags/500') answers this
     * instead of its own answer: a 403, 422, 429 with Retry-After, 500.
     */
    failNext(
      status: number,
      body?: unknown,
      headers: Record<string, string> = {},
      call: string | null = null,
    ) {
      failures.push({ call, status, body: body ?? defaultFailureBody(status), headers });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The body itself when it is { [root]: object } with only documented attributes, else the 422 to answer. */
function rootObject(
  body: unknown,
  root: string,
  allowed: string[],
): { value: Record<string, unknown> } | Answer {
  if (!isRecord(body) || !isRecord(body[root])) return missing(root);
  const extraRoot = Object.keys(body).find((key) => key !== root);
  if (extraRoot) return unprocessable('Unknown attribute', extraRoot);
  const value = body[root];
  // Stricter than ActiveCampaign, which may ignore them: an undocumented attribute is our mistake.
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra) return unprocessable('Unknown attribute', `${root}/${extra}`);
  return { value };
}

function checkContact(contact: Record<string, unknown>, emailRequired: boolean): Answer | null {
  if (contact.email === undefined && emailRequired)
    return unprocessable('Email address is required', 'email');
  if (contact.email !== undefined && (typeof contact.email !== 'string' || !EMAIL.test(contact.email))) {
    return unprocessable('Email address is not valid.', 'email', 'email_invalid');
  }
  for (const key of ['firstName', 'lastName', 'phone']) {
    if (contact[key] !== undefined && typeof contact[key] !== 'string')
      return unprocessable('Invalid attribute', key);
  }
  if (contact.fieldValues !== undefined && !Array.isArray(contact.fieldValues)) {
    return unprocessable('Invalid attribute', 'fieldValues');
  }
  return null;
}

function strings(contact: Record<string, unknown>): Partial<FakeContact> {
  const fields: Partial<FakeContact> = {};
  for (const key of ['email', 'firstName', 'lastName', 'phone'] as const) {
    const value = contact[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

function present(contact: FakeContact) {
  return { ...contact, email_empty: false, cdate: NOW, udate: NOW, orgid: '', orgname: '', links: {} };
}

function only(query: URLSearchParams, allowed: string[]): Answer | null {
  const extra = [...query.keys()].find((key) => !allowed.includes(key));
  return extra ? invalid(400, 'Invalid parameter', `Unknown query parameter ${extra}.`) : null;
}

function missing(attribute: string): Answer {
  return { status: 422, body: { errors: [errorOf(422, 'Missing attribute', attribute)] } };
}

function unprocessable(title: string, attribute: string, code?: string): Answer {
  return {
    status: 422,
    body: { errors: [{ ...errorOf(422, title, attribute), detail: '', ...(code ? { code } : {}) }] },
  };
}

function invalid(status: number, title: string, detail: string): Answer {
  return { status, body: { errors: [{ status, title, detail }] } };
}

function notFound(detail: string): Answer {
  return { status: 404, body: { errors: [{ status: 404, title: 'Not Found', detail }] } };
}

function errorOf(status: number, title: string, attribute: string) {
  return { status, title, source: { pointer: `/data/attributes/${attribute}` } };
}

function defaultFailureBody(status: number): unknown {
  if (status === 401 || status === 403) return { message: 'Forbidden' };
  if (status === 422) return missing('contact').body;
  if (status === 429) return { message: 'Too Many Requests' };
  return {};
}

function isId(value: unknown): value is string | number {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value > 0) ||
    (typeof value === 'string' && NUMERIC_ID.test(value))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function sendAnswer(response: ServerResponse, answer: Answer) {
  send(response, answer.status, answer.body);
}
