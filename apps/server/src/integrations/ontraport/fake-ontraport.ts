import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The App ID the fake accepts. */
export const FAKE_ONTRAPORT_APP_ID = '2_12345_fakeApp';
/** The API key the fake accepts. */
export const FAKE_ONTRAPORT_API_KEY = 'fake-ontraport-key';
/** The account the fake answers as. */
export const FAKE_ONTRAPORT_ACCOUNT_ID = 12345;

/** The contact fields the adapter may send: Ontraport's documented ones that GroupTrack holds. */
const CONTACT_FIELDS = ['firstname', 'lastname', 'email', 'sms_number'] as const;

// Ontraport's error bodies are not documented (unconfirmed); these plain-text answers stand in.
const UNAUTHORIZED = 'Your App ID and API Key do not match.';

/** One call the fake received. */
export interface FakeOntraportRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The body as sent. */
  text: string;
  /** The body decoded: form fields, parsed JSON, or null when empty. */
  body: unknown;
}

/** A contact as the fake keeps it. */
export interface FakeOntraportContact {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  sms_number: string;
  /** Tag names, in the order they were added. */
  tags: string[];
}

/** What the fake holds, for tests to assert on. */
export interface FakeOntraportState {
  contacts: Map<string, FakeOntraportContact>;
  /** Tag name to tag id: the tags tagByName created. */
  tags: Map<string, string>;
}

/** A running fake Ontraport API and the handles a test needs. */
export interface FakeOntraport {
  /** The origin to pass as the connection's endpoint. */
  endpoint: string;
  requests: FakeOntraportRequest[];
  state: FakeOntraportState;
  /** Answers the next call with this status, body (text or JSON) and headers, whatever it is. */
  failNext(status: number, body?: unknown, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

/** Thrown inside a handler to answer with a status and a plain-text body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts a local Ontraport API (the calls the adapter makes) that checks the Api-Key and Api-Appid
 * headers, each call's path, content type and fields, and keeps contacts and their tags.
 */
export async function startFakeOntraport(): Promise<FakeOntraport> {
  const requests: FakeOntraportRequest[] = [];
  const state: FakeOntraportState = { contacts: new Map(), tags: new Map() };
  const failures: { status: number; body: unknown; headers: Record<string, string> }[] = [];
  let nextContactId = 1;
  let nextTagId = 1;

  function ok(data: unknown) {
    return { code: 0, data, account_id: FAKE_ONTRAPORT_ACCOUNT_ID };
  }

  function findByEmail(email: string) {
    const wanted = email.toLowerCase();
    return [...state.contacts.values()].find((contact) => contact.email.toLowerCase() === wanted);
  }

  function contactFields(body: Record<string, string>, extra: readonly string[]) {
    const unknown = Object.keys(body).filter(
      (key) => !(CONTACT_FIELDS as readonly string[]).includes(key) && !extra.includes(key),
    );
    // Ontraport itself ignores unknown fields; refusing them makes a misspelt field fail a test.
    if (unknown.length > 0) throw new Refusal(400, `Invalid field(s): ${unknown.join(', ')}`);
    if (body.email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email)) {
      throw new Refusal(400, 'Invalid email address.');
    }
    const fields: Partial<Record<(typeof CONTACT_FIELDS)[number], string>> = {};
    for (const key of CONTACT_FIELDS) if (body[key] !== undefined) fields[key] = body[key];
    return fields;
  }

  function saveOrUpdate(body: Record<string, string>) {
    const fields = contactFields(body, []);
    if (!fields.email) throw new Refusal(400, 'email is required to merge or create a contact.');
    const existing = findByEmail(fields.email);
    if (existing) {
      Object.assign(existing, fields);
      return ok({ attrs: { ...fields, dlm: '1700000000', id: existing.id } });
    }
    const contact: FakeOntraportContact = {
      id: String(nextContactId++),
      firstname: '',
      lastname: '',
      email: '',
      sms_number: '',
      ...fields,
      tags: [],
    };
    state.contacts.set(contact.id, contact);
    const { tags: _tags, ...shown } = contact;
    return ok({ ...shown, owner: '1', date: '1700000000', dlm: '1700000000' });
  }

  function update(body: Record<string, string>) {
    const fields = contactFields(body, ['id']);
    if (!body.id) throw new Refusal(400, 'id is required.');
    const contact = state.contacts.get(body.id);
    if (!contact) throw new Refusal(404, `Object not found: contact ${body.id}.`);
    Object.assign(contact, fields);
    return ok({ attrs: { ...fields, dlm: '1700000000', id: contact.id } });
  }

  function tagByName(method: 'PUT' | 'DELETE', body: unknown) {
    const namesKey = method === 'PUT' ? 'add_names' : 'remove_names';
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new Refusal(400, 'The body must be a JSON object.');
    }
    const record = body as Record<string, unknown>;
    const unknown = Object.keys(record).filter((key) => !['objectID', 'ids', namesKey].includes(key));
    if (unknown.length > 0) throw new Refusal(400, `Invalid parameter(s): ${unknown.join(', ')}`);
    if (record.objectID !== 0 && record.objectID !== '0')
      throw new Refusal(400, 'objectID must be 0 (Contacts).');
    const { ids } = record;
    const names = record[namesKey];
    if (!Array.isArray(ids) || ids.length === 0) throw new Refusal(400, 'ids is required.');
    if (
      !Array.isArray(names) ||
      names.length === 0 ||
      !names.every((name) => typeof name === 'string' && name)
    ) {
      throw new Refusal(400, `${namesKey} must be a list of tag names.`);
    }
    const contacts = ids.map((id) => {
      const contact =
        typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))
          ? state.contacts.get(String(id))
          : null;
      if (!contact) throw new Refusal(400, `Invalid id: ${String(id)}.`);
      return contact;
    });
    for (const contact of contacts) {
      for (const name of names as string[]) {
        if (method === 'PUT') {
          if (!state.tags.has(name)) state.tags.set(name, String(nextTagId++));
          if (!contact.tags.includes(name)) contact.tags.push(name);
        } else {
          contact.tags = contact.tags.filter((tag) => tag !== name);
        }
      }
    }
    return ok('The tag is now being processed.');
  }

  function route(request: FakeOntraportRequest): unknown {
    const { method, path } = request;
    const call = `${method} ${path}`;
    switch (call) {
      case 'GET /1/Contacts/getInfo':
        return ok({
          listFields: ['fn', 'email', 'office_phone', 'date', 'grade', 'dla', 'contact_id'],
          listFieldSettings: [],
          count: String(state.contacts.size),
        });
      case 'POST /1/Contacts/saveorupdate':
        return saveOrUpdate(formOf(request));
      case 'PUT /1/Contacts':
        return update(formOf(request));
      case 'PUT /1/objects/tagByName':
      case 'DELETE /1/objects/tagByName':
        return tagByName(method === 'PUT' ? 'PUT' : 'DELETE', jsonOf(request));
      default:
        // Ontraport would say 404 here; a 400 keeps a wrong path from passing for a missing contact.
        throw new Refusal(400, `No such call: ${call}.`);
    }
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const text = await readBody(incoming);
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const request: FakeOntraportRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      text,
      body: decodeBody(incoming.headers['content-type'], text),
    };
    requests.push(request);

    const failure = failures.shift();
    if (failure) {
      const isText = typeof failure.body === 'string';
      const body = failure.body === undefined ? `Forced ${failure.status}.` : failure.body;
      response.writeHead(failure.status, {
        'content-type': isText || failure.body === undefined ? 'text/plain' : 'application/json',
        ...failure.headers,
      });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
      return;
    }

    if (
      incoming.headers['api-key'] !== FAKE_ONTRAPORT_API_KEY ||
      incoming.headers['api-appid'] !== FAKE_ONTRAPORT_APP_ID
    ) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end(UNAUTHORIZED);
      return;
    }
    try {
      const answer = route(request);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      response.writeHead(error.status, { 'content-type': 'text/plain' }).end(error.message);
    }
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    state,
    failNext(status, body, headers = {}) {
      failures.push({ status, body, headers });
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The form fields of a call the official SDK sends form-encoded. */
function formOf(request: FakeOntraportRequest): Record<string, string> {
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    throw new Refusal(400, 'Expected a form-encoded body (application/x-www-form-urlencoded).');
  }
  return request.body as Record<string, string>;
}

/** The JSON body of a call the official SDK sends as JSON. */
function jsonOf(request: FakeOntraportRequest): unknown {
  if (!request.headers['content-type']?.startsWith('application/json')) {
    throw new Refusal(400, 'Expected a JSON body (application/json).');
  }
  if (request.body === undefined) throw new Refusal(400, 'The body is not valid JSON.');
  return request.body;
}

function decodeBody(contentType: string | undefined, text: string): unknown {
  if (text === '') return null;
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
