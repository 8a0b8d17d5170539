import { z } from 'zod';

// What the inbox routes answer: the signed-in member's bell items in a team. Each kind carries the
// words the bell shows and the ids it links to, as they were when the item was written.

const itemFields = {
  itemUID: z.string(),
  createdAt: z.string(),
  /** When the member opened the bell with this item in it; null while unread. */
  readAt: z.string().nullable(),
};

/** A teammate joined the team by an invitation (told to the owner and admins). */
export const memberJoinedItemSchema = z.object({
  ...itemFields,
  kind: z.literal('member-joined'),
  data: z.object({ userUID: z.string(), name: z.string() }),
});

/**
 * Someone else assigned a task to the member: one task (its taskUID), or the same task on `count`
 * contacts at once by a bulk action.
 */
export const taskAssignedItemSchema = z.object({
  ...itemFields,
  kind: z.literal('task-assigned'),
  data: z.object({
    taskUID: z.string().optional(),
    taskName: z.string(),
    byName: z.string(),
    dueAt: z.string(),
    count: z.number().int().optional(),
  }),
});

/** A bulk action the member started finished: what it did, to how many contacts. */
export const bulkFinishedItemSchema = z.object({
  ...itemFields,
  kind: z.literal('bulk-finished'),
  data: z.object({ jobId: z.string(), action: z.string(), count: z.number().int() }),
});

export const inboxItemSchema = z.discriminatedUnion('kind', [
  memberJoinedItemSchema,
  taskAssignedItemSchema,
  bulkFinishedItemSchema,
]);
export type InboxItem = z.infer<typeof inboxItemSchema>;
export type InboxItemKind = InboxItem['kind'];

/** A page of the inbox, newest first, with the unread count of the whole inbox. */
export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema),
  unread: z.number().int(),
  /** Asks for the next page (null at the end). */
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
