import { z } from 'zod';

// What the pipeline routes answer: the server declares these as response schemas, and the web app
// takes its types from them.

/** A stage of a pipeline, in the pipeline's order (`idx`). */
export const stageSchema = z.object({
  stageUID: z.string(),
  name: z.string(),
  remoteID: z.string().nullable(),
  color: z.string(),
  fontColor: z.string(),
  description: z.string(),
  phase: z.string().nullable(),
  idx: z.number().int(),
});
export type Stage = z.infer<typeof stageSchema>;

/** A tag in a tag set. */
export const tagSchema = z.object({
  tagUID: z.string(),
  name: z.string(),
  value: z.string().nullable(),
  color: z.string().nullable(),
  remoteID: z.string().nullable(),
});
export type Tag = z.infer<typeof tagSchema>;

/** A global tag set (pipelineID null) or one of a pipeline. */
export const tagSetSchema = z.object({
  tagSetUID: z.string(),
  name: z.string(),
  color: z.string(),
  pipelineID: z.string().nullable(),
  connectionUID: z.string().nullable(),
  integrations: z.array(z.record(z.string(), z.unknown())),
  tags: z.array(tagSchema),
});
export type TagSet = z.infer<typeof tagSetSchema>;

/** A pipeline (SPEC "group") with its stages, tag sets and membership questions. */
export const pipelineSchema = z.object({
  groupUID: z.string(),
  nickName: z.string(),
  isDefault: z.boolean(),
  order: z.number().int(),
  integrations: z.array(z.record(z.string(), z.unknown())),
  rules: z.record(z.string(), z.unknown()),
  questions: z.array(z.string()),
  stages: z.array(stageSchema),
  tagSets: z.array(tagSetSchema),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

/** The pipelines a member sees, in order, and the team's global tag sets. */
export const pipelineListSchema = z.object({
  pipelines: z.array(pipelineSchema),
  globalTagSets: z.array(tagSetSchema),
});
export type PipelineList = z.infer<typeof pipelineListSchema>;

/** The tag sets a member sees: the team's global ones and those of the pipelines they may see. */
export const tagSetListSchema = z.object({
  globalTagSets: z.array(tagSetSchema),
  pipelineTagSets: z.array(tagSetSchema),
});
export type TagSetList = z.infer<typeof tagSetListSchema>;

/** What adding a tag answers: its id. */
export const createdTagSchema = z.object({ tagUID: z.string() });
