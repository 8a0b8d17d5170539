import autocannon from 'autocannon';
import type { SearchRequest } from '@grouptrack/domain';
import type { TestClient } from '../../testing/test-client';
import { randomSource, type SeededTeam } from '../seed-large';
import { postSearch } from './search-figures';
import { percentile } from './stats';

async function pollUntilDone(
  client: TestClient,
  path: string,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(path);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const job = (response.body as { data: Record<string, unknown> }).data;
    if (job.status === 'completed') return job;
    if (job.status === 'failed') throw new Error(`the job failed: ${String(job.error)}`);
    if (Date.now() > deadline) throw new Error(`the job did not finish in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Seconds from asking to tag every contact of the pipeline to the job's completion. */
export async function measureBulkTag(client: TestClient, team: SeededTeam, timeoutMs: number) {
  const tag = team.tags.find((item) => item.name === 'Challenge') ?? team.tags[0]!;
  const started = performance.now();
  const response = await client.post('/search/v2/bulk', {
    teamUID: team.teamUID,
    action: { type: 'addTags', tagIds: [tag.id] },
    target: { filter: { objectToFilter: { pipelineId: team.pipelineId } } },
  });
  if (response.status !== 202)
    throw new Error(`bulk answered ${response.status}: ${JSON.stringify(response.body)}`);
  const { jobId, matched } = (response.body as { data: { jobId: string; matched: number } }).data;
  await pollUntilDone(client, `/api/v1/teams/${team.teamUID}/bulk-jobs/${jobId}`, timeoutMs);
  return { seconds: (performance.now() - started) / 1000, matched };
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * A CSV as people bring it from another tool: names, email, phone, an Instagram handle and tags;
 * some rows repeat a person already in the team (by email) or earlier in the file (by handle).
 */
export async function buildImportCsv(client: TestClient, team: SeededTeam, rows: number): Promise<string> {
  const random = randomSource(99);
  // Emails already in the team, read through search as any client would.
  const known: string[] = [];
  for (let from = 0; known.length < rows * 0.05 && from < team.contacts; from += 500) {
    const answer = (await postSearch(client, {
      teamUID: team.teamUID,
      paging: { from, size: 500 },
      objectToFilter: { hasEmail: true },
      isPipelineInitial: false,
    })) as { data: { hits: { emailAddress: string | null }[] } };
    if (answer.data.hits.length === 0) break;
    known.push(...answer.data.hits.flatMap((hit) => (hit.emailAddress ? [hit.emailAddress] : [])));
  }
  const lines = ['First Name,Last Name,Email,Phone,Instagram Username,Tags'];
  const tagNames = team.tags.filter((tag) => tag.tagSetName !== 'Temperature');
  for (let index = 0; index < rows; index += 1) {
    const first = random.pick(team.words.first);
    const last = random.pick(team.words.last);
    let handle = `${first}_${last}_${index}`.toLowerCase();
    let email = random.chance(0.7) ? `${handle}@example.org` : '';
    if (known.length > 0 && random.chance(0.05)) email = random.pick(known);
    // A person met twice in the same file: the same handle on a later row.
    else if (index > 100 && random.chance(0.05)) {
      handle = `${random.pick(team.words.first)}_x_${index - 1 - random.int(100)}`.toLowerCase();
      email = '';
    }
    const tags = [random.pick(tagNames), ...(random.chance(0.4) ? [random.pick(tagNames)] : [])]
      .map((tag) => `${tag.tagSetName}: ${tag.name}`)
      .join(' | ');
    const phone = random.chance(0.3) ? `+1${200 + random.int(799)}555${String(1000 + random.int(8999))}` : '';
    lines.push([first, last, email, phone, handle, random.chance(0.8) ? tags : ''].map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Seconds from the upload to the finished import, with what it did. */
export async function measureImport(client: TestClient, team: SeededTeam, csv: string, timeoutMs: number) {
  const started = performance.now();
  const upload = await client.request(
    'POST',
    `/api/v1/teams/${team.teamUID}/imports?fileName=bench.csv`,
    csv,
    { 'content-type': 'text/csv' },
  );
  if (upload.status !== 201)
    throw new Error(`upload answered ${upload.status}: ${JSON.stringify(upload.body)}`);
  const { importId } = (upload.body as { data: { importId: string } }).data;
  const tag = team.tags.find((item) => item.name === 'Referral') ?? team.tags[0]!;
  const start = await client.post(`/api/v1/teams/${team.teamUID}/imports/${importId}/start`, {
    mapping: ['firstName', 'lastName', 'emailAddress', 'phoneNumber', 'instagram.username', 'globalTags'],
    pipelineId: team.secondPipelineId,
    tagIds: [tag.id],
  });
  if (start.status >= 300) throw new Error(`start answered ${start.status}: ${JSON.stringify(start.body)}`);
  const job = await pollUntilDone(client, `/api/v1/teams/${team.teamUID}/imports/${importId}`, timeoutMs);
  return {
    seconds: (performance.now() - started) / 1000,
    created: Number(job.created),
    updated: Number(job.updated),
    refused: Number(job.refused),
  };
}

interface TimedEvent {
  at: number;
  entity: string;
  ids: string[];
}

/** A team's SSE stream that timestamps each event as it arrives. */
async function openTimedStream(client: TestClient, teamUID: string) {
  const controller = new AbortController();
  const response = await fetch(`${client.baseUrl}/api/v1/teams/${teamUID}/events`, {
    headers: { cookie: client.cookieHeader(), origin: client.baseUrl },
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`the event stream answered ${response.status}`);
  const listeners = new Set<(event: TimedEvent) => void>();
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (!data) continue;
          const parsed = JSON.parse(data) as { entity?: string; ids?: string[] };
          const event = { at, entity: parsed.entity ?? '', ids: parsed.ids ?? [] };
          for (const listener of listeners) listener(event);
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    waitFor(match: (event: TimedEvent) => boolean, timeoutMs = 5000): Promise<TimedEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error('no event arrived in time'));
        }, timeoutMs);
        const listener = (event: TimedEvent) => {
          if (!match(event)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(event);
        };
        listeners.add(listener);
      });
    },
    close: () => controller.abort(),
  };
}

/** Milliseconds from one client's change to the other client's stream showing it, per sample. */
export async function measureRealtime(
  writer: TestClient,
  reader: TestClient,
  team: SeededTeam,
  samples: number,
): Promise<number[]> {
  const page = await postSearch(writer, {
    teamUID: team.teamUID,
    paging: { from: 0, size: samples },
    objectToFilter: { pipelineId: team.pipelineId },
    isPipelineInitial: false,
  });
  const contacts = page.data.hits as { GTID: string; firstName: string }[];
  const stream = await openTimedStream(reader, team.teamUID);
  const latencies: number[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [index, contact] of contacts.entries()) {
      const arrived = stream.waitFor((event) => event.ids.includes(contact.GTID));
      const started = performance.now();
      const response = await writer.patch(`/api/v1/teams/${team.teamUID}/contacts/${contact.GTID}`, {
        firstName: `${contact.firstName.replace(/ \d+$/, '')} ${index}`,
      });
      if (response.status !== 200) throw new Error(`the change answered ${response.status}`);
      latencies.push((await arrived).at - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    stream.close();
  }
  return latencies;
}

/** Searches per second and the p99 under `connections` concurrent clients for `seconds`. */
export async function measureLoad(options: {
  url: string;
  cookie: string;
  origin: string;
  requests: SearchRequest[];
  connections: number;
  seconds: number;
}) {
  let next = 0;
  const bodies = options.requests.map((request) => JSON.stringify(request));
  const result = await autocannon({
    url: `${options.url}/search/v2`,
    connections: options.connections,
    duration: options.seconds,
    method: 'POST',
    headers: { cookie: options.cookie, origin: options.origin, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          next = (next + 1) % bodies.length;
          return { ...request, body: bodies[next]! };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

export const p95 = (values: number[]) => percentile(values, 95);
