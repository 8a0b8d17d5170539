// `npm test`: unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, and the Playwright journeys in Chromium.
//
// The PostgreSQL pass runs beside the browser tests: those spend most of their time waiting on the
// browser, so the two together take little longer than the browser tests alone. Its output is
// kept and printed once it ends, so the two do not interleave.
import { spawn, spawnSync } from 'node:child_process';

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** Starts a command whose output is kept; resolves to its exit code and output. */
function start(command, args, env = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env, FORCE_COLOR: '1' } });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) })),
  );
}

run('Unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_ENGINE: 'pglite' });

const postgres = process.env.TEST_DATABASE_URL
  ? start('npx', ['vitest', 'run', '.api.test.ts'], { TEST_ENGINE: 'postgres' })
  : null;
if (!postgres) console.log('\nTEST_DATABASE_URL is not set: the API tests run on PGlite only.');

console.log('\n=== Browser tests (Playwright, Chromium) ===');
const browser = spawnSync('npm', ['run', 'test:e2e'], { stdio: 'inherit' });

let failed = browser.status !== 0 ? 'Browser tests' : null;
if (postgres) {
  const { code, output } = await postgres;
  console.log('\n=== API tests (PostgreSQL), run beside the browser tests ===');
  process.stdout.write(output);
  if (code !== 0) failed = failed ? `${failed} and API tests (PostgreSQL)` : 'API tests (PostgreSQL)';
}
if (failed) {
  console.error(`\n${failed} failed.`);
  process.exit(1);
}
