import { z } from 'zod';
import { declareJob } from './job';

/**
 * Merges tags into one (a tag merge stored in `bulk_jobs`), handled by the tag reconciliation service.
 * Safe to run twice: each batch takes the contacts still carrying a source tag.
 */
export const mergeTagsJob = declareJob({
  name: 'merge-tags',
  version: 1,
  payload: z.object({ teamUID: z.string(), jobId: z.string() }),
  retryLimit: 5,
});
