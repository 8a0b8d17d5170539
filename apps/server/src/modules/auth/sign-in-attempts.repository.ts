import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { DirectoryDb } from '../../platform/db/databases';
import { signInAttempts } from '../../platform/db/directory-schema';

export async function countRecentAttempts(db: DirectoryDb, key: string, since: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.key, key), gte(signInAttempts.attemptedAt, since)));
  return row?.value ?? 0;
}

export async function recordAttempt(db: DirectoryDb, key: string, at: number) {
  await db.insert(signInAttempts).values({ key, attemptedAt: at });
}

export async function clearAttempts(db: DirectoryDb, key: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** Takes back the attempt recorded under `key` at `at`. */
export async function forgetAttempt(db: DirectoryDb, key: string, at: number) {
  await db.delete(signInAttempts).where(and(eq(signInAttempts.key, key), eq(signInAttempts.attemptedAt, at)));
}

export async function deleteAttemptsBefore(db: DirectoryDb, before: number) {
  await db.delete(signInAttempts).where(lt(signInAttempts.attemptedAt, before));
}
