import { and, desc, eq } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { appNotifications, appSettings } from '../../platform/db/directory-schema';

export type AppNotificationRow = typeof appNotifications.$inferSelect;
export type AppNotificationFields = Omit<
  typeof appNotifications.$inferInsert,
  'id' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

export async function findSetting(db: DirectoryDb, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value;
}

export async function saveSetting(db: DirectoryDb, key: string, value: unknown) {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

export async function listNotifications(db: DirectoryDb, options: { publishedOnly: boolean }) {
  const query = db.select().from(appNotifications);
  const filtered = options.publishedOnly ? query.where(eq(appNotifications.published, true)) : query;
  return filtered.orderBy(desc(appNotifications.createdAt), desc(appNotifications.id)).limit(200);
}

export async function insertNotification(db: DirectoryDb, row: typeof appNotifications.$inferInsert) {
  const [created] = await db.insert(appNotifications).values(row).returning();
  return created!;
}

export async function updateNotification(db: DirectoryDb, id: string, patch: Partial<AppNotificationFields>) {
  const [updated] = await db
    .update(appNotifications)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(appNotifications.id, id))
    .returning();
  return updated ?? null;
}

export async function deleteNotification(db: DirectoryDb, id: string) {
  const deleted = await db
    .delete(appNotifications)
    .where(and(eq(appNotifications.id, id)))
    .returning({ id: appNotifications.id });
  return deleted.length > 0;
}
