import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { taskReminders, tasks } from '../../platform/db/team-schema';

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

/** Records a sent reminder; answers false when this task's reminder for that moment was sent already. */
export async function insertReminder(db: TeamDb, row: typeof taskReminders.$inferInsert) {
  const inserted = await db
    .insert(taskReminders)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: taskReminders.id });
  return inserted.length > 0;
}

export async function listReminders(db: TeamDb, teamId: string, userUid: string, limit: number) {
  return db
    .select()
    .from(taskReminders)
    .where(and(eq(taskReminders.teamId, teamId), eq(taskReminders.userUid, userUid)))
    .orderBy(desc(taskReminders.createdAt))
    .limit(limit);
}

export async function markRemindersRead(db: TeamDb, teamId: string, userUid: string) {
  await db
    .update(taskReminders)
    .set({ readAt: new Date() })
    .where(
      and(eq(taskReminders.teamId, teamId), eq(taskReminders.userUid, userUid), isNull(taskReminders.readAt)),
    );
}
