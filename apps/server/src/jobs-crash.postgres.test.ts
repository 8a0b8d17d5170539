import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_SIZE } from './modules/imports/imports.service';
import { uploadImport, useServerProcesses } from './testing/crash-processes';
import { openEventStream } from './testing/event-stream';

// Runs in the PostgreSQL pass only (`*.postgres.test.ts`): a worker beside an API process needs a
// database both reach. The embedded database's case is jobs-crash.process.test.ts.
const { startProcess, startedWith, signIn, onCleanup } = useServerProcesses();

describe('a worker killed mid-import, on PostgreSQL', () => {
  it('leaves a job that another worker resumes within about a minute, importing every row once', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `gt_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    onCleanup(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = { DATABASE_URL: url.toString() };

    await startedWith(startProcess({ ...database, ROLE: 'api' }), 'Demo sign-in');
    const firstWorker = await startedWith(
      startProcess({ ...database, ROLE: 'worker', SEED_DEMO: 'false' }),
      'workers started',
    );
    const owner = await signIn();
    const teamUID = (await owner.me()).teamUID as string;
    const total = async () => (await owner.post('/search/v2', { teamUID })).body.data.total as number;
    const before = await total();
    const rows = 4 * IMPORT_BATCH_SIZE;
    const file = await uploadImport(owner, teamUID, rows, rows);
    const stream = await openEventStream(owner, teamUID);
    const progress = async () =>
      (await owner.get(`/api/v1/teams/${teamUID}/imports/${file.importId}`)).body.data;
    const started = await owner.post(`/api/v1/teams/${teamUID}/imports/${file.importId}/start`, {
      mapping: file.suggestedMapping,
    });
    expect(started.status).toBe(202);

    // Killed the moment a batch has saved at least a batch's worth of rows, with the next under way.
    const saved = await stream.next(
      (event) => event.entity === 'import' && Number(event.data?.processed) >= IMPORT_BATCH_SIZE,
      60_000,
    );
    firstWorker.child.kill('SIGKILL');
    expect((await firstWorker.exited).signal).toBe('SIGKILL');
    expect(saved.data).toMatchObject({ status: 'running' });
    expect(Number(saved.data!.processed)).toBeLessThan(rows);
    const cut = await progress();
    expect(cut.status).toBe('running');
    expect(cut.processed).toBeLessThan(rows);

    // The job's lease is no longer renewed; once it runs out the job is retried by the new worker.
    await startedWith(startProcess({ ...database, ROLE: 'worker', SEED_DEMO: 'false' }), 'workers started');
    await expect
      .poll(async () => (await progress()).status, { timeout: 90_000, interval: 1000 })
      .toBe('completed');
    expect(await progress()).toMatchObject({
      processed: rows,
      created: rows,
      updated: 0,
      refused: 0,
      error: null,
    });
    expect(await total()).toBe(before + rows);
    stream.close();
  }, 300_000);
});
