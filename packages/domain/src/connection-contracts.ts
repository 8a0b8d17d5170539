import { z } from 'zod';
import { MAX_SYNC_MINUTES } from './connections';
import { INTEGRATION_TYPES, SYNC_ACTIONS, SYNC_KINDS } from './sync-rules';

/*
 * Connections (SPEC §2 /setup/connections, §3 connections, §5 sync rules): an outside system a
 * team's contacts are synced to, which pipelines and tag sets use it, and the log of what was sent.
 */

/** A connection is active or paused; a paused one queues nothing (SPEC §5). */
export const CONNECTION_STATUSES = ['active', 'paused'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Which actions of each kind of change a connection receives. */
// The refusal names no action: a word like "delete" beside quoted names reads as SQL to log scanners.
const syncActionSchema = z.enum(SYNC_ACTIONS, { error: 'Not an action a connection can receive.' });

export const syncOptionsSchema = z
  .object(Object.fromEntries(SYNC_KINDS.map((kind) => [kind, z.array(syncActionSchema).max(3)])))
  .partial()
  .strict() as z.ZodType<Partial<Record<(typeof SYNC_KINDS)[number], (typeof SYNC_ACTIONS)[number][]>>>;

const settingValue = z.string().trim().max(2000, { error: 'A setting can be at most 2,000 characters.' });
const secretValue = z.string().trim().max(10_000, { error: 'A secret can be at most 10,000 characters.' });

/** What a form sends to add a connection. Secrets are write-only: no answer carries them back. */
export const connectionInputSchema = z
  .object({
    type: z.enum(INTEGRATION_TYPES),
    name: z.string().trim().min(1, { error: 'Give the connection a name.' }).max(100),
    /** The settings CONNECTION_FIELDS lists as not secret. */
    settings: z.record(z.string().max(50), settingValue).default({}),
    /** The settings CONNECTION_FIELDS lists as secret. */
    secrets: z.record(z.string().max(50), secretValue).default({}),
    /** Unset: every change the system can receive. */
    receives: syncOptionsSchema.optional(),
    /** Sends only people with an email address or a phone number. */
    emailOnly: z.boolean().default(false),
    status: z.enum(CONNECTION_STATUSES).default('active'),
  })
  .strict();
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

/** A change of a connection; a secret left out keeps the stored one. */
export const connectionUpdateSchema = connectionInputSchema.omit({ type: true }).partial().strict();
export type ConnectionUpdate = z.infer<typeof connectionUpdateSchema>;

/** How a pipeline uses a connection (SPEC §9: syncPeriod, default 0, and delayBy), in minutes. */
export const pipelineConnectionSchema = z
  .object({
    /** Changes of one person within this many minutes go in one call. */
    syncPeriod: z.number().int().min(0).max(MAX_SYNC_MINUTES).default(0),
    /** Holds each change back this many minutes before it is sent. */
    delayBy: z.number().int().min(0).max(MAX_SYNC_MINUTES).default(0),
    /** The system's pipeline the stages map into (GoHighLevel, LeadConnector). */
    remotePipelineId: z.string().trim().max(200).nullable().default(null),
    /** Our stage id → the system's stage id (null clears the mapping). */
    stageRemoteIds: z.record(z.string().max(100), z.string().trim().max(200).nullable()).default({}),
  })
  .strict();
export type PipelineConnectionInput = z.infer<typeof pipelineConnectionSchema>;

/** The system's tag each tag of a tag set stands for (ActiveCampaign, ClickFunnels). */
export const tagSetConnectionSchema = z
  .object({ tagRemoteIds: z.record(z.string().max(100), z.string().trim().max(200).nullable()).default({}) })
  .strict();
export type TagSetConnectionInput = z.infer<typeof tagSetConnectionSchema>;

/** What happened to a delivery: waiting, being sent, sent, dead-lettered, skipped or discarded. */
export const SYNC_DELIVERY_STATUSES = [
  'pending',
  'delivering',
  'delivered',
  'failed',
  'skipped',
  'discarded',
] as const;
export type SyncDeliveryStatus = (typeof SYNC_DELIVERY_STATUSES)[number];

/** Counts of a connection's deliveries per status. */
export const syncTotalsSchema = z.object(
  Object.fromEntries(SYNC_DELIVERY_STATUSES.map((status) => [status, z.number().int()])) as Record<
    SyncDeliveryStatus,
    z.ZodNumber
  >,
);
export type SyncTotals = z.infer<typeof syncTotalsSchema>;

/** A connection as the screens show it: never its secrets, only their last characters. */
export const connectionSchema = z.object({
  connectionUID: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  emailOnly: z.boolean(),
  receives: syncOptionsSchema,
  settings: z.record(z.string(), z.string()),
  /** Secret key → "••••" and its last four characters. */
  secretHints: z.record(z.string(), z.string()),
  usedInPipelines: z.array(
    z.object({
      pipelineId: z.string(),
      name: z.string(),
      syncPeriod: z.number().int(),
      delayBy: z.number().int(),
      remotePipelineId: z.string().nullable(),
    }),
  ),
  usedInTagSets: z.array(z.object({ tagSetId: z.string(), name: z.string() })),
  totals: syncTotalsSchema,
  /** Deliveries dead-lettered in a row. */
  failuresInRow: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** A webhook's signing secret, shown once: when it is made and when it is rotated. */
export const connectionSecretAnswerSchema = z.object({
  connection: connectionSchema,
  signingSecret: z.string().nullable(),
});
export type ConnectionSecretAnswer = z.infer<typeof connectionSecretAnswerSchema>;

/** What "Test connection" found, in the system's words. */
export const connectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** A system's pipelines and stages, or tags, to map ours to. */
export const remotePipelinesSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    stages: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export const remoteTagsSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/** One line of a connection's delivery log. */
export const syncDeliverySchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string().nullable(),
  changes: z.array(z.object({ kind: z.enum(SYNC_KINDS), action: z.enum(SYNC_ACTIONS), at: z.string() })),
  status: z.enum(SYNC_DELIVERY_STATUSES),
  skipReason: z.string().nullable(),
  attempts: z.number().int(),
  dueAt: z.string(),
  responseCode: z.number().int().nullable(),
  responseMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SyncDeliveryRow = z.infer<typeof syncDeliverySchema>;

/** A page of the delivery log, newest first. */
export const syncDeliveryPageSchema = z.object({
  deliveries: z.array(syncDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type SyncDeliveryPage = z.infer<typeof syncDeliveryPageSchema>;

/** A contact's state with one connection, for the contact page. */
export const contactSyncStateSchema = z.object({
  connectionUID: z.string(),
  name: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  remoteId: z.string().nullable(),
  syncedAt: z.string().nullable(),
  lastStatus: z.enum(SYNC_DELIVERY_STATUSES).nullable(),
  lastMessage: z.string().nullable(),
  lastAt: z.string().nullable(),
});
export type ContactSyncState = z.infer<typeof contactSyncStateSchema>;
