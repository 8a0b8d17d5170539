import { z } from 'zod';

// What the contact form asks the server before it creates someone: who already looks like this
// person. The server declares these as its answer's schema, and the web app takes its types from them.

/**
 * Why a contact matched: the first two are how capture finds the same person again (so creating
 * would change them instead); a name or a phone number only suggests it.
 */
export const CONTACT_MATCH_REASONS = ['profile', 'email', 'name', 'phone'] as const;
export type ContactMatchReason = (typeof CONTACT_MATCH_REASONS)[number];

/** A contact that may be the person being added, with the pipelines the reader may see them in. */
export const contactMatchSchema = z.object({
  GTID: z.string(),
  name: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoURL: z.string().nullable(),
  pipelines: z.array(z.object({ pipelineID: z.string(), stageUID: z.string() })),
  matchedBy: z.array(z.enum(CONTACT_MATCH_REASONS)),
  /** Matched by a profile or the email: capture would take them for this person, so this is them. */
  samePerson: z.boolean(),
});
export type ContactMatch = z.infer<typeof contactMatchSchema>;

/**
 * The contacts that match, the same person first; `hidden` says the same person exists in a
 * pipeline the reader cannot see (who they are is not shown).
 */
export const contactMatchesSchema = z.object({
  matches: z.array(contactMatchSchema),
  hidden: z.boolean(),
});
export type ContactMatches = z.infer<typeof contactMatchesSchema>;

/** A match is the same person when a profile or the email matched, as capture decides. */
export function isSamePersonMatch(matchedBy: readonly ContactMatchReason[]): boolean {
  return matchedBy.includes('profile') || matchedBy.includes('email');
}
