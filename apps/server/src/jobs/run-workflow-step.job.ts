import { z } from 'zod';
import { declareJob } from './job';

/**
 * Takes one step of a person's workflow run, handled by the workflows engine. Safe to run twice: the
 * step and the run's move to the next one commit together, so a job for a step the run has passed
 * (or a run paused, cancelled or finished since) does nothing. `attempt` tells a retry's job from the
 * first, so the queue keeps both.
 */
export const runWorkflowStepJob = declareJob({
  name: 'run-workflow-step',
  version: 1,
  payload: z.object({
    teamUID: z.string(),
    runId: z.string(),
    step: z.number().int(),
    attempt: z.number().int().default(0),
  }),
  // The engine retries a failed step itself (with its own backoff and the run's log); the queue's
  // retries cover only a worker that died mid-step.
  retryLimit: 3,
});
