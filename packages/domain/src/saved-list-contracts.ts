import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './constants';
import { searchFilterSchema } from './search';

// What the routes of the team's saved views, saved tag posts and sample answers answer: the server
// declares these as response schemas, and the web app takes its types from them.

/** A saved view: a search filter saved under a name; a member sees no id outside their pipelines. */
export const filterSetSchema = z.object({
  filterSetUID: z.string(),
  name: z.string(),
  /** Stored as the search's filter was validated when saved. */
  filter: searchFilterSchema.omit({ filterSetId: true }),
  /** Who saved it; they, the owner and admins may change it. */
  ownerUID: z.string(),
});
export type FilterSet = z.infer<typeof filterSetSchema>;

/** What saving a new view answers: its id. */
export const createdFilterSetSchema = z.object({ filterSetUID: z.string() });

/** A post saved to tag the people who comment on it (tags the reader may not see are left out). */
export const savedTagPostSchema = z.object({
  postUID: z.string(),
  platform: z.enum(SOCIAL_PLATFORMS),
  url: z.string(),
  title: z.string(),
  tagIds: z.array(z.string()),
});
export type SavedTagPost = z.infer<typeof savedTagPostSchema>;

/** What saving a new post answers: its id. */
export const createdTagPostSchema = z.object({ postUID: z.string() });

/** A sample answer to a membership question, and what capturing reads out of it. */
export const testQuestionSchema = z.object({
  testQuestionUID: z.string(),
  question: z.string(),
  answer: z.string(),
  /** Only what was found: an answer with neither leaves both out. */
  captured: z.object({ emailAddress: z.string().optional(), phoneNumber: z.string().optional() }),
});
export type TestQuestion = z.infer<typeof testQuestionSchema>;
