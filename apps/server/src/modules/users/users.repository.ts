import { eq, sql } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { users } from '../../platform/db/directory-schema';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: DirectoryDb, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByEmail(db: DirectoryDb, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function updateUser(
  db: DirectoryDb,
  userId: string,
  patch: Partial<Pick<UserRow, 'name' | 'image' | 'defaultContactView' | 'termsVersion' | 'role'>>,
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Records one notification's 'seenDate|snoozeUntilDate' without rewriting the others. */
export async function setNotificationSeen(db: DirectoryDb, userId: string, notificationId: string, value: string) {
  await db
    .update(users)
    .set({ notifications: sql`${users.notifications} || jsonb_build_object(${notificationId}::text, ${value}::text)` })
    .where(eq(users.id, userId));
}
