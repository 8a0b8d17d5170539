import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Engine } from './db/engine';
import type { Logger } from './logger';

/** What a sender needs to know of a job: its stable name and payload schema. */
export interface JobContract<TSchema extends z.ZodType> {
  name: string;
  payload: TSchema;
  retryLimit?: number;
}

/**
 * A background job with its handler, which must be safe to run twice. `signal` aborts when the run
 * loses its lease (its process stalled and another run took the job over): a long handler checks it
 * between batches and stops, leaving the rest to that run. A handler called outside a worker (a
 * test, a command) holds no lease and gets no `run`.
 */
export interface JobDefinition<TSchema extends z.ZodType> extends JobContract<TSchema> {
  handle(payload: z.infer<TSchema>, run?: JobRun): Promise<void>;
}

export interface JobRun {
  signal: AbortSignal;
}

export interface JobQueue {
  send<TSchema extends z.ZodType>(
    job: JobContract<TSchema>,
    payload: z.infer<TSchema>,
    options?: { startAfter?: Date; singletonKey?: string },
  ): Promise<void>;
  /** Queues many jobs of one kind in one insert (a bulk action's reminders, say). */
  sendMany<TSchema extends z.ZodType>(
    job: JobContract<TSchema>,
    items: { payload: z.infer<TSchema>; startAfter?: Date; singletonKey?: string }[],
  ): Promise<void>;
  /** Starts workers for the given jobs in this process. */
  work(jobs: JobDefinition<z.ZodType>[]): Promise<void>;
  stop(): Promise<void>;
}

/*
 * A running job holds a lease that its worker renews while the handler runs; a job whose lease runs
 * out was cut by a crash (or its process stalled) and is retried. pg-boss 10 has no heartbeat: an
 * active job expires a fixed time after it started (15 minutes unless the queue says otherwise), so
 * a crashed import waited 15 minutes, and any expiry short enough to resume quickly would also expire
 * (and run twice) an import that is merely long. Its maintainers' answer is an expiry set to the
 * normal length of a run, which an import of 100 rows or 100,000 does not have. So the queues expire
 * jobs a lease (45 s) after they start, and the worker moves that expiry forward every 10 s: a job runs
 * as long as it needs while its process lives, and is retried about a minute after the process dies.
 *
 * The worker loop is ours rather than pg-boss's `work`, because `work` also fails a job in-process
 * once it has run for its expiry, which would cut a renewed job at its first lease.
 *
 * A retried job keeps its id (pg-boss re-inserts it), so a run is the id and the `started_on` its fetch
 * set. A worker whose lease ran out (its process stalled) must not renew, complete or fail a later run
 * of the same job: each of those statements is limited to its own run.
 */

/** How a job's lease is kept; tests shorten it to see a lease outlive its first term. */
export interface LeaseTiming {
  /** How long a job may go unrenewed before it counts as abandoned. */
  leaseSeconds: number;
  /** Every 10 s leaves 35 s of slack: on PGlite a renewal waits behind a batch's transaction. */
  renewEveryMs: number;
  /**
   * How often a worker process looks for jobs whose lease ran out. pg-boss does it in its maintenance,
   * which also archives and deletes old jobs: that stays every two minutes.
   */
  expireEveryMs: number;
}

// From a crash to the retry: the rest of the lease (35-45 s), the next expiry check (up to 10 s) and
// the retry delay (5-10 s): about a minute.
const LEASE: LeaseTiming = { leaseSeconds: 45, renewEveryMs: 10_000, expireEveryMs: 10_000 };
/** A worker with nothing to do looks for due jobs this often (a job sent from this process wakes it). */
const POLL_MS = 500;
/** How long a stopping process lets running jobs finish before handing them back to the queue. */
const STOP_TIMEOUT_MS = 10_000;

const SCHEMA = 'pgboss';

/**
 * A run's `started_on` as the client read it: JavaScript dates keep milliseconds, PostgreSQL
 * microseconds. Retries of a job start seconds apart, so milliseconds tell its runs apart.
 */
const OF_THIS_RUN = `date_trunc('milliseconds', started_on) = $4::timestamptz`;

/**
 * pg-boss's own complete and fail statements (10.4.2), limited to one active run. Its `complete` and
 * `fail` match the id alone, and `fail` any state before completed.
 */
function runCompletionStatements(schema: string) {
  const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  const limit = (statement: string, condition: string, replacement: string) => {
    if (statement.split(condition).length !== 2)
      throw new Error(`pg-boss's completion statements changed: review the job queue's run guard`);
    return statement.replace(condition, replacement);
  };
  return {
    complete: limit(
      plans.completeJobs(schema),
      `AND state = 'active'`,
      `AND state = 'active' AND ${OF_THIS_RUN}`,
    ),
    fail: limit(
      plans.failJobsById(schema),
      `AND state < 'completed'`,
      `AND state = 'active' AND ${OF_THIS_RUN}`,
    ),
  };
}

/** One run of a job: a retry of the job is a later run under the same id. */
interface Run {
  name: string;
  id: string;
  startedOn: Date;
}

/** pg-boss on the directory's database (PGlite through executeSql, PostgreSQL natively). */
export async function startJobQueue(
  engine: Engine,
  log: Logger,
  lease: LeaseTiming = LEASE,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => engine.executeSql(text, values) },
    schema: SCHEMA,
    // Without these pg-boss would poll cron and maintenance more often than this app needs.
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (job: JobContract<z.ZodType>) => {
    if (created.has(job.name)) return;
    const options = {
      retryLimit: job.retryLimit ?? 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: lease.leaseSeconds,
    };
    await boss.createQueue(job.name, { name: job.name, ...options });
    // createQueue leaves a queue that exists as it was: one made before the lease keeps 15 minutes.
    await boss.updateQueue(job.name, { name: job.name, ...options });
    created.add(job.name);
  };

  /**
   * Moves a run's expiry a lease past now; false when that run is no longer active: its lease ran out
   * (it was expired, and may be running again elsewhere as a later run of the same id) or it ended.
   */
  const renew = async (run: Run) => {
    const { rows } = await engine.executeSql(
      `UPDATE ${SCHEMA}.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
       WHERE name = $1 AND id = $2::uuid AND state = 'active' AND ${OF_THIS_RUN} RETURNING id`,
      [run.name, run.id, lease.leaseSeconds, run.startedOn],
    );
    return rows.length > 0;
  };
  const statements = runCompletionStatements(SCHEMA);
  /** Completes or fails one run, as pg-boss would; false when the run was no longer active. */
  const end = async (run: Run, outcome: { failure: unknown } | null) => {
    const output = outcome
      ? JSON.stringify(
          outcome.failure instanceof Error
            ? { name: outcome.failure.name, message: outcome.failure.message, stack: outcome.failure.stack }
            : { value: String(outcome.failure) },
        )
      : null;
    const { rows } = await engine.executeSql(outcome ? statements.fail : statements.complete, [
      run.name,
      [run.id],
      output,
      run.startedOn,
    ]);
    return Number(rows[0]?.count ?? 0) > 0;
  };

  let stopping = false;
  const loops: Promise<void>[] = [];
  /** The runs this process has going, to hand back if it stops before they end. */
  const running = new Map<Run, NodeJS.Timeout>();
  /** Per job name: wakes its worker when a job is sent from this process. */
  const wakers = new Map<string, () => void>();
  const wake = (name: string) => wakers.get(name)?.();
  const handBack = (run: Run) =>
    end(run, { failure: 'the process stopped while this job ran' }).catch((error: unknown) =>
      log.warn({ err: error }, 'could not hand back a running job'),
    );
  let expiry: NodeJS.Timeout | null = null;

  const perform = async (job: JobDefinition<z.ZodType>, received: PgBoss.JobWithMetadata) => {
    const run: Run = { name: job.name, id: received.id, startedOn: received.startedOn };
    const lost = new AbortController();
    const renewal = setInterval(() => {
      renew(run).then(
        (held) => {
          if (held || lost.signal.aborted) return;
          log.warn({ job: run.name, id: run.id }, 'a running job lost its lease');
          lost.abort(new Error('This run of the job lost its lease; another run carries on.'));
        },
        (error: unknown) => log.warn({ err: error, job: run.name }, 'job lease renewal failed'),
      );
    }, lease.renewEveryMs);
    running.set(run, renewal);
    try {
      await job.handle(job.payload.parse(received.data), { signal: lost.signal });
      if (!(await end(run, null)))
        log.warn(
          { job: run.name, id: run.id },
          'a job ended after losing its lease; its run was not recorded',
        );
    } catch (error) {
      log.warn({ err: error, job: run.name, id: run.id }, 'job failed; it will be retried');
      // If this fails too (the database is away), the lease runs out and the job is retried then.
      await end(run, { failure: error }).catch((failure: unknown) =>
        log.warn({ err: failure }, 'could not record a failed job'),
      );
    } finally {
      clearInterval(renewal);
      running.delete(run);
    }
  };

  const workLoop = async (job: JobDefinition<z.ZodType>) => {
    while (!stopping) {
      // fetch marks the job active; it answers nothing (not an error) while the database is away.
      const [received] = await boss.fetch<object>(job.name, { batchSize: 1, includeMetadata: true });
      if (received && stopping)
        await handBack({ name: job.name, id: received.id, startedOn: received.startedOn });
      else if (received) await perform(job, received);
      // A stop that came during the fetch found no waker to call: look again before sleeping.
      if (received || stopping) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wakers.set(job.name, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  /**
   * The embedded database (PGlite) lives in this one process, so a job it shows as running was cut
   * when the last process using it ended: it is handed back now instead of when its lease runs out.
   * On PostgreSQL another worker process may be running it; only the lease can tell.
   */
  const retryJobsOfAPreviousLife = async () => {
    if (engine.kind !== 'pglite') return;
    const { rows } = await engine.executeSql(
      `SELECT name, id, started_on AS "startedOn" FROM ${SCHEMA}.job WHERE state = $1`,
      ['active'],
    );
    for (const row of rows as unknown as Run[]) {
      await handBack(row);
      log.info({ job: row.name, id: row.id }, 'a job cut by the last stop will be retried');
    }
  };

  return {
    async send(job, payload, options = {}) {
      await ensureQueue(job);
      await boss.send(job.name, job.payload.parse(payload) as object, options);
      wake(job.name);
    },
    async sendMany(job, items) {
      if (items.length === 0) return;
      await ensureQueue(job);
      await boss.insert(
        items.map(({ payload, ...options }) => ({
          name: job.name,
          data: job.payload.parse(payload) as object,
          ...options,
        })),
      );
      wake(job.name);
    },
    async work(jobs) {
      for (const job of jobs) await ensureQueue(job);
      if (!expiry) {
        await retryJobsOfAPreviousLife();
        expiry = setInterval(() => {
          boss.expire().catch((error: unknown) => log.warn({ err: error }, 'job expiry check failed'));
        }, lease.expireEveryMs);
      }
      for (const job of jobs) loops.push(workLoop(job));
    },
    async stop() {
      stopping = true;
      if (expiry) clearInterval(expiry);
      for (const waker of wakers.values()) waker();
      const finished = Promise.all(loops);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        finished,
        new Promise((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      // As pg-boss does on stop: a job still running is failed, so it is retried (from its saved
      // progress) in seconds rather than when its lease runs out.
      for (const [run, renewal] of running) {
        clearInterval(renewal);
        await handBack(run);
      }
      await boss.stop({ graceful: false, wait: true });
    },
  };
}
