import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { selectRows } from './raw';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('ranks', () => {
  it('sort by their bytes ("B" before "a", as the code that makes them) whatever the database’s collation', async () => {
    for (const shard of server.databases.shards) {
      const columns = await selectRows<{ table: string; collation: string | null }>(
        shard.db,
        sql`select table_name as "table", collation_name as collation from information_schema.columns
            where table_schema = current_schema() and column_name = 'rank' order by table_name`,
      );
      expect(columns.length).toBeGreaterThanOrEqual(8);
      expect(columns.filter((column) => column.collation !== 'C')).toEqual([]);
    }
  });
});
