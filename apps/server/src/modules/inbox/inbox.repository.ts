import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { inboxItems } from '../../platform/db/team-schema';

export type InboxRow = typeof inboxItems.$inferSelect;

export async function insertInboxItems(db: TeamDb, rows: (typeof inboxItems.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(inboxItems).values(rows);
}

/** One member's items, newest first, older than the item `before` names when given. */
export async function listInboxItems(
  db: TeamDb,
  teamId: string,
  userUid: string,
  options: { before?: { createdAt: Date; id: string } | undefined; limit: number },
) {
  const { before } = options;
  return db
    .select()
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.teamId, teamId),
        eq(inboxItems.userUid, userUid),
        before &&
          or(
            lt(inboxItems.createdAt, before.createdAt),
            and(eq(inboxItems.createdAt, before.createdAt), lt(inboxItems.id, before.id)),
          ),
      ),
    )
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(options.limit);
}

export async function countUnread(db: TeamDb, teamId: string, userUid: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(inboxItems)
    .where(and(eq(inboxItems.teamId, teamId), eq(inboxItems.userUid, userUid), isNull(inboxItems.readAt)));
  return row?.value ?? 0;
}

export async function markAllRead(db: TeamDb, teamId: string, userUid: string) {
  await db
    .update(inboxItems)
    .set({ readAt: new Date() })
    .where(and(eq(inboxItems.teamId, teamId), eq(inboxItems.userUid, userUid), isNull(inboxItems.readAt)));
}
