import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The variable that names a test run to its workers, which name their PostgreSQL databases after it. */
export const TEST_RUN_VARIABLE = 'GROUPTRACK_TEST_RUN';

/**
 * Vitest's global setup for the server tests: on PostgreSQL, it names the run, and once every worker
 * is done drops the databases the run left (each worker's template, and any a stopped test kept).
 */
export default function setUpTestRun() {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_ENGINE !== 'postgres' || !base) return undefined;
  const run = randomBytes(4).toString('hex');
  process.env[TEST_RUN_VARIABLE] = run;
  return async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string }>(
        'SELECT datname AS name FROM pg_database WHERE datname LIKE $1',
        [`gt_test_${run}_%`],
      );
      for (const { name } of rows) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
