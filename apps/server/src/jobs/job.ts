import type { z } from 'zod';
import type { JobContract, JobDefinition, JobRun } from '../platform/queue';

/**
 * A job as declared in its `<name>.job.ts`: the contract senders use with `queue.send` (name, payload
 * schema, retry limit) and a version. It holds no service, so a service imports it to send without an
 * import cycle, and hands it its own function for the worker (`handledBy`).
 */
export interface JobDeclaration<TSchema extends z.ZodType> extends JobContract<TSchema> {
  /**
   * The payload's version. Jobs already queued keep the shape they were sent with, so a payload change
   * must still read the old shape (or take a new name); raising the version marks such a change.
   */
  version: number;
  /** The definition a worker runs: this job with the owning service's function as its handler. */
  handledBy(handle: JobHandler<TSchema>): JobDefinition<TSchema>;
}

/**
 * What handles a job; `run` carries the abort signal of a run that lost its lease, and is absent
 * outside a worker (a test, a command).
 */
export type JobHandler<TSchema extends z.ZodType> = (
  payload: z.infer<TSchema>,
  run?: JobRun,
) => Promise<void>;

/** Declares a job; see JobDeclaration. */
export function declareJob<TSchema extends z.ZodType>(
  contract: JobContract<TSchema> & { version: number },
): JobDeclaration<TSchema> {
  return {
    ...contract,
    handledBy: (handle) => ({ ...contract, handle }),
  };
}
