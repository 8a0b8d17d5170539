import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdapterConnection, LeadData, SyncChange, SyncDelivery } from '../adapter';
import { createVirtualLimiter, failureOf, makeDelivery } from '../adapter-test-kit';
import { createHttpClient, type HttpClient } from '../http-client';
import { startFakeGoogleSheets, type FakeGoogleSheets } from './fake-google-sheets';
import { createGoogleSheetsAdapter, GSHEET_COLUMNS } from './gsheet-adapter';

const EMAIL = 'grouptrack@acme-crm.iam.gserviceaccount.com';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
// Only ever refused, so a short key keeps the file fast.
const otherKeys = generateKeyPairSync('rsa', { modulusLength: 1024 });
const PRIVATE_KEY = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const HEADER = [...GSHEET_COLUMNS];

let connections = 0;

/** A connection to the fake, under an id of its own so no test reuses another's cached token. */
function connectionTo(fake: FakeGoogleSheets, overrides: Partial<AdapterConnection> = {}): AdapterConnection {
  connections += 1;
  return {
    id: `connection-${connections}`,
    type: 'gsheet',
    settings: { spreadsheetId: fake.state.spreadsheetId, sheetName: '', serviceAccountEmail: EMAIL },
    secrets: { privateKey: PRIVATE_KEY },
    endpoint: fake.endpoint,
    ...overrides,
  };
}

/** Ana, phone as the rows show it, in the stage New of 'Yoga retreat'; each change an info add by default. */
function buildDelivery(
  options: { lead?: Partial<LeadData>; changes?: Partial<SyncChange>[] } = {},
): SyncDelivery {
  return makeDelivery({
    lead: { phoneNumber: '+1 555 0100', ...options.lead },
    pipeline: {
      id: 'pipeline-1',
      name: 'Yoga retreat',
      remotePipelineID: null,
      stage: { id: 'stage-1', name: 'New', remoteID: null },
    },
    changes: (options.changes ?? [{}]).map((change) => ({
      kind: 'info',
      action: 'add',
      at: '2025-03-01T10:00:00.000Z',
      ...change,
    })),
  });
}

describe('the Google Sheets adapter', () => {
  let fake: FakeGoogleSheets;
  let http: HttpClient;

  beforeEach(async () => {
    fake = await startFakeGoogleSheets({
      serviceAccountEmail: EMAIL,
      publicKey: keys.publicKey,
      title: 'Acme leads',
    });
    http = createHttpClient();
  });
  afterEach(async () => {
    await fake.close();
  });

  const leads = () => fake.state.sheets.get('Leads') ?? [];
  const sheetCalls = () => fake.requests.filter((request) => request.path !== '/token');

  it('tests the connection by naming the spreadsheet and the tab', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);

    expect(await adapter.test()).toBe("Connected to spreadsheet 'Acme leads'; tab 'Leads' found.");
    const [token, metadata] = fake.requests;
    expect(token).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded' });
    expect(token?.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' });
    const assertion = (token?.body as { assertion: string }).assertion;
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      number | string
    >;
    expect(claims).toMatchObject({
      iss: EMAIL,
      scope: 'https://www.googleapis.com/auth/spreadsheets',
      aud: 'https://oauth2.googleapis.com/token',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(metadata).toMatchObject({
      method: 'GET',
      path: '/v4/spreadsheets/sheet-1',
      query: { fields: 'properties.title,sheets.properties.title' },
      authorization: 'Bearer ya29.fake-1',
    });
  });

  it('says so when the spreadsheet has no tab of the name', async () => {
    const connection = connectionTo(fake);
    connection.settings.sheetName = 'Prospects';
    const error = await failureOf(createGoogleSheetsAdapter(connection, http).test());

    expect(error.code).toBe('invalid');
    expect(error.message).toBe("The spreadsheet has no tab named 'Prospects'.");
  });

  it("refuses a key that is not the service account's, in Google's words", async () => {
    const wrongKey = otherKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const connection = connectionTo(fake, { secrets: { privateKey: wrongKey } });
    const error = await failureOf(createGoogleSheetsAdapter(connection, http).test());

    expect(error.code).toBe('auth');
    expect(error.status).toBe(400);
    expect(error.message).toContain('Invalid JWT Signature.');
    expect(fake.state.tokensIssued).toBe(0);
  });

  it('refuses a private key that is not a key', async () => {
    const connection = connectionTo(fake, { secrets: { privateKey: 'not a key' } });
    const error = await failureOf(createGoogleSheetsAdapter(connection, http).test());

    expect(error.code).toBe('auth');
    expect(error.message).toContain('private key could not be read');
    expect(fake.requests).toEqual([]);
  });

  it('reads a key pasted with the \\n escapes of the JSON file', async () => {
    const escaped = PRIVATE_KEY.replaceAll('\n', '\\n');
    const adapter = createGoogleSheetsAdapter(connectionTo(fake, { secrets: { privateKey: escaped } }), http);

    expect(await adapter.test()).toContain('Connected');
  });

  it('reads a key pasted into a one-line field, its line breaks turned into spaces', async () => {
    const oneLine = PRIVATE_KEY.trim().replaceAll('\n', ' ');
    const adapter = createGoogleSheetsAdapter(connectionTo(fake, { secrets: { privateKey: oneLine } }), http);

    expect(await adapter.test()).toContain('Connected');
  });

  it('asks for the sheet to be shared with the service account when Google denies permission', async () => {
    fake.state.shared = false;
    const error = await failureOf(createGoogleSheetsAdapter(connectionTo(fake), http).test());

    expect(error.code).toBe('auth');
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      `403 Forbidden: The caller does not have permission. Share the spreadsheet with ${EMAIL} as an editor.`,
    );
  });

  it('writes the header and the first person to an empty tab, and answers the GTID', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);

    const ids = await adapter.deliver(buildDelivery());

    expect(ids).toEqual({ contactID: 'gt-ana' });
    expect(leads()).toEqual([
      HEADER,
      [
        'gt-ana',
        'Ana Lima',
        'Ana',
        'Lima',
        'ana@example.com',
        '+1 555 0100',
        'Yoga retreat',
        'New',
        '',
        '',
        '',
        '2025-03-01T10:00:00.000Z',
        '',
      ],
    ]);
    expect(sheetCalls().map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: "/v4/spreadsheets/sheet-1/values/'Leads'!A:A", query: {} },
      {
        method: 'PUT',
        path: "/v4/spreadsheets/sheet-1/values/'Leads'!A1:M2",
        query: { valueInputOption: 'RAW' },
      },
    ]);
  });

  it('updates the same row on the next delivery instead of adding another', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());

    const ids = await adapter.deliver(
      buildDelivery({
        lead: { remoteContactID: 'gt-ana', fullName: 'Ana Lima Souza', lastName: 'Lima Souza' },
        changes: [{ action: 'update', at: '2025-03-02T09:00:00.000Z' }],
      }),
    );

    expect(ids).toEqual({ contactID: 'gt-ana' });
    expect(leads()).toHaveLength(2);
    expect(leads()[1]?.slice(0, 4)).toEqual(['gt-ana', 'Ana Lima Souza', 'Ana', 'Lima Souza']);
    expect(leads()[1]?.[11]).toBe('2025-03-02T09:00:00.000Z');
    expect(sheetCalls().at(-1)).toMatchObject({
      method: 'PUT',
      path: "/v4/spreadsheets/sheet-1/values/'Leads'!A2:M2",
    });
  });

  it('appends a new person below the others, inserting rows', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());

    await adapter.deliver(
      buildDelivery({ lead: { GTID: 'gt-bo', fullName: 'Bo Chen', emailAddress: null } }),
    );

    expect(leads().map((row) => row[0])).toEqual(['GTID', 'gt-ana', 'gt-bo']);
    expect(leads()[2]?.[4]).toBe('');
    expect(sheetCalls().at(-1)).toMatchObject({
      method: 'POST',
      path: "/v4/spreadsheets/sheet-1/values/'Leads'!A1:append",
      query: { valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' },
      body: { range: "'Leads'!A1", majorDimension: 'ROWS' },
    });
  });

  it('finds the person by GTID after someone sorted the sheet', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());
    await adapter.deliver(buildDelivery({ lead: { GTID: 'gt-bo', fullName: 'Bo Chen' } }));
    const [header, ana, bo] = leads() as [string[], string[], string[]];
    fake.state.sheets.set('Leads', [header, bo, ana]);

    await adapter.deliver(buildDelivery({ lead: { remoteContactID: 'gt-ana', phoneNumber: '+1 555 0199' } }));

    expect(leads().map((row) => [row[0], row[5]])).toEqual([
      ['GTID', 'Phone'],
      ['gt-bo', '+1 555 0100'],
      ['gt-ana', '+1 555 0199'],
    ]);
  });

  it('adds the person again when their row was deleted from the sheet', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());
    fake.state.sheets.set('Leads', [HEADER]);

    const ids = await adapter.deliver(buildDelivery({ lead: { remoteContactID: 'gt-ana' } }));

    expect(ids).toEqual({ contactID: 'gt-ana' });
    expect(leads().map((row) => row[0])).toEqual(['GTID', 'gt-ana']);
  });

  it('rewrites tags, open tasks, the last note and the stage from the snapshot on any change', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());
    const task = {
      assignedTo: 'Mia',
      assignedToUID: 'u1',
      createdBy: 'Mia',
      notificationDate: '',
      notificationType: '',
      setTime: '',
    };
    const delivery = buildDelivery({
      lead: {
        tags: [
          { tagSetName: 'Interests', tag: 'yoga', remoteID: null },
          { tagSetName: 'Status', tag: 'hot', remoteID: null },
          { tagSetName: 'Interests', tag: 'running', remoteID: null },
        ],
        tasks: [
          { ...task, taskName: 'Call back', isComplete: false },
          { ...task, taskName: 'Send prices', isComplete: true },
          { ...task, taskName: 'Book a visit', isComplete: false },
        ],
        notes: [
          { text: 'Asked about June', createdAt: '2025-03-02T08:00:00.000Z' },
          { text: 'First contact', createdAt: '2025-03-01T08:00:00.000Z' },
        ],
      },
      changes: [
        { kind: 'tag', action: 'add', tag: { name: 'hot', tagSetName: 'Status', remoteID: null } },
        { kind: 'note', action: 'add', note: { text: 'Asked about June' }, at: '2025-03-02T08:00:00.000Z' },
        { kind: 'stage', action: 'update', stage: { from: 'New', to: 'Qualified' } },
      ],
    });
    delivery.pipeline = {
      ...delivery.pipeline!,
      stage: { id: 'stage-2', name: 'Qualified', remoteID: null },
    };

    await adapter.deliver(delivery);

    expect(leads()[1]?.slice(6)).toEqual([
      'Yoga retreat',
      'Qualified',
      'Interests: yoga, running; Status: hot',
      'Call back; Book a visit',
      'Asked about June',
      '2025-03-02T08:00:00.000Z',
      '',
    ]);
    expect(leads()).toHaveLength(2);
  });

  it('drops a removed tag by rewriting the row without it', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    const yoga = { tagSetName: 'Interests', tag: 'yoga', remoteID: null };
    await adapter.deliver(buildDelivery({ lead: { tags: [yoga, { ...yoga, tag: 'running' }] } }));

    await adapter.deliver(
      buildDelivery({
        lead: { tags: [yoga] },
        changes: [
          {
            kind: 'tag',
            action: 'delete',
            tag: { name: 'running', tagSetName: 'Interests', remoteID: null },
          },
        ],
      }),
    );

    expect(leads()[1]?.[8]).toBe('Interests: yoga');
  });

  it('marks a deleted person and keeps their row', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());

    await adapter.deliver(buildDelivery({ lead: { deleted: true }, changes: [{ action: 'delete' }] }));

    expect(leads()).toHaveLength(2);
    expect(leads()[1]?.[12]).toBe('yes');
  });

  it('keeps a name that looks like a formula as text', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);

    await adapter.deliver(buildDelivery({ lead: { fullName: '=HYPERLINK("http://evil.example","Ana")' } }));

    expect(leads()[1]?.[1]).toBe('=HYPERLINK("http://evil.example","Ana")');
    expect(
      sheetCalls().every((request) => request.method === 'GET' || request.query.valueInputOption === 'RAW'),
    ).toBe(true);
  });

  it("quotes a tab name with spaces and an apostrophe, and reads 'Leads' when none is set", async () => {
    await fake.close();
    fake = await startFakeGoogleSheets({
      serviceAccountEmail: EMAIL,
      publicKey: keys.publicKey,
      tabs: ["Bo's leads"],
    });
    const connection = connectionTo(fake);
    expect(
      await failureOf(createGoogleSheetsAdapter(connection, http).deliver(buildDelivery())),
    ).toMatchObject({
      code: 'invalid',
      message: "The spreadsheet has no tab named 'Leads'.",
    });

    connection.settings.sheetName = "Bo's leads";
    await createGoogleSheetsAdapter(connection, http).deliver(buildDelivery());

    expect(fake.state.sheets.get("Bo's leads")?.map((row) => row[0])).toEqual(['GTID', 'gt-ana']);
    expect(sheetCalls().at(-1)?.path).toBe("/v4/spreadsheets/sheet-1/values/'Bo''s leads'!A1:M2");
  });

  it('fetches one access token and reuses it', async () => {
    const connection = connectionTo(fake);
    await createGoogleSheetsAdapter(connection, http).deliver(buildDelivery());
    await createGoogleSheetsAdapter(connection, http).deliver(buildDelivery());

    expect(fake.requests.filter((request) => request.path === '/token')).toHaveLength(1);
    expect(sheetCalls()).toHaveLength(4);
  });

  it('never sends a token that expires within the minute', async () => {
    fake.state.tokenLifetimeS = 30;
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());

    expect(sheetCalls().map((request) => request.authorization)).toEqual([
      'Bearer ya29.fake-1',
      'Bearer ya29.fake-2',
    ]);
  });

  it('refreshes the token once when Google refuses it, then carries on', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    await adapter.deliver(buildDelivery());
    fake.state.tokens.clear();

    await adapter.deliver(buildDelivery({ lead: { firstName: 'Anna' } }));

    expect(fake.state.tokensIssued).toBe(2);
    expect(leads()[1]?.[2]).toBe('Anna');
    expect(sheetCalls().map((request) => request.authorization)).toEqual([
      'Bearer ya29.fake-1',
      'Bearer ya29.fake-1',
      'Bearer ya29.fake-1',
      'Bearer ya29.fake-2',
      'Bearer ya29.fake-2',
    ]);
  });

  it('gives up with an auth error when a fresh token is refused too', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    fake.failNext(401);
    fake.failNext(401);

    const error = await failureOf(adapter.deliver(buildDelivery()));

    expect(error.code).toBe('auth');
    expect(error.message).toContain('Request had invalid authentication credentials.');
    expect(fake.state.tokensIssued).toBe(2);
  });

  it.each([400, 422])("answers a %i as invalid, in Google's words", async (status) => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    fake.failNext(status, {
      error: { code: status, message: 'Range exceeds grid limits.', status: 'INVALID_ARGUMENT' },
    });

    const error = await failureOf(adapter.deliver(buildDelivery()));

    expect(error.code).toBe('invalid');
    expect(error.status).toBe(status);
    expect(error.message).toContain('Range exceeds grid limits.');
  });

  it('answers a 429 with Retry-After as temporary, with the wait', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    fake.failNext(429, undefined, { 'retry-after': '7' });

    const error = await failureOf(adapter.deliver(buildDelivery()));

    expect(error.code).toBe('temporary');
    expect(error.retryAfterMs).toBe(7000);
    expect(error.message).toContain("Quota exceeded for quota metric 'Write requests'");
  });

  it('answers a 500 as temporary', async () => {
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), http);
    fake.failNext(500);

    const error = await failureOf(adapter.deliver(buildDelivery()));

    expect(error.code).toBe('temporary');
    expect(error.message).toBe('500 Internal Server Error: Internal error encountered.');
  });

  it('answers an unknown spreadsheet as not found', async () => {
    const connection = connectionTo(fake);
    connection.settings.spreadsheetId = 'no-such-sheet';
    const error = await failureOf(createGoogleSheetsAdapter(connection, http).test());

    expect(error.code).toBe('not-found');
    expect(error.message).toContain('Requested entity was not found.');
  });

  it('keeps under 60 calls a minute for the service account', async () => {
    const { limiter, clock } = createVirtualLimiter(1_000_000);
    const adapter = createGoogleSheetsAdapter(connectionTo(fake), createHttpClient({ limiter }));

    // One token request and two calls a delivery: 57 calls, two over the 55 the bucket holds.
    for (let index = 0; index < 28; index += 1) {
      await adapter.deliver(buildDelivery({ lead: { GTID: `gt-${index}` } }));
    }

    expect(fake.requests).toHaveLength(57);
    expect(clock.waits).toHaveLength(2);
    for (const wait of clock.waits) expect(wait).toBeGreaterThanOrEqual(60_000 / 55);
  });

  it("has the fake refuse a write that breaks Google's contract", async () => {
    await createGoogleSheetsAdapter(connectionTo(fake), http).test();
    const put = (query: string, body: unknown) =>
      fetch(`${fake.endpoint}/v4/spreadsheets/sheet-1/values/Leads!A1:M1${query}`, {
        method: 'PUT',
        headers: { authorization: 'Bearer ya29.fake-1', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

    expect(await put('', { values: [['x']] })).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message: "'valueInputOption' is required but not specified",
          status: 'INVALID_ARGUMENT',
        },
      },
    });
    expect(await put('?valueInputOption=RAW', { values: [['x']], rows: 1 })).toMatchObject({
      status: 400,
      body: { error: { message: 'Invalid JSON payload received. Unknown name "rows": Cannot find field.' } },
    });
  });

  it("calls Google's own hosts when no endpoint is set", async () => {
    const urls: string[] = [];
    const stub: typeof fetch = (input) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      const body = url.endsWith('/token') ? { access_token: 'ya29.stub', expires_in: 3599 } : {};
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    };
    const connection = { ...connectionTo(fake), endpoint: undefined };

    await createGoogleSheetsAdapter(connection, createHttpClient({ fetch: stub })).deliver(buildDelivery());

    expect(urls).toEqual([
      'https://oauth2.googleapis.com/token',
      "https://sheets.googleapis.com/v4/spreadsheets/sheet-1/values/'Leads'!A%3AA",
      "https://sheets.googleapis.com/v4/spreadsheets/sheet-1/values/'Leads'!A1%3AM2?valueInputOption=RAW",
    ]);
  });
});
