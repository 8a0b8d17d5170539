// `npm test`: unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the Playwright journeys in Chromium.
import { spawnSync } from 'node:child_process';

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

run('Unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_ENGINE: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  run('API tests (PostgreSQL)', 'npx', ['vitest', 'run', '.api.test.ts'], { TEST_ENGINE: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.');
}
run('Browser tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']);
