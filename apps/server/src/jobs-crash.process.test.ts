import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatCsvRow } from '@grouptrack/domain';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_SIZE } from './modules/imports/imports.service';
import { openEventStream } from './testing/event-stream';
import { TestClient } from './testing/test-client';
import { testEngine } from './testing/test-server';

const port = 20_000 + Math.floor(Math.random() * 20_000);
const origin = `http://127.0.0.1:${port}`;
const processes: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

/** The real server as `npm start` runs it, in a process of its own. */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      TEAM_SHARD_URLS: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = { child, exited, output: () => output };
  processes.push(child);
  return started;
}

async function startedWith(started: ReturnType<typeof startProcess>, line: string) {
  await expect.poll(() => started.output(), { timeout: 90_000, interval: 100 }).toContain(line);
  return started;
}

/** The demo owner (the demo team is on a plan with room for the rows below), signed in. */
async function signIn() {
  const owner = new TestClient(origin);
  const response = await owner.post('/api/auth/sign-in/email', {
    email: 'demo@grouptrack.local',
    password: 'grouptrack-demo',
  });
  expect(response.status).toBe(200);
  return owner;
}

/** Uploads a CSV of `rows` rows naming `people` distinct people (repeated rows update them). */
async function uploadImport(owner: TestClient, teamUID: string, rows: number, people: number) {
  const lines = [formatCsvRow(['First Name', 'Last Name', 'Email'])];
  for (let index = 0; index < rows; index += 1) {
    const person = index % people;
    lines.push(formatCsvRow([`Crash${person}`, 'Tester', `crash-${person}@example.test`]));
  }
  const uploaded = await owner.request(
    'POST',
    `/api/v1/teams/${teamUID}/imports?fileName=crash.csv`,
    lines.join(''),
    { 'content-type': 'text/csv' },
  );
  expect(uploaded.body.data.totalRows).toBe(rows);
  return uploaded.body.data as { importId: string; suggestedMapping: string[] };
}

describe.skipIf(testEngine !== 'postgres')('a worker killed mid-import, on PostgreSQL', () => {
  it('leaves a job that another worker resumes within about a minute, importing every row once', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `gt_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
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

    // Killed the moment its first batch is saved, with the second under way.
    const saved = await stream.next(
      (event) => event.entity === 'import' && Number(event.data?.processed) >= IMPORT_BATCH_SIZE,
      60_000,
    );
    firstWorker.child.kill('SIGKILL');
    expect((await firstWorker.exited).signal).toBe('SIGKILL');
    expect(saved.data).toMatchObject({ processed: IMPORT_BATCH_SIZE, status: 'running' });
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

describe.skipIf(testEngine === 'postgres')('the embedded database killed mid-import', () => {
  it('resumes the import as soon as it starts again, importing every row once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'grouptrack-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startedWith(startProcess({ DATA_DIR: dataDir }), 'Demo sign-in');
    let owner = await signIn();
    const teamUID = (await owner.me()).teamUID as string;
    const total = async () => (await owner.post('/search/v2', { teamUID })).body.data.total as number;
    const before = await total();
    const rows = 4 * IMPORT_BATCH_SIZE;
    const file = await uploadImport(owner, teamUID, rows, rows);
    const stream = await openEventStream(owner, teamUID);
    const started = await owner.post(`/api/v1/teams/${teamUID}/imports/${file.importId}/start`, {
      mapping: file.suggestedMapping,
    });
    expect(started.status).toBe(202);

    // Killed the moment its first batch is saved, with the second under way.
    const saved = await stream.next(
      (event) => event.entity === 'import' && Number(event.data?.processed) >= IMPORT_BATCH_SIZE,
      60_000,
    );
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(saved.data).toMatchObject({ processed: IMPORT_BATCH_SIZE, status: 'running' });

    const second = await startedWith(startProcess({ DATA_DIR: dataDir }), 'GroupTrack is running');
    // Handed back to the queue on start, not left to its lease: no other process can be running it.
    expect(second.output()).toContain('a job cut by the last stop will be retried');
    owner = await signIn();
    const progress = async () =>
      (await owner.get(`/api/v1/teams/${teamUID}/imports/${file.importId}`)).body.data;
    const cut = await progress();
    expect(cut.status).toBe('running');
    expect(cut.processed).toBeLessThan(rows);
    await expect
      .poll(async () => (await progress()).status, { timeout: 60_000, interval: 500 })
      .toBe('completed');
    expect(await progress()).toMatchObject({
      processed: rows,
      created: rows,
      updated: 0,
      refused: 0,
      error: null,
    });
    expect(await total()).toBe(before + rows);
  }, 300_000);
});
