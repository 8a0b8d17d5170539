import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import {
  contactPipelines,
  contacts,
  messageTemplates,
  pipelines,
  stages,
  taskTemplates,
} from '../../platform/db/team-schema';

type MessageTemplateInsert = typeof messageTemplates.$inferInsert;
type TaskTemplateInsert = typeof taskTemplates.$inferInsert;

export async function listMessageTemplates(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.teamId, teamId))
    .orderBy(asc(messageTemplates.category), asc(messageTemplates.name));
}

export async function findMessageTemplate(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.teamId, teamId), eq(messageTemplates.id, id)));
  return row;
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

/**
 * What template fields are filled from, for each of these contacts: their names and details, and
 * each pipeline they are in with its name, their stage there and their answers (none when in none).
 */
export async function listTemplateSources(db: TeamDb, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .select({
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      name: contacts.name,
      emailAddress: contacts.emailAddress,
      phoneNumber: contacts.phoneNumber,
      pipelineId: contactPipelines.pipelineId,
      pipelineName: pipelines.nickName,
      stageName: stages.name,
      questions: contactPipelines.questions,
    })
    .from(contacts)
    .leftJoin(
      contactPipelines,
      and(eq(contactPipelines.teamId, contacts.teamId), eq(contactPipelines.contactId, contacts.id)),
    )
    .leftJoin(
      pipelines,
      and(eq(pipelines.teamId, contactPipelines.teamId), eq(pipelines.id, contactPipelines.pipelineId)),
    )
    .leftJoin(
      stages,
      and(eq(stages.teamId, contactPipelines.teamId), eq(stages.id, contactPipelines.stageId)),
    )
    .where(and(eq(contacts.teamId, teamId), inArray(contacts.id, contactIds)))
    .orderBy(asc(contacts.id), asc(contactPipelines.addedAt), asc(contactPipelines.pipelineId));
}
