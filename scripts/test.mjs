// `npm test`: unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, and the Playwright journeys in Chromium.
//
// The PGlite pass runs on every core, with the PostgreSQL pass beside it: that pass mostly waits (on
// the database server, on jobs resumed after a crash), so it fills the gaps of the other. The journeys
// then run alone, in two shards at once, each against its own server and data folder: they change
// the demo team, so two of them must never share a server, and they mostly wait on the browser, so two
// shards take little longer than one would for half the journeys. Nothing else runs beside them: a
// journey on a starved machine fails on time rather than on what it checks. The first run of a stage
// prints as it runs; the others' output is kept and printed once they end, so nothing interleaves.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

const E2E_DIR = path.resolve(import.meta.dirname, '../e2e');
const E2E_SHARDS = 2;
// Shard n listens on this port + n - 1 (GROUPTRACK_E2E_PORT moves them all, as for `npm run test:e2e`).
const E2E_FIRST_PORT = Number(process.env.GROUPTRACK_E2E_PORT ?? 3199);
// How much of a failed run's output is printed again at the very end (Playwright ends with its failures).
const FAILURE_TAIL_LINES = 60;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** Starts a command; resolves to its exit code and its output, which a live one also prints as it runs. */
function start(command, args, { env = {}, cwd, live = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, FORCE_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (stream) => (chunk) => {
    output.push(chunk);
    if (live) stream.write(chunk);
  };
  child.stdout.on('data', keep(process.stdout));
  child.stderr.on('data', keep(process.stderr));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) })),
  );
}

/** The journey files with how many tests each holds, as Playwright lists them. */
function listJourneyFiles(env) {
  const listed = spawnSync('npx', ['playwright', 'test', '--list', '--reporter=json'], {
    cwd: E2E_DIR,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) {
    process.stderr.write(listed.stderr);
    console.error('\nListing the browser tests failed.');
    process.exit(1);
  }
  const countSpecs = (suite) =>
    (suite.specs?.length ?? 0) + (suite.suites ?? []).reduce((sum, inner) => sum + countSpecs(inner), 0);
  return JSON.parse(listed.stdout).suites.map((suite) => ({ file: suite.file, tests: countSpecs(suite) }));
}

/**
 * Deals the files out so each shard gets about as many tests, the biggest files first. Playwright's own
 * --shard cuts the alphabetical list into runs of equal test counts instead, which put most of the slow
 * journeys in one shard and the many quick route checks in the other.
 */
function dealIntoShards(files, count) {
  const shards = Array.from({ length: count }, () => ({ files: [], tests: 0 }));
  for (const { file, tests } of [...files].sort((a, b) => b.tests - a.tests)) {
    const lightest = shards.reduce((least, shard) => (shard.tests < least.tests ? shard : least));
    lightest.files.push(file);
    lightest.tests += tests;
  }
  return shards.filter((shard) => shard.files.length > 0);
}

/** Playwright reads its file arguments as patterns; this one matches exactly the given file. */
function exactFilePattern(file) {
  return `tests/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$';
}

/** Runs one shard's journeys against a server of its own, on its own port and data folder. */
function startShard(shard, index, total) {
  const port = E2E_FIRST_PORT + index;
  const label = `Browser tests, shard ${index + 1} of ${total} (${shard.tests} tests, port ${port})`;
  const live = index === 0;
  if (live) console.log(`\n=== ${label} ===`);
  const outputDir = path.join('test-results', `shard-${index + 1}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `grouptrack-e2e-shard-${index + 1}-`));
  const result = start(
    'npx',
    ['playwright', 'test', '--output', outputDir, ...shard.files.map(exactFilePattern)],
    {
      cwd: E2E_DIR,
      live,
      env: {
        GROUPTRACK_E2E_PORT: String(port),
        GROUPTRACK_E2E_DATA_DIR: dataDir,
        PLAYWRIGHT_HTML_OUTPUT_DIR: path.join('playwright-report', `shard-${index + 1}`),
      },
    },
  );
  return { label, live, result, dataDir };
}

/** Waits for the runs of a stage, prints the kept output of each, and stops at the end of a failed one. */
async function finishStage(stage) {
  const failed = [];
  for (const { label, live, result, dataDir } of stage) {
    const { code, output } = await result;
    if (!live) {
      console.log(`\n=== ${label} ===`);
      process.stdout.write(output);
    }
    // A failed shard keeps its data folder, to look into what the journeys left.
    if (code !== 0) failed.push({ label, output });
    else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed.length > 0) reportFailures(failed);
}

/** Prints each failed run's last lines again, where a reader of a cut log looks, and exits. */
function reportFailures(failed) {
  for (const { label, output } of failed) {
    console.error(`\n=== The end of ${label}, again ===`);
    // eslint-disable-next-line no-control-regex -- colour codes, which a log viewer shows as noise
    const plain = output.toString('utf8').replace(/\u001b\[[0-9;]*m/g, '');
    console.error(plain.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n'));
  }
  console.error(`\nFailed: ${failed.map(({ label }) => label).join('; ')}.`);
  process.exit(1);
}

console.log('\n=== Unit and API tests (PGlite) ===');
const pglite = {
  label: 'Unit and API tests (PGlite)',
  live: true,
  result: start('npx', ['vitest', 'run', `--maxWorkers=${availableParallelism()}`], {
    live: true,
    env: { TEST_ENGINE: 'pglite' },
  }),
};
const postgres = process.env.TEST_DATABASE_URL
  ? {
      label: 'API tests (PostgreSQL), run beside the PGlite pass',
      live: false,
      // With the tests that need a server: a database cut under the app, a worker killed beside an API.
      result: start('npx', ['vitest', 'run', '--maxWorkers=1', '.api.test.ts', '.postgres.test.ts'], {
        env: { TEST_ENGINE: 'postgres' },
      }),
    }
  : null;
if (!postgres) console.log('\nTEST_DATABASE_URL is not set: the API tests run on PGlite only.');
await finishStage(postgres ? [pglite, postgres] : [pglite]);

run('Web app and extension build', 'npm', ['run', 'build']);

// Listing starts no server, so it needs no data folder of its own.
const shards = dealIntoShards(listJourneyFiles({ GROUPTRACK_E2E_DATA_DIR: tmpdir() }), E2E_SHARDS);
await finishStage(shards.map((shard, index) => startShard(shard, index, shards.length)));
