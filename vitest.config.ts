import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Playwright specs live in e2e/ and run through `npm run test:e2e`, never through Vitest.
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', 'e2e/**'],
    // API tests start a real server over a database; PGlite takes a few seconds to boot.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
