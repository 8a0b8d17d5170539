import { and, eq, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows, textArray } from '../../platform/db/raw';
import { activities, bulkJobs, stageHistory } from '../../platform/db/team-schema';

export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type ActivityRow = typeof activities.$inferInsert;

export async function insertBulkJob(db: TeamDb, row: typeof bulkJobs.$inferInsert) {
  await db.insert(bulkJobs).values(row);
}

export async function findBulkJob(db: TeamDb, teamId: string, id: string): Promise<BulkJobRow | null> {
  const [row] = await db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.teamId, teamId), eq(bulkJobs.id, id)));
  return row ?? null;
}

export async function updateBulkJob(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof bulkJobs.$inferInsert>,
) {
  await db
    .update(bulkJobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(bulkJobs.teamId, teamId), eq(bulkJobs.id, id)));
}

/** Adds the tags to the contacts; answers the pairs that were new. */
export async function addTags(db: TeamDb, teamId: string, contactIds: string[], tagIds: string[]) {
  return selectRows<{ contactId: string; tagId: string }>(
    db,
    sql`insert into contact_tags (team_id, contact_id, tag_id)
        select ${teamId}, c, t from unnest(${textArray(contactIds)}) as c cross join unnest(${textArray(tagIds)}) as t
        on conflict do nothing returning contact_id as "contactId", tag_id as "tagId"`,
  );
}

export async function removeTags(db: TeamDb, teamId: string, contactIds: string[], tagIds: string[]) {
  return selectRows<{ contactId: string; tagId: string }>(
    db,
    sql`delete from contact_tags where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
        and tag_id = any(${textArray(tagIds)}) returning contact_id as "contactId", tag_id as "tagId"`,
  );
}

/**
 * Gives the contacts a status label (null: clears theirs); answers those it changed. A label deleted
 * since the job started is given to no one. Their last update is kept, as a bulk tag keeps it.
 */
export async function setStatusLabel(
  db: TeamDb,
  teamId: string,
  contactIds: string[],
  labelId: string | null,
) {
  const labelExists = labelId
    ? sql`exists (select 1 from status_labels l where l.team_id = ${teamId} and l.id = ${labelId})`
    : sql`true`;
  return selectRows<{ contactId: string }>(
    db,
    sql`update contacts set status_label_id = ${labelId}
        where team_id = ${teamId} and id = any(${textArray(contactIds)})
          and status_label_id is distinct from ${labelId} and ${labelExists}
        returning id as "contactId"`,
  );
}

/** Moves the contacts of a pipeline to a stage, each to the end in the given order; answers who moved from where. */
export async function moveToStage(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  stageId: string,
  contactIds: string[],
  ranks: string[],
) {
  return selectRows<{ contactId: string; fromStageId: string; fromRank: string }>(
    db,
    sql`with target as (
          select u.contact_id, u.rank, cp.stage_id as from_stage, cp.rank as from_rank from unnest(${textArray(contactIds)}, ${textArray(ranks)}) as u(contact_id, rank)
          join contact_pipelines cp on cp.team_id = ${teamId} and cp.pipeline_id = ${pipelineId} and cp.contact_id = u.contact_id
          where cp.stage_id <> ${stageId}
          for update of cp
        )
        update contact_pipelines cp set stage_id = ${stageId}, stage_changed_at = now(), rank = target.rank
        from target where cp.team_id = ${teamId} and cp.pipeline_id = ${pipelineId} and cp.contact_id = target.contact_id
        returning cp.contact_id as "contactId", target.from_stage as "fromStageId", target.from_rank as "fromRank"`,
  );
}

/** Places contacts not yet in the pipeline in a stage; answers who was added. */
export async function addToPipeline(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  stageId: string,
  contactIds: string[],
  ranks: string[],
) {
  return selectRows<{ contactId: string }>(
    db,
    // A contact deleted since the job was asked for stays off the board.
    sql`insert into contact_pipelines (team_id, contact_id, pipeline_id, stage_id, rank)
        select ${teamId}, u.contact_id, ${pipelineId}, ${stageId}, u.rank from unnest(${textArray(contactIds)}, ${textArray(ranks)}) as u(contact_id, rank)
        join contacts c on c.team_id = ${teamId} and c.id = u.contact_id and c.deleted_at is null
        on conflict do nothing returning contact_id as "contactId"`,
  );
}

export async function removeFromPipeline(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  contactIds: string[],
) {
  return selectRows<{ contactId: string }>(
    db,
    sql`delete from contact_pipelines where team_id = ${teamId} and pipeline_id = ${pipelineId}
        and contact_id = any(${textArray(contactIds)}) returning contact_id as "contactId"`,
  );
}

export async function insertStageHistory(db: TeamDb, rows: (typeof stageHistory.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(insertUnnest(stageHistory, rows));
}

/** The tasks a bulk job made for some contacts, read off the activities it wrote with them. */
export async function findTasksMadeByJob(db: TeamDb, teamId: string, jobId: string, contactIds: string[]) {
  const rows = await selectRows<{ taskUID: string }>(
    db,
    sql`select data->>'taskUID' as "taskUID" from ${activities}
      where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
        and type = 'task' and data->>'bulkJobId' = ${jobId}`,
  );
  return rows.map((row) => row.taskUID);
}

export async function insertActivities(db: TeamDb, rows: (typeof activities.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(insertUnnest(activities, rows));
}

/** What a bulk job changed for some of its contacts, read off the activities it wrote with them. */
export async function findChangesMadeByJob(db: TeamDb, teamId: string, jobId: string, contactIds: string[]) {
  return selectRows<{ contactId: string; type: string; data: Record<string, unknown> }>(
    db,
    sql`select contact_id as "contactId", type, data from ${activities}
      where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
        and type in ('tag', 'stage') and data->>'bulkJobId' = ${jobId}`,
  );
}

/** Takes exactly these tags off exactly these contacts; answers the pairs that were there. */
export async function removeTagPairs(
  db: TeamDb,
  teamId: string,
  pairs: { contactId: string; tagId: string }[],
) {
  if (pairs.length === 0) return [];
  return selectRows<{ contactId: string; tagId: string }>(
    db,
    sql`delete from contact_tags t using unnest(${textArray(pairs.map((p) => p.contactId))}, ${textArray(pairs.map((p) => p.tagId))}) as u(contact_id, tag_id)
        where t.team_id = ${teamId} and t.contact_id = u.contact_id and t.tag_id = u.tag_id
        returning t.contact_id as "contactId", t.tag_id as "tagId"`,
  );
}

/** Puts exactly these tags back on exactly these contacts; answers the pairs that were new. */
export async function addTagPairs(db: TeamDb, teamId: string, pairs: { contactId: string; tagId: string }[]) {
  if (pairs.length === 0) return [];
  return selectRows<{ contactId: string; tagId: string }>(
    db,
    sql`insert into contact_tags (team_id, contact_id, tag_id)
        select ${teamId}, u.contact_id, u.tag_id from unnest(${textArray(pairs.map((p) => p.contactId))}, ${textArray(pairs.map((p) => p.tagId))}) as u(contact_id, tag_id)
        on conflict do nothing returning contact_id as "contactId", tag_id as "tagId"`,
  );
}

/**
 * Moves contacts back to the stage and rank they had, when they are still where the job put them
 * (one moved again since keeps that later move); answers who went back.
 */
export async function moveBack(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  movedTo: string,
  places: { contactId: string; stageId: string; rank: string }[],
) {
  if (places.length === 0) return [];
  return selectRows<{ contactId: string; stageId: string }>(
    db,
    sql`update contact_pipelines cp set stage_id = u.stage_id, rank = u.rank, stage_changed_at = now()
        from unnest(${textArray(places.map((p) => p.contactId))}, ${textArray(places.map((p) => p.stageId))}, ${textArray(places.map((p) => p.rank))}) as u(contact_id, stage_id, rank)
        where cp.team_id = ${teamId} and cp.pipeline_id = ${pipelineId} and cp.contact_id = u.contact_id
          and cp.stage_id = ${movedTo}
          and exists (select 1 from stages s where s.team_id = ${teamId} and s.id = u.stage_id and s.pipeline_id = ${pipelineId})
        returning cp.contact_id as "contactId", cp.stage_id as "stageId"`,
  );
}
