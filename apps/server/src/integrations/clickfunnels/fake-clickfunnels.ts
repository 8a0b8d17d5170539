import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one access token the fake accepts. */
export const FAKE_CLICKFUNNELS_TOKEN = 'cf-test-token';

/** The workspace the fake holds; any other id in a path is not found. */
export const FAKE_CLICKFUNNELS_WORKSPACE = { id: 42, name: 'Acme Coaching', subdomain: 'acme', team_id: 7 };

/** One call the fake received, as it arrived. */
export interface FakeClickFunnelsRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: { authorization?: string; userAgent?: string; contentType?: string; accept?: string };
  body: unknown;
}

export interface FakeContact {
  id: number;
  public_id: string;
  workspace_id: number;
  email_address: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  time_zone: string | null;
  fb_url: string | null;
  twitter_url: string | null;
  instagram_url: string | null;
  linkedin_url: string | null;
  website_url: string | null;
  custom_attributes: Record<string, string>;
}

export interface FakeClickFunnelsState {
  contacts: FakeContact[];
  tags: { id: number; name: string; color: string; workspace_id: number }[];
  appliedTags: { id: number; contact_id: number; tag_id: number }[];
  pipelines: { id: number; name: string; workspace_id: number }[];
  stages: { id: number; name: string; pipeline_id: number; sort_order: number; close_probability: number }[];
  opportunities: {
    id: number;
    name: string;
    pipelines_stage_id: number;
    primary_contact_id: number;
    workspace_id: number;
  }[];
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type FieldType = 'string' | 'integer' | 'number' | 'object';

// The contact fields of the vendor's OpenAPI (ContactParameters); tag_ids is left out on purpose:
// it replaces every tag of the contact, so GroupTrack must never send it.
const CONTACT_FIELDS: Record<string, FieldType> = {
  email_address: 'string',
  first_name: 'string',
  last_name: 'string',
  phone_number: 'string',
  time_zone: 'string',
  fb_url: 'string',
  twitter_url: 'string',
  instagram_url: 'string',
  linkedin_url: 'string',
  website_url: 'string',
  custom_attributes: 'object',
};

const OPPORTUNITY_FIELDS: Record<string, FieldType> = {
  name: 'string',
  pipelines_stage_id: 'integer',
  primary_contact_id: 'integer',
  value: 'number',
  assignee_id: 'integer',
  closed_at: 'string',
};

const DEFAULT_ERRORS: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  422: 'Unprocessable entity',
  429: 'The API rate limits have been reached',
  500: 'Internal server error',
};

/**
 * A local ClickFunnels 2.0 API (v2, one workspace) that checks each call against the vendor's
 * contract (bearer token, User-Agent, JSON bodies under their root key with documented fields only)
 * and keeps contacts, applied tags and opportunities so tests can assert what arrived.
 */
export async function startFakeClickFunnels(options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 2;
  const requests: FakeClickFunnelsRequest[] = [];
  const workspaceID = FAKE_CLICKFUNNELS_WORKSPACE.id;
  const state: FakeClickFunnelsState = {
    contacts: [],
    tags: [
      { id: 11, name: 'VIP', color: '#e11d48', workspace_id: workspaceID },
      { id: 12, name: 'Webinar', color: '#2563eb', workspace_id: workspaceID },
      { id: 13, name: 'Customer', color: '#16a34a', workspace_id: workspaceID },
    ],
    appliedTags: [],
    pipelines: [
      { id: 21, name: 'Coaching sales', workspace_id: workspaceID },
      { id: 22, name: 'Retreats', workspace_id: workspaceID },
    ],
    stages: [
      { id: 33, name: 'Won', pipeline_id: 21, sort_order: 3, close_probability: 100 },
      { id: 31, name: 'New lead', pipeline_id: 21, sort_order: 1, close_probability: 10 },
      { id: 32, name: 'Call booked', pipeline_id: 21, sort_order: 2, close_probability: 40 },
      { id: 34, name: 'Interested', pipeline_id: 22, sort_order: 1, close_probability: 20 },
    ],
    opportunities: [],
  };
  let nextID = 1000;
  let failure: Answer | null = null;

  const error = (status: number, message: string): Answer => ({ status, body: { error: message } });

  /** One page of a list, by ascending id after the `after` cursor, with the next cursor in a header. */
  const page = <T extends { id: number }>(
    items: T[],
    query: Record<string, string>,
    view = (item: T) => item,
  ) => {
    const after = Number(query.after ?? 0);
    const rest = [...items].sort((a, b) => a.id - b.id).filter((item) => item.id > after);
    const shown = rest.slice(0, pageSize);
    const last = shown.at(-1);
    const headers: Record<string, string> =
      rest.length > pageSize && last ? { 'pagination-next': String(last.id) } : {};
    return { status: 200, body: shown.map(view), headers };
  };

  const contactView = (contact: FakeContact) => ({
    ...contact,
    tags: state.appliedTags
      .filter((row) => row.contact_id === contact.id)
      .map((row) => {
        const tag = state.tags.find((candidate) => candidate.id === row.tag_id);
        return { id: row.tag_id, name: tag?.name ?? '', color: tag?.color ?? '' };
      }),
  });

  const appliedView = (row: { id: number; contact_id: number; tag_id: number }) => {
    const tag = state.tags.find((candidate) => candidate.id === row.tag_id);
    return { ...row, tag: { name: tag?.name ?? '', color: tag?.color ?? '' } };
  };

  const opportunityView = (opportunity: FakeClickFunnelsState['opportunities'][number]) => {
    const stage = state.stages.find((candidate) => candidate.id === opportunity.pipelines_stage_id);
    return { ...opportunity, pipeline_id: stage ? String(stage.pipeline_id) : null };
  };

  const writeContact = (contact: FakeContact, fields: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(fields)) {
      (contact as unknown as Record<string, unknown>)[key] = value;
    }
  };

  const newContact = (): FakeContact => {
    nextID += 1;
    return {
      id: nextID,
      public_id: `c${nextID}`,
      workspace_id: workspaceID,
      email_address: null,
      first_name: null,
      last_name: null,
      phone_number: null,
      time_zone: null,
      fb_url: null,
      twitter_url: null,
      instagram_url: null,
      linkedin_url: null,
      website_url: null,
      custom_attributes: {},
    };
  };

  const route = (method: string, path: string, query: Record<string, string>, body: unknown): Answer => {
    const segments = path.split('/').slice(3);
    const [first, second, third, fourth] = segments;
    const isWorkspace = first === 'workspaces';
    if (isWorkspace && second !== String(workspaceID)) return error(404, 'Not found');

    if (method === 'GET' && isWorkspace && segments.length === 2) {
      return { status: 200, body: { ...FAKE_CLICKFUNNELS_WORKSPACE, public_id: 'wXyZ' } };
    }
    if (isWorkspace && third === 'contacts' && segments.length === 3 && method === 'GET') {
      const email = query['filter[email_address]']?.toLowerCase();
      const found = state.contacts.filter(
        (contact) => !email || contact.email_address?.toLowerCase() === email,
      );
      return page(found, query, contactView);
    }
    if (isWorkspace && third === 'contacts' && fourth === 'upsert' && method === 'POST') {
      const parsed = rootFields(body, 'contact', CONTACT_FIELDS, []);
      if (!parsed.ok) return parsed.answer;
      const fields = parsed.values;
      // The upsert finds the person by email; without one it could only ever make a new person.
      const email = typeof fields.email_address === 'string' ? fields.email_address.toLowerCase() : null;
      if (!email) return error(422, 'Email address can’t be blank');
      const existing = state.contacts.find((contact) => contact.email_address?.toLowerCase() === email);
      if (existing) {
        writeContact(existing, fields);
        return { status: 200, body: contactView(existing) };
      }
      const contact = newContact();
      writeContact(contact, fields);
      state.contacts.push(contact);
      return { status: 201, body: contactView(contact) };
    }
    if (isWorkspace && third === 'contacts' && fourth === 'tags' && method === 'GET') {
      return page(state.tags, query);
    }
    if (isWorkspace && third === 'sales' && fourth === 'pipelines' && method === 'GET') {
      return page(state.pipelines, query);
    }
    if (isWorkspace && third === 'sales' && fourth === 'opportunities' && method === 'POST') {
      const parsed = rootFields(body, 'sales_opportunity', OPPORTUNITY_FIELDS, [
        'name',
        'pipelines_stage_id',
        'primary_contact_id',
      ]);
      if (!parsed.ok) return parsed.answer;
      const fields = parsed.values;
      if (!state.stages.some((stage) => stage.id === fields.pipelines_stage_id)) {
        return error(422, 'Pipelines stage must exist');
      }
      if (!state.contacts.some((contact) => contact.id === fields.primary_contact_id)) {
        return error(422, 'Primary contact must exist');
      }
      const opportunity = {
        id: (nextID += 1),
        name: fields.name as string,
        pipelines_stage_id: fields.pipelines_stage_id as number,
        primary_contact_id: fields.primary_contact_id as number,
        workspace_id: workspaceID,
      };
      state.opportunities.push(opportunity);
      return { status: 201, body: opportunityView(opportunity) };
    }

    if (first === 'contacts' && second === 'applied_tags' && segments.length === 3 && method === 'DELETE') {
      const index = state.appliedTags.findIndex((row) => String(row.id) === third);
      if (index < 0) return error(404, 'Not found');
      state.appliedTags.splice(index, 1);
      return { status: 204 };
    }
    if (first === 'contacts' && segments.length === 2 && method === 'PUT') {
      const contact = state.contacts.find((candidate) => String(candidate.id) === second);
      if (!contact) return error(404, 'Not found');
      const parsed = rootFields(body, 'contact', CONTACT_FIELDS, []);
      if (!parsed.ok) return parsed.answer;
      const fields = parsed.values;
      writeContact(contact, fields);
      return { status: 200, body: contactView(contact) };
    }
    if (first === 'contacts' && third === 'applied_tags' && segments.length === 3) {
      const contact = state.contacts.find((candidate) => String(candidate.id) === second);
      if (!contact) return error(404, 'Not found');
      if (method === 'GET') {
        const tagFilter = query['filter[tag_id]'];
        const rows = state.appliedTags.filter(
          (row) =>
            row.contact_id === contact.id &&
            (!tagFilter || tagFilter.split(',').includes(String(row.tag_id))),
        );
        return page(rows, query, appliedView);
      }
      if (method === 'POST') {
        const parsed = rootFields(body, 'contacts_applied_tag', { tag_id: 'integer' }, ['tag_id']);
        if (!parsed.ok) return parsed.answer;
        const fields = parsed.values;
        if (!state.tags.some((tag) => tag.id === fields.tag_id)) return error(422, 'Tag must exist');
        if (state.appliedTags.some((row) => row.contact_id === contact.id && row.tag_id === fields.tag_id)) {
          return error(422, 'Tag has already been taken');
        }
        const row = { id: (nextID += 1), contact_id: contact.id, tag_id: fields.tag_id as number };
        state.appliedTags.push(row);
        return { status: 201, body: appliedView(row) };
      }
    }
    if (first === 'sales' && second === 'pipelines' && fourth === 'stages' && method === 'GET') {
      if (!state.pipelines.some((pipeline) => String(pipeline.id) === third)) return error(404, 'Not found');
      return page(
        state.stages.filter((stage) => String(stage.pipeline_id) === third),
        query,
      );
    }
    if (first === 'sales' && second === 'opportunities' && segments.length === 3 && method === 'PUT') {
      const opportunity = state.opportunities.find((candidate) => String(candidate.id) === third);
      if (!opportunity) return error(404, 'Not found');
      const parsed = rootFields(body, 'sales_opportunity', OPPORTUNITY_FIELDS, []);
      if (!parsed.ok) return parsed.answer;
      const fields = parsed.values;
      if (fields.pipelines_stage_id !== undefined) {
        if (!state.stages.some((stage) => stage.id === fields.pipelines_stage_id)) {
          return error(422, 'Pipelines stage must exist');
        }
        opportunity.pipelines_stage_id = fields.pipelines_stage_id as number;
      }
      if (typeof fields.name === 'string') opportunity.name = fields.name;
      return { status: 200, body: opportunityView(opportunity) };
    }
    return error(404, 'Not found');
  };

  const answer = (request: IncomingMessage, raw: string): Answer => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const method = request.method ?? 'GET';
    const contentType = request.headers['content-type'];
    let body: unknown = raw === '' ? null : raw;
    const isJson = contentType?.split(';')[0]?.trim() === 'application/json';
    if (raw !== '' && isJson) {
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        requests.push(record());
        return error(400, 'The request body is not valid JSON');
      }
    }
    requests.push(record());
    if (failure) {
      const forced = failure;
      failure = null;
      return forced;
    }
    if (!url.pathname.startsWith('/api/v2/')) return error(404, 'Not found');
    // The edge answers a call without a User-Agent before the API sees it (third-party reports).
    if (!request.headers['user-agent']?.startsWith('GroupTrack')) {
      return error(403, 'Requests need a User-Agent header');
    }
    if (request.headers.authorization !== `Bearer ${FAKE_CLICKFUNNELS_TOKEN}`) {
      return error(401, 'The access token is missing or invalid');
    }
    if (!request.headers.accept?.includes('application/json')) return error(400, 'Accept application/json');
    if (method === 'POST' || method === 'PUT') {
      if (!isJson) return error(400, 'Content-Type must be application/json');
    } else if (raw !== '') {
      return error(400, `A ${method} takes no body`);
    }
    return route(method, url.pathname, query, body);

    function record(): FakeClickFunnelsRequest {
      return {
        method,
        path: url.pathname,
        query,
        headers: {
          authorization: request.headers.authorization,
          userAgent: request.headers['user-agent'],
          contentType,
          accept: request.headers.accept,
        },
        body,
      };
    }
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const { status, body, headers } = answer(request, raw);
      if (body === undefined) {
        response.writeHead(status, headers ?? {}).end();
        return;
      }
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** The next call, whatever it is, gets this answer (ClickFunnels' `{ error }` shape by default). */
    failNext(status: number, body?: unknown, headers?: Record<string, string>) {
      failure = {
        status,
        body: body ?? { error: DEFAULT_ERRORS[status] ?? 'Error' },
        headers: headers ?? {},
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The fields under a body's one root key, each of a documented name and type, with the required ones
 * present; or the 400 ClickFunnels gives a malformed body.
 */
function rootFields(
  body: unknown,
  root: string,
  fields: Record<string, FieldType>,
  required: string[],
): { ok: true; values: Record<string, unknown> } | { ok: false; answer: Answer } {
  const bad = (message: string) => ({
    ok: false as const,
    answer: { status: 400, body: { error: message } },
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return bad('The body must be a JSON object');
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== root) return bad(`The body must hold only the root key ${root}`);
  const inner = (body as Record<string, unknown>)[root];
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
    return bad(`${root} must be an object`);
  const values = inner as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    const type = fields[key];
    if (!type) return bad(`${root}.${key} is not a parameter of this call`);
    if (!isOfType(value, type)) return bad(`${root}.${key} must be of type ${type}`);
  }
  for (const key of required) {
    if (values[key] === undefined || values[key] === '') return bad(`${root}.${key} is required`);
  }
  return { ok: true, values };
}

function isOfType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}
