import { z } from 'zod';
import { MEMBER_REQUEST_PLATFORMS } from './group-integrations';
import { webAddressSchema } from './forms';
import { RULE_DECISIONS, memberRequestRuleSchema } from './member-request-rules';

// Member requests (PRODUCT.md workflow 1): the people asking to join a Facebook group or a Skool
// community, with their answers to the membership questions, as the extension reads them and the
// server captures them into the pipeline that receives that group's requests.

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

/**
 * Where a captured request stands. `pending`: no rule decided it; `flagged`: a rule asks a person to
 * look; `to_approve` / `to_decline`: decided (by a rule or a person) and waiting for the extension to
 * click it on the group's page; `approved` / `declined`: done on the page; `skipped`: a person left it
 * for now. Pending and flagged requests make the review list.
 */
export const MEMBER_REQUEST_STATUSES = [
  'pending',
  'flagged',
  'to_approve',
  'to_decline',
  'approved',
  'declined',
  'skipped',
] as const;
export type MemberRequestStatus = (typeof MEMBER_REQUEST_STATUSES)[number];

/** How the extension paces the decisions it carries out on a group's page (research: pacing figures). */
export const memberRequestPacingSchema = z
  .object({
    /** A random pause between two clicks, in seconds, at least and at most. */
    minPauseSeconds: z.number().int().min(1).max(3600),
    maxPauseSeconds: z.number().int().min(1).max(3600),
    /** At most this many approvals and declines a day, per group. */
    dailyCap: z.number().int().min(1).max(1000),
    /** How long to stop after the platform says the account is temporarily blocked or limited. */
    pauseMinutesWhenBlocked: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  })
  .strict()
  .refine((pacing) => pacing.minPauseSeconds <= pacing.maxPauseSeconds, {
    message: 'the shortest pause must not be longer than the longest',
    path: ['maxPauseSeconds'],
  });
export type MemberRequestPacing = z.infer<typeof memberRequestPacingSchema>;

/** Pacing until a pipeline sets its own: peers click a request every 10 to 120 s, some 200 a day. */
export const DEFAULT_MEMBER_REQUEST_PACING: MemberRequestPacing = {
  minPauseSeconds: 10,
  maxPauseSeconds: 120,
  dailyCap: 200,
  pauseMinutesWhenBlocked: 60,
};

/** A captured request as the review list and the dry run show it. */
export const capturedMemberRequestSchema = z.object({
  id: z.string(),
  GTID: z.string(),
  pipelineID: z.string(),
  platform: z.enum(MEMBER_REQUEST_PLATFORMS),
  groupId: z.string(),
  name: z.string(),
  profileId: z.string().nullable(),
  username: z.string().nullable(),
  photoURL: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  agreedToRules: z.boolean().nullable(),
  requestedAt: z.string().nullable(),
  capturedAt: z.string(),
  leadScore: z.number().int(),
  status: z.enum(MEMBER_REQUEST_STATUSES),
  /** The rule that decided it, or null when a person did or nobody has. */
  ruleId: z.string().nullable(),
});
export type CapturedMemberRequest = z.infer<typeof capturedMemberRequestSchema>;

/** A pipeline's member-request rules, in priority order, and the pace their decisions are carried out at. */
export const memberRequestRulesSchema = z
  .object({
    rules: z.array(memberRequestRuleSchema).max(50),
    pacing: memberRequestPacingSchema,
  })
  .strict();
export type MemberRequestRules = z.infer<typeof memberRequestRulesSchema>;

/** What rules would do to the requests now waiting (pending or flagged), before they are switched on. */
export const memberRequestDryRunSchema = z.object({
  results: z.array(
    z.object({
      requestId: z.string(),
      GTID: z.string(),
      name: z.string(),
      leadScore: z.number().int(),
      /** The rule that would decide it, and how; null when none would (it would wait for a person). */
      ruleId: z.string().nullable(),
      decision: z.enum(RULE_DECISIONS).nullable(),
    }),
  ),
});
export type MemberRequestDryRun = z.infer<typeof memberRequestDryRunSchema>;

/** A person's decision in the review list. */
export const memberRequestDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline', 'skip']),
    feedback: z.string().trim().max(500).nullable().optional(),
  })
  .strict();
export type MemberRequestDecision = z.infer<typeof memberRequestDecisionSchema>;

/** The decisions waiting to be carried out on a group's page, for the extension, with the pace to keep. */
export const memberRequestWorkSchema = z.object({
  requests: z.array(
    z.object({
      requestId: z.string(),
      profileId: z.string().nullable(),
      username: z.string().nullable(),
      name: z.string(),
      decision: z.enum(['approve', 'decline']),
      feedback: z.string().nullable(),
    }),
  ),
  pacing: memberRequestPacingSchema,
  /** Approvals and declines already carried out today for this group (the daily cap counts them). */
  doneToday: z.number().int(),
  /** Until when the group's decisions wait after a blocked notice (ISO 8601), or null. */
  pausedUntil: z.string().nullable(),
});
export type MemberRequestWork = z.infer<typeof memberRequestWorkSchema>;

/** What the extension found when it carried a decision out on the page. */
export const memberRequestOutcomeSchema = z
  .object({
    outcome: z.enum(['approved', 'declined', 'not_found', 'blocked']),
  })
  .strict();
export type MemberRequestOutcomeReport = z.infer<typeof memberRequestOutcomeSchema>;
