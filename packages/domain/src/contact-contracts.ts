import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './constants';

// What the contact routes answer (a contact, its history, notes and deals): the server declares
// these as response schemas, and the web app takes its types from them.

/** Where the contact is on one platform. */
export const contactSourceSchema = z.object({
  profileID: z.string().nullable(),
  username: z.string().nullable(),
  url: z.string().nullable(),
});
export type ContactSource = z.infer<typeof contactSourceSchema>;

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
/** The state of a deal; won and lost close it. */
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** A deal with a contact, in a pipeline or in none. */
export const dealSchema = z.object({
  dealUID: z.string(),
  name: z.string(),
  value: z.number(),
  /** ISO 4217, e.g. USD. */
  currency: z.string(),
  status: z.enum(DEAL_STATUSES),
  closedAt: z.string().nullable(),
  pipelineID: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

/** Tag ids by tag set id. */
const tagsBySetSchema = z.record(z.string(), z.array(z.string()));

/** The contact's place in one pipeline (SPEC groupData): stage, answers, tags, deals, stage history. */
export const contactPipelineDataSchema = z.object({
  stage: z.string(),
  questions: z.array(z.object({ question: z.string(), answer: z.string() })),
  addedAt: z.string(),
  tagSets: tagsBySetSchema,
  deals: z.array(dealSchema),
  stagesHistory: z.array(
    z.object({ stage: z.string(), enteredAt: z.string(), byUID: z.string().nullable() }),
  ),
});
export type ContactPipelineData = z.infer<typeof contactPipelineDataSchema>;

/** A contact's own fields, as both its page and a search hit answer them. */
export const contactFieldsSchema = z.object({
  GTID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** The contact's status label (a labelUID), or null. */
  statusLabelId: z.string().nullable(),
  /** When they were last contacted (their last note added or message), or null. */
  lastContactedAt: z.string().nullable(),
});

/** A contact: fields, sources by platform, global tags and data per pipeline the reader may see. */
export const contactSchema = contactFieldsSchema.extend({
  sources: z.partialRecord(z.enum(SOCIAL_PLATFORMS), contactSourceSchema),
  globalTagSets: tagsBySetSchema,
  /** By pipeline id. */
  groupData: z.record(z.string(), contactPipelineDataSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** What capturing answers (201 for a new contact, 200 for one found again): the whole body. */
export const capturedContactSchema = z.object({ data: contactSchema, created: z.boolean() });
export type CapturedContact = z.infer<typeof capturedContactSchema>;

/** One line of a contact's history (SPEC Activity). */
export const activitySchema = z.object({
  activityUID: z.string(),
  type: z.string(),
  action: z.string(),
  createdAt: z.string(),
  /** Seconds since 1970. */
  createdAtUnix: z.number().int(),
  /** The name of who did it, as it was then. */
  createdBy: z.string(),
  createdByUID: z.string(),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /** The pipeline it concerns, or null for the contact itself. */
  pipelineID: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

/** A page of a contact's history, newest first; nextCursor asks for the next (null at the end). */
export const activityPageSchema = z.object({
  items: z.array(activitySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** A note on a contact. */
export const noteSchema = z.object({
  noteUID: z.string(),
  text: z.string(),
  createdByUID: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
