import { desc, eq, sql } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { mailOutbox } from '../../platform/db/directory-schema';

export type MailRecord = typeof mailOutbox.$inferSelect;

/** Stores a mail; answers false when a mail with that id is already stored. */
export async function insertMail(
  db: DirectoryDb,
  mail: Pick<MailRecord, 'id' | 'to' | 'subject' | 'text'> & Partial<Pick<MailRecord, 'channel'>>,
) {
  const inserted = await db
    .insert(mailOutbox)
    .values(mail)
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

export async function findMail(db: DirectoryDb, id: string): Promise<MailRecord | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

export async function recordDelivery(
  db: DirectoryDb,
  id: string,
  outcome: { status: 'sent' | 'logged' | 'failed'; error?: string },
) {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      attempts: sql`${mailOutbox.attempts} + 1`,
      sentAt: outcome.status === 'failed' ? null : new Date(),
    })
    .where(eq(mailOutbox.id, id));
}

export async function listOutbox(db: DirectoryDb, options: { limit: number; to?: string }) {
  const query = db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to)) : query;
  return filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit);
}
