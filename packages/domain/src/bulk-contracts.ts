import { z } from 'zod';

// What bulk actions answer (starting one, and a job's progress): the server declares these as
// response schemas, and the web app takes its types from them.

/** What starting a bulk action answers: its job, and how many contacts it will touch. */
export const startedBulkActionSchema = z.object({ jobId: z.string(), matched: z.number().int() });
export type StartedBulkAction = z.infer<typeof startedBulkActionSchema>;

export const BULK_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** A bulk action's (or a tag merge's) job, as its starter sees it. */
export const bulkJobSchema = z.object({
  jobId: z.string(),
  /** What was asked, as stored: the bulk action or the tag merge, with its `type`. */
  action: z.record(z.string(), z.unknown()),
  status: z.enum(BULK_JOB_STATUSES),
  processed: z.number().int(),
  total: z.number().int(),
  /** Why it stopped or is retrying, or null. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;
