// Every operation of the OpenAPI document, called signed out, as another team's owner with team A's
// ids, and as a member of A with the ids of a pipeline and contacts they may not see. A new route is
// probed as soon as it is registered; a path parameter the fixture has no id for fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { TestClient } from '../testing/test-client';
import { call, loadOperations, pathValue, type Operation } from './openapi-operations';
import {
  csvCells,
  describeRequest,
  leakedSecrets,
  probeRequests,
  waitForIdleQueue,
  type ProbeRequest,
} from './probe-calls';
import { buildProbeTeams, type ProbeTeam } from './probe-team';
import { changedTables, hiddenFingerprint, teamFingerprint, type Fingerprint } from './team-fingerprint';

/**
 * The operations anyone may call signed out, each with why, and what of team A it may show to
 * whoever holds the id in its path.
 */
const PUBLIC: Record<string, { reason: string; shows?: (probe: ProbeTeam) => string[] }> = {
  'GET /healthz': { reason: 'liveness, for the load balancer' },
  'GET /readyz': { reason: 'readiness, for the load balancer' },
  'POST /api/auth/sign-in/email': { reason: 'signing in is how a session starts' },
  'POST /api/auth/sign-up/email': { reason: 'creating an account (and its team) is how a new user starts' },
  'GET /api/v1/app-config': {
    reason: 'the sign-in screen reads the app version and address before anyone signs in',
  },
  'GET /api/v1/invitations/{inviteCode}': {
    reason: 'the sign-up screen previews the invitation its link names; the code is the secret',
    shows: (probe) => [probe.teamUID, probe.teamName, probe.ownerName],
  },
  'POST /api/v1/authorize/extension/exchange': {
    reason: 'the extension trades a one-time code for a session; the code is the proof',
  },
  'GET /extension/grouptrack-extension.zip': {
    reason: 'the open-source extension this server was built with, the same for everyone',
  },
  'GET /api/v1/teams/{teamUID}/photos/{photoID}': {
    reason: "a contact's photo shows in <img> where no cookie is sent; its random id is the secret",
  },
};

let server: TestServer;
let probe: ProbeTeam;
let operations: Operation[];
let teamPrint: () => Promise<Fingerprint>;
let hiddenPrint: () => Promise<Fingerprint>;
/** Team A's own ids: a request that carries one names team A. */
let teamIds: Set<string>;

beforeAll(async () => {
  server = await startTestServer();
  probe = await buildProbeTeams(server);
  operations = await loadOperations(server.url);
  teamPrint = await teamFingerprint(server, probe.teamUID, probe.memberUIDs);
  hiddenPrint = await hiddenFingerprint(server, probe.teamUID, probe.hidden);
  teamIds = new Set(probe.teamIds);
});
afterAll(async () => {
  await server?.stop();
});

interface Tally {
  calls: number;
  leaks: number;
  changes: number;
  failures: string[];
}

/** Calls one probe request and checks what it answered and what it left changed. */
async function probeOnce(
  tally: Tally,
  who: string,
  client: TestClient | null,
  request: ProbeRequest,
  check: {
    statusOk: (status: number) => string | null;
    secrets: string[];
    print: () => Promise<Fingerprint>;
    /** What the caller knows already (their own upload's cells), which an answer may show back. */
    known?: string[];
  },
  baseline: Fingerprint,
): Promise<Fingerprint> {
  tally.calls += 1;
  const answer = await call(server.url, { ...request, cookie: client?.cookieHeader() }, (text) =>
    text.includes(`id: ${probe.lastVisibleEventId}\n`),
  );
  const problems: string[] = [];
  const statusProblem = check.statusOk(answer.status);
  if (statusProblem) problems.push(statusProblem);
  const replayed = answer.text.includes(`id: ${probe.lastVisibleEventId}\n`);
  if (answer.status === 200 && request.path.includes('lastEventId=') && !replayed) {
    // Else the replay was cut short, and what it would have shown went unchecked.
    problems.push(`the replay did not reach change ${probe.lastVisibleEventId}`);
  }
  const leaked = leakedSecrets(answer.text, check.secrets, [...request.sent, ...(check.known ?? [])]);
  if (leaked.length > 0) {
    tally.leaks += 1;
    problems.push(`leaked ${leaked.join(', ')}`);
  }
  if (answer.status < 300) await waitForIdleQueue(server);
  const after = await check.print();
  const changed = changedTables(baseline, after);
  if (changed.length > 0) {
    tally.changes += 1;
    problems.push(`changed ${changed.join(', ')}`);
  }
  if (problems.length > 0) {
    tally.failures.push(
      `${who}: ${describeRequest(request)} -> ${answer.status} ${answer.text.slice(0, 200)} [${problems.join('; ')}]`,
    );
  }
  return after;
}

function report(label: string, tally: Tally) {
  console.log(
    `${label}: ${operations.length} operations, ${tally.calls} calls, ${tally.leaks} leaks, ${tally.changes} changes, ${tally.failures.length} failures`,
  );
}

const refused = (status: number) => (status === 403 || status === 404 ? null : `expected 403 or 404`);
const unbroken = (status: number) => (status >= 500 ? 'server error' : null);
const answered = (status: number) =>
  status === 401 ? 'the signed-in caller was treated as signed out' : unbroken(status);

describe('the OpenAPI document', () => {
  it('lists every operation with an id of team A for each of its path parameters', () => {
    expect(operations.length).toBeGreaterThan(100);
    const missing = operations.flatMap((operation) =>
      operation.pathParams
        .filter((parameter) => pathValue(operation, parameter.name, probe.hiddenValues) === undefined)
        .map((parameter) => `${operation.label}: {${parameter.name}}`),
    );
    expect(missing).toEqual([]);
    const unknownPublic = Object.keys(PUBLIC).filter(
      (label) => !operations.some((operation) => operation.label === label),
    );
    expect(unknownPublic).toEqual([]);
  });
});

describe('team isolation on every operation', () => {
  it('answers 401 signed out (but on the public operations), shows nothing of team A and changes nothing', async () => {
    const tally: Tally = { calls: 0, leaks: 0, changes: 0, failures: [] };
    let baseline = await teamPrint();
    for (const operation of operations) {
      const open = PUBLIC[operation.label];
      const secrets = without(probe.teamSecrets, open?.shows?.(probe) ?? []);
      for (const request of probeRequests(operation, probe.hiddenValues, probe.csv)) {
        baseline = await probeOnce(
          tally,
          'signed out',
          null,
          request,
          {
            statusOk: open ? unbroken : (status) => (status === 401 ? null : 'expected 401'),
            secrets,
            print: teamPrint,
          },
          baseline,
        );
      }
    }
    report('signed out', tally);
    expect(tally.failures).toEqual([]);
  });

  it("refuses team A's ids to team B's owner with 403 or 404, showing and changing nothing of A", async () => {
    const tally: Tally = { calls: 0, leaks: 0, changes: 0, failures: [] };
    let baseline = await teamPrint();
    for (const operation of operations) {
      const open = PUBLIC[operation.label];
      const secrets = without(probe.teamSecrets, open?.shows?.(probe) ?? []);
      for (const request of probeRequests(operation, probe.hiddenValues, probe.csv)) {
        const namesTeamA = !open && request.sent.some((value) => teamIds.has(value));
        baseline = await probeOnce(
          tally,
          "team B's owner",
          probe.ownerB,
          request,
          { statusOk: namesTeamA ? refused : answered, secrets, print: teamPrint },
          baseline,
        );
      }
    }
    report("team B's owner", tally);
    expect(tally.failures).toEqual([]);
  });

  it('shows member M nothing of the pipeline and contacts hidden from them, and lets M change none of it', async () => {
    const tally: Tally = { calls: 0, leaks: 0, changes: 0, failures: [] };
    let baseline = await hiddenPrint();
    for (const operation of operations) {
      const open = PUBLIC[operation.label];
      const secrets = without(probe.hiddenSecrets, open?.shows?.(probe) ?? []);
      const requests = uniqueRequests([
        ...probeRequests(operation, probe.memberHiddenValues, probe.csv),
        ...probeRequests(operation, probe.ownPipelineValues, probe.csv),
        // Leaving the team is M's right; changing their own role or access is not.
        ...(operation.method === 'DELETE' ? [] : probeRequests(operation, probe.memberSelfValues, probe.csv)),
      ]);
      for (const request of requests) {
        baseline = await probeOnce(
          tally,
          'member M',
          probe.member,
          request,
          { statusOk: answered, secrets, print: hiddenPrint, known: csvCells(probe.csv) },
          baseline,
        );
      }
    }
    report('member M', tally);
    expect(tally.failures).toEqual([]);
  });
});

function without(secrets: string[], shown: string[]) {
  return secrets.filter((secret) => !shown.includes(secret));
}

function uniqueRequests(requests: ProbeRequest[]) {
  const seen = new Set<string>();
  return requests.filter((request) => {
    const key = `${request.method} ${request.path} ${request.body ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
