import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEngine, type Engine } from './db/engine';
import { createLogger } from './logger';
import { startJobQueue, type JobQueue } from './queue';

let engine: Engine;
let queue: JobQueue;
beforeAll(async () => {
  engine = await openEngine('memory://');
  // A lease of one second, renewed five times a second and checked as often, so a job that runs for
  // three seconds outlives its first lease several times over.
  queue = await startJobQueue(engine, createLogger({ LOG_LEVEL: 'silent' }), {
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
});
