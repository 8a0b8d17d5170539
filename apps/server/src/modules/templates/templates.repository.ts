import { and, asc, eq } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { messageTemplates, taskTemplates } from '../../platform/db/team-schema';

type MessageTemplateInsert = typeof messageTemplates.$inferInsert;
type TaskTemplateInsert = typeof taskTemplates.$inferInsert;

export async function listMessageTemplates(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.teamId, teamId))
    .orderBy(asc(messageTemplates.category), asc(messageTemplates.name));
}

export async function insertMessageTemplate(db: TeamDb, row: MessageTemplateInsert) {
  await db.insert(messageTemplates).values(row);
}

/** Whether the template was there to change. */
export async function updateMessageTemplate(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<Omit<MessageTemplateInsert, 'teamId' | 'id'>>,
): Promise<boolean> {
  const updated = await db
    .update(messageTemplates)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(messageTemplates.teamId, teamId), eq(messageTemplates.id, id)))
    .returning({ id: messageTemplates.id });
  return updated.length > 0;
}

export async function listTaskTemplates(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(taskTemplates)
    .where(eq(taskTemplates.teamId, teamId))
    .orderBy(asc(taskTemplates.category), asc(taskTemplates.name));
}

export async function findTaskTemplate(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.teamId, teamId), eq(taskTemplates.id, id)));
  return row;
}

export async function insertTaskTemplate(db: TeamDb, row: TaskTemplateInsert) {
  await db.insert(taskTemplates).values(row);
}

/** Whether the template was there to change. */
export async function updateTaskTemplate(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<Omit<TaskTemplateInsert, 'teamId' | 'id'>>,
): Promise<boolean> {
  const updated = await db
    .update(taskTemplates)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(taskTemplates.teamId, teamId), eq(taskTemplates.id, id)))
    .returning({ id: taskTemplates.id });
  return updated.length > 0;
}
