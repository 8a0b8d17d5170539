import { z } from 'zod';
import { webAddressSchema } from './forms';

// Member requests (PRODUCT.md workflow 1): the people asking to join a Facebook group or a Skool
// community, with their answers to the membership questions, as the extension reads them and the
// server captures them into the pipeline that receives that group's requests.

/** The platforms whose groups have membership requests the extension reads. */
export const MEMBER_REQUEST_PLATFORMS = ['facebook', 'skool'] as const;
export type MemberRequestPlatform = (typeof MEMBER_REQUEST_PLATFORMS)[number];

/** At most this many requests go to the server in one batch (a long list is sent in batches of it). */
export const MEMBER_REQUEST_BATCH_MAX = 500;

/**
 * A group whose requests a pipeline receives, kept in the pipeline's `integrations` list
 * (`{type: 'group', platform, groupId, name}`): the group id is the one in the group's address.
 */
export const groupIntegrationSchema = z
  .object({
    type: z.literal('group'),
    platform: z.enum(MEMBER_REQUEST_PLATFORMS),
    /** The group's id or slug in its address: facebook.com/groups/{groupId}, skool.com/{groupId}. */
    groupId: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9._-]+$/, 'must be the group part of its address, such as "demofounders"'),
    /** The group's name as the platform shows it, for people to read. */
    name: z.string().trim().max(200).nullable(),
  })
  .strict();
export type GroupIntegration = z.infer<typeof groupIntegrationSchema>;

/** One pending request, as the extension reads it on the group's requests page. */
export const memberRequestSchema = z
  .object({
    profileId: z.string().trim().min(1).max(200).nullable(),
    username: z.string().trim().min(1).max(200).nullable(),
    name: z.string().trim().min(1).max(200),
    url: webAddressSchema.nullable(),
    /** The platform's photo address (it expires: the server keeps its own copy). */
    photoURL: webAddressSchema.nullable(),
    /** Each membership question with the person's answer, in the order the page shows them. */
    answers: z
      .array(z.object({ question: z.string().trim().max(500), answer: z.string().trim().max(5000) }).strict())
      .max(20),
    /** Whether they agreed to the group's rules; null where the group asks no such thing. */
    agreedToRules: z.boolean().nullable(),
    /** When they asked, as near as the page says (ISO 8601); null when it does not. */
    requestedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict()
  .refine((request) => request.profileId !== null || request.username !== null, {
    message: 'needs a profileId or a username',
  });
export type MemberRequest = z.infer<typeof memberRequestSchema>;

/** A batch of a group's pending requests: refused whole, with the reason, when any one is bad. */
export const memberRequestBatchSchema = z
  .object({
    platform: z.enum(MEMBER_REQUEST_PLATFORMS),
    groupId: groupIntegrationSchema.shape.groupId,
    /** The group's name as the page shows it, for the activity "asked to join {group}". */
    groupName: z.string().trim().max(200).nullable(),
    requests: z.array(memberRequestSchema).min(1).max(MEMBER_REQUEST_BATCH_MAX),
  })
  .strict();
export type MemberRequestBatch = z.infer<typeof memberRequestBatchSchema>;

/** What capturing one request did: a new contact, a changed one, nothing new, or someone the reader cannot see. */
export const MEMBER_REQUEST_OUTCOMES = ['created', 'updated', 'unchanged', 'hidden'] as const;
export type MemberRequestOutcome = (typeof MEMBER_REQUEST_OUTCOMES)[number];

/** The answer to a batch: the pipeline that received it and what happened to each request, in order. */
export const memberRequestBatchResultSchema = z.object({
  pipelineID: z.string(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    hidden: z.number().int(),
  }),
  requests: z.array(
    z.object({
      /** The contact, or null for someone only in pipelines the reader cannot see. */
      GTID: z.string().nullable(),
      outcome: z.enum(MEMBER_REQUEST_OUTCOMES),
    }),
  ),
});
export type MemberRequestBatchResult = z.infer<typeof memberRequestBatchResultSchema>;
