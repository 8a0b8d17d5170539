import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const AUDIENCE = 'https://oauth2.googleapis.com/token';
const GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const CLAIMS = new Set(['iss', 'scope', 'aud', 'iat', 'exp', 'sub']);
const SHORT_LIVED =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';
const AUTH_HELP =
  'Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

/** One call the fake received, as the tests assert it. */
export interface RecordedGoogleRequest {
  method: string;
  /** The path, percent-decoded (`/v4/spreadsheets/ID/values/'Leads'!A:A`). */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The parsed JSON body, the form fields of a token request, or null. */
  body: unknown;
}

/** What the fake keeps: the spreadsheet's tabs as rows of cells, and the access tokens it issued. */
export interface FakeGoogleSheetsState {
  spreadsheetId: string;
  title: string;
  /** Tab name → rows (row 1 first) → cells (column A first). */
  sheets: Map<string, string[][]>;
  /** Access tokens still valid: clear it to expire them all. */
  tokens: Set<string>;
  /** How many tokens the token endpoint issued. */
  tokensIssued: number;
  /** The expires_in the token endpoint answers, in seconds. */
  tokenLifetimeS: number;
  /** Whether the spreadsheet is shared with the service account (false answers 403). */
  shared: boolean;
}

/** A running fake of Google's token endpoint and Sheets API v4. */
export interface FakeGoogleSheets {
  /** The origin to set as the connection's endpoint. */
  endpoint: string;
  requests: RecordedGoogleRequest[];
  state: FakeGoogleSheetsState;
  /** Answers the next Sheets API call (never a token request) with this status; queued when called again. */
  failNext(status: number, body?: unknown, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

/**
 * Starts a local fake of Google's OAuth token endpoint (POST /token, verifying the service account's
 * RS256 assertion with `publicKey`) and the Sheets API v4 calls the adapter makes (spreadsheet
 * metadata, values get, update and append). A request that breaks Google's contract gets Google's
 * own 400, 401, 403 or 404 answer, so a wrong request fails the test.
 */
export async function startFakeGoogleSheets(options: {
  serviceAccountEmail: string;
  publicKey: KeyObject | string;
  spreadsheetId?: string;
  title?: string;
  tabs?: string[];
}): Promise<FakeGoogleSheets> {
  const publicKey =
    typeof options.publicKey === 'string' ? createPublicKey(options.publicKey) : options.publicKey;
  const state: FakeGoogleSheetsState = {
    spreadsheetId: options.spreadsheetId ?? 'sheet-1',
    title: options.title ?? 'GroupTrack leads',
    sheets: new Map((options.tabs ?? ['Leads']).map((tab) => [tab, []])),
    tokens: new Set(),
    tokensIssued: 0,
    tokenLifetimeS: 3599,
    shared: true,
  };
  const requests: RecordedGoogleRequest[] = [];
  const failures: { status: number; body: unknown; headers: Record<string, string> }[] = [];
  const tokenScopes = new Map<string, string[]>();

  const handleToken = (form: URLSearchParams): Answer => {
    if (form.get('grant_type') !== GRANT_TYPE) {
      return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
    }
    const parts = (form.get('assertion') ?? '').split('.');
    if (parts.length !== 3) return oauthError(400, 'invalid_request', 'Invalid JWT: not a JWS.');
    const [header, claims, signature] = parts as [string, string, string];
    const head = decodeSegment(header);
    if (head?.alg !== 'RS256' || (head.typ !== undefined && head.typ !== 'JWT')) {
      return oauthError(400, 'invalid_grant', 'Invalid JWT header: only RS256 is accepted.');
    }
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return oauthError(400, 'invalid_grant', 'Invalid JWT Signature.');
    const payload = decodeSegment(claims);
    if (!payload) return oauthError(400, 'invalid_request', 'Invalid JWT: the claim set is not JSON.');
    const unknown = Object.keys(payload).find((key) => !CLAIMS.has(key));
    if (unknown) return oauthError(400, 'invalid_grant', `Invalid JWT: unexpected claim ${unknown}.`);
    if (payload.iss !== options.serviceAccountEmail) {
      return oauthError(400, 'invalid_grant', 'Invalid grant: account not found');
    }
    if (payload.aud !== AUDIENCE) {
      return oauthError(
        400,
        'invalid_grant',
        'Invalid JWT: Failed audience check. The right audience is ' + AUDIENCE,
      );
    }
    const nowS = Date.now() / 1000;
    const { iat, exp } = payload;
    if (typeof iat !== 'number' || typeof exp !== 'number' || Math.abs(iat - nowS) > 300 || exp <= iat) {
      return oauthError(400, 'invalid_grant', SHORT_LIVED);
    }
    if (exp - iat > 3600) return oauthError(400, 'invalid_grant', SHORT_LIVED);
    if (typeof payload.scope !== 'string' || payload.scope.trim() === '') {
      return oauthError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    state.tokensIssued += 1;
    const token = `ya29.fake-${state.tokensIssued}`;
    state.tokens.add(token);
    tokenScopes.set(token, payload.scope.split(' '));
    return {
      status: 200,
      body: { access_token: token, expires_in: state.tokenLifetimeS, token_type: 'Bearer' },
    };
  };

  const handleSheets = (request: RecordedGoogleRequest): Answer => {
    const bearer = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
    if (!bearer)
      return googleError(
        401,
        'UNAUTHENTICATED',
        `Request is missing required authentication credential. ${AUTH_HELP}`,
      );
    if (!state.tokens.has(bearer)) {
      return googleError(
        401,
        'UNAUTHENTICATED',
        `Request had invalid authentication credentials. ${AUTH_HELP}`,
      );
    }
    if (!(tokenScopes.get(bearer) ?? []).includes(SCOPE)) {
      return googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
    }
    const match = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/(.+))?$/.exec(request.path);
    if (!match) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
    const [, id, valuesPart] = match;
    if (id !== state.spreadsheetId) return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
    if (!state.shared) return googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    if (valuesPart === undefined) {
      if (request.method !== 'GET') return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
      const bad = unknownParameter(request.query, ['fields', 'ranges', 'includeGridData']);
      if (bad) return bad;
      return {
        status: 200,
        body: {
          properties: { title: state.title },
          sheets: [...state.sheets.keys()].map((title) => ({ properties: { title } })),
        },
      };
    }
    const append = valuesPart.endsWith(':append');
    const rangeText = append ? valuesPart.slice(0, -':append'.length) : valuesPart;
    const range = parseRange(rangeText);
    const rows = range ? state.sheets.get(range.sheet) : undefined;
    if (!range || !rows) return googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${rangeText}`);
    if (request.method === 'GET' && !append) return readValues(request, range, rows);
    if (request.method === 'PUT' && !append) return writeValues(request, rangeText, range, rows);
    if (request.method === 'POST' && append) return appendValues(request, rangeText, range, rows);
    return googleError(404, 'NOT_FOUND', 'Requested entity was not found.');
  };

  const server = createServer((incoming, response) => {
    void readBody(incoming).then(
      (raw) => {
        const url = new URL(incoming.url ?? '/', 'http://fake');
        const contentType = incoming.headers['content-type'];
        const isToken = url.pathname === '/token';
        let body: unknown = null;
        let answer: Answer | null = null;
        if (isToken) {
          body = Object.fromEntries(new URLSearchParams(raw));
          if (!contentType?.startsWith('application/x-www-form-urlencoded')) {
            answer = oauthError(
              400,
              'invalid_request',
              'Invalid Content-Type: expected application/x-www-form-urlencoded.',
            );
          }
        } else if (raw !== '') {
          try {
            body = JSON.parse(raw) as unknown;
          } catch {
            answer = googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unexpected token.');
          }
          if (!answer && !contentType?.startsWith('application/json')) {
            answer = googleError(
              400,
              'INVALID_ARGUMENT',
              'Invalid JSON payload received. Expected a JSON body.',
            );
          }
        }
        const recorded: RecordedGoogleRequest = {
          method: incoming.method ?? 'GET',
          path: safeDecode(url.pathname),
          query: Object.fromEntries(url.searchParams),
          authorization: incoming.headers.authorization,
          contentType,
          body,
        };
        requests.push(recorded);
        if (!answer && isToken) {
          answer =
            recorded.method === 'POST'
              ? handleToken(new URLSearchParams(raw))
              : oauthError(405, 'invalid_request', 'Use POST.');
        }
        if (!answer) {
          const failure = failures.shift();
          answer = failure ?? handleSheets(recorded);
        }
        send(response, answer);
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    state,
    failNext(status, body, headers = {}) {
      failures.push({ status, body: body ?? defaultFailure(status), headers });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Range {
  sheet: string;
  /** 0-based, inclusive; null where the A1 range leaves the bound open. */
  firstColumn: number;
  lastColumn: number | null;
  firstRow: number;
  lastRow: number | null;
}

function readValues(request: RecordedGoogleRequest, range: Range, rows: string[][]): Answer {
  const bad = unknownParameter(request.query, [
    'majorDimension',
    'valueRenderOption',
    'dateTimeRenderOption',
    'fields',
  ]);
  if (bad) return bad;
  const lastRow = Math.min(range.lastRow ?? rows.length - 1, rows.length - 1);
  const values: string[][] = [];
  for (let index = range.firstRow; index <= lastRow; index += 1) {
    const cells = (rows[index] ?? []).slice(range.firstColumn, (range.lastColumn ?? Infinity) + 1);
    values.push(trimEnd(cells, (cell) => cell === ''));
  }
  const trimmed = trimEnd(values, (cells) => cells.length === 0);
  return {
    status: 200,
    body: {
      range: formatRange(
        range.sheet,
        range.firstColumn,
        range.firstRow,
        range.lastColumn ?? 25,
        range.lastRow ?? 999,
      ),
      majorDimension: 'ROWS',
      // Google leaves `values` out of an empty range's answer.
      ...(trimmed.length > 0 ? { values: trimmed } : {}),
    },
  };
}

function writeValues(
  request: RecordedGoogleRequest,
  rangeText: string,
  range: Range,
  rows: string[][],
): Answer {
  const bad = checkWrite(request, rangeText, ['includeValuesInResponse', 'responseValueRenderOption']);
  if (bad) return bad;
  const values = (request.body as { values: unknown[][] }).values;
  const height = range.lastRow === null ? Infinity : range.lastRow - range.firstRow + 1;
  const width = range.lastColumn === null ? Infinity : range.lastColumn - range.firstColumn + 1;
  if (values.length > height || values.some((cells) => cells.length > width)) {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Requested writing within range [${rangeText}], but tried writing beyond it (${values.length} rows).`,
    );
  }
  const written = putCells(rows, range.firstRow, range.firstColumn, values);
  return {
    status: 200,
    body: {
      spreadsheetId: request.path.split('/')[3],
      updatedRange: written.range(range.sheet),
      updatedRows: written.rows,
      updatedColumns: written.columns,
      updatedCells: written.cells,
    },
  };
}

function appendValues(
  request: RecordedGoogleRequest,
  rangeText: string,
  range: Range,
  rows: string[][],
): Answer {
  const bad = checkWrite(request, rangeText, [
    'insertDataOption',
    'includeValuesInResponse',
    'responseValueRenderOption',
  ]);
  if (bad) return bad;
  const insert = request.query.insertDataOption;
  if (insert !== undefined && insert !== 'INSERT_ROWS' && insert !== 'OVERWRITE') {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Invalid value at 'insert_data_option' (TYPE_ENUM), "${insert}"`,
    );
  }
  const values = (request.body as { values: unknown[][] }).values;
  let lastFilled = rows.length - 1;
  while (lastFilled >= 0 && (rows[lastFilled] ?? []).every((cell) => cell === '')) lastFilled -= 1;
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  const spreadsheetId = request.path.split('/')[3];
  const written = putCells(rows, lastFilled + 1, range.firstColumn, values);
  return {
    status: 200,
    body: {
      spreadsheetId,
      ...(lastFilled >= 0
        ? { tableRange: formatRange(range.sheet, 0, 0, Math.max(width, 1) - 1, lastFilled) }
        : {}),
      updates: {
        spreadsheetId,
        updatedRange: written.range(range.sheet),
        updatedRows: written.rows,
        updatedColumns: written.columns,
        updatedCells: written.cells,
      },
    },
  };
}

/** The checks an update and an append share: valueInputOption, the body's fields and its cells. */
function checkWrite(request: RecordedGoogleRequest, rangeText: string, parameters: string[]): Answer | null {
  const bad = unknownParameter(request.query, ['valueInputOption', 'fields', ...parameters]);
  if (bad) return bad;
  const option = request.query.valueInputOption;
  if (option === undefined) {
    return googleError(400, 'INVALID_ARGUMENT', "'valueInputOption' is required but not specified");
  }
  if (option !== 'RAW' && option !== 'USER_ENTERED') {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Invalid value at 'value_input_option' (TYPE_ENUM), "${option}"`,
    );
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null) {
    return googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Expected a ValueRange.');
  }
  const unknown = Object.keys(body).find((key) => !['range', 'majorDimension', 'values'].includes(key));
  if (unknown) {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`,
    );
  }
  const { range, majorDimension, values } = body as {
    range?: unknown;
    majorDimension?: unknown;
    values?: unknown;
  };
  if (range !== undefined && range !== rangeText) {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Requested range [${rangeText}] does not match the range in the body [${JSON.stringify(range)}].`,
    );
  }
  if (majorDimension !== undefined && majorDimension !== 'ROWS' && majorDimension !== 'COLUMNS') {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      `Invalid value at 'data.major_dimension' (TYPE_ENUM), ${JSON.stringify(majorDimension)}`,
    );
  }
  if (majorDimension === 'COLUMNS')
    return googleError(400, 'INVALID_ARGUMENT', 'The fake accepts ROWS only.');
  if (!Array.isArray(values) || values.length === 0 || !values.every((cells) => Array.isArray(cells))) {
    return googleError(
      400,
      'INVALID_ARGUMENT',
      'Invalid values: expected a list of rows, each a list of cells.',
    );
  }
  for (const [rowIndex, cells] of (values as unknown[][]).entries()) {
    const cellIndex = cells.findIndex(
      (cell) => !['string', 'number', 'boolean'].includes(typeof cell) && cell !== null,
    );
    if (cellIndex >= 0) {
      return googleError(400, 'INVALID_ARGUMENT', `Invalid values[${rowIndex}][${cellIndex}]: struct_value`);
    }
  }
  return null;
}

function putCells(rows: string[][], firstRow: number, firstColumn: number, values: unknown[][]) {
  const width = Math.max(0, ...values.map((cells) => cells.length));
  for (const [offset, cells] of values.entries()) {
    const row = (rows[firstRow + offset] ??= []);
    for (const [column, cell] of cells.entries()) {
      while (row.length < firstColumn + column) row.push('');
      row[firstColumn + column] = typeof cell === 'string' ? cell : cell === null ? '' : JSON.stringify(cell);
    }
  }
  for (let index = 0; index < rows.length; index += 1) rows[index] ??= [];
  return {
    rows: values.length,
    columns: width,
    cells: values.reduce((sum, cells) => sum + cells.length, 0),
    range: (sheet: string) =>
      formatRange(sheet, firstColumn, firstRow, firstColumn + width - 1, firstRow + values.length - 1),
  };
}

/** Reads `'Tab name'!A1:M2`, `Leads!A:A` or `Leads` (the whole tab). */
function parseRange(text: string): Range | null {
  let sheet: string;
  let rest: string;
  if (text.startsWith("'")) {
    const quoted = /^'((?:[^']|'')*)'(?:!(.*))?$/.exec(text);
    if (!quoted) return null;
    sheet = (quoted[1] ?? '').replaceAll("''", "'");
    rest = quoted[2] ?? '';
  } else {
    const bang = text.lastIndexOf('!');
    sheet = bang < 0 ? text : text.slice(0, bang);
    rest = bang < 0 ? '' : text.slice(bang + 1);
  }
  if (rest === '') return { sheet, firstColumn: 0, lastColumn: null, firstRow: 0, lastRow: null };
  const cells = /^([A-Z]+)?(\d+)?(?::([A-Z]+)?(\d+)?)?$/.exec(rest);
  if (!cells || (!cells[1] && !cells[2])) return null;
  const [, fromColumn, fromRow, toColumn, toRow] = cells;
  const single = !rest.includes(':');
  return {
    sheet,
    firstColumn: fromColumn ? columnIndex(fromColumn) : 0,
    lastColumn: single ? columnIndex(fromColumn ?? 'A') : toColumn ? columnIndex(toColumn) : null,
    firstRow: fromRow ? Number(fromRow) - 1 : 0,
    lastRow: single && fromRow ? Number(fromRow) - 1 : toRow ? Number(toRow) - 1 : null,
  };
}

function columnIndex(letters: string): number {
  return [...letters].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

function formatRange(
  sheet: string,
  firstColumn: number,
  firstRow: number,
  lastColumn: number,
  lastRow: number,
) {
  const name = /^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
  return `${name}!${columnLetters(firstColumn)}${firstRow + 1}:${columnLetters(lastColumn)}${lastRow + 1}`;
}

function trimEnd<T>(items: T[], isEmpty: (item: T) => boolean): T[] {
  let end = items.length;
  while (end > 0 && isEmpty(items[end - 1] as T)) end -= 1;
  return items.slice(0, end);
}

function unknownParameter(query: Record<string, string>, allowed: string[]): Answer | null {
  const unknown = Object.keys(query).find(
    (key) => !allowed.includes(key) && key !== 'alt' && key !== 'prettyPrint',
  );
  if (!unknown) return null;
  return googleError(
    400,
    'INVALID_ARGUMENT',
    `Invalid JSON payload received. Unknown name "${unknown}": Cannot bind query parameter. Field '${unknown}' could not be found in request message.`,
  );
}

function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function googleError(code: number, status: string, message: string): Answer {
  return { status: code, body: { error: { code, message, status } } };
}

function oauthError(status: number, error: string, description: string): Answer {
  return { status, body: { error, error_description: description } };
}

function defaultFailure(status: number): unknown {
  if (status === 429) {
    return googleError(
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.",
    ).body;
  }
  if (status === 401)
    return googleError(401, 'UNAUTHENTICATED', `Request had invalid authentication credentials. ${AUTH_HELP}`)
      .body;
  if (status >= 500) return googleError(status, 'INTERNAL', 'Internal error encountered.').body;
  return googleError(status, 'INVALID_ARGUMENT', 'Request contains an invalid argument.').body;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => resolve(raw));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, answer: Answer) {
  response
    .writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8', ...answer.headers })
    .end(JSON.stringify(answer.body));
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
