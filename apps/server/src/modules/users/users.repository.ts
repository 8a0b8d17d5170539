import { eq, sql } from 'drizzle-orm';
import { SUPER_ROLE } from '../../platform/auth';
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
  patch: Partial<
    Pick<
      UserRow,
      'name' | 'image' | 'defaultContactView' | 'termsVersion' | 'role' | 'timeZone' | 'phoneNumber'
    >
  >,
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Records one notification's 'seenDate|snoozeUntilDate' without rewriting the others. */
export async function setNotificationSeen(
  db: DirectoryDb,
  userId: string,
  notificationId: string,
  value: string,
) {
  await db
    .update(users)
    .set({
      notifications: sql`${users.notifications} || jsonb_build_object(${notificationId}::text, ${value}::text)`,
    })
    .where(eq(users.id, userId));
}

/** Grants or revokes the super permission (better-auth's admin role 'super'); null when no such user. */
export async function setSuperPermission(db: DirectoryDb, email: string, isSuper: boolean) {
  const [row] = await db
    .update(users)
    .set({ role: isSuper ? SUPER_ROLE : 'user', updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return row ?? null;
}
