import { z } from 'zod';
import { declareJob } from './job';

/**
 * Imports an uploaded CSV, handled by the imports service in batches of rows. Safe to run twice: a
 * retry skips the rows a finished batch already handled.
 */
export const runImportJob = declareJob({
  name: 'run-import',
  version: 1,
  payload: z.object({ teamUID: z.string(), importId: z.string() }),
  retryLimit: 5,
});
