import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Playwright specs live in e2e/ and run through `npm run test:e2e`, never through Vitest.
    exclude: ['**/node_modules/**', 'e2e/**'],
    // API tests start a real server over a database; PGlite takes a few seconds to boot, and longer
    // while `npm test` runs the PostgreSQL pass beside the browser tests.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // `*.postgres.test.ts` need a PostgreSQL server (a database restarted or cut under the app, a
          // worker beside an API process): they run in the PostgreSQL pass only.
          exclude: [
            '**/node_modules/**',
            'e2e/**',
            ...(process.env.TEST_ENGINE === 'postgres' ? [] : ['**/*.postgres.test.ts']),
          ],
          // The server tests share no state between files, and each API file would otherwise migrate
          // its own PGlite template: one worker keeps one template for all of its files.
          isolate: false,
          // On PostgreSQL: names the run's databases, and drops them when it ends.
          globalSetup: ['apps/server/src/testing/test-run.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          // The web and extension tests stub globals such as fetch and chrome, so each file keeps its own
          // module state.
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/extension/src/**/*.test.ts'],
        },
      },
    ],
  },
});
