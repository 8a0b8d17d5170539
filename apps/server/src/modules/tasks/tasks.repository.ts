import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { tasks } from '../../platform/db/team-schema';

export type TaskRow = typeof tasks.$inferSelect;

export async function findTask(db: TeamDb, teamId: string, id: string): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, id)));
  return row ?? null;
}

export async function insertTask(db: TeamDb, row: typeof tasks.$inferInsert) {
  const [created] = await db.insert(tasks).values(row).returning();
  return created!;
}

export async function updateTask(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof tasks.$inferInsert>,
) {
  const [updated] = await db
    .update(tasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, id)))
    .returning();
  return updated!;
}

export async function deleteTask(db: TeamDb, teamId: string, id: string) {
  await db.delete(tasks).where(and(eq(tasks.teamId, teamId), eq(tasks.id, id)));
}

/** Tasks by status, soonest due first for open ones and latest completed first for done ones. */
export async function listTasks(
  db: TeamDb,
  teamId: string,
  options: {
    status: 'active' | 'completed';
    assigneeUid?: string | undefined;
    contactId?: string | undefined;
    limit: number;
  },
) {
  const conditions: SQL[] = [eq(tasks.teamId, teamId), eq(tasks.status, options.status)];
  if (options.assigneeUid) conditions.push(eq(tasks.assigneeUid, options.assigneeUid));
  if (options.contactId) conditions.push(eq(tasks.contactId, options.contactId));
  return db
    .select()
    .from(tasks)
    .where(and(...conditions))
    .orderBy(options.status === 'active' ? asc(tasks.dueAt) : desc(tasks.completedAt), asc(tasks.id))
    .limit(options.limit);
}
