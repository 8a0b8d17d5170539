import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './constants';
import { queueSettingsSchema } from './queue-schedule';

// The message queue (PRODUCT.md: bulk message queue, queue setup, the queue processor): what its
// routes take and answer. The server declares these as request and response schemas, and the web
// app and the extension take their types from them.

/**
 * Where a queued message stands (SPEC §4): pending waits in the review queue, scheduled waits its
 * turn, sending is with the extension, then sent, failed (with the reason), skipped (with the
 * reason) or cancelled.
 */
export const QUEUE_ITEM_STATUSES = [
  'pending',
  'scheduled',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type QueueItemStatus = (typeof QUEUE_ITEM_STATUSES)[number];

/** The longest text a queued message may have. */
export const QUEUE_TEXT_MAX = 5000;

/** How long the extension holds a leased item before it may be handed out again (checked first). */
export const QUEUE_LEASE_SECONDS = 120;

/** Failures in a row after which a member's queue on a platform pauses until resumed. */
export const QUEUE_FAILURES_TO_PAUSE = 3;

/** How long a member's queue on a platform waits after the platform showed a block notice. */
export const QUEUE_BLOCK_PAUSE_MINUTES = 60;

/** At most this many items are approved, rejected or cancelled in one request. */
export const QUEUE_BULK_IDS_MAX = 500;

const id = z.string().min(1).max(100);

/** A platform messages are queued and sent on. */
export const queuePlatformSchema = z.enum(SOCIAL_PLATFORMS);

const queueTextSchema = z.string().trim().min(1).max(QUEUE_TEXT_MAX);

/** Queue one message for one contact: from a template rendered for them, or a text as written. */
export const newQueueItemSchema = z
  .object({
    /** The platform it is sent on: the contact needs a profile there. */
    platform: queuePlatformSchema,
    /** The message template to render for the contact; give this, `text`, or both. */
    templateId: id.optional(),
    /**
     * The text as written (its fields are filled for the contact); with a templateId, the template's
     * text as edited, which the item still names as its template.
     */
    text: queueTextSchema.optional(),
    /** Queue it even when the person already has a message waiting or sent today. */
    allowSameDay: z.boolean().default(false),
  })
  .strict()
  .refine((input) => input.templateId !== undefined || input.text !== undefined, {
    message: 'give a templateId or a text',
    path: ['templateId'],
  });
export type NewQueueItem = z.infer<typeof newQueueItemSchema>;

/** A queued message as the queue's lists show it. */
export const queueItemSchema = z.object({
  id: z.string(),
  GTID: z.string(),
  /** The contact's name, for the lists. */
  contactName: z.string(),
  platform: queuePlatformSchema,
  /** Whose queue it is in. */
  queuedToUID: z.string(),
  queuedByUID: z.string(),
  templateId: z.string().nullable(),
  text: z.string(),
  status: z.enum(QUEUE_ITEM_STATUSES),
  /** Why it is pending, failed, skipped or cancelled; null otherwise. */
  reason: z.string().nullable(),
  /** Its place in the queue: items go out in this order (a rank; compare as strings, bytewise). */
  position: z.string(),
  allowSameDay: z.boolean(),
  attempts: z.number().int(),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** Which items a list shows: one status, on one platform or all, a page at a time. */
export const queueItemListQuerySchema = z
  .object({
    status: z.enum(QUEUE_ITEM_STATUSES),
    platform: queuePlatformSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    /** The nextCursor of the page before. */
    cursor: z.string().min(1).max(500).optional(),
  })
  .strict();
export type QueueItemListQuery = z.infer<typeof queueItemListQuerySchema>;

/**
 * A page of items: waiting ones (pending, scheduled, sending) in queue order, sent ones newest sent
 * first, the others newest change first.
 */
export const queueItemPageSchema = z.object({
  items: z.array(queueItemSchema),
  nextCursor: z.string().nullable(),
});
export type QueueItemPage = z.infer<typeof queueItemPageSchema>;

/** A new text for a pending or scheduled item. */
export const queueItemEditSchema = z.object({ text: queueTextSchema }).strict();

/**
 * Where an item moves in its queue: just after or just before another of that queue (after wins
 * when both are given), else to the end, as placements do elsewhere (rank.ts).
 */
export const queueItemMoveSchema = z
  .object({
    /** The item it goes just after. */
    after: id.optional(),
    /** The item it goes just before. */
    before: id.optional(),
  })
  .strict();
export type QueueItemMove = z.infer<typeof queueItemMoveSchema>;

/** What review and cancelling do to many items: approve (pending), reject (pending) or cancel. */
export const QUEUE_BULK_ACTIONS = ['approve', 'reject', 'cancel'] as const;

/** Approve, reject or cancel items by their ids, one or many. */
export const queueItemsBulkSchema = z
  .object({
    action: z.enum(QUEUE_BULK_ACTIONS),
    ids: z.array(id).min(1).max(QUEUE_BULK_IDS_MAX),
    /** Why they were rejected or cancelled, kept on each. */
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .strict();
export type QueueItemsBulk = z.infer<typeof queueItemsBulkSchema>;

/** What a bulk review or cancel did: the items it changed, and those it left, each with why. */
export const queueItemsBulkResultSchema = z.object({
  changed: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type QueueItemsBulkResult = z.infer<typeof queueItemsBulkResultSchema>;

/** Why a person's waiting messages are cancelled: they replied, or the user wrote to them by hand. */
export const QUEUE_CANCEL_REASONS = ['replied', 'wrote-by-hand'] as const;

/** What the extension reports from a conversation: the person's waiting messages there are cancelled. */
export const queueCancelForContactSchema = z
  .object({ platform: queuePlatformSchema, reason: z.enum(QUEUE_CANCEL_REASONS) })
  .strict();

/** How many waiting messages were cancelled. */
export const queueCancelledSchema = z.object({ cancelled: z.number().int() });

/** A member's settings for their queue on a platform: theirs when saved, else the defaults. */
export const queueSettingsAnswerSchema = z.object({
  platform: queuePlatformSchema,
  settings: queueSettingsSchema,
  /** False while the defaults apply. */
  isSaved: z.boolean(),
});
export type QueueSettingsAnswer = z.infer<typeof queueSettingsAnswerSchema>;

/**
 * Why nothing goes out now: the schedule's reasons (the day's maximum, a break, outside working
 * hours, no working hours), the gap since the last message, a pause, or a message being sent.
 */
export const QUEUE_WAIT_REASONS = [
  'daily-max',
  'break',
  'outside-hours',
  'no-hours',
  'gap',
  'paused',
  'sending',
] as const;
export type QueueWaitReason = (typeof QUEUE_WAIT_REASONS)[number];

/** A queue's pause: until when (null: until resumed) and why. */
export const queuePauseSchema = z.object({ until: z.string().nullable(), reason: z.string() });

/** Pause a queue for some minutes, or until resumed (null). */
export const queuePauseRequestSchema = z
  .object({ minutes: z.number().int().min(1).max(10_080).nullable() })
  .strict();

/** Where a member's queue on a platform stands: when the next message may go out and why not sooner. */
export const queueStatusSchema = z.object({
  platform: queuePlatformSchema,
  /** When the next message may go out; null when no moment is known (no working hours, paused). */
  nextAt: z.string().nullable(),
  /** Why not now; null when a message may go out now. */
  waitReason: z.enum(QUEUE_WAIT_REASONS).nullable(),
  /** The same in words, such as "Next message at 14:05" or "Stopped: today's maximum is reached". */
  sentence: z.string(),
  /** Messages sent today (since the member's local midnight) on this platform. */
  sentToday: z.number().int(),
  dailyMax: z.number().int(),
  scheduled: z.number().int(),
  pending: z.number().int(),
  paused: queuePauseSchema.nullable(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

/** The item a processor tab leased: what the extension needs to send it. */
export const leasedQueueItemSchema = z.object({
  id: z.string(),
  GTID: z.string(),
  contactName: z.string(),
  platform: queuePlatformSchema,
  text: z.string(),
  /** The person's profile on the platform, to open the conversation. */
  profile: z.object({
    profileId: z.string().nullable(),
    username: z.string().nullable(),
    url: z.string().nullable(),
  }),
});

/**
 * What leasing answers: the next item with its lease, or why there is none now. An item whose
 * earlier lease ran out while it was being sent comes with checkThreadFirst: the extension looks in
 * the conversation before sending, so a message goes out at most once.
 */
export const queueLeaseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('leased'),
    leaseId: z.string(),
    leaseUntil: z.string(),
    checkThreadFirst: z.boolean(),
    item: leasedQueueItemSchema,
  }),
  z.object({
    status: z.literal('waiting'),
    until: z.string().nullable(),
    reason: z.enum(QUEUE_WAIT_REASONS),
    sentence: z.string(),
  }),
  z.object({ status: z.literal('empty'), sentence: z.string() }),
]);
export type QueueLease = z.infer<typeof queueLeaseSchema>;

/**
 * What the extension found sending a leased item: sent; already sent (it was in the conversation);
 * failed, with the reason; blocked (the platform showed a block notice: the queue pauses); or not
 * sent, nothing typed (wait_a_bit held it, or the user is signed out of the platform): the item is
 * handed back to its place in the queue without counting an attempt.
 */
export const queueReportSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent'), leaseId: id }).strict(),
  z.object({ outcome: z.literal('not-sent'), leaseId: id }).strict(),
  z.object({ outcome: z.literal('already-sent'), leaseId: id }).strict(),
  z.object({ outcome: z.literal('failed'), leaseId: id, reason: z.string().trim().min(1).max(500) }).strict(),
  z
    .object({
      outcome: z.literal('blocked'),
      leaseId: id,
      reason: z.string().trim().min(1).max(500).optional(),
    })
    .strict(),
]);
export type QueueReport = z.infer<typeof queueReportSchema>;

/** What a report answers: the item's status now, and the queue's. */
export const queueReportResultSchema = z.object({
  itemStatus: z.enum(QUEUE_ITEM_STATUSES),
  queue: queueStatusSchema,
});
export type QueueReportResult = z.infer<typeof queueReportResultSchema>;
