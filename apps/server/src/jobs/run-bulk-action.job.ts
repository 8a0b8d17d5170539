import { z } from 'zod';
import { declareJob } from './job';

/**
 * Runs a bulk action stored in `bulk_jobs`, handled by the bulk service 2,000 contacts per batch.
 * Safe to run twice: progress is saved with each batch and a retry resumes from it.
 */
export const runBulkActionJob = declareJob({
  name: 'run-bulk-action',
  version: 1,
  payload: z.object({ teamUID: z.string(), jobId: z.string() }),
  retryLimit: 5,
});
