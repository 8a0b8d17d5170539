import { z } from 'zod';

// What the Recently deleted list and its restore answer: the server declares these as response
// schemas, and the web app takes its types from them.

/** How long a deleted contact or pipeline can be restored before it is deleted for good. */
export const DELETED_RETENTION_DAYS = 30;

/** One user action that deleted something: a contact, many at once, or a pipeline. */
export const deletionSchema = z.object({
  deletionUID: z.string(),
  kind: z.enum(['contacts', 'pipeline']),
  deletedAt: z.string(),
  /** When it will be deleted for good. */
  purgeAt: z.string(),
  deletedBy: z.object({ uid: z.string().nullable(), name: z.string().nullable() }),
  /** Contacts deleted; for a pipeline, the contacts that were in it (they stay in the team). */
  count: z.number().int(),
  /** Up to three of the contacts' names (alphabetically), or the pipeline's name. */
  names: z.array(z.string()),
});
export type Deletion = z.infer<typeof deletionSchema>;

/** A page of the Recently deleted list, newest first. */
export const deletionPageSchema = z.object({
  items: z.array(deletionSchema),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
});
export type DeletionPage = z.infer<typeof deletionPageSchema>;

/** What a restore brought back. */
export const restoredSchema = z.object({
  contacts: z.number().int(),
  pipelines: z.number().int(),
});
export type Restored = z.infer<typeof restoredSchema>;
