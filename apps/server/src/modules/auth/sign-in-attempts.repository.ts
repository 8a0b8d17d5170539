import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { signInAttempts } from '../../platform/db/directory-schema';

/** Records an attempt under `key` at `at`, then counts those since `since`, this one included. */
export async function recordAttemptAndCount(
  db: DirectoryDb,
  key: string,
  at: number,
  since: number,
): Promise<number> {
  await db.insert(signInAttempts).values({ key, attemptedAt: at });
  const [row] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.key, key), gte(signInAttempts.attemptedAt, since)));
  return row?.value ?? 0;
}

export async function clearAttempts(db: DirectoryDb, key: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/**
 * Takes back one attempt recorded under `key` at `at`. One row only: attempts sent at once may share
 * the millisecond, and the others must keep counting.
 */
export async function forgetAttempt(db: DirectoryDb, key: string, at: number) {
  await db.execute(sql`
    delete from ${signInAttempts} where ctid = (
      select ctid from ${signInAttempts}
      where ${signInAttempts.key} = ${key} and ${signInAttempts.attemptedAt} = ${at}
      limit 1
    )`);
}

export async function deleteAttemptsBefore(db: DirectoryDb, before: number) {
  await db.delete(signInAttempts).where(lt(signInAttempts.attemptedAt, before));
}
