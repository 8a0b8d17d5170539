// Lists the API's operations from its own OpenAPI document and builds requests for them, so the
// isolation and bad-input suites cover a new route as soon as it is registered, without a test of
// its own. The document is what @fastify/swagger makes of the routes' zod schemas.

/** The subset of JSON Schema that fastify-type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` placeholders. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; undefined when the operation takes no JSON body. */
  body?: JsonSchema;
  /** A body other than JSON (the CSV upload), which the document does not describe. */
  rawBody: boolean;
  label: string;
}

/** Every operation of the running server's OpenAPI document, in the document's order. */
export async function loadOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const document = (await response.json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const pick = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema }));
      const upper = method.toUpperCase();
      const body = operation.requestBody?.content['application/json']?.schema;
      operations.push({
        method: upper,
        path,
        pathParams: pick('path'),
        query: pick('query'),
        body,
        // The document leaves out bodies that are not JSON; the one write like that is the upload.
        rawBody: !body && upper === 'POST' && /\/imports$/.test(path),
        label: `${upper} ${path}`,
      });
    }
  }
  return operations;
}

/**
 * The values requests are filled with, by name: a path parameter by the collection named just before
 * it (`/notes/{noteID}` reads `notes`), a body or query field by its own name (case-insensitive).
 * Each value is a real id of the team under test, so a request reaches that team's data.
 */
export interface RequestValues {
  byCollection: Record<string, string>;
  /** A field set to undefined is left out (an optional field no generic value suits). */
  byField: Record<string, string | string[] | number | boolean | undefined>;
}

/** The value for one path parameter; undefined when the fixture has no id for that collection. */
export function pathValue(operation: Operation, parameter: string, values: RequestValues) {
  const segments = operation.path.split('/');
  const at = segments.indexOf(`{${parameter}}`);
  const collection = segments[at - 1] ?? '';
  return values.byCollection[collection];
}

/** The path with each parameter filled (percent-encoded); `override` replaces one parameter's raw text. */
export function buildPath(
  operation: Operation,
  values: RequestValues,
  override?: { name: string; encoded: string },
) {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (override?.name === name) return override.encoded;
    const value = pathValue(operation, name, values);
    if (value === undefined) throw new Error(`${operation.label}: no id for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** Every query parameter filled with a valid value, as `name -> text`. */
export function sampleQuery(operation: Operation, values: RequestValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of operation.query) {
    // A field left out of bodies is still probed here, with a value its schema allows.
    const value =
      sampleValue(parameter.schema, parameter.name, values) ??
      sampleValue(parameter.schema, parameter.name, { byCollection: {}, byField: {} });
    query[parameter.name] = String(value);
  }
  return query;
}

/** `?a=1&b=2` from the values (encoded here), with `raw` values sent exactly as given instead. */
export function queryString(query: Record<string, string>, raw: Record<string, string> = {}) {
  const parts = Object.entries(query)
    .filter(([name]) => !(name in raw))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  for (const [name, encoded] of Object.entries(raw)) parts.push(`${encodeURIComponent(name)}=${encoded}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const SAMPLE_DATE = '2031-03-14';
/** Values tried, in order, against a pattern the sampler has no rule for. */
const PATTERN_CANDIDATES = ['09:30', SAMPLE_DATE, `${SAMPLE_DATE}T09:30:00Z`, 'USD', 'question.1', 'probe'];

function sampleString(schema: JsonSchema, key: string): string {
  if (schema.format === 'date') return SAMPLE_DATE;
  if (schema.format === 'date-time') return `${SAMPLE_DATE}T09:30:00Z`;
  if (schema.format === 'uri') return 'https://example.test/probe';
  if (schema.format === 'email' || /email/i.test(key)) return 'probe-nobody@example.test';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const found = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
    if (!found) throw new Error(`no sample matches ${key}: /${schema.pattern}/`);
    return found;
  }
  const byKey: Record<string, string> = {
    color: '#1C7EBB',
    fontcolor: '#111111',
    backgroundcolor: '#FFFFFF',
    phonenumber: '+15550100999',
    timezone: 'Europe/Paris',
    termsversion: '1.0.1',
    newpassword: 'probe-password-2',
    currentpassword: 'not-the-password',
    domain: 'grouptrack.test',
    redirect_to: '/',
    // An Auto Responder job watches a post: an address of one (readPostAddress).
    permalinkurl: 'https://www.facebook.com/groups/probe/posts/1',
  };
  const known = byKey[key.toLowerCase()];
  if (known !== undefined) return known;
  const text = 'probe';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  return text.padEnd(Math.min(Math.max(min, text.length), max), 'x').slice(0, max);
}

function branches(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.oneOf ?? schema.anyOf;
}

/** One valid value for a schema; `choose` picks a branch of each union (the first by default). */
export function sampleValue(
  schema: JsonSchema,
  key: string,
  values: RequestValues,
  choose: (node: JsonSchema) => number = () => 0,
): unknown {
  const ref = Object.entries(values.byField).find(([name]) => name.toLowerCase() === key.toLowerCase());
  if (ref) {
    const value = ref[1];
    if (schema.type === 'array' && !Array.isArray(value)) return [value];
    if (schema.type !== 'array' && Array.isArray(value)) return value[0];
    return value;
  }
  const union = branches(schema);
  if (union) return sampleValue(union[choose(schema)]!, key, values, choose);
  if (schema.allOf) {
    return Object.assign(
      {},
      ...schema.allOf.map((part) => sampleValue(part, key, values, choose) as Record<string, unknown>),
    );
  }
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'string') return sampleString(schema, key);
  if (schema.type === 'integer' || schema.type === 'number') {
    return Math.max(schema.minimum ?? 0, Math.min(1, schema.maximum ?? 1));
  }
  if (schema.type === 'boolean') return false;
  if (schema.type === 'array') {
    const count = Math.max(1, schema.minItems ?? 0);
    return Array.from({ length: count }, () => sampleValue(schema.items ?? {}, key, values, choose));
  }
  const object: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = sampleValue(property, name, values, choose);
    if (value !== undefined) object[name] = value;
  }
  return object;
}

/** Every union in a schema (each a node with `oneOf` or `anyOf`), depth first. */
function unions(schema: JsonSchema, found: JsonSchema[] = []): JsonSchema[] {
  const union = branches(schema);
  if (union) found.push(schema);
  for (const part of [...(union ?? []), ...(schema.allOf ?? [])]) unions(part, found);
  for (const property of Object.values(schema.properties ?? {})) unions(property, found);
  if (schema.items) unions(schema.items, found);
  return found;
}

/**
 * Valid bodies for an operation: every optional field filled, with each branch of each union taken
 * once (the others at their first), so a bulk action's `delete` is tried as well as its `addTags`.
 */
export function sampleBodies(schema: JsonSchema, values: RequestValues): unknown[] {
  const bodies = [sampleValue(schema, '', values)];
  for (const union of unions(schema)) {
    for (let branch = 1; branch < branches(union)!.length; branch += 1) {
      bodies.push(sampleValue(schema, '', values, (node) => (node === union ? branch : 0)));
    }
  }
  const seen = new Set<string>();
  return bodies.filter((body) => {
    const text = JSON.stringify(body);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

export type JsonPath = (string | number)[];

/** Each leaf of a JSON value with its path, and each array or object under the root. */
export function leaves(value: unknown, path: JsonPath = []): { path: JsonPath; value: unknown }[] {
  if (Array.isArray(value)) {
    const inner = value.flatMap((item, index) => leaves(item, [...path, index]));
    return path.length > 0 ? [{ path, value }, ...inner] : inner;
  }
  if (value !== null && typeof value === 'object') {
    const inner = Object.entries(value).flatMap(([name, item]) => leaves(item, [...path, name]));
    return path.length > 0 ? [{ path, value }, ...inner] : inner;
  }
  return [{ path, value }];
}

/** A copy of a JSON value with the value at `path` replaced. */
export function replaceAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** A value of another JSON type than the one given (never null: many fields are nullable). */
export function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not a list';
  return ['not an object'];
}

export interface CallResult {
  status: number;
  contentType: string;
  /** The answer's text; for an event stream, what arrived before the read stopped. */
  text: string;
}

/**
 * Sends one request as the given cookies. An event stream never ends on its own: it is read until
 * `streamUntil` says it has seen enough, or until a second passes without anything new, then closed.
 */
export async function call(
  baseUrl: string,
  request: {
    method: string;
    path: string;
    cookie?: string;
    body?: string | Uint8Array;
    contentType?: string;
  },
  streamUntil: (text: string) => boolean = () => false,
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (request.cookie) headers.cookie = request.cookie;
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('text/event-stream')) {
    return { status: response.status, contentType, text: await response.text() };
  }
  let text = '';
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let quiet = setTimeout(() => controller.abort(), 1000);
  try {
    while (!streamUntil(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      clearTimeout(quiet);
      quiet = setTimeout(() => controller.abort(), 1000);
    }
  } catch {
    // Closed after a quiet second.
  } finally {
    clearTimeout(quiet);
    controller.abort();
  }
  return { status: response.status, contentType, text };
}

/**
 * Text that only a crash shows: a stack frame, a source position, or the database's own words (the
 * driver's "Failed query", its messages, SQL with quoted identifiers as Drizzle writes it).
 */
export const INTERNALS =
  /(\\n|\n)\s*at [\w.<>$ ]+\(|\.(ts|js|mjs):\d+:\d+|Failed query|syntax error at|violates [\w ]*constraint|duplicate key value|(relation|column) \\?"|invalid byte sequence|\b(select|insert into|update|delete from)\b[^\n]*\\?"\w+\\?"|drizzle/i;
