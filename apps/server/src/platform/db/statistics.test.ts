import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { sql } from 'drizzle-orm';
import { selectRows } from './raw';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('planner statistics on the embedded database', () => {
  it('are gathered when the server starts, since PGlite has no autovacuum to do it', async () => {
    const rows = await selectRows<{ analyzed: number }>(
      server.databases.directory,
      // reltuples is -1 until a table has been analyzed.
      sql`select count(*)::int as analyzed from pg_class
        where relname in ('contacts', 'deals', 'contact_pipelines') and reltuples >= 0`,
    );
    expect(rows[0]!.analyzed).toBe(3);
  });
});
