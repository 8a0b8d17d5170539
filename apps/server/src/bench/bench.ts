import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrateDatabases, openDatabases } from '../platform/db/databases';
import { TestClient } from '../testing/test-client';
import {
  p95,
  measureBulkTag,
  measureImport,
  measureLoad,
  measureRealtime,
  buildImportCsv,
} from './lib/job-figures';
import { describeMachine, formatTable, verdict, writeReport, type BenchResult } from './lib/report';
import {
  boardRequest,
  buildLookupQueries,
  buildSearchQueries,
  createSqlRecorder,
  createStraightRunner,
  deepPageRequest,
  measureSearches,
  postSearch,
  ratioP50,
} from './lib/search-figures';
import { startServerProcess, type ServerProcess } from './lib/server-process';
import { percentile } from './lib/stats';
import { measureWebhookSync } from './lib/sync-figures';
import { buildWeb, measureWeb, type ScrollFigures } from './lib/web-figures';
import { BENCH_MEMBER, BENCH_USER, seedLarge, type SeedOptions, type SeededTeam } from './seed-large';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    dashboards: { type: 'boolean' },
    queue: { type: 'boolean' },
    sync: { type: 'boolean' },
    search: { type: 'boolean' },
    web: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  process.stdout.write(
    'Usage: npm run bench [-- --quick | --dashboards | --queue | --sync | --search | --web]\n\nSee bench/README.md: what runs, the figures and their targets.\n',
  );
  process.exit(0);
}
const quick = values.quick === true;
/** The one part of the figures asked for alone (see ONE_TEAM_RUNS), or none for the whole run. */
const onlyPart = (['dashboards', 'queue', 'sync', 'search', 'web'] as const).find(
  (part) => values[part] === true,
);

const SETTINGS = quick
  ? {
      seed: { teams: 10, contacts: 40_000, bigTeamContacts: 10_000, stages: 8 },
      pgliteSeed: { teams: 1, contacts: 3_000, bigTeamContacts: 3_000, stages: 8 },
      queries: 40,
      repeats: 20,
      realtime: 20,
      loadSeconds: 5,
      importRows: 5_000,
      scrollBudgetMs: 5_000,
      syncChanges: 2_000,
    }
  : {
      seed: { teams: 100, contacts: 1_000_000, bigTeamContacts: 40_000, stages: 8 },
      pgliteSeed: { teams: 3, contacts: 30_000, bigTeamContacts: 25_000, stages: 8 },
      queries: 200,
      repeats: 50,
      realtime: 50,
      loadSeconds: 20,
      importRows: 100_000,
      scrollBudgetMs: 30_000,
      syncChanges: 10_000,
    };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const benchDir = path.join(repoRoot, 'bench');
const port = Number(process.env.BENCH_PORT ?? 3213);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grouptrack_bench';
const webDist = process.env.BENCH_WEB_DIST ?? path.join(os.tmpdir(), 'grouptrack-bench-web');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'grouptrack-bench-'));
const started = performance.now();
const results: BenchResult[] = [];

const say = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;

function record(result: Omit<BenchResult, 'engine'> & { engine?: BenchResult['engine'] }) {
  // The issue's field order, values to a useful precision.
  const full: BenchResult = {
    name: result.name,
    engine: result.engine ?? 'postgres',
    value: result.value === null ? null : Math.round(result.value * 100) / 100,
    unit: result.unit,
    target: result.target,
    better: result.better,
    ...(result.note ? { note: result.note } : {}),
  };
  results.push(full);
  const value = full.value === null ? '–' : String(Math.round(full.value * 100) / 100);
  say(
    `  ${full.name} [${full.engine}]: ${value} ${full.unit} ${verdict(full)}${full.note ? ` (${full.note})` : ''}`,
  );
}

/** Runs one group of figures; a failure is recorded against its figures and the run goes on. */
async function attempt(
  figures: {
    name: string;
    unit: string;
    target: number | null;
    better: 'lower' | 'higher';
    engine?: BenchResult['engine'];
  }[],
  run: () => Promise<void>,
) {
  try {
    await run();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    say(`  failed: ${message}`);
    for (const figure of figures) {
      if (
        !results.some(
          (result) => result.name === figure.name && result.engine === (figure.engine ?? 'postgres'),
        )
      )
        record({ ...figure, value: null, note: `failed: ${message.slice(0, 160)}` });
    }
  }
}

/** A browser-like client: a cookie jar, and the app's own Origin as a browser would send it. */
class BenchClient extends TestClient {
  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { origin: this.baseUrl, ...headers });
  }
}

async function signIn(url: string, credentials: { email: string; password: string }) {
  const client = new BenchClient(url);
  const response = await client.post('/api/auth/sign-in/email', credentials);
  if (response.status !== 200) throw new Error(`sign-in of ${credentials.email} answered ${response.status}`);
  return client;
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function seed(location: string, options: SeedOptions) {
  const databases = await openDatabases({ directory: location, shards: [] });
  try {
    await migrateDatabases(databases);
    return await seedLarge(databases, {
      ...options,
      copyUrl: () => (location.startsWith('postgres') ? location : undefined),
      log: (line) => say(`    ${line}`),
    });
  } finally {
    await databases.close();
  }
}

/** Server-side times of the searches sent while `run` ran. */
async function serverTimes(server: ServerProcess, run: () => Promise<void>, pathname = '/search/v2') {
  const before = server.responseTimes(pathname).length;
  await run();
  // The log line of the last answer trails it: log lines are flushed every half second.
  await new Promise((resolve) => setTimeout(resolve, 700));
  return server.responseTimes(pathname).slice(before);
}

async function postgresFigures() {
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName))
    throw new Error(`BENCH_DATABASE_URL names an odd database: ${databaseName}`);
  say(
    `\nPostgreSQL (${databaseName}): seeding ${SETTINGS.seed.contacts.toLocaleString('en-US')} contacts… (${elapsed()})`,
  );
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
  await adminQuery(`create database ${databaseName}`);
  let server: ServerProcess | null = null;
  try {
    const seeded = await seed(databaseUrl, SETTINGS.seed);
    const team = seeded.big;
    record({
      name: 'seed.seconds',
      value: seeded.seconds,
      unit: 's',
      target: null,
      better: 'lower',
      note: `${seeded.rows.toLocaleString('en-US')} rows`,
    });

    say(`\nWeb build (${elapsed()})`);
    let webBuilt = false;
    await attempt(
      [
        { name: 'web.js_gz.signin', unit: 'kB', target: 250, better: 'lower' },
        { name: 'web.js_gz.pipeline', unit: 'kB', target: 250, better: 'lower' },
      ],
      async () => {
        const sizes = await buildWeb(webDist);
        webBuilt = true;
        record({ name: 'web.js_gz.signin', value: sizes.signin, unit: 'kB', target: 250, better: 'lower' });
        record({
          name: 'web.js_gz.pipeline',
          value: sizes.pipeline,
          unit: 'kB',
          target: 250,
          better: 'lower',
        });
      },
    );

    server = await startServerProcess({
      port,
      logFile: path.join(workDir, 'server-postgres.log'),
      env: { DATABASE_URL: databaseUrl, ...(webBuilt ? { WEB_DIST_DIR: webDist } : {}) },
    });
    const owner = await signIn(server.url, BENCH_USER);
    const member = await signIn(server.url, BENCH_MEMBER);
    await searchFigures(server, owner, team);
    await realtimeFigures(owner, member, team);
    await dashboardFigures(server, owner, team);
    if (webBuilt) await webFigures(server, team);
    await loadFigures(server, owner, team);
    // Before the import adds its rows: the queue's figures are of the 40,000-contact team.
    await queueFigures(server, owner, team);
    await jobFigures(owner, team);
    await memberRequestFigures(owner, team);
    await syncFigures(owner, team);
  } finally {
    await server?.stop();
    await adminQuery(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  }
}

/** The figures the dashboards must meet: the KPI page over 90 days, and the home page. */
const DASHBOARD_FIGURES = [
  { name: 'dashboard.kpi_90d.p95', unit: 'ms', target: 300, better: 'lower' as const },
  { name: 'dashboard.home.p95', unit: 'ms', target: 150, better: 'lower' as const },
];

/** Server-side times of the dashboards, read from the rollups, for the big team's owner. */
async function dashboardFigures(server: ServerProcess, owner: TestClient, team: SeededTeam) {
  say(`\nDashboards (${elapsed()})`);
  const base = `/api/v1/teams/${team.teamUID}/dashboard`;
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const pages = [
    {
      figure: DASHBOARD_FIGURES[0]!,
      path: `${base}/kpi`,
      query: `?from=${from}&to=${today}&timeZone=Europe/Paris`,
    },
    { figure: DASHBOARD_FIGURES[1]!, path: `${base}/home`, query: '?timeZone=Europe/Paris' },
  ];
  for (const { figure, path: pagePath, query } of pages) {
    await attempt([figure], async () => {
      const first = await owner.get(`${pagePath}${query}`);
      if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);
      const times = await serverTimes(
        server,
        async () => {
          for (let index = 0; index < SETTINGS.repeats; index += 1) await owner.get(`${pagePath}${query}`);
        },
        pagePath,
      );
      const answer = first.body as { data: { captured?: { count: number } } };
      const captured = answer.data.captured?.count;
      record({
        ...figure,
        value: p95(times),
        note: `${times.length} requests${captured === undefined ? '' : `, ${captured.toLocaleString('en-US')} captures in 90 days`}`,
      });
    });
  }
}

/**
 * Seeds one 40,000-contact team on PostgreSQL and takes only some figures on it (the dashboards',
 * the message queue's or the webhook sync's): a run of minutes instead of the full bench.
 */
async function oneTeamFigures(
  name: string,
  measure: (server: ServerProcess, owner: TestClient, team: SeededTeam) => Promise<void>,
  env: Record<string, string> = {},
) {
  const databaseName = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(databaseName))
    throw new Error(`BENCH_DATABASE_URL names an odd database: ${databaseName}`);
  say(`\nPostgreSQL (${databaseName}): seeding one 40,000-contact team… (${elapsed()})`);
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
  await adminQuery(`create database ${databaseName}`);
  let server: ServerProcess | null = null;
  try {
    const seeded = await seed(databaseUrl, {
      teams: 1,
      contacts: 40_000,
      bigTeamContacts: 40_000,
      stages: 8,
    });
    server = await startServerProcess({
      port,
      logFile: path.join(workDir, `server-${name}.log`),
      env: { DATABASE_URL: databaseUrl, ...env },
    });
    await measure(server, await signIn(server.url, BENCH_USER), seeded.big);
  } finally {
    await server?.stop();
    await adminQuery(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  }
}

async function searchFigures(server: ServerProcess, owner: TestClient, team: SeededTeam) {
  say(`\nSearch (${elapsed()})`);
  const requests = buildSearchQueries(team, SETTINGS.queries);
  await attempt(
    [
      { name: 'search.text_stage_tag.p95', unit: 'ms', target: 30, better: 'lower' },
      { name: 'search.api_over_sql.p50', unit: '×', target: 1.5, better: 'lower' },
      { name: 'search.baseline_over_ours.p50', unit: '×', target: null, better: 'higher' },
    ],
    async () => {
      const recorder = createSqlRecorder(databaseUrl, team);
      const straight = createStraightRunner(databaseUrl);
      await straight.connect();
      try {
        let samples: Awaited<ReturnType<typeof measureSearches>> | null = null;
        const times = await serverTimes(server, async () => {
          samples = await measureSearches({ client: owner, requests, recorder, straight });
        });
        const measured = samples!;
        const matches = percentile(measured.matches, 50);
        record({
          name: 'search.text_stage_tag.p95',
          value: p95(times),
          unit: 'ms',
          target: 30,
          better: 'lower',
          note: `${requests.length} queries, median ${matches} matches; HTTP p95 ${p95(measured.httpMs).toFixed(1)} ms, SQL p95 ${p95(measured.sqlMs).toFixed(1)} ms`,
        });
        const p50 = (list: number[]) => percentile(list, 50).toFixed(1);
        record({
          name: 'search.api_over_sql.p50',
          note: `p50: HTTP ${p50(measured.httpMs)} ms, server-side ${p50(times)} ms, SQL ${p50(measured.sqlMs)} ms`,
          value: ratioP50(measured.httpMs, measured.sqlMs),
          unit: '×',
          target: 1.5,
          better: 'lower',
        });
        record({
          name: 'search.baseline_over_ours.p50',
          value: ratioP50(measured.baselineMs, measured.sqlMs),
          unit: '×',
          target: null,
          better: 'higher',
          note: `ILIKE + OFFSET p50 ${percentile(measured.baselineMs, 50).toFixed(1)} ms`,
        });
      } finally {
        await recorder.close();
        await straight.close();
      }
    },
  );
  await attempt([{ name: 'search.lookup.p95', unit: 'ms', target: 30, better: 'lower' }], async () => {
    const lookups = buildLookupQueries(team, SETTINGS.queries);
    for (const request of lookups.slice(0, 20)) await postSearch(owner, request);
    const matches: number[] = [];
    const times = await serverTimes(server, async () => {
      for (const request of lookups) matches.push((await postSearch(owner, request)).data.total);
    });
    record({
      name: 'search.lookup.p95',
      value: p95(times),
      unit: 'ms',
      target: 30,
      better: 'lower',
      note: `${lookups.length} look-ups (a name's start, a full name, a letter wrong), best 8 of a median ${percentile(matches, 50)} matches`,
    });
  });
  await attempt(
    [{ name: 'search.pipeline_initial.p95', unit: 'ms', target: 60, better: 'lower' }],
    async () => {
      const request = boardRequest(team);
      await postSearch(owner, request);
      const times = await serverTimes(server, async () => {
        for (let index = 0; index < SETTINGS.repeats; index += 1) await postSearch(owner, request);
      });
      record({
        name: 'search.pipeline_initial.p95',
        value: p95(times),
        unit: 'ms',
        target: 60,
        better: 'lower',
        note: `${team.stageIds.length} stages × 50 cards and counts`,
      });
    },
  );
  await attempt([{ name: 'search.deep_page.p95', unit: 'ms', target: 60, better: 'lower' }], async () => {
    const from = Math.max(0, team.contacts - 1_000);
    const request = deepPageRequest(team, from);
    await postSearch(owner, request);
    const times = await serverTimes(server, async () => {
      for (let index = 0; index < SETTINGS.repeats; index += 1) await postSearch(owner, request);
    });
    record({
      name: 'search.deep_page.p95',
      value: p95(times),
      unit: 'ms',
      target: 60,
      better: 'lower',
      note: `from ${from.toLocaleString('en-US')}, 100 rows`,
    });
  });
}

async function realtimeFigures(owner: TestClient, member: TestClient, team: SeededTeam) {
  say(`\nRealtime (${elapsed()})`);
  await attempt([{ name: 'realtime.latency.p95', unit: 'ms', target: 250, better: 'lower' }], async () => {
    const latencies = await measureRealtime(owner, member, team, SETTINGS.realtime);
    record({
      name: 'realtime.latency.p95',
      value: p95(latencies),
      unit: 'ms',
      target: 250,
      better: 'lower',
      note: `${latencies.length} changes`,
    });
  });
}

async function webFigures(server: ServerProcess, team: SeededTeam) {
  say(`\nBrowser (${elapsed()})`);
  const names = [
    { name: 'web.pipeline.first_card_ms', unit: 'ms', target: 1500, better: 'lower' as const },
    { name: 'web.pipeline.drop_to_render_ms', unit: 'ms', target: 100, better: 'lower' as const },
    { name: 'web.pipeline.scroll_longest_task_ms', unit: 'ms', target: 100, better: 'lower' as const },
    { name: 'web.table.scroll_longest_task_ms', unit: 'ms', target: 100, better: 'lower' as const },
  ];
  await attempt(names, async () => {
    const web = await measureWeb({
      url: server.url,
      team,
      credentials: BENCH_USER,
      scrollBudgetMs: SETTINGS.scrollBudgetMs,
    });
    const describe = (scroll: ScrollFigures) =>
      [
        scroll.reachedEnd
          ? 'scrolled to the end'
          : `scrolled for ${SETTINGS.scrollBudgetMs / 1000} s without reaching the end`,
        ...(scroll.loaded !== null ? [`${scroll.loaded.toLocaleString('en-US')} rows loaded`] : []),
        `${scroll.longTasks} long tasks, longest ${Math.round(scroll.firstQuarter)} ms in the first quarter and ${Math.round(scroll.lastQuarter)} ms in the last`,
      ].join('; ');
    record({ ...names[0]!, value: web.firstCardMs });
    record({ ...names[1]!, value: web.dropToRenderMs });
    record({ ...names[2]!, value: web.pipelineScroll.longest, note: describe(web.pipelineScroll) });
    record({ ...names[3]!, value: web.tableScroll.longest, note: describe(web.tableScroll) });
  });
}

async function loadFigures(server: ServerProcess, owner: TestClient, team: SeededTeam) {
  say(`\nLoad: 50 connections for ${SETTINGS.loadSeconds} s (${elapsed()})`);
  await attempt(
    [
      { name: 'http.search.rps', unit: 'req/s', target: null, better: 'higher' },
      { name: 'http.search.p99', unit: 'ms', target: null, better: 'lower' },
    ],
    async () => {
      const load = await measureLoad({
        url: server.url,
        cookie: owner.cookieHeader(),
        origin: server.url,
        requests: buildSearchQueries(team, 100, 11),
        connections: 50,
        seconds: SETTINGS.loadSeconds,
      });
      const errors = load.errors > 0 ? `${load.errors} errors` : 'no errors';
      record({
        name: 'http.search.rps',
        value: load.rps,
        unit: 'req/s',
        target: null,
        better: 'higher',
        note: `${load.total} searches, ${errors}`,
      });
      record({
        name: 'http.search.p99',
        value: load.p99,
        unit: 'ms',
        target: null,
        better: 'lower',
        note: errors,
      });
      if (load.errors > 0) throw new Error(`${load.errors} searches failed under load`);
    },
  );
}

async function jobFigures(owner: TestClient, team: SeededTeam) {
  say(`\nBulk tag (${elapsed()})`);
  await attempt([{ name: 'bulk.tag_40k.seconds', unit: 's', target: 3, better: 'lower' }], async () => {
    const bulk = await measureBulkTag(owner, team, 300_000);
    record({
      name: 'bulk.tag_40k.seconds',
      value: bulk.seconds,
      unit: 's',
      target: 3,
      better: 'lower',
      note: `${bulk.matched.toLocaleString('en-US')} contacts`,
    });
  });
  say(`\nImport (${elapsed()})`);
  await attempt([{ name: 'import.csv_100k.seconds', unit: 's', target: 30, better: 'lower' }], async () => {
    const csv = await buildImportCsv(owner, team, SETTINGS.importRows);
    const result = await measureImport(owner, team, csv, 600_000);
    record({
      name: 'import.csv_100k.seconds',
      value: result.seconds,
      unit: 's',
      target: 30,
      better: 'lower',
      note: `${SETTINGS.importRows.toLocaleString('en-US')} rows: ${result.created} created, ${result.updated} updated, ${result.refused} refused`,
    });
  });
}

/**
 * 2,000 pending requests of a Facebook group connected to the second pipeline, sent as the extension
 * sends them (4 batches of 500, one after the other): a quarter are people already in the team,
 * found by the email in their answers; each has 3 answers, an email in 60% of them. The pipeline's
 * rules approve those with an email (tagging them and moving them to the second stage), decline
 * those who mention crypto, and flag the rest for review.
 */
async function memberRequestFigures(owner: TestClient, team: SeededTeam) {
  say(`\nMember requests (${elapsed()})`);
  const figure = {
    name: 'capture.member_requests_2k.seconds',
    unit: 's',
    target: 5,
    better: 'lower' as const,
  };
  await attempt([figure], async () => {
    const base = `/api/v1/teams/${team.teamUID}`;
    const connected = await owner.put(
      `${base}/pipelines/${team.secondPipelineId}/groups/facebook/benchgroup`,
      {
        name: 'Bench Founders',
      },
    );
    if (connected.status !== 200) throw new Error(`connecting the group answered ${connected.status}`);
    await setBenchRules(owner, base, team.secondPipelineId);
    const known: string[] = [];
    for (let from = 0; known.length < 500 && from < team.contacts; from += 500) {
      const answer = (await postSearch(owner, {
        teamUID: team.teamUID,
        paging: { from, size: 500 },
        objectToFilter: { hasEmail: true },
        isPipelineInitial: false,
      })) as { data: { hits: { emailAddress: string | null }[] } };
      if (answer.data.hits.length === 0) break;
      known.push(...answer.data.hits.flatMap((hit) => (hit.emailAddress ? [hit.emailAddress] : [])));
    }
    const requests = Array.from({ length: 2_000 }, (_, index) => {
      const existing = index % 4 === 0 ? known[(index / 4) % Math.max(1, known.length)] : undefined;
      const email = existing ?? (index % 5 < 3 ? `asker.${index}@example.org` : null);
      return {
        profileId: `bench-fb-${index}`,
        username: null,
        name: `${team.words.first[index % team.words.first.length]!} ${team.words.last[index % team.words.last.length]!}`,
        url: `https://www.facebook.com/profile.php?id=${index}`,
        photoURL: null,
        answers: [
          { question: 'What brings you to the group?', answer: `Growing my community, number ${index}` },
          { question: 'Where can we reach you?', answer: email ?? 'Here on Facebook' },
          { question: 'Do you agree to the rules?', answer: 'Yes' },
        ],
        agreedToRules: true,
        requestedAt: null,
      };
    });
    const counts = { created: 0, updated: 0, unchanged: 0, hidden: 0 };
    const started = performance.now();
    for (let from = 0; from < requests.length; from += 500) {
      const answer = await owner.post(`${base}/member-requests`, {
        platform: 'facebook',
        groupId: 'benchgroup',
        groupName: 'Bench Founders',
        requests: requests.slice(from, from + 500),
      });
      if (answer.status !== 200)
        throw new Error(`a batch answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      const batch = (answer.body as { data: { counts: typeof counts } }).data.counts;
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += batch[key];
    }
    record({
      ...figure,
      value: (performance.now() - started) / 1000,
      note: `4 batches of 500, ruled: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.hidden} hidden`,
    });
  });
}

/** 10,000 tag changes in a synced pipeline, each delivered as a signed webhook to a local receiver. */
async function syncFigures(owner: TestClient, team: SeededTeam) {
  say(`\nWebhook sync (${elapsed()})`);
  const figure = { name: 'sync.webhook_10k.seconds', unit: 's', target: 30, better: 'lower' as const };
  await attempt([figure], async () => {
    const result = await measureWebhookSync(owner, team, SETTINGS.syncChanges, 300_000);
    if (result.seconds === null || result.missing > 0 || result.twice > 0 || result.unsigned > 0) {
      throw new Error(
        `${result.received} webhooks came: ${result.missing} people missing, ${result.twice} twice, ${result.unsigned} unsigned`,
      );
    }
    record({
      ...figure,
      value: result.seconds,
      note: `${SETTINGS.syncChanges.toLocaleString('en-US')} changes, each received once and signed`,
    });
  });
}

/** The member-request rules the bench's requests are decided by: see memberRequestFigures. */
async function setBenchRules(owner: TestClient, base: string, pipelineId: string) {
  const tagSet = await owner.post(`${base}/tag-sets`, { name: 'Requests', tags: ['Reachable'], pipelineId });
  const pipelines = await owner.get(`${base}/pipelines`);
  const stages = (
    pipelines.body as { data: { pipelines: { groupUID: string; stages: { stageUID: string }[] }[] } }
  ).data.pipelines.find((pipeline) => pipeline.groupUID === pipelineId)?.stages;
  const rule = (id: string, decision: string, conditions: unknown[], more: object = {}) => ({
    id,
    name: id,
    enabled: true,
    conditions,
    decision,
    feedback: null,
    tagIds: [],
    stageId: null,
    taskTemplateId: null,
    ...more,
  });
  const saved = await owner.put(`${base}/pipelines/${pipelineId}/member-request-rules`, {
    rules: [
      rule('email', 'approve', [{ kind: 'email-given' }], {
        tagIds: [(tagSet.body as { data: { tags: { tagUID: string }[] } }).data.tags[0]!.tagUID],
        stageId: stages?.[1]?.stageUID ?? null,
      }),
      rule('crypto', 'decline', [{ kind: 'answer-contains', words: ['crypto'] }]),
      rule('others', 'flag', []),
    ],
    pacing: { minPauseSeconds: 10, maxPauseSeconds: 30, dailyCap: 100, pauseMinutesWhenBlocked: 60 },
  });
  if (saved.status !== 200) throw new Error(`saving the rules answered ${saved.status}`);
}

/** The message queue's figures: queueing a template to 40,000 contacts, and leasing from 40,000. */
const QUEUE_FIGURES = [
  { name: 'queue.enqueue_40k.seconds', unit: 's', target: 10, better: 'lower' as const },
  { name: 'queue.lease.p95', unit: 'ms', target: 20, better: 'lower' as const },
];

/**
 * Queues a template to every contact of the big team through the bulk action (those without a
 * Facebook profile are kept as skipped), then leases from the owner's Facebook queue with 40,000
 * items scheduled. Between two leases the bench stands in for the time a send takes: the leased item
 * leaves the queue and the queue's next moment is cleared, so each lease hands out the next item.
 */
async function queueFigures(server: ServerProcess, owner: TestClient, team: SeededTeam) {
  say(`\nMessage queue (${elapsed()})`);
  const base = `/api/v1/teams/${team.teamUID}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await attempt(QUEUE_FIGURES, async () => {
      const settings = await owner.put(`${base}/queue-settings/facebook`, {
        minGapSeconds: 10,
        maxGapSeconds: 20,
        breakAfterMessages: null,
        breakMinutes: 10,
        workingHours: Array.from({ length: 7 }, () => [{ start: '00:00', end: '00:00' }]),
        dailyMax: 500,
        timeZone: 'UTC',
      });
      if (settings.status !== 200) throw new Error(`queue settings answered ${settings.status}`);
      const template = await owner.post(`${base}/message-templates`, {
        name: 'Bench welcome',
        text: 'Hi {firstName|there}, thanks for joining {pipeline}! Anything I can help with?',
      });
      if (template.status !== 201) throw new Error(`the template answered ${template.status}`);
      const started = performance.now();
      const bulk = await owner.post('/search/v2/bulk', {
        teamUID: team.teamUID,
        action: {
          type: 'queueMessage',
          templateId: (template.body as { data: { templateUID: string } }).data.templateUID,
          platform: 'facebook',
        },
        target: { filter: { objectToFilter: {} } },
      });
      if (bulk.status !== 202) throw new Error(`bulk answered ${bulk.status}: ${JSON.stringify(bulk.body)}`);
      const { jobId, matched } = (bulk.body as { data: { jobId: string; matched: number } }).data;
      for (;;) {
        const job = await owner.get(`${base}/bulk-jobs/${jobId}`);
        const status = (job.body as { data: { status: string } }).data.status;
        if (status === 'completed') break;
        if (status === 'failed') throw new Error('the queueing job failed');
        if (performance.now() - started > 300_000) throw new Error('the queueing job took over 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - started) / 1000;
      const counts = await db.query<{ status: string; total: number }>(
        `select status, count(*)::int as total from message_queue_items where team_id = $1 group by status`,
        [team.teamUID],
      );
      const count = (status: string) => counts.rows.find((row) => row.status === status)?.total ?? 0;
      record({
        ...QUEUE_FIGURES[0]!,
        value: seconds,
        note: `${matched.toLocaleString('en-US')} contacts: ${count('scheduled').toLocaleString('en-US')} scheduled, ${count('pending').toLocaleString('en-US')} to review, ${count('skipped').toLocaleString('en-US')} skipped without a Facebook profile`,
      });

      // Every item waits its turn for the lease figure, as after a long day of queueing.
      await db.query(
        `update message_queue_items set status = 'scheduled', reason = null where team_id = $1`,
        [team.teamUID],
      );
      const leasePath = `${base}/queue/facebook/lease`;
      const free = async () => {
        await db.query(
          `update message_queue_items set status = 'cancelled' where team_id = $1 and status = 'sending'`,
          [team.teamUID],
        );
        await db.query(`update message_queue_settings set next_at = null where team_id = $1`, [team.teamUID]);
      };
      const lease = async () => {
        const answer = await owner.post(leasePath);
        const status = (answer.body as { data?: { status: string } }).data?.status;
        if (status !== 'leased') throw new Error(`a lease answered ${answer.status} ${status ?? ''}`);
        await free();
      };
      for (let index = 0; index < 10; index += 1) await lease();
      const times = await serverTimes(
        server,
        async () => {
          for (let index = 0; index < SETTINGS.repeats * 4; index += 1) await lease();
        },
        leasePath,
      );
      record({
        ...QUEUE_FIGURES[1]!,
        value: p95(times),
        note: `${times.length} leases (p50 ${percentile(times, 50).toFixed(1)} ms), ${(count('scheduled') + count('pending') + count('skipped')).toLocaleString('en-US')} items scheduled`,
      });
    });
  } finally {
    await db.end();
  }
}

async function pgliteFigures() {
  const dataDir = path.join(workDir, 'pglite');
  say(
    `\nPGlite: seeding ${SETTINGS.pgliteSeed.bigTeamContacts.toLocaleString('en-US')} contacts in one team… (${elapsed()})`,
  );
  const seeded = await seed(dataDir, SETTINGS.pgliteSeed);
  record({
    name: 'pglite.seed.seconds',
    engine: 'pglite',
    value: seeded.seconds,
    unit: 's',
    target: null,
    better: 'lower',
    note: `${seeded.rows.toLocaleString('en-US')} rows`,
  });
  const team = seeded.big;
  const env = { DATA_DIR: dataDir };
  await attempt(
    [
      {
        name: 'pglite.search.text_stage_tag.p95',
        engine: 'pglite',
        unit: 'ms',
        target: 100,
        better: 'lower',
      },
    ],
    async () => {
      const server = await startServerProcess({
        port,
        logFile: path.join(workDir, 'server-pglite.log'),
        env,
      });
      try {
        const owner = await signIn(server.url, BENCH_USER);
        const requests = buildSearchQueries(team, SETTINGS.queries);
        for (const request of requests.slice(0, 10)) await postSearch(owner, request);
        const times = await serverTimes(server, async () => {
          for (const request of requests) await postSearch(owner, request);
        });
        record({
          name: 'pglite.search.text_stage_tag.p95',
          engine: 'pglite',
          value: p95(times),
          unit: 'ms',
          target: 100,
          better: 'lower',
          note: `${team.contacts.toLocaleString('en-US')}-contact team`,
        });
      } finally {
        await server.stop();
      }
    },
  );
  await attempt(
    [{ name: 'pglite.start.seconds', engine: 'pglite', unit: 's', target: null, better: 'lower' }],
    async () => {
      const server = await startServerProcess({
        port,
        logFile: path.join(workDir, 'server-pglite-2.log'),
        env,
      });
      await server.stop();
      record({
        name: 'pglite.start.seconds',
        engine: 'pglite',
        value: server.startSeconds,
        unit: 's',
        target: null,
        better: 'lower',
        note: 'process start to the first healthy answer',
      });
    },
  );
}

/**
 * The parts that can run alone, on one 40,000-contact team: minutes instead of the whole run. They
 * print their figures and write no report.
 */
const ONE_TEAM_RUNS = {
  dashboards: {
    title: 'dashboards',
    run: () => attempt(DASHBOARD_FIGURES, () => oneTeamFigures('dashboards', dashboardFigures)),
  },
  queue: {
    title: 'message queue',
    run: () => attempt(QUEUE_FIGURES, () => oneTeamFigures('queue', queueFigures)),
  },
  sync: {
    title: 'webhook sync',
    run: () => oneTeamFigures('sync', (_server, owner, team) => syncFigures(owner, team)),
  },
  search: {
    title: 'search and load',
    run: () =>
      oneTeamFigures('search', async (server, owner, team) => {
        await searchFigures(server, owner, team);
        await loadFigures(server, owner, team);
      }),
  },
  web: {
    title: 'browser',
    run: async () => {
      await buildWeb(webDist);
      await oneTeamFigures('web', (server, _owner, team) => webFigures(server, team), {
        WEB_DIST_DIR: webDist,
      });
    },
  },
};

if (onlyPart) {
  say(`GroupTrack bench (${ONE_TEAM_RUNS[onlyPart].title} only) on ${describeMachine()}`);
  try {
    await ONE_TEAM_RUNS[onlyPart].run();
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  say(`\n${formatTable(results)}\n\nDone in ${elapsed()}; no report written (a full run writes it).`);
  process.exit(0);
}
say(`GroupTrack bench (${quick ? 'quick' : 'full'} run) on ${describeMachine()}`);
try {
  await attempt([{ name: 'seed.seconds', unit: 's', target: null, better: 'lower' }], postgresFigures);
  await attempt(
    [{ name: 'pglite.seed.seconds', engine: 'pglite', unit: 's', target: null, better: 'lower' }],
    pgliteFigures,
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
const seconds = (performance.now() - started) / 1000;
const report = {
  runAt: new Date().toISOString(),
  machine: describeMachine(),
  mode: quick ? ('quick' as const) : ('full' as const),
  seconds: Math.round(seconds),
  results,
};
writeReport(report, { json: path.join(benchDir, 'results.json'), readme: path.join(benchDir, 'README.md') });
say(
  `\n${formatTable(results)}\n\nDone in ${Math.round(seconds)} s; bench/results.json and bench/README.md are updated.`,
);
