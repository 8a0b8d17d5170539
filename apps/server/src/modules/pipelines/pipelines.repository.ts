import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { softDeletePipeline, type Deletion } from '../deletions';
import type { TeamDb } from '../../platform/db/databases';
import {
  contactPipelines,
  contactTags,
  phases,
  pipelines,
  stages,
  tagSets,
  tags,
} from '../../platform/db/team-schema';

export type PipelineRow = typeof pipelines.$inferSelect;
export type StageRow = typeof stages.$inferSelect;
export type TagSetRow = typeof tagSets.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

/** The team's pipelines in order; deleted ones wait in the Recently deleted list, out of every read. */
export async function listPipelines(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.teamId, teamId), isNull(pipelines.deletedAt)))
    .orderBy(asc(pipelines.rank));
}

/** The team's living pipelines, locked until the transaction ends (a check across them then holds). */
export async function lockPipelines(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.teamId, teamId), isNull(pipelines.deletedAt)))
    .orderBy(asc(pipelines.rank))
    .for('update');
}

export async function findPipeline(db: TeamDb, teamId: string, id: string): Promise<PipelineRow | null> {
  const [row] = await db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.teamId, teamId), eq(pipelines.id, id), isNull(pipelines.deletedAt)));
  return row ?? null;
}

export async function lastPipelineRank(db: TeamDb, teamId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: max(pipelines.rank) })
    .from(pipelines)
    .where(eq(pipelines.teamId, teamId));
  return row?.value ?? null;
}

export async function insertPipeline(db: TeamDb, row: typeof pipelines.$inferInsert) {
  await db.insert(pipelines).values(row);
}

export async function updatePipeline(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof pipelines.$inferInsert>,
) {
  await db
    .update(pipelines)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(pipelines.teamId, teamId), eq(pipelines.id, id)));
}

/** Makes one pipeline the default and every other not, in one statement. */
export async function setDefaultPipeline(db: TeamDb, teamId: string, id: string) {
  await db
    .update(pipelines)
    .set({ isDefault: sql`${pipelines.id} = ${id}` })
    .where(eq(pipelines.teamId, teamId));
}

/**
 * Deletes a pipeline for 30 days: it and its contacts' places leave every read, and a restore brings
 * back its stages, tag sets and tags as they were. The contacts stay in the team.
 */
export async function deletePipeline(db: TeamDb, teamId: string, id: string, deletion: Deletion) {
  await softDeletePipeline(db, teamId, id, deletion);
}

export async function listStages(db: TeamDb, teamId: string, pipelineIds?: string[]) {
  const where = pipelineIds
    ? and(eq(stages.teamId, teamId), inArray(stages.pipelineId, pipelineIds))
    : eq(stages.teamId, teamId);
  return db.select().from(stages).where(where).orderBy(asc(stages.pipelineId), asc(stages.rank));
}

/** Of these phase ids, those that are not phases of the team. */
export async function findUnknownPhases(db: TeamDb, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const known = await db
    .select({ id: phases.id })
    .from(phases)
    .where(and(eq(phases.teamId, teamId), inArray(phases.id, ids)));
  return ids.filter((id) => !known.some((row) => row.id === id));
}

export async function findStage(db: TeamDb, teamId: string, id: string): Promise<StageRow | null> {
  const [row] = await db
    .select()
    .from(stages)
    .where(and(eq(stages.teamId, teamId), eq(stages.id, id)));
  return row ?? null;
}

export async function insertStages(db: TeamDb, rows: (typeof stages.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(stages).values(rows);
}

export async function updateStage(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof stages.$inferInsert>,
) {
  await db
    .update(stages)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(stages.teamId, teamId), eq(stages.id, id)));
}

export async function deleteStage(db: TeamDb, teamId: string, id: string) {
  await db.delete(stages).where(and(eq(stages.teamId, teamId), eq(stages.id, id)));
}

/** Moves every contact of one stage to another in one statement. */
export async function moveStageContacts(db: TeamDb, teamId: string, fromStageId: string, toStageId: string) {
  const moved = await db
    .update(contactPipelines)
    .set({ stageId: toStageId, stageChangedAt: new Date() })
    .where(and(eq(contactPipelines.teamId, teamId), eq(contactPipelines.stageId, fromStageId)))
    .returning({ contactId: contactPipelines.contactId });
  return moved.length;
}

export async function countStageContacts(db: TeamDb, teamId: string, stageId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(contactPipelines)
    .where(and(eq(contactPipelines.teamId, teamId), eq(contactPipelines.stageId, stageId)));
  return row?.value ?? 0;
}

/** Tag sets with their tags: global ones (pipelineId null) and those of the given pipelines. */
export async function listTagSets(db: TeamDb, teamId: string, pipelineIds: string[] | 'all') {
  // A deleted pipeline's tag sets come back with it; until then they are not offered.
  const live = sql`(${tagSets.pipelineId} is null or ${tagSets.pipelineId} not in (select p.id from ${pipelines} p where p.team_id = ${teamId} and p.deleted_at is not null))`;
  const scope =
    pipelineIds === 'all'
      ? and(eq(tagSets.teamId, teamId), live)
      : and(
          live,
          eq(tagSets.teamId, teamId),
          pipelineIds.length > 0
            ? sql`(${tagSets.pipelineId} is null or ${inArray(tagSets.pipelineId, pipelineIds)})`
            : isNull(tagSets.pipelineId),
        );
  const sets = await db.select().from(tagSets).where(scope).orderBy(asc(tagSets.rank));
  const setIds = sets.map((set) => set.id);
  const rows =
    setIds.length === 0
      ? []
      : await db
          .select()
          .from(tags)
          .where(and(eq(tags.teamId, teamId), inArray(tags.tagSetId, setIds)))
          .orderBy(asc(tags.name));
  return sets.map((set) => ({ ...set, tags: rows.filter((tag) => tag.tagSetId === set.id) }));
}

export async function findTagSet(db: TeamDb, teamId: string, id: string): Promise<TagSetRow | null> {
  const [row] = await db
    .select()
    .from(tagSets)
    .where(and(eq(tagSets.teamId, teamId), eq(tagSets.id, id)));
  return row ?? null;
}

export async function lastTagSetRank(db: TeamDb, teamId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: max(tagSets.rank) })
    .from(tagSets)
    .where(eq(tagSets.teamId, teamId));
  return row?.value ?? null;
}

export async function insertTagSet(db: TeamDb, row: typeof tagSets.$inferInsert) {
  await db.insert(tagSets).values(row);
}

export async function updateTagSet(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof tagSets.$inferInsert>,
) {
  await db
    .update(tagSets)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(tagSets.teamId, teamId), eq(tagSets.id, id)));
}

export async function deleteTagSet(db: TeamDb, teamId: string, id: string) {
  const tagIds = db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.teamId, teamId), eq(tags.tagSetId, id)));
  await db.delete(contactTags).where(and(eq(contactTags.teamId, teamId), inArray(contactTags.tagId, tagIds)));
  await db.delete(tags).where(and(eq(tags.teamId, teamId), eq(tags.tagSetId, id)));
  await db.delete(tagSets).where(and(eq(tagSets.teamId, teamId), eq(tagSets.id, id)));
}

export async function findTag(db: TeamDb, teamId: string, id: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.teamId, teamId), eq(tags.id, id)));
  return row ?? null;
}

export async function insertTag(db: TeamDb, row: typeof tags.$inferInsert) {
  await db.insert(tags).values(row);
}

export async function updateTag(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof tags.$inferInsert>,
) {
  await db
    .update(tags)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(tags.teamId, teamId), eq(tags.id, id)));
}

export async function deleteTag(db: TeamDb, teamId: string, id: string) {
  await db.delete(contactTags).where(and(eq(contactTags.teamId, teamId), eq(contactTags.tagId, id)));
  await db.delete(tags).where(and(eq(tags.teamId, teamId), eq(tags.id, id)));
}
