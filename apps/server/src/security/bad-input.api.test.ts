// Every operation of the OpenAPI document, sent each kind of bad input an outside probe tried: a NUL
// byte, a lone surrogate, a 100,000-deep body, a value of the wrong type and a 100,000-character
// string, in each path parameter, query value and body field. Each must be refused with a 4xx that
// shows no stack or SQL, and leave the team's data exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import {
  buildPath,
  call,
  INTERNALS,
  leaves,
  loadOperations,
  pathValue,
  queryString,
  replaceAt,
  sampleBodies,
  sampleQuery,
  wrongType,
  type Operation,
  type RequestValues,
} from './openapi-operations';
import { describeRequest, waitForIdleQueue } from './probe-calls';
import { buildProbeTeams, type ProbeTeam } from './probe-team';
import { changedTables, teamFingerprint, type Fingerprint } from './team-fingerprint';

const HUGE = 'x'.repeat(100_000);
const DEPTH = 100_000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
/** A lone high surrogate as percent-encoded UTF-8 would spell it (which no valid UTF-8 does). */
const ENCODED_SURROGATE = '%ED%A0%80';

interface BadRequest {
  kind: string;
  method: string;
  path: string;
  body?: string | Uint8Array;
  contentType?: string;
}

let server: TestServer;
let probe: ProbeTeam;
let operations: Operation[];
let teamPrint: () => Promise<Fingerprint>;

beforeAll(async () => {
  server = await startTestServer();
  probe = await buildProbeTeams(server);
  // Deletes last: a delete that wrongly went through would take ids the other operations use.
  operations = (await loadOperations(server.url)).sort(
    (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
  );
  teamPrint = await teamFingerprint(server, probe.teamUID, probe.memberUIDs, { appWide: true });
});
afterAll(async () => {
  await server?.stop();
});

/** Each bad value in each place the operation reads input, on an otherwise valid request. */
function badRequests(operation: Operation, values: RequestValues): BadRequest[] {
  const { method } = operation;
  const query = sampleQuery(operation, values);
  const path = buildPath(operation, values);
  const search = queryString(query);
  const requests: BadRequest[] = [];
  const validBody = operation.body ? JSON.stringify(sampleBodies(operation.body, values)[0]) : undefined;
  const withBody = (request: Omit<BadRequest, 'body'>) => ({ ...request, body: validBody });

  for (const parameter of operation.pathParams) {
    const value = encodeURIComponent(pathValue(operation, parameter.name, values)!);
    for (const [kind, encoded] of [
      [`NUL in path {${parameter.name}}`, `${value}%00`],
      [`lone surrogate in path {${parameter.name}}`, `${value}${ENCODED_SURROGATE}`],
    ] as const) {
      requests.push(
        withBody({
          kind,
          method,
          path: buildPath(operation, values, { name: parameter.name, encoded }) + search,
        }),
      );
    }
  }
  for (const parameter of operation.query) {
    const value = encodeURIComponent(query[parameter.name]!);
    requests.push(
      withBody({
        kind: `NUL in query ${parameter.name}`,
        method,
        path: path + queryString(query, { [parameter.name]: `${value}%00` }),
      }),
    );
    const { type } = parameter.schema;
    if (type === 'integer' || type === 'number' || type === 'boolean') {
      requests.push(
        withBody({
          kind: `wrong type in query ${parameter.name}`,
          method,
          path: path + queryString(query, { [parameter.name]: 'not-a-value' }),
        }),
      );
    }
  }
  if (operation.body) {
    const body = sampleBodies(operation.body, values)[0];
    const url = path + search;
    const send = (kind: string, text: string) => requests.push({ kind, method, path: url, body: text });
    for (const leaf of leaves(body)) {
      const field = leaf.path.join('.');
      if (typeof leaf.value === 'string') {
        send(`NUL in body.${field}`, JSON.stringify(replaceAt(body, leaf.path, `${leaf.value}\u0000`)));
        send(
          `lone surrogate in body.${field}`,
          JSON.stringify(replaceAt(body, leaf.path, `${leaf.value}\ud800`)),
        );
        send(`100,000 characters in body.${field}`, JSON.stringify(replaceAt(body, leaf.path, HUGE)));
      }
      send(`wrong type in body.${field}`, JSON.stringify(replaceAt(body, leaf.path, wrongType(leaf.value))));
    }
    send('100,000-deep body', deepArray);
    for (const field of Object.keys(body as object)) {
      const marker = '"__deep__"';
      send(
        `100,000-deep body.${field}`,
        JSON.stringify(replaceAt(body, [field], '__deep__')).replace(marker, deepArray),
      );
    }
  }
  return requests;
}

interface Outcome {
  calls: number;
  failures: string[];
}

/** Sends one bad request as A's owner; a 4xx without internals, and no change, is the only pass. */
async function refusedWithoutTrace(
  outcome: Outcome,
  request: BadRequest,
  baseline: Fingerprint,
  expectStatus: (status: number, text: string) => string | null = (status) =>
    status >= 400 && status < 500 ? null : 'expected 4xx',
  { signedOut = false } = {},
): Promise<Fingerprint> {
  outcome.calls += 1;
  const answer = await call(server.url, {
    ...request,
    cookie: signedOut ? undefined : probe.ownerA.cookieHeader(),
  });
  const problems: string[] = [];
  const statusProblem = expectStatus(answer.status, answer.text);
  if (statusProblem) problems.push(statusProblem);
  if (INTERNALS.test(answer.text)) problems.push('internals in the answer');
  if (answer.status < 300) await waitForIdleQueue(server);
  const after = await teamPrint();
  const changed = changedTables(baseline, after);
  if (changed.length > 0 && answer.status >= 300) problems.push(`changed ${changed.join(', ')}`);
  if (problems.length > 0) {
    const shown =
      typeof request.body === 'string'
        ? describeRequest({ ...request, body: request.body })
        : `${request.method} ${request.path}`;
    outcome.failures.push(
      `${request.kind}: ${shown} -> ${answer.status} ${answer.text.slice(0, 160)} [${problems.join('; ')}]`,
    );
  }
  return after;
}

describe('bad input on every operation', () => {
  it('refuses each bad value with a 4xx that shows no internals, and changes nothing', async () => {
    const outcome: Outcome = { calls: 0, failures: [] };
    let baseline = await teamPrint();
    let covered = 0;
    for (const operation of operations) {
      const requests = badRequests(operation, probe.hiddenValues);
      if (requests.length > 0) covered += 1;
      for (const request of requests) baseline = await refusedWithoutTrace(outcome, request, baseline);
    }
    console.log(
      `bad input: ${covered} of ${operations.length} operations take input, ${outcome.calls} calls, ${outcome.failures.length} failures`,
    );
    expect(outcome.failures).toEqual([]);
    // About 1,700 calls, each with a fingerprint of the team: beside the browser tests that takes
    // more than the default minute.
  }, 300_000);

  it('refuses each bad value to sign-in, whose body the document does not describe, with a 4xx', async () => {
    const outcome: Outcome = { calls: 0, failures: [] };
    let baseline = await teamPrint();
    const valid = { email: 'probe-nobody@example.test', password: 'correct-horse-battery' };
    const bodies: [string, string][] = [
      ['100,000-deep body', deepArray],
      ['100,000-deep body.email', `{"email":${deepArray},"password":"correct-horse-battery"}`],
      ['NUL in body.email', JSON.stringify({ ...valid, email: `${valid.email}\u0000` })],
      ['NUL in body.password', JSON.stringify({ ...valid, password: `${valid.password}\u0000` })],
      ['lone surrogate in body.email', JSON.stringify({ ...valid, email: `${valid.email}\ud800` })],
      ['wrong type in body.email', JSON.stringify({ ...valid, email: 12345 })],
      ['100,000 characters in body.email', JSON.stringify({ ...valid, email: HUGE })],
    ];
    for (const [kind, body] of bodies) {
      const request = { kind, method: 'POST', path: '/api/auth/sign-in/email', body };
      baseline = await refusedWithoutTrace(outcome, request, baseline, undefined, { signedOut: true });
    }
    expect(outcome.failures).toEqual([]);
  });
});

describe('bad files on the CSV upload', () => {
  const upload = (body: string | Uint8Array) => ({
    method: 'POST',
    path: `/api/v1/teams/${probe.teamUID}/imports?fileName=people.csv`,
    body,
    contentType: 'text/csv',
  });
  const header = 'First Name,Last Name,Email\r\n';
  const headers = ['First Name', 'Last Name', 'Email'];

  it('reads each odd file as written and says what it changed, or refuses it, without a trace', async () => {
    const outcome: Outcome = { calls: 0, failures: [] };
    let baseline = await teamPrint();
    const send = async (
      kind: string,
      body: string | Uint8Array,
      expected: Parameters<typeof readOrRefused>[0],
    ) => {
      baseline = await refusedWithoutTrace(
        outcome,
        { kind, ...upload(body) },
        baseline,
        readOrRefused(expected),
      );
    };
    // PostgreSQL stores no NUL: one in a cell is refused, or taken out with a word about it.
    await send('NUL in a CSV cell', `${header}Ada\u0000,Lovelace,ada@example.test\r\n`, {
      headers,
      unwanted: '\u0000',
      notice: /NUL/,
    });
    // Bytes no UTF-8 text holds (a lone surrogate's): refused, or read in another encoding and said so.
    const broken = Buffer.concat([
      Buffer.from(`${header}Ada`),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(',L,a@example.test\r\n'),
    ]);
    await send('invalid UTF-8 in a cell', broken, { headers, unwanted: '\ufffd', notice: /./ });
    // A spreadsheet's "Unicode text" export: UTF-16 with its byte-order mark.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${header}Zoë,Ünal,zoe@example.test\r\n`, 'utf16le'),
    ]);
    await send('UTF-16 file', utf16, { headers, unwanted: '\ufffd' });
    // Excel's "CSV" on Windows: Windows-1252, where é is the single byte 0xE9; guessed, so said.
    const latin = Buffer.from('Prénom,Nom,Email\r\nZoé,Dupré,zoe@example.test\r\n', 'latin1');
    await send('Windows-1252 file', latin, {
      headers: ['Prénom', 'Nom', 'Email'],
      unwanted: '\ufffd',
      notice: /./,
    });
    await refusedWithoutTrace(
      outcome,
      { kind: '100,000 characters in a CSV cell', ...upload(`${header}${HUGE},L,a@example.test\r\n`) },
      baseline,
      (status) => (status < 500 ? null : 'server error'),
    );
    expect(outcome.failures).toEqual([]);
  });
});

/**
 * A file the server reads must come out as written (these headers, no `unwanted` character in what it
 * shows), with a notice matching `notice` when it had to change or guess something; else a 4xx.
 */
function readOrRefused(expected: { headers: string[]; unwanted: string; notice?: RegExp }) {
  return (status: number, text: string) => {
    if (status >= 400 && status < 500) return null;
    if (status >= 300) return 'expected 2xx or 4xx';
    const read = (
      JSON.parse(text) as { data: { headers: string[]; preview: string[][]; notices?: string[] } }
    ).data;
    if (JSON.stringify(read.headers) !== JSON.stringify(expected.headers)) {
      return `read the headers as ${JSON.stringify(read.headers)}`;
    }
    if ([...read.headers, ...read.preview.flat()].some((cell) => cell.includes(expected.unwanted))) {
      return `read ${JSON.stringify(expected.unwanted)}, which the file does not mean`;
    }
    if (expected.notice && !(read.notices ?? []).some((notice) => expected.notice!.test(notice))) {
      return `said nothing matching ${String(expected.notice)} (notices: ${JSON.stringify(read.notices ?? [])})`;
    }
    return null;
  };
}
