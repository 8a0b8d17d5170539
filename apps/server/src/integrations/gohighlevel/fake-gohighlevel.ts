import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one token the fake accepts, as a private integration token of its location. */
export const FAKE_GHL_TOKEN = 'pit-0f1e2d3c-fake-token';

/** The location the fake serves. */
export const FAKE_GHL_LOCATION_ID = 've9EPM428h8vShlRW1KT';

/** One call the fake received. */
export interface FakeGhlRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** A contact as the fake keeps it. */
export interface FakeGhlContact {
  id: string;
  locationId: string;
  firstName?: string;
  lastName?: string;
  name?: string;
  email?: string;
  phone?: string;
  tags: string[];
}

/** An opportunity as the fake keeps it. */
export interface FakeGhlOpportunity {
  id: string;
  name: string;
  contactId: string;
  pipelineId: string;
  pipelineStageId: string;
  status: string;
  locationId: string;
}

const CONTACT_FIELDS = ['firstName', 'lastName', 'name', 'email', 'phone'] as const;

// The whitelists of the published DTOs (contacts.json, opportunities.json): any other property is refused.
const UPSERT_CONTACT = [
  'address1',
  'assignedTo',
  'city',
  'companyName',
  'country',
  'createNewIfDuplicateAllowed',
  'customFields',
  'dateOfBirth',
  'dnd',
  'dndSettings',
  'email',
  'firstName',
  'gender',
  'inboundDndSettings',
  'lastName',
  'locationId',
  'name',
  'phone',
  'postalCode',
  'source',
  'state',
  'tags',
  'timezone',
  'website',
];
const UPDATE_CONTACT = UPSERT_CONTACT.filter(
  (key) => !['companyName', 'createNewIfDuplicateAllowed', 'gender', 'locationId'].includes(key),
);
const TAGS = ['tags'];
const NOTE = ['userId', 'body', 'title', 'color', 'pinned'];
const CREATE_OPPORTUNITY = [
  'pipelineId',
  'locationId',
  'name',
  'pipelineStageId',
  'status',
  'contactId',
  'monetaryValue',
  'assignedTo',
  'customFields',
];
const UPDATE_OPPORTUNITY = CREATE_OPPORTUNITY.filter((key) => key !== 'locationId' && key !== 'contactId');
const STATUSES = ['open', 'won', 'lost', 'abandoned'];

/** An answer the fake sends; thrown by the checks to stop a handler. */
class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HighLevel answers ${status}`);
  }
}

/**
 * A local stand-in for HighLevel's API v2 (services.leadconnectorhq.com): contacts upsert and update,
 * tags, notes, pipelines and opportunities. It checks each call as the real API does (Bearer token,
 * Version header, JSON body, whitelisted DTO properties) and answers with its documented shapes.
 */
export async function startFakeGoHighLevel() {
  const requests: FakeGhlRequest[] = [];
  const state = {
    locationName: 'Acme Dental',
    contacts: new Map<string, FakeGhlContact>(),
    notes: [] as { id: string; contactId: string; body: string; dateAdded: string }[],
    opportunities: new Map<string, FakeGhlOpportunity>(),
    pipelines: [
      {
        id: 'pl-sales',
        name: 'Sales',
        locationId: FAKE_GHL_LOCATION_ID,
        stages: [
          { id: 'st-new', name: 'New lead', position: 0 },
          { id: 'st-booked', name: 'Booked', position: 1 },
          { id: 'st-won', name: 'Won', position: 2 },
        ],
      },
      {
        id: 'pl-onboarding',
        name: 'Onboarding',
        locationId: FAKE_GHL_LOCATION_ID,
        stages: [{ id: 'st-kickoff', name: 'Kickoff', position: 0 }],
      },
    ],
  };
  const forced: Answer[] = [];

  const handle = (request: FakeGhlRequest): Answer => {
    const failure = forced.shift();
    if (failure) return failure;
    checkHeaders(request);
    const { method } = request;
    const [resource, id = '', sub, ...deeper] = request.path.split('/').slice(1).map(decodeURIComponent);
    if (resource === 'contacts' && deeper.length === 0) {
      if (method === 'POST' && id === 'upsert' && sub === undefined) return upsertContact(request.body);
      if (method === 'PUT' && id && sub === undefined) return updateContact(id, request.body);
      if ((method === 'POST' || method === 'DELETE') && sub === 'tags') {
        return changeTags(method, id, request.body);
      }
      if (method === 'POST' && sub === 'notes') return addNote(id, request.body);
    }
    if (resource === 'opportunities' && sub === undefined) {
      if (method === 'GET' && id === 'pipelines') {
        requireLocation(request.query.locationId, 'locationId');
        return new Answer(200, { pipelines: state.pipelines });
      }
      if (method === 'GET' && id === 'search') return searchOpportunities(request.query);
      if (method === 'POST' && id === '') return createOpportunity(request.body);
      if (method === 'PUT' && id) return updateOpportunity(id, request.body);
    }
    return new Answer(404, {
      statusCode: 404,
      message: `Cannot ${request.method} ${request.path}`,
      error: 'Not Found',
    });
  };

  const upsertContact = (body: unknown): Answer => {
    const fields = checkBody(body, UPSERT_CONTACT, ['locationId']);
    requireLocation(fields.locationId, 'locationId');
    const email = stringField(fields, 'email');
    const phone = stringField(fields, 'phone');
    if (!email && !phone) throw unprocessable(['Either email or phone is required']);
    const existing = [...state.contacts.values()].find(
      (contact) =>
        (email && contact.email?.toLowerCase() === email.toLowerCase()) || (phone && contact.phone === phone),
    );
    const contact = existing ?? { id: newId(), locationId: FAKE_GHL_LOCATION_ID, tags: [] };
    writeContact(contact, fields);
    if (Array.isArray(fields.tags)) contact.tags = fields.tags.filter((tag) => typeof tag === 'string');
    state.contacts.set(contact.id, contact);
    return new Answer(200, { new: !existing, contact, traceId: newId() });
  };

  const updateContact = (id: string, body: unknown): Answer => {
    const fields = checkBody(body, UPDATE_CONTACT, []);
    const contact = findContact(id);
    writeContact(contact, fields);
    return new Answer(200, { succeded: true, contact });
  };

  const changeTags = (method: string, id: string, body: unknown): Answer => {
    const fields = checkBody(body, TAGS, ['tags']);
    const { tags } = fields;
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
      throw unprocessable(['each value in tags must be a string', 'tags must be an array']);
    }
    const contact = findContact(id);
    if (method === 'POST') {
      contact.tags = [...new Set([...contact.tags, ...tags])];
      return new Answer(201, { tags: contact.tags });
    }
    contact.tags = contact.tags.filter((tag) => !tags.includes(tag));
    return new Answer(200, { tags: contact.tags });
  };

  const addNote = (id: string, body: unknown): Answer => {
    const fields = checkBody(body, NOTE, ['body']);
    const contact = findContact(id);
    const note = {
      id: newId(),
      contactId: contact.id,
      body: String(fields.body),
      dateAdded: new Date().toISOString(),
    };
    state.notes.push(note);
    return new Answer(201, { note });
  };

  const searchOpportunities = (query: Record<string, string>): Answer => {
    requireLocation(query.location_id, 'location_id');
    const opportunities = [...state.opportunities.values()].filter(
      (item) =>
        (!query.contact_id || item.contactId === query.contact_id) &&
        (!query.pipeline_id || item.pipelineId === query.pipeline_id),
    );
    return new Answer(200, {
      opportunities,
      meta: { total: opportunities.length, currentPage: 1, nextPage: null, prevPage: null },
      aggregations: {},
    });
  };

  const createOpportunity = (body: unknown): Answer => {
    const fields = checkBody(body, CREATE_OPPORTUNITY, [
      'pipelineId',
      'locationId',
      'name',
      'status',
      'contactId',
    ]);
    requireLocation(fields.locationId, 'locationId');
    checkStatus(fields.status);
    const contact = findContact(String(fields.contactId));
    const { pipelineId, pipelineStageId } = checkStage(fields.pipelineId, fields.pipelineStageId);
    const opportunity: FakeGhlOpportunity = {
      id: newId(),
      name: String(fields.name),
      contactId: contact.id,
      pipelineId,
      pipelineStageId,
      status: String(fields.status),
      locationId: FAKE_GHL_LOCATION_ID,
    };
    state.opportunities.set(opportunity.id, opportunity);
    return new Answer(201, { opportunity });
  };

  const updateOpportunity = (id: string, body: unknown): Answer => {
    const fields = checkBody(body, UPDATE_OPPORTUNITY, []);
    const opportunity = state.opportunities.get(id);
    if (!opportunity) throw notFound('Opportunity not found');
    if (fields.status !== undefined) checkStatus(fields.status);
    const { pipelineId, pipelineStageId } = checkStage(
      fields.pipelineId ?? opportunity.pipelineId,
      fields.pipelineStageId ?? opportunity.pipelineStageId,
    );
    Object.assign(opportunity, { pipelineId, pipelineStageId });
    if (typeof fields.name === 'string') opportunity.name = fields.name;
    if (typeof fields.status === 'string') opportunity.status = fields.status;
    return new Answer(200, { opportunity });
  };

  const findContact = (id: string): FakeGhlContact => {
    const contact = state.contacts.get(id);
    if (!contact) throw notFound('Contact not found');
    return contact;
  };

  const checkStage = (pipelineId: unknown, stageId: unknown) => {
    const pipeline = state.pipelines.find((item) => item.id === pipelineId);
    if (!pipeline) throw new Answer(400, { statusCode: 400, message: 'Pipeline not found' });
    const stage = pipeline.stages.find((item) => item.id === stageId);
    if (!stage) throw new Answer(400, { statusCode: 400, message: 'Pipeline stage not found' });
    return { pipelineId: pipeline.id, pipelineStageId: stage.id };
  };

  const server = createServer((incoming, response) => {
    readRequest(incoming)
      .then((request) => {
        requests.push(request);
        send(response, answer(request));
      })
      .catch((error: unknown) =>
        send(response, new Answer(500, { statusCode: 500, message: String(error) })),
      );
  });
  const answer = (request: FakeGhlRequest): Answer => {
    try {
      return handle(request);
    } catch (thrown) {
      if (thrown instanceof Answer) return thrown;
      throw thrown;
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** Answers the next call with this status (and body, headers) whatever it asks. */
    failNext(status: number, body?: unknown, headers: Record<string, string> = {}) {
      forced.push(new Answer(status, body ?? { statusCode: status, message: `Forced ${status}` }, headers));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readRequest(incoming: IncomingMessage): Promise<FakeGhlRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const url = new URL(incoming.url ?? '/', 'http://fake');
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && incoming.headers['content-type']?.startsWith('application/json')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = new SyntaxError('invalid JSON');
    }
  }
  return {
    method: incoming.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {
      authorization: incoming.headers.authorization,
      version: header(incoming.headers.version),
      'content-type': incoming.headers['content-type'],
      accept: incoming.headers.accept,
    },
    body,
  };
}

function send(response: ServerResponse, answer: Answer) {
  response
    .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
    .end(answer.body === undefined ? '' : JSON.stringify(answer.body));
}

function checkHeaders(request: FakeGhlRequest) {
  if (request.headers.authorization !== `Bearer ${FAKE_GHL_TOKEN}`) {
    throw new Answer(401, {
      statusCode: 401,
      message: 'Invalid token: access token is invalid',
      error: 'Unauthorized',
    });
  }
  if (request.headers.version !== '2021-07-28') {
    throw new Answer(400, { statusCode: 400, message: 'Version header was not found' });
  }
  if (request.body !== undefined && !request.headers['content-type']?.startsWith('application/json')) {
    throw new Answer(400, { statusCode: 400, message: 'Content-Type must be application/json' });
  }
  if (request.body instanceof SyntaxError) {
    throw new Answer(400, {
      statusCode: 400,
      message: 'Unexpected token in JSON body',
      error: 'Bad Request',
    });
  }
}

/** The body's properties, after the whitelist and required checks the real validation pipe makes. */
function checkBody(body: unknown, allowed: string[], required: string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw unprocessable(required.map((key) => `${key} should not be empty`));
  }
  const fields = body as Record<string, unknown>;
  const problems = Object.keys(fields)
    .filter((key) => !allowed.includes(key))
    .map((key) => `property ${key} should not exist`);
  for (const key of required) {
    if ([undefined, null, ''].includes(fields[key] as string)) problems.push(`${key} should not be empty`);
  }
  for (const key of CONTACT_FIELDS) {
    if (key in fields && typeof fields[key] !== 'string') problems.push(`${key} must be a string`);
  }
  if (typeof fields.email === 'string' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email)) {
    problems.push('email must be an email');
  }
  if (problems.length > 0) throw unprocessable(problems);
  return fields;
}

function requireLocation(value: unknown, name: string) {
  if (typeof value !== 'string' || value === '') throw unprocessable([`${name} should not be empty`]);
  if (value !== FAKE_GHL_LOCATION_ID) {
    throw new Answer(403, {
      statusCode: 403,
      message: 'The token does not have access to this location.',
      error: 'Forbidden',
    });
  }
}

function checkStatus(value: unknown) {
  if (typeof value !== 'string' || !STATUSES.includes(value)) {
    throw unprocessable([`status must be one of the following values: ${STATUSES.join(', ')}`]);
  }
}

function writeContact(contact: FakeGhlContact, fields: Record<string, unknown>) {
  for (const key of CONTACT_FIELDS) {
    const value = stringField(fields, key);
    if (value !== undefined) contact[key] = value;
  }
}

function stringField(fields: Record<string, unknown>, key: string): string | undefined {
  const value = fields[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function notFound(message: string) {
  return new Answer(404, { statusCode: 404, message, error: 'Not Found' });
}

function unprocessable(message: string[]) {
  return new Answer(422, { statusCode: 422, message, error: 'Unprocessable Entity' });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function newId(): string {
  return randomBytes(10).toString('base64url').slice(0, 20);
}
