// `npm test`: unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, and the Playwright journeys in Chromium.
//
// The PGlite pass runs on every core with the PostgreSQL pass beside it. The journeys then run alone,
// in one Playwright run against one server: measured on two cores, two runs at once took longer than
// one run of the same journeys, and a journey on a starved machine fails on time rather than on what
// it checks. The PGlite pass prints as it runs; the PostgreSQL pass's output is kept and printed once
// it ends, so nothing interleaves.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const E2E_DIR = path.resolve(import.meta.dirname, '../e2e');
// How much of a failed run's output is printed again at the very end (Playwright ends with its failures).
const FAILURE_TAIL_LINES = 60;

function run(label, command, args, { env = {}, cwd } = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** Starts a command; resolves to its exit code and its output, which a live one also prints as it runs. */
function start(command, args, { env = {}, live = false } = {}) {
  const child = spawn(command, args, {
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

const passes = [
  {
    label: 'Unit and API tests (PGlite)',
    live: true,
    result: start('npx', ['vitest', 'run', `--maxWorkers=${availableParallelism()}`], {
      live: true,
      env: { TEST_ENGINE: 'pglite' },
    }),
  },
];
console.log(`\n=== ${passes[0].label} ===`);
if (process.env.TEST_DATABASE_URL) {
  passes.push({
    label: 'API tests (PostgreSQL), run beside the PGlite pass',
    live: false,
    // With the tests that need a server: a database cut under the app, a worker killed beside an API.
    result: start('npx', ['vitest', 'run', '--maxWorkers=1', '.api.test.ts', '.postgres.test.ts'], {
      env: { TEST_ENGINE: 'postgres' },
    }),
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}
const failed = [];
for (const { label, live, result } of passes) {
  const { code, output } = await result;
  if (!live) {
    console.log(`\n=== ${label} ===`);
    process.stdout.write(output);
  }
  if (code !== 0) failed.push({ label, output });
}
if (failed.length > 0) reportFailures(failed);

run('Web app and extension build', 'npm', ['run', 'build']);
run('Browser tests', 'npx', ['playwright', 'test'], { cwd: E2E_DIR });
