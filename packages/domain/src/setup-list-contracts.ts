import { z } from 'zod';

// What the routes of the ordered setup lists answer (each answers the whole list, in order): the
// server declares these as response schemas, and the web app takes its types from them.

/** A status label (SPEC §3): display text, colour and place in the list. */
export const statusLabelSchema = z.object({
  labelUID: z.string(),
  display: z.string(),
  color: z.string(),
  order: z.number().int(),
  /** How many contacts the reader may see carry it (deleting the label clears it from them). */
  contactCount: z.number().int(),
});
export type StatusLabel = z.infer<typeof statusLabelSchema>;

/** A phase stages can belong to. */
export const phaseSchema = z.object({ phaseUID: z.string(), name: z.string(), order: z.number().int() });
export type Phase = z.infer<typeof phaseSchema>;

/** A membership question, and what its answer holds (capturing reads an email or phone from it). */
export const teamQuestionSchema = z.object({
  questionUID: z.string(),
  text: z.string(),
  answerField: z.enum(['email', 'phone', 'none']),
  order: z.number().int(),
});
export type TeamQuestion = z.infer<typeof teamQuestionSchema>;
