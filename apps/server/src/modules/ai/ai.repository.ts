import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import {
  activities,
  aiContexts,
  aiUsage,
  aiWritingStyles,
  messageTemplates,
  pipelines,
  stages,
} from '../../platform/db/team-schema';

export async function findContext(db: TeamDb, teamId: string) {
  const [row] = await db.select().from(aiContexts).where(eq(aiContexts.teamId, teamId));
  return row;
}

export async function saveContext(
  db: TeamDb,
  teamId: string,
  context: Record<string, unknown>,
  userUid: string,
) {
  await db
    .insert(aiContexts)
    .values({ teamId, context, updatedBy: userUid })
    .onConflictDoUpdate({
      target: aiContexts.teamId,
      set: { context, updatedBy: userUid, updatedAt: new Date() },
    });
}

export async function findStyle(db: TeamDb, teamId: string, userUid: string) {
  const [row] = await db
    .select()
    .from(aiWritingStyles)
    .where(and(eq(aiWritingStyles.teamId, teamId), eq(aiWritingStyles.userUid, userUid)));
  return row;
}

export async function saveStyle(
  db: TeamDb,
  row: { teamId: string; userUid: string; profile: string; sampleCount: number },
) {
  await db
    .insert(aiWritingStyles)
    .values(row)
    .onConflictDoUpdate({
      target: [aiWritingStyles.teamId, aiWritingStyles.userUid],
      set: { profile: row.profile, sampleCount: row.sampleCount, updatedAt: new Date() },
    });
}

export async function findUsage(db: TeamDb, teamId: string, month: string) {
  const [row] = await db
    .select()
    .from(aiUsage)
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.month, month)));
  return row;
}

/**
 * Counts one request against the month's allowance in one statement, so two at once cannot both
 * take the last one. False when the allowance is used up.
 */
export async function reserveRequest(db: TeamDb, teamId: string, month: string, allowance: number) {
  const rows = await db
    .insert(aiUsage)
    .values({ teamId, month, requests: 1, tokens: 0 })
    .onConflictDoUpdate({
      target: [aiUsage.teamId, aiUsage.month],
      set: { requests: sql`${aiUsage.requests} + 1` },
      setWhere: sql`${aiUsage.requests} < ${allowance}`,
    })
    .returning({ requests: aiUsage.requests });
  return rows.length > 0;
}

/** Gives back a request that brought no answer (stopped, failed). */
export async function releaseRequest(db: TeamDb, teamId: string, month: string) {
  await db
    .update(aiUsage)
    .set({ requests: sql`greatest(${aiUsage.requests} - 1, 0)` })
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.month, month)));
}

export async function addTokens(db: TeamDb, teamId: string, month: string, tokens: number) {
  if (tokens <= 0) return;
  await db
    .update(aiUsage)
    .set({ tokens: sql`${aiUsage.tokens} + ${tokens}` })
    .where(and(eq(aiUsage.teamId, teamId), eq(aiUsage.month, month)));
}

/** Pipelines' names and stages' names by id, for the pipelines a contact is in. */
export async function findPlaceNames(db: TeamDb, teamId: string, pipelineIds: string[], stageIds: string[]) {
  const [pipelineRows, stageRows] = await Promise.all([
    pipelineIds.length === 0
      ? []
      : db
          .select({ id: pipelines.id, name: pipelines.nickName })
          .from(pipelines)
          .where(and(eq(pipelines.teamId, teamId), inArray(pipelines.id, pipelineIds))),
    stageIds.length === 0
      ? []
      : db
          .select({ id: stages.id, name: stages.name })
          .from(stages)
          .where(and(eq(stages.teamId, teamId), inArray(stages.id, stageIds))),
  ]);
  return {
    pipelines: new Map(pipelineRows.map((row) => [row.id, row.name])),
    stages: new Map(stageRows.map((row) => [row.id, row.name])),
  };
}

/** A contact's latest history, newest first. */
export async function listRecentActivities(db: TeamDb, teamId: string, contactId: string, limit: number) {
  return db
    .select()
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.contactId, contactId)))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
}

/** The messages a member sent or copied most recently, as the contacts' histories record them. */
export async function listRecentMessagesBy(db: TeamDb, teamId: string, userUid: string, limit: number) {
  return db
    .select({ note: activities.note, data: activities.data, pipelineId: activities.pipelineId })
    .from(activities)
    .where(
      and(
        eq(activities.teamId, teamId),
        eq(activities.createdByUid, userUid),
        eq(activities.type, 'message'),
      ),
    )
    .orderBy(desc(activities.createdAt))
    .limit(limit);
}

export async function findMessageTemplateText(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select({ text: messageTemplates.text })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.teamId, teamId), eq(messageTemplates.id, id)));
  return row?.text ?? null;
}
