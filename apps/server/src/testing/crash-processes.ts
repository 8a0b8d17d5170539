import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { formatCsvRow } from '@grouptrack/domain';
import { afterAll, expect } from 'vitest';
import { TestClient } from './test-client';
import { pickProcessPort } from './process-port';

/**
 * Real servers as `npm start` runs them, each in a process of its own that a test may kill, on one
 * port; every process and every cleanup registered here ends with the calling test file.
 */
export function useServerProcesses() {
  const port = pickProcessPort();
  const origin = `http://127.0.0.1:${port}`;
  const processes: ChildProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const child of processes) child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  function startProcess(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../main.ts')], {
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
    processes.push(child);
    return { child, exited, output: () => output };
  }

  return {
    origin,
    startProcess,
    onCleanup: (cleanup: () => Promise<void> | void) => cleanups.push(cleanup),

    /** Waits until the process has printed `line`; fails at once, with its output, if it exits first. */
    startedWith: async (started: ReturnType<typeof startProcess>, line: string) => {
      const exitedFirst = started.exited.then(({ code, signal }) => {
        throw new Error(
          `The process ended (${signal ?? `code ${code}`}) before printing "${line}":\n${started.output()}`,
        );
      });
      // A process that ends later (a test kills it) must not leave a rejection nobody handles.
      exitedFirst.catch(() => undefined);
      await Promise.race([
        expect.poll(() => started.output(), { timeout: 90_000, interval: 100 }).toContain(line),
        exitedFirst,
      ]);
      return started;
    },

    /** The demo owner (the demo team is on a plan with room for an import's rows), signed in. */
    signIn: async () => {
      const owner = new TestClient(origin);
      const response = await owner.post('/api/auth/sign-in/email', {
        email: 'demo@grouptrack.local',
        password: 'grouptrack-demo',
      });
      expect(response.status).toBe(200);
      return owner;
    },
  };
}

/** Uploads a CSV of `rows` rows naming `people` distinct people (repeated rows update them). */
export async function uploadImport(owner: TestClient, teamUID: string, rows: number, people: number) {
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
