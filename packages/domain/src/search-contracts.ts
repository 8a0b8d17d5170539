import { z } from 'zod';
import { contactFieldsSchema } from './contact-contracts';

// What `/search/v2` answers: the server declares these as its response schema, and the web app
// takes its types from them.

/** One contact in a search answer: a table row or a board card. */
export const searchHitSchema = contactFieldsSchema.extend({
  /** The platforms the contact is known on. */
  platforms: z.array(z.string()),
  /** Tag ids the reader may see. */
  tags: z.array(z.string()),
  /** The stage in the searched pipeline, when one was searched. */
  stage: z.string().nullable(),
  /** The card's place in its stage, when a pipeline was searched. */
  rank: z.string().nullable(),
  /** The lead score of the contact's member request to the searched pipeline; null without one. */
  leadScore: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The due moment of the contact's earliest open task: the card's open-task marker. */
  nextTaskDueAt: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** The open deals of a board column, per currency. */
export const openDealsSumSchema = z.object({
  currency: z.string(),
  value: z.number(),
  count: z.number().int(),
});
export type OpenDealsSum = z.infer<typeof openDealsSumSchema>;

/** A search's answer: the matches' total and a page of them, or for the board each stage's. */
export const searchAnswerSchema = z.object({
  total: z.number().int(),
  hits: z.array(searchHitSchema),
  /** Only for the board's first paint (isPipelineInitial): every stage's count, deals and first cards. */
  stages: z
    .array(
      z.object({
        stageUID: z.string(),
        total: z.number().int(),
        openDeals: z.array(openDealsSumSchema),
        hits: z.array(searchHitSchema),
      }),
    )
    .optional(),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
