import http from 'node:http';
import { searchRequestSchema, type SearchRequest } from '@grouptrack/domain';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Databases } from '../../platform/db/databases';
import { teamSchema } from '../../platform/db/team-schema';
import type { Actor } from '../../platform/http/actor';
import { createSearchService } from '../../modules/search/search.service';
import type { TeamsService } from '../../modules/teams/teams.service';
import type { TestClient } from '../../testing/test-client';
import { randomSource, type SeededTeam } from '../seed-large';
import { percentile } from './stats';

/** The board filter people use most: some words, a few stages, a tag or two. */
export function buildSearchQueries(team: SeededTeam, count: number, seed = 7): SearchRequest[] {
  const random = randomSource(seed);
  const { first, last } = team.words;
  const texts = [
    () =>
      random
        .pick(first)
        .toLowerCase()
        .slice(0, 3 + random.int(3)),
    () => random.pick(first).toLowerCase(),
    () => random.pick(last).toLowerCase(),
    () => `${random.pick(first)} ${random.pick(last)}`.toLowerCase(),
    () => `${random.pick(first)}.${random.pick(last)}`.toLowerCase(),
    () => `${random.pick(first).slice(0, 3)} ${random.pick(last).slice(0, 2)}`.toLowerCase(),
  ];
  return Array.from({ length: count }, (_, index) => {
    const stageCount = 1 + random.int(3);
    const stageIds = [...new Set(Array.from({ length: stageCount }, () => random.pick(team.stageIds)))];
    const tagIds = [...new Set(Array.from({ length: 1 + random.int(2) }, () => random.pick(team.tags).id))];
    return searchRequestSchema.parse({
      teamUID: team.teamUID,
      paging: { from: 0, size: 50 },
      objectToFilter: { pipelineId: team.pipelineId, stageIds, tags: { ids: tagIds, mode: 'any' } },
      searchObj: { text: texts[index % texts.length]!() },
      currentTab: 'table',
    });
  });
}

/**
 * What people type in the header's search or the command palette: the start of a name, a whole
 * name, or a name with a letter wrong; no pipeline, so best match first, eight results.
 */
export function buildLookupQueries(team: SeededTeam, count: number, seed = 11): SearchRequest[] {
  const random = randomSource(seed);
  const { first, last } = team.words;
  /** The word with one letter after the first replaced. */
  const misspelt = (word: string) => {
    const at = 1 + random.int(word.length - 1);
    return `${word.slice(0, at)}${word[at] === 'x' ? 'y' : 'x'}${word.slice(at + 1)}`;
  };
  const texts = [
    () => random.pick(first).slice(0, 1 + random.int(3)),
    () => `${random.pick(first)} ${random.pick(last)}`,
    () => `${random.pick(first)} ${random.pick(last).slice(0, 2)}`,
    () => misspelt(random.pick(last)),
    () => `${random.pick(first)} ${misspelt(random.pick(last))}`,
  ];
  return Array.from({ length: count }, (_, index) =>
    searchRequestSchema.parse({
      teamUID: team.teamUID,
      paging: { from: 0, size: 8 },
      searchObj: { text: texts[index % texts.length]!().toLowerCase() },
    }),
  );
}

export function boardRequest(team: SeededTeam): SearchRequest {
  return searchRequestSchema.parse({
    teamUID: team.teamUID,
    objectToFilter: { pipelineId: team.pipelineId },
    isPipelineInitial: true,
    currentTab: 'pipeline',
    paging: { from: 0, size: 50 },
  });
}

export function deepPageRequest(team: SeededTeam, from: number): SearchRequest {
  return searchRequestSchema.parse({
    teamUID: team.teamUID,
    objectToFilter: { pipelineId: team.pipelineId },
    sort: { field: 'createdAt', order: 'desc' },
    currentTab: 'table',
    paging: { from, size: 100 },
  });
}

/** POSTs a search and fails on anything but 200. */
export async function postSearch(client: TestClient, request: SearchRequest | Record<string, unknown>) {
  const response = await client.post('/search/v2', request);
  if (response.status !== 200)
    throw new Error(`search answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { data: { total: number; hits: unknown[] } };
}

/**
 * Searches as `client` (its cookies, its origin) over one kept-alive node:http connection: a client
 * as lean as the load figure's, so that the API's time over the SQL's counts the server, not the
 * client library. Node's fetch cost 0.6–1.1 ms more a search on this machine, about a fifth of a
 * search's SQL.
 */
export function createSearchPoster(client: TestClient) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${client.baseUrl}/search/v2`;
  return {
    post(request: SearchRequest): Promise<{ data: { total: number } }> {
      const body = JSON.stringify(request);
      const headers = {
        cookie: client.cookieHeader(),
        origin: client.baseUrl,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      };
      return new Promise((resolve, reject) => {
        const sent = http.request(url, { method: 'POST', agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if (response.statusCode === 200) resolve(JSON.parse(text) as { data: { total: number } });
            else reject(new Error(`search answered ${response.statusCode}: ${text}`));
          });
          response.on('error', reject);
        });
        sent.on('error', reject);
        sent.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The SQL the search service sends for a request, read off a logging Drizzle handle: the
 * product's own service builds it, so the straight-SQL figure follows the product's queries.
 */
export function createSqlRecorder(url: string, team: SeededTeam) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  let captured: Statement[] = [];
  const db = drizzle(pool, {
    schema: teamSchema,
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  const databases = { forTeam: () => db } as unknown as Databases;
  const teams = {
    requireMember: (actor: Actor, teamUID: string) =>
      Promise.resolve({ ...actor, teamUID, role: 'owner', groupAccess: [] }),
  } as unknown as TeamsService;
  const service = createSearchService({ databases, teams });
  const actor: Actor = {
    userId: team.ownerUID,
    email: '',
    name: '',
    isSuper: false,
    impersonatedBy: null,
  };
  return {
    async statementsOf(request: SearchRequest): Promise<Statement[]> {
      captured = [];
      await service.search(actor, request);
      return captured;
    },
    close: () => pool.end(),
  };
}

/** Runs statements straight on the database, side by side on two connections as the service does. */
export function createStraightRunner(url: string) {
  const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  return {
    async connect() {
      await Promise.all(clients.map((client) => client.connect()));
    },
    async run(statements: Statement[]): Promise<number> {
      const started = performance.now();
      await Promise.all(
        statements.map((statement, index) => clients[index % 2]!.query(statement.sql, statement.params)),
      );
      return performance.now() - started;
    },
    close: () => Promise.all(clients.map((client) => client.end())),
  };
}

/** The same search as a simple CRM runs it: ILIKE over several columns, OFFSET paging, a separate count. */
export function baselineStatements(request: SearchRequest): Statement[] {
  const filter = request.objectToFilter;
  const text = typeof request.searchObj === 'string' ? request.searchObj : (request.searchObj?.text ?? '');
  const like = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const where = `from contacts c
    join contact_pipelines cp on cp.team_id = c.team_id and cp.contact_id = c.id and cp.pipeline_id = $2
    where c.team_id = $1 and cp.stage_id = any($3::text[])
      and exists (select 1 from contact_tags t where t.team_id = c.team_id and t.contact_id = c.id and t.tag_id = any($4::text[]))
      and (c.first_name ilike $5 or c.last_name ilike $5 or c.name ilike $5 or c.email_address ilike $5
        or c.phone_number ilike $5 or c.handles ilike $5)`;
  const params = [request.teamUID, filter.pipelineId, filter.stageIds ?? [], filter.tags?.ids ?? [], like];
  return [
    { sql: `select count(*)::int as total ${where}`, params },
    {
      sql: `select c.*, cp.stage_id, cp.rank,
          (select array_agg(t.tag_id) from contact_tags t where t.team_id = c.team_id and t.contact_id = c.id) as tags,
          (select array_agg(s.platform) from contact_sources s where s.team_id = c.team_id and s.contact_id = c.id) as platforms
        ${where} order by c.created_at desc offset ${request.paging.from} limit ${request.paging.size}`,
      params,
    },
  ];
}

export interface SearchSamples {
  httpMs: number[];
  sqlMs: number[];
  baselineMs: number[];
  matches: number[];
}

/**
 * Each query once over HTTP and once as straight SQL, then each the simple way. The first two take
 * turns at going first: on this kind of machine whichever runs second, on processes just woken and
 * caches just filled, is a few milliseconds faster, which a fixed order would hand to one side
 * every time. The simple way runs after all of them: its scan of the whole team (16–66 ms) between
 * two searches left the server idle for longer and its caches cold, which added about 0.6 ms to a
 * search's time over its SQL and nothing measurable to the straight SQL (API over SQL 1.45–1.53
 * interleaved against 1.35–1.40 apart, in four rounds of 200 searches each).
 */
export async function measureSearches(options: {
  client: TestClient;
  requests: SearchRequest[];
  recorder?: ReturnType<typeof createSqlRecorder>;
  straight?: ReturnType<typeof createStraightRunner>;
}): Promise<SearchSamples> {
  const samples: SearchSamples = { httpMs: [], sqlMs: [], baselineMs: [], matches: [] };
  const { straight } = options;
  const poster = createSearchPoster(options.client);
  try {
    for (const [index, request] of options.requests.entries()) {
      // Reading the statements runs them once: every query is warm for both measures alike.
      const statements = options.recorder ? await options.recorder.statementsOf(request) : null;
      const sqlFirst = index % 2 === 1;
      if (statements && straight && sqlFirst) samples.sqlMs.push(await straight.run(statements));
      const started = performance.now();
      const answer = await poster.post(request);
      samples.httpMs.push(performance.now() - started);
      samples.matches.push(answer.data.total);
      if (statements && straight && !sqlFirst) samples.sqlMs.push(await straight.run(statements));
    }
  } finally {
    poster.close();
  }
  if (options.recorder && straight) {
    for (const request of options.requests)
      samples.baselineMs.push(await straight.run(baselineStatements(request)));
  }
  return samples;
}

/** The p50 of per-query ratios a/b. */
export function ratioP50(a: number[], b: number[]): number {
  return percentile(
    a.map((value, index) => value / b[index]!),
    50,
  );
}
