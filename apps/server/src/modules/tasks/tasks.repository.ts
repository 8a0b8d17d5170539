import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { textArray } from '../../platform/db/raw';
import { contactPipelines, contacts, taskReminders, tasks } from '../../platform/db/team-schema';

export type TaskRow = typeof tasks.$inferSelect;

/** The task, unless it was deleted (then only `findDeletedTask` finds it, for its Undo). */
export async function findTask(db: TeamDb, teamId: string, id: string): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, id), isNull(tasks.deletedAt)));
  return row ?? null;
}

export async function findDeletedTask(db: TeamDb, teamId: string, id: string): Promise<TaskRow | null> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, id), isNotNull(tasks.deletedAt)));
  return row ?? null;
}

export async function insertTask(db: TeamDb, row: typeof tasks.$inferInsert) {
  const [created] = await insertTasks(db, [row]);
  return created!;
}

/** Many tasks in one statement (a bulk action's batch). */
export async function insertTasks(db: TeamDb, rows: (typeof tasks.$inferInsert)[]) {
  return rows.length === 0 ? [] : db.insert(tasks).values(rows).returning();
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

/** Deletes a task, keeping it for its Undo until the purge takes it 30 days on. */
export async function deleteTask(db: TeamDb, teamId: string, id: string) {
  await db
    .update(tasks)
    .set({ deletedAt: new Date() })
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, id)));
}

export async function restoreTask(db: TeamDb, teamId: string, id: string) {
  const [restored] = await db
    .update(tasks)
    .set({ deletedAt: null })
    .where(and(eq(tasks.teamId, teamId), eq(tasks.id, id)))
    .returning();
  return restored!;
}

/** The contact's name as the app shows it: first and last name, else the full name. */
const contactName = sql<
  string | null
>`nullif(trim(coalesce(nullif(trim(concat_ws(' ', ${contacts.firstName}, ${contacts.lastName})), ''), ${contacts.name})), '')`;

export interface TaskListOptions {
  status: 'active' | 'completed';
  assigneeUid?: string | undefined;
  contactId?: string | undefined;
  /** Only tasks whose contact is in this pipeline. */
  pipelineId?: string | undefined;
  /** Words in the task's name or its contact's name. */
  text?: string | undefined;
  /** Pipelines the reader may see, or 'all' for owners and admins: other contacts' tasks are left out. */
  visiblePipelineIds: readonly string[] | 'all';
  limit: number;
}

/**
 * Tasks by status with their contact's name, soonest due first for open ones and latest completed
 * first for done ones. One query: the assignee, contact or due index narrows it, and each pipeline
 * check is a lookup on contact_pipelines' key.
 */
export async function listTasks(db: TeamDb, teamId: string, options: TaskListOptions) {
  const conditions: SQL[] = [
    eq(tasks.teamId, teamId),
    eq(tasks.status, options.status),
    isNull(tasks.deletedAt),
  ];
  if (options.assigneeUid) conditions.push(eq(tasks.assigneeUid, options.assigneeUid));
  if (options.contactId) conditions.push(eq(tasks.contactId, options.contactId));
  // A deleted contact's tasks wait with them in Recently deleted, and come back with a restore.
  conditions.push(isNull(contacts.deletedAt));
  const inPipelines = (pipelines: SQL) =>
    sql`exists (select 1 from ${contactPipelines} where ${contactPipelines.teamId} = ${tasks.teamId} and ${contactPipelines.contactId} = ${tasks.contactId} and ${contactPipelines.pipelineId} ${pipelines})`;
  if (options.pipelineId) conditions.push(inPipelines(sql`= ${options.pipelineId}`));
  if (options.visiblePipelineIds !== 'all') {
    conditions.push(
      or(isNull(tasks.contactId), inPipelines(sql`= any(${textArray(options.visiblePipelineIds)})`))!,
    );
  }
  const words = options.text?.trim().split(/\s+/).filter(Boolean) ?? [];
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(tasks.taskName, pattern), sql`${contactName} ilike ${pattern}`)!);
  }
  const rows = await db
    .select({ task: tasks, contactName })
    .from(tasks)
    .leftJoin(contacts, and(eq(contacts.teamId, tasks.teamId), eq(contacts.id, tasks.contactId)))
    .where(and(...conditions))
    .orderBy(options.status === 'active' ? asc(tasks.dueAt) : desc(tasks.completedAt), asc(tasks.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row.task, contactName: row.contactName }));
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
