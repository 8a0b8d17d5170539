import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openEngine, type Engine } from './db/engine';
import { createLogger, type Logger } from './logger';
import { startJobQueue, type JobQueue } from './queue';

let engine: Engine;
let queue: JobQueue;
let log: Logger;
beforeAll(async () => {
  engine = await openEngine('memory://');
  log = createLogger({ LOG_LEVEL: 'silent' });
  // A lease of one second, renewed five times a second and checked as often, so a job that runs for
  // three seconds outlives its first lease several times over.
  queue = await startJobQueue(engine, log, {
    leaseSeconds: 1,
    renewEveryMs: 200,
    expireEveryMs: 200,
  });
});
afterAll(async () => {
  await queue.stop();
  await engine.close();
});

describe('the job queue', () => {
  it('keeps renewing a job that runs longer than its lease: it is never expired and run twice', async () => {
    const runs: string[] = [];
    let finished = 0;
    await queue.work([
      {
        name: 'longer-than-its-lease',
        payload: z.object({ label: z.string() }),
        async handle({ label }) {
          runs.push(label);
          await new Promise((resolve) => setTimeout(resolve, 3000));
          finished += 1;
        },
      },
    ]);
    await queue.send(
      { name: 'longer-than-its-lease', payload: z.object({ label: z.string() }) },
      { label: 'import' },
    );
    await expect.poll(() => finished, { timeout: 20_000, interval: 100 }).toBe(1);
    const { rows } = await engine.executeSql(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'longer-than-its-lease'`,
      [],
    );
    expect(rows).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(runs).toEqual(['import']);
  });

  it('does not renew or complete a later run of its job once its own lease has lapsed', async () => {
    const warnings = vi.spyOn(log, 'warn');
    const contract = { name: 'stalled-worker', payload: z.object({ label: z.string() }) };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    let signal: AbortSignal | undefined;
    await queue.work([
      {
        ...contract,
        async handle(_payload, run) {
          started += 1;
          signal = run?.signal;
          await held;
        },
      },
    ]);
    await queue.send(contract, { label: 'import' });
    await expect.poll(() => started, { timeout: 10_000, interval: 50 }).toBe(1);

    // While this worker is stalled, its run expires and another worker fetches the job again: pg-boss
    // keeps the id and sets a new started_on (and counts the retry).
    await engine.executeSql(
      `UPDATE pgboss.job SET started_on = now() + interval '1 minute', retry_count = retry_count + 1,
         expire_in = interval '1 hour'
       WHERE name = 'stalled-worker'`,
      [],
    );
    await expect
      .poll(() => warnings.mock.calls.some(([, message]) => message === 'a running job lost its lease'), {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(true);
    // The handler is told, so a long one stops at its next batch instead of working beside the new run.
    expect(signal?.aborted).toBe(true);
    release();
    await expect
      .poll(
        () =>
          warnings.mock.calls.some(
            ([, message]) => message === 'a job ended after losing its lease; its run was not recorded',
          ),
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);

    const { rows } = await engine.executeSql(
      `SELECT state, retry_count, expire_in = interval '1 hour' AS "leaseUntouched" FROM pgboss.job
       WHERE name = 'stalled-worker'`,
      [],
    );
    expect(rows).toEqual([{ state: 'active', retry_count: 1, leaseUntouched: true }]);
    expect(started).toBe(1);
  });
});
