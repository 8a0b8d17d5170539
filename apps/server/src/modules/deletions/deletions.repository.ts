import { sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows, textArray } from '../../platform/db/raw';
import { contactDataTables, contacts, pipelines } from '../../platform/db/team-schema';

/** One user action that deleted something: its id, when, and who. */
export interface Deletion {
  id: string;
  at: Date;
  byUid: string;
  byName: string;
}

const deletionColumns = (deletion: Deletion) =>
  sql`deleted_at = ${deletion.at.toISOString()}::timestamptz, deleted_by = ${deletion.byUid}, deleted_by_name = ${deletion.byName}, deletion_id = ${deletion.id}`;

/** Takes placements out of contact_pipelines into deleted_contact_pipelines, under a deletion. */
async function keepPlacementsApart(db: TeamDb, teamId: string, which: SQL, deletionId: string) {
  await db.execute(sql`with moved as (
      delete from contact_pipelines where team_id = ${teamId} and ${which} returning *
    )
    insert into deleted_contact_pipelines
      (team_id, contact_id, pipeline_id, deletion_id, stage_id, questions, rank, added_at, stage_changed_at, lead_score)
    select team_id, contact_id, pipeline_id, ${deletionId}, stage_id, questions, rank, added_at, stage_changed_at, lead_score
    from moved`);
}

/**
 * Marks contacts deleted (those not deleted already) and keeps their places apart, so they leave
 * boards and searches at once. Answers the ids it deleted.
 */
export async function softDeleteContacts(
  db: TeamDb,
  teamId: string,
  contactIds: string[],
  deletion: Deletion,
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const deleted = await selectRows<{ id: string }>(
    db,
    sql`update contacts set ${deletionColumns(deletion)}
        where team_id = ${teamId} and id = any(${textArray(contactIds)}) and deleted_at is null
        returning id`,
  );
  const ids = deleted.map((row) => row.id);
  if (ids.length === 0) return ids;
  // A history line per pipeline the person leaves, written before the places are kept apart: the
  // connections of those pipelines learn of the deletion from it (see sync-outbox in migration 0031).
  await db.execute(sql`insert into activities
      (team_id, id, contact_id, pipeline_id, type, action, created_at, created_by, created_by_uid, data)
    select team_id, 'act_' || ${deletion.id} || '_' || contact_id || '_' || pipeline_id, contact_id, pipeline_id,
      'contact', 'deleted', ${deletion.at.toISOString()}::timestamptz, ${deletion.byName}, ${deletion.byUid}, '{}'::jsonb
    from contact_pipelines where team_id = ${teamId} and contact_id = any(${textArray(ids)})`);
  await keepPlacementsApart(db, teamId, sql`contact_id = any(${textArray(ids)})`, deletion.id);
  return ids;
}

/** Marks a pipeline deleted and keeps its contacts' places apart; the contacts themselves stay. */
export async function softDeletePipeline(db: TeamDb, teamId: string, pipelineId: string, deletion: Deletion) {
  await db.execute(
    sql`update pipelines set ${deletionColumns(deletion)}, is_default = false
        where team_id = ${teamId} and id = ${pipelineId} and deleted_at is null`,
  );
  await keepPlacementsApart(db, teamId, sql`pipeline_id = ${pipelineId}`, deletion.id);
}

/** What a restore brought back: the contacts and pipelines, and the places put back on boards. */
export interface Restored {
  contactIds: string[];
  pipelineIds: string[];
  placements: { contactId: string; pipelineId: string }[];
}

/**
 * Brings back what one deletion deleted, or some deleted contacts (a capture finding them again).
 * A place whose contact or pipeline is still deleted waits with that deletion instead; one whose
 * stage was deleted meanwhile goes to its pipeline's first stage.
 */
export async function restore(
  db: TeamDb,
  teamId: string,
  target: { deletionId: string } | { contactIds: string[] },
): Promise<Restored> {
  const cleared = sql`deleted_at = null, deleted_by = null, deleted_by_name = null, deletion_id = null`;
  const restoredContacts = await selectRows<{ id: string }>(
    db,
    'deletionId' in target
      ? sql`update contacts set ${cleared} where team_id = ${teamId} and deletion_id = ${target.deletionId} and deleted_at is not null returning id`
      : sql`update contacts set ${cleared} where team_id = ${teamId} and id = any(${textArray(target.contactIds)}) and deleted_at is not null returning id`,
  );
  const restoredPipelines =
    'deletionId' in target
      ? await selectRows<{ id: string }>(
          db,
          sql`update pipelines set ${cleared} where team_id = ${teamId} and deletion_id = ${target.deletionId} and deleted_at is not null returning id`,
        )
      : [];
  const contactIds = restoredContacts.map((row) => row.id);
  const candidates =
    'deletionId' in target
      ? sql`d.deletion_id = ${target.deletionId}`
      : sql`d.contact_id = any(${textArray(contactIds)})`;
  await db.execute(sql`update deleted_contact_pipelines d
      set deletion_id = case when c.deleted_at is not null then c.deletion_id else p.deletion_id end
      from contacts c, pipelines p
      where d.team_id = ${teamId} and ${candidates}
        and c.team_id = d.team_id and c.id = d.contact_id and p.team_id = d.team_id and p.id = d.pipeline_id
        and (c.deleted_at is not null or p.deleted_at is not null)`);
  const placements = await selectRows<{ contactId: string; pipelineId: string }>(
    db,
    sql`with moved as (
        delete from deleted_contact_pipelines d where d.team_id = ${teamId} and ${candidates}
          and not exists (select 1 from contacts c where c.team_id = d.team_id and c.id = d.contact_id and c.deleted_at is not null)
          and not exists (select 1 from pipelines p where p.team_id = d.team_id and p.id = d.pipeline_id and p.deleted_at is not null)
        returning d.*
      )
      insert into contact_pipelines (team_id, contact_id, pipeline_id, stage_id, questions, rank, added_at, stage_changed_at, lead_score)
      select m.team_id, m.contact_id, m.pipeline_id,
        coalesce(s.id, (select f.id from stages f where f.team_id = m.team_id and f.pipeline_id = m.pipeline_id order by f.rank limit 1)),
        m.questions, m.rank, m.added_at, m.stage_changed_at, m.lead_score
      from moved m left join stages s on s.team_id = m.team_id and s.id = m.stage_id and s.pipeline_id = m.pipeline_id
      on conflict do nothing
      returning contact_id as "contactId", pipeline_id as "pipelineId"`,
  );
  return { contactIds, pipelineIds: restoredPipelines.map((row) => row.id), placements };
}

/** The deletions the Recently deleted list shows, newest first: one row per user action. */
export interface DeletionRow {
  deletionId: string;
  kind: 'contacts' | 'pipeline';
  deletedAt: Date;
  deletedBy: string | null;
  deletedByName: string | null;
  /** Contacts deleted, or the contacts that were in the deleted pipeline. */
  count: number;
  /** A few of the contacts' names (alphabetically), or the pipeline's name. */
  names: string[];
}

export async function listDeletions(
  db: TeamDb,
  teamId: string,
  paging: { offset: number; limit: number },
): Promise<{ rows: DeletionRow[]; total: number }> {
  const groups = sql`
    select deletion_id as "deletionId", 'contacts' as kind, max(deleted_at) as "deletedAt",
      min(deleted_by) as "deletedBy", min(deleted_by_name) as "deletedByName", count(*)::int as count,
      (array_agg(name order by lower(name), id))[1:3] as names
    from contacts where team_id = ${teamId} and deleted_at is not null group by deletion_id
    union all
    select p.deletion_id, 'pipeline', p.deleted_at, p.deleted_by, p.deleted_by_name,
      (select count(*)::int from deleted_contact_pipelines d where d.team_id = p.team_id and d.pipeline_id = p.id),
      array[p.nick_name]
    from pipelines p where p.team_id = ${teamId} and p.deleted_at is not null`;
  const [rows, totals] = await Promise.all([
    selectRows<DeletionRow>(
      db,
      sql`${groups} order by "deletedAt" desc, "deletionId" limit ${paging.limit} offset ${paging.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from (${groups}) as g`),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      deletedAt: row.deletedAt instanceof Date ? row.deletedAt : new Date(String(row.deletedAt)),
      count: Number(row.count),
    })),
    total: Number(totals[0]?.total ?? 0),
  };
}

/** What one deletion holds: its contacts and pipelines (ids), for authorizing and announcing. */
export async function findDeletion(db: TeamDb, teamId: string, deletionId: string) {
  const [contactRows, pipelineRows] = await Promise.all([
    selectRows<{ id: string }>(
      db,
      sql`select id from contacts where team_id = ${teamId} and deletion_id = ${deletionId} and deleted_at is not null`,
    ),
    selectRows<{ id: string; name: string }>(
      db,
      sql`select id, nick_name as name from pipelines where team_id = ${teamId} and deletion_id = ${deletionId} and deleted_at is not null`,
    ),
  ]);
  return { contactIds: contactRows.map((row) => row.id), pipelines: pipelineRows };
}

/** Where deleted contacts were placed (kept apart), for telling boards what came back. */
export async function findKeptPlacements(db: TeamDb, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return selectRows<{ contactId: string; pipelineId: string }>(
    db,
    sql`select contact_id as "contactId", pipeline_id as "pipelineId" from deleted_contact_pipelines
        where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})`,
  );
}

/** Teams of this shard with something deleted before the cutoff. */
export async function teamsWithExpiredDeletions(db: TeamDb, before: Date): Promise<string[]> {
  const cutoff = sql`${before.toISOString()}::timestamptz`;
  const rows = await selectRows<{ teamId: string }>(
    db,
    sql`select distinct team_id as "teamId" from contacts where deleted_at is not null and deleted_at < ${cutoff}
        union select distinct team_id from pipelines where deleted_at is not null and deleted_at < ${cutoff}
        union select distinct team_id from tasks where deleted_at is not null and deleted_at < ${cutoff}`,
  );
  return rows.map((row) => row.teamId);
}

/** Deletes for good up to `limit` contacts deleted before the cutoff; answers how many. */
export async function purgeContacts(db: TeamDb, teamId: string, before: Date, limit: number) {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from contacts where team_id = ${teamId} and deleted_at is not null and deleted_at < ${before.toISOString()}::timestamptz
        order by deleted_at limit ${limit}`,
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return 0;
  for (const table of contactDataTables) {
    await db.execute(
      sql`delete from ${table} where team_id = ${teamId} and contact_id = any(${textArray(ids)})`,
    );
  }
  await db.execute(sql`delete from ${contacts} where team_id = ${teamId} and id = any(${textArray(ids)})`);
  return ids.length;
}

/** Deletes for good up to `limit` tasks deleted before the cutoff; answers how many. */
export async function purgeTasks(db: TeamDb, teamId: string, before: Date, limit: number) {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`with gone as (
          delete from tasks where team_id = ${teamId} and id in (
            select id from tasks where team_id = ${teamId} and deleted_at is not null
              and deleted_at < ${before.toISOString()}::timestamptz limit ${limit})
          returning id)
        select id from gone`,
  );
  return rows.length;
}

/** Deletes for good one pipeline deleted before the cutoff, with its stages, tag sets and tags. */
export async function purgeOnePipeline(db: TeamDb, teamId: string, before: Date): Promise<boolean> {
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from ${pipelines} where team_id = ${teamId} and deleted_at is not null and deleted_at < ${before.toISOString()}::timestamptz
        order by deleted_at limit 1`,
  );
  if (!row) return false;
  const sets = sql`select id from tag_sets where team_id = ${teamId} and pipeline_id = ${row.id}`;
  const tagIds = sql`select id from tags where team_id = ${teamId} and tag_set_id in (${sets})`;
  await db.execute(sql`delete from contact_tags where team_id = ${teamId} and tag_id in (${tagIds})`);
  await db.execute(sql`delete from tags where team_id = ${teamId} and tag_set_id in (${sets})`);
  await db.execute(sql`delete from tag_sets where team_id = ${teamId} and pipeline_id = ${row.id}`);
  await db.execute(
    sql`delete from deleted_contact_pipelines where team_id = ${teamId} and pipeline_id = ${row.id}`,
  );
  await db.execute(sql`delete from stages where team_id = ${teamId} and pipeline_id = ${row.id}`);
  await db.execute(sql`delete from pipelines where team_id = ${teamId} and id = ${row.id}`);
  return true;
}
