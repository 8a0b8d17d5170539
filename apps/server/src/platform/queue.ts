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

/** A background job with its handler, which must be safe to run twice. */
export interface JobDefinition<TSchema extends z.ZodType> extends JobContract<TSchema> {
  handle(payload: z.infer<TSchema>): Promise<void>;
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

/** pg-boss on the directory's database (PGlite through executeSql, PostgreSQL natively). */
export async function startJobQueue(engine: Engine, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => engine.executeSql(text, values) },
    schema: 'pgboss',
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
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryDelay: 5,
      retryBackoff: true,
    });
    created.add(job.name);
  };
  // This process's workers by job name. A job sent from here wakes its worker, which fetches it at
  // once instead of at its next poll; a fetch takes only jobs that are due, so later ones wait.
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const workerId = workers.get(name);
    if (workerId) boss.notifyWorker(workerId);
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
      for (const job of jobs) {
        await ensureQueue(job);
        const workerId = await boss.work(
          job.name,
          { pollingIntervalSeconds: 0.5, batchSize: 1 },
          async ([received]) => {
            if (!received) return;
            await job.handle(job.payload.parse(received.data));
          },
        );
        workers.set(job.name, workerId);
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
