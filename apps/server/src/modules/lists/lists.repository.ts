import { and, asc, eq } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { filterSets, savedTagPosts, testQuestions } from '../../platform/db/team-schema';
import type { phases, statusLabels, teamQuestions } from '../../platform/db/team-schema';

// The SQL of the team's setup lists: the ranked ones (status labels, phases, questions), test
// questions, saved tag posts and saved views.

/** The tables of the ranked lists, which share one shape: id, rank and a few text fields. */
export type RankedTable = typeof statusLabels | typeof phases | typeof teamQuestions;

export async function listRanked<T extends RankedTable>(
  db: TeamDb,
  table: T,
  teamId: string,
): Promise<T['$inferSelect'][]> {
  // Drizzle cannot select from a table type left open; each of the three gives its own rows.
  const ranked: RankedTable = table;
  const rows = await db.select().from(ranked).where(eq(ranked.teamId, teamId)).orderBy(asc(ranked.rank));
  return rows;
}

export async function insertRanked(
  db: TeamDb,
  table: RankedTable,
  row: { teamId: string; id: string; rank: string } & Record<string, string>,
) {
  await db.insert(table).values(row as never);
}

export async function updateRanked(
  db: TeamDb,
  table: RankedTable,
  teamId: string,
  id: string,
  patch: Record<string, string>,
) {
  await db
    .update(table)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(table.teamId, teamId), eq(table.id, id)));
}

export async function listTestQuestions(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(testQuestions)
    .where(eq(testQuestions.teamId, teamId))
    .orderBy(asc(testQuestions.createdAt));
}

export async function insertTestQuestion(db: TeamDb, row: typeof testQuestions.$inferInsert) {
  await db.insert(testQuestions).values(row);
}

export async function listSavedTagPosts(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(savedTagPosts)
    .where(eq(savedTagPosts.teamId, teamId))
    .orderBy(asc(savedTagPosts.createdAt));
}

/** A saved post, locked until the transaction ends: two edits of its tags do not interleave. */
export async function lockSavedTagPost(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(savedTagPosts)
    .where(and(eq(savedTagPosts.teamId, teamId), eq(savedTagPosts.id, id)))
    .for('update');
  return row;
}

export async function insertSavedTagPost(db: TeamDb, row: typeof savedTagPosts.$inferInsert) {
  await db.insert(savedTagPosts).values(row);
}

export async function updateSavedTagPost(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<Pick<typeof savedTagPosts.$inferInsert, 'platform' | 'url' | 'title' | 'tagIds'>>,
) {
  await db
    .update(savedTagPosts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(savedTagPosts.teamId, teamId), eq(savedTagPosts.id, id)));
}

export async function listFilterSets(db: TeamDb, teamId: string) {
  return db.select().from(filterSets).where(eq(filterSets.teamId, teamId)).orderBy(asc(filterSets.name));
}

export async function findFilterSet(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(filterSets)
    .where(and(eq(filterSets.teamId, teamId), eq(filterSets.id, id)));
  return row;
}

export async function insertFilterSet(db: TeamDb, row: typeof filterSets.$inferInsert) {
  await db.insert(filterSets).values(row);
}

export async function updateFilterSet(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: { name: string; filter: Record<string, unknown> },
) {
  await db
    .update(filterSets)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(filterSets.teamId, teamId), eq(filterSets.id, id)));
}

export async function deleteFilterSet(db: TeamDb, teamId: string, id: string) {
  await db.delete(filterSets).where(and(eq(filterSets.teamId, teamId), eq(filterSets.id, id)));
}
