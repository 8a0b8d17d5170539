import { z } from 'zod';

// What the tag reconciliation routes answer: the server declares these as response schemas, and
// the web app takes its types from them.

/** A tag name that arrived with contacts but matches no tag of any set, and how many carry it. */
export const orphanedTagSchema = z.object({
  key: z.string(),
  name: z.string(),
  contacts: z.number().int(),
});
export type OrphanedTag = z.infer<typeof orphanedTagSchema>;

/** One tag of a duplicate group, with the set (and pipeline) it is in. */
export const duplicateTagSchema = z.object({
  tagUID: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  tagSetUID: z.string(),
  tagSetName: z.string(),
  tagSetColor: z.string(),
  /** Null for a global tag set. */
  pipelineID: z.string().nullable(),
  /** Null for a global tag set. */
  pipelineName: z.string().nullable(),
  /** The contacts carrying it that the reader may see. */
  contacts: z.number().int(),
});
export type DuplicateTag = z.infer<typeof duplicateTagSchema>;

/** Tags whose names are the same once case and spaces are ignored. */
export const duplicateGroupSchema = z.object({ key: z.string(), tags: z.array(duplicateTagSchema) });
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

/** What needs reconciling: orphaned names and duplicate groups. */
export const tagReconciliationSchema = z.object({
  orphanedTags: z.array(orphanedTagSchema),
  duplicateGroups: z.array(duplicateGroupSchema),
});
export type TagReconciliation = z.infer<typeof tagReconciliationSchema>;

/** What starting a merge answers: its job, and how many contacts it moves. */
export const startedMergeSchema = z.object({ jobId: z.string(), total: z.number().int() });
export type StartedMerge = z.infer<typeof startedMergeSchema>;

/** What renaming a tag answers: the tag and its name as stored. */
export const renamedTagSchema = z.object({ tagUID: z.string(), name: z.string() });

/** What resolving an orphaned name answers: the contacts that carried it, and how many got the tag. */
export const resolvedOrphanedTagSchema = z.object({ contacts: z.number().int(), tagged: z.number().int() });
export type ResolvedOrphanedTag = z.infer<typeof resolvedOrphanedTagSchema>;
