import { z } from 'zod';
import { declareJob } from './job';

/**
 * Deletes for good the contacts and pipelines deleted more than 30 days ago, in batches, handled by
 * the deletions service. Safe to run twice: each batch takes what is still there.
 */
export const purgeDeletedJob = declareJob({
  name: 'purge-deleted',
  version: 1,
  payload: z.object({}),
  retryLimit: 3,
});
