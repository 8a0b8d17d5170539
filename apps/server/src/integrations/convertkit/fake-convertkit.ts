import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received, as it arrived. */
export interface FakeKitRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, or null when empty. */
  body: unknown;
}

/** A subscriber as the fake keeps it. */
export interface FakeKitSubscriber {
  id: number;
  first_name: string | null;
  email_address: string;
  state: 'active' | 'cancelled' | 'bounced' | 'complained' | 'inactive';
  created_at: string;
  fields: Record<string, string>;
  tagIds: Set<number>;
}

/** A tag as the fake keeps it. */
export interface FakeKitTag {
  id: number;
  name: string;
  created_at: string;
}

/** What the fake holds, for tests to seed and assert. */
export interface FakeKitState {
  account: { id: number; name: string; plan_type: string; primary_email_address: string };
  subscribers: Map<number, FakeKitSubscriber>;
  tags: Map<number, FakeKitTag>;
}

/** A running fake of Kit's API v4 and what it saw. */
export interface FakeConvertKit {
  /** The origin to use as a connection's `endpoint`. */
  endpoint: string;
  /** The one v4 API key the fake accepts. */
  apiKey: string;
  requests: FakeKitRequest[];
  state: FakeKitState;
  /**
   * Answers the next call with this status (and body and headers) instead of serving it; with `on`
   * ("DELETE /v4/tags"), the next call whose method and path start so.
   */
  failNext(status: number, body?: unknown, headers?: Record<string, string>, on?: string): void;
  /** The names of the tags a subscriber carries. */
  tagNamesOf(subscriberId: number): string[];
  close(): Promise<void>;
}

const API_KEY = 'kit_v4_test_key';
const CREATED_AT = '2024-05-01T10:00:00Z';
const SUBSCRIBER_STATES = ['active', 'cancelled', 'bounced', 'complained', 'inactive'] as const;
const DEFAULT_FAILURE_BODIES: Record<number, unknown> = {
  401: { errors: ['The access token is invalid'] },
  404: { errors: ['Not Found'] },
  422: { errors: ['Email address is invalid'] },
  // Kit's rate limit answer is plain text, with no Retry-After.
  429: 'Retry later',
  500: { errors: ['Something went wrong'] },
};

class KitRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join('; '));
  }
}

/**
 * Starts a local stand-in for Kit's API v4 (https://api.kit.com) that serves the calls the Kit adapter
 * makes and checks each against Kit's contract: the X-Kit-Api-Key header (a 401 in Kit's shape
 * otherwise), JSON bodies with only the documented properties, a valid email address, and no body
 * where Kit takes none. A contract breach answers Kit's 422 `{"errors": […]}`, so a wrong request
 * fails the test that made it.
 */
export async function startFakeConvertKit(): Promise<FakeConvertKit> {
  const requests: FakeKitRequest[] = [];
  const state: FakeKitState = {
    account: {
      id: 7001,
      name: 'Acme Creators',
      plan_type: 'creator',
      primary_email_address: 'owner@acme.test',
    },
    subscribers: new Map(),
    tags: new Map(),
  };
  const failures: { status: number; body: unknown; headers: Record<string, string>; on: string }[] = [];
  let nextId = 1000;

  const handle = (request: FakeKitRequest): { status: number; body?: unknown } => {
    if (request.headers['x-kit-api-key'] !== API_KEY)
      throw new KitRefusal(401, ['The access token is invalid']);
    const route = `${request.method} ${request.path.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
    const ids = [...request.path.matchAll(/\/(\d+)(?=\/|$)/g)].map((match) => Number(match[1]));
    switch (route) {
      case 'GET /v4/account':
        expectNoBody(request);
        return {
          status: 200,
          body: {
            user: { id: 1, email: state.account.primary_email_address },
            account: { ...state.account, created_at: CREATED_AT },
          },
        };
      case 'POST /v4/subscribers': {
        const body = expectJson(request, ['email_address'], ['first_name', 'state', 'fields']);
        const email = expectEmail(body.email_address);
        const firstName = expectNullableString(body, 'first_name');
        if (body.state !== undefined && !SUBSCRIBER_STATES.includes(body.state as never)) {
          throw new KitRefusal(422, ['State is not included in the list']);
        }
        const fields = expectFields(body.fields);
        const existing = findByEmail(email);
        if (existing) {
          // Kit's upsert updates the first name of a subscriber it already has (and not the state).
          if (firstName !== undefined) existing.first_name = firstName;
          Object.assign(existing.fields, fields);
          return { status: 200, body: { subscriber: present(existing) } };
        }
        const subscriber: FakeKitSubscriber = {
          id: nextId++,
          first_name: firstName ?? null,
          email_address: email,
          state: (body.state as FakeKitSubscriber['state'] | undefined) ?? 'active',
          created_at: CREATED_AT,
          fields,
          tagIds: new Set(),
        };
        state.subscribers.set(subscriber.id, subscriber);
        return { status: 201, body: { subscriber: present(subscriber) } };
      }
      case 'PUT /v4/subscribers/:id': {
        const body = expectJson(request, ['email_address'], ['first_name', 'fields']);
        const subscriber = state.subscribers.get(ids[0]!);
        if (!subscriber) throw new KitRefusal(404, ['Not Found']);
        const email = expectEmail(body.email_address);
        const owner = findByEmail(email);
        if (owner && owner !== subscriber)
          throw new KitRefusal(422, ['Email address has already been taken']);
        const firstName = expectNullableString(body, 'first_name');
        subscriber.email_address = email;
        if (firstName !== undefined) subscriber.first_name = firstName;
        Object.assign(subscriber.fields, expectFields(body.fields));
        return { status: 200, body: { subscriber: present(subscriber) } };
      }
      case 'GET /v4/tags':
        expectNoBody(request);
        return {
          status: 200,
          body: {
            tags: [...state.tags.values()],
            pagination: {
              has_previous_page: false,
              has_next_page: false,
              start_cursor: '',
              end_cursor: '',
              per_page: 500,
            },
          },
        };
      case 'POST /v4/tags': {
        const body = expectJson(request, [], ['name']);
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        if (name === '') throw new KitRefusal(422, ["Name can't be blank"]);
        const existing = [...state.tags.values()].find((tag) => tag.name === name);
        if (existing) return { status: 200, body: { tag: existing } };
        const tag: FakeKitTag = { id: nextId++, name, created_at: CREATED_AT };
        state.tags.set(tag.id, tag);
        return { status: 201, body: { tag } };
      }
      case 'POST /v4/tags/:id/subscribers/:id': {
        // Kit documents an empty object as this call's body.
        expectJson(request, [], []);
        const { tag, subscriber } = tagging(ids);
        const had = subscriber.tagIds.has(tag.id);
        subscriber.tagIds.add(tag.id);
        return {
          status: had ? 200 : 201,
          body: { subscriber: { ...present(subscriber), tagged_at: CREATED_AT } },
        };
      }
      case 'DELETE /v4/tags/:id/subscribers/:id': {
        expectNoBody(request);
        const { tag, subscriber } = tagging(ids);
        subscriber.tagIds.delete(tag.id);
        return { status: 204 };
      }
      default:
        throw new KitRefusal(404, ['Not Found']);
    }
  };

  const findByEmail = (email: string) =>
    [...state.subscribers.values()].find((subscriber) => subscriber.email_address === email.toLowerCase());

  const tagging = (ids: number[]) => {
    const tag = state.tags.get(ids[0]!);
    const subscriber = state.subscribers.get(ids[1]!);
    if (!tag || !subscriber) throw new KitRefusal(404, ['Not Found']);
    return { tag, subscriber };
  };

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    let raw = '';
    incoming.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    incoming.on('end', () => {
      const request: FakeKitRequest = {
        method: incoming.method ?? 'GET',
        path: new URL(incoming.url ?? '/', 'http://fake').pathname,
        headers: incoming.headers,
        body: parseBody(raw),
      };
      requests.push(request);
      const index = failures.findIndex((failure) =>
        `${request.method} ${request.path}`.startsWith(failure.on),
      );
      const failure = index === -1 ? undefined : failures.splice(index, 1)[0];
      if (failure) {
        send(outgoing, failure.status, failure.body, failure.headers);
        return;
      }
      try {
        const answer = handle(request);
        send(outgoing, answer.status, answer.body);
      } catch (error) {
        if (!(error instanceof KitRefusal)) throw error;
        send(outgoing, error.status, { errors: error.errors });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    apiKey: API_KEY,
    requests,
    state,
    failNext(status, body, headers = {}, on = '') {
      failures.push({
        status,
        body: body ?? DEFAULT_FAILURE_BODIES[status] ?? { errors: ['Failed'] },
        headers,
        on,
      });
    },
    tagNamesOf(subscriberId) {
      const subscriber = state.subscribers.get(subscriberId);
      if (!subscriber) return [];
      return [...subscriber.tagIds].map((id) => state.tags.get(id)?.name ?? String(id)).sort();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function present(subscriber: FakeKitSubscriber) {
  const { tagIds: _tagIds, ...shown } = subscriber;
  return { ...shown, fields: { ...subscriber.fields } };
}

function parseBody(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function send(outgoing: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (body === undefined || status === 204) {
    outgoing.writeHead(status, headers).end();
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8';
  outgoing.writeHead(status, { 'content-type': type, ...headers }).end(text);
}

function expectNoBody(request: FakeKitRequest) {
  if (request.body !== null) throw new KitRefusal(422, [`${request.method} ${request.path} takes no body`]);
}

/** The JSON object body of a call, with its required properties and none Kit does not document. */
function expectJson(
  request: FakeKitRequest,
  required: string[],
  optional: string[],
): Record<string, unknown> {
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('application/json'))
    throw new KitRefusal(422, ['Content-Type must be application/json']);
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new KitRefusal(422, ['The request body must be a JSON object']);
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !required.includes(key) && !optional.includes(key));
  if (unknown.length > 0) throw new KitRefusal(422, [`Unknown parameters: ${unknown.join(', ')}`]);
  const missing = required.find((key) => record[key] === undefined || record[key] === null);
  if (missing)
    throw new KitRefusal(422, [
      missing === 'email_address' ? 'Email address is invalid' : `${missing} is required`,
    ]);
  return record;
}

function expectEmail(value: unknown): string {
  if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new KitRefusal(422, ['Email address is invalid']);
  }
  return value.toLowerCase();
}

function expectNullableString(body: Record<string, unknown>, key: string): string | null | undefined {
  const value = body[key];
  if (value === undefined || value === null || typeof value === 'string') return value;
  throw new KitRefusal(422, [`${key} must be a string`]);
}

function expectFields(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new KitRefusal(422, ['Fields must be an object']);
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, String(field)]));
}
