import { desc, eq, sql } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { selectorMissReporters, selectorMisses, selectorPacks } from '../../platform/db/directory-schema';

/** The newest stored pack of each platform. */
export async function listNewestPacks(db: DirectoryDb) {
  return db
    .selectDistinctOn([selectorPacks.platform])
    .from(selectorPacks)
    .orderBy(selectorPacks.platform, desc(selectorPacks.version));
}

/** Every stored pack's platform, version and publication, newest first (not the packs themselves). */
export async function listPackVersions(db: DirectoryDb, limit: number) {
  return db
    .select({
      platform: selectorPacks.platform,
      version: selectorPacks.version,
      createdByUid: selectorPacks.createdByUid,
      createdAt: selectorPacks.createdAt,
    })
    .from(selectorPacks)
    .orderBy(desc(selectorPacks.createdAt), selectorPacks.platform)
    .limit(limit);
}

/** Stores a pack; false when that platform already has this version (a race with another operator). */
export async function insertPack(db: DirectoryDb, row: typeof selectorPacks.$inferInsert) {
  const inserted = await db
    .insert(selectorPacks)
    .values(row)
    .onConflictDoNothing()
    .returning({ version: selectorPacks.version });
  return inserted.length > 0;
}

/** Counts one report of the user's day and answers how many they made that day. */
export async function countReport(db: DirectoryDb, userId: string, day: string) {
  const [row] = await db
    .insert(selectorMissReporters)
    .values({ userId, day, reports: 1 })
    .onConflictDoUpdate({
      target: [selectorMissReporters.userId, selectorMissReporters.day],
      set: { reports: sql`${selectorMissReporters.reports} + 1` },
    })
    .returning({ reports: selectorMissReporters.reports });
  return row!.reports;
}

/** Forgets reporters' counts of days before this one. */
export async function pruneReporters(db: DirectoryDb, beforeDay: string) {
  await db.delete(selectorMissReporters).where(sql`${selectorMissReporters.day} < ${beforeDay}`);
}

/** One row per (platform, page kind, selector, extension version): one more, seen now. */
export async function recordMiss(
  db: DirectoryDb,
  miss: { platform: string; pageKind: string; selectorId: string; extensionVersion: string },
) {
  await db
    .insert(selectorMisses)
    .values(miss)
    .onConflictDoUpdate({
      target: [
        selectorMisses.platform,
        selectorMisses.pageKind,
        selectorMisses.selectorId,
        selectorMisses.extensionVersion,
      ],
      set: { count: sql`${selectorMisses.count} + 1`, lastSeenAt: sql`now()` },
    });
}

/** The misses last seen most recently first. */
export async function listMisses(db: DirectoryDb, options: { limit: number; platform?: string | undefined }) {
  return db
    .select()
    .from(selectorMisses)
    .where(options.platform ? eq(selectorMisses.platform, options.platform) : undefined)
    .orderBy(desc(selectorMisses.lastSeenAt), selectorMisses.platform, selectorMisses.selectorId)
    .limit(options.limit);
}
