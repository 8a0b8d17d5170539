import { and, eq } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { photoSources, photos } from '../../platform/db/team-schema';

export type PhotoRow = typeof photos.$inferSelect;

export async function findPhoto(db: TeamDb, teamId: string, id: string): Promise<PhotoRow | null> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.teamId, teamId), eq(photos.id, id)));
  return row ?? null;
}

export async function findPhotoByHash(db: TeamDb, teamId: string, sha256: string): Promise<PhotoRow | null> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.teamId, teamId), eq(photos.sha256, sha256)));
  return row ?? null;
}

/** Stores a photo's record; a photo with the same bytes stored meanwhile wins, and is answered. */
export async function insertPhoto(db: TeamDb, row: typeof photos.$inferInsert): Promise<PhotoRow> {
  const [inserted] = await db.insert(photos).values(row).onConflictDoNothing().returning();
  return inserted ?? (await findPhotoByHash(db, row.teamId, row.sha256))!;
}

/** The photo a platform address gave this contact before, if any. */
export async function findPhotoSource(db: TeamDb, teamId: string, contactId: string, sourceHash: string) {
  const [row] = await db
    .select({ photoId: photoSources.photoId })
    .from(photoSources)
    .where(
      and(
        eq(photoSources.teamId, teamId),
        eq(photoSources.contactId, contactId),
        eq(photoSources.sourceHash, sourceHash),
      ),
    );
  return row?.photoId ?? null;
}

export async function insertPhotoSource(db: TeamDb, row: typeof photoSources.$inferInsert) {
  await db.insert(photoSources).values(row).onConflictDoNothing();
}
