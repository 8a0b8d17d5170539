import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows } from '../../platform/db/raw';
import {
  activities,
  bulkJobs,
  contactTags,
  orphanedTags,
  tagSets,
  tags,
} from '../../platform/db/team-schema';

const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

/** A tag name as reconciliation compares it: trimmed, lower case, single spaces. */
const normalizedName = (column: SQL) => sql`lower(btrim(regexp_replace(${column}, ${'\\s+'}, ' ', 'g')))`;

/**
 * Which contacts a reader may count: all of them (null), or only those in one of the listed
 * pipelines, so a member never learns about contacts of pipelines they cannot see.
 */
export type VisiblePipelines = readonly string[] | null;

const visibleContact = (contactId: SQL, teamId: string, visible: VisiblePipelines) =>
  visible === null
    ? sql`true`
    : sql`exists (select 1 from contact_pipelines cp where cp.team_id = ${teamId}
          and cp.contact_id = ${contactId} and cp.pipeline_id = any(${textArray(visible)}))`;

export interface OrphanRow {
  key: string;
  name: string;
  contacts: number;
}

/**
 * Orphaned tag names with how many visible contacts carry each, by name. A deleted contact keeps
 * its names for a restore, but no longer counts.
 */
export async function listOrphans(db: TeamDb, teamId: string, visible: VisiblePipelines) {
  return selectRows<OrphanRow>(
    db,
    sql`select o.key, min(o.name) as name, count(*)::int as contacts
        from orphaned_tags o
        join contacts c on c.team_id = o.team_id and c.id = o.contact_id and c.deleted_at is null
        where o.team_id = ${teamId} and ${visibleContact(sql`o.contact_id`, teamId, visible)}
        group by o.key
        order by o.key`,
  );
}

export interface DuplicateTagRow {
  key: string;
  tagId: string;
  name: string;
  color: string | null;
  tagSetId: string;
  tagSetName: string;
  tagSetColor: string;
  pipelineId: string | null;
  /** Null for a global tag. */
  pipelineName: string | null;
  /** The contacts carrying it that the reader may see. */
  contacts: number;
}

/**
 * Tags whose names are equal once trimmed, lower-cased and with single spaces, across every tag set
 * of the team, each with its set, pipeline and contact count. Counts come from the (tag, contact)
 * index and are only taken for tags in a group.
 */
export async function listDuplicateTags(db: TeamDb, teamId: string, visible: VisiblePipelines) {
  // A member meets only global tags and those of their pipelines: the others are not named at all.
  const visibleSet =
    visible === null ? sql`true` : sql`(s.pipeline_id is null or s.pipeline_id = any(${textArray(visible)}))`;
  return selectRows<DuplicateTagRow>(
    db,
    sql`with named as (
          select t.id, t.name, t.color, t.tag_set_id, s.name as set_name, s.color as set_color, s.pipeline_id,
                 ${normalizedName(sql`t.name`)} as key,
                 count(*) over (partition by ${normalizedName(sql`t.name`)}) as copies
          from tags t
          join tag_sets s on s.team_id = t.team_id and s.id = t.tag_set_id
          where t.team_id = ${teamId} and ${visibleSet}
        )
        select n.key, n.id as "tagId", n.name, n.color, n.tag_set_id as "tagSetId", n.set_name as "tagSetName",
               n.set_color as "tagSetColor", n.pipeline_id as "pipelineId", p.nick_name as "pipelineName",
               (
                 select count(*)::int from contact_tags ct
                 where ct.team_id = ${teamId} and ct.tag_id = n.id
                   and not exists (select 1 from contacts c where c.team_id = ct.team_id
                     and c.id = ct.contact_id and c.deleted_at is not null)
                   and ${visibleContact(sql`ct.contact_id`, teamId, visible)}
               ) as contacts
        from named n
        left join pipelines p on p.team_id = ${teamId} and p.id = n.pipeline_id
        where n.copies > 1
        order by n.key, n.pipeline_id nulls first, lower(n.set_name), n.name, n.id`,
  );
}

export interface TagWithSet {
  tagId: string;
  name: string;
  tagSetId: string;
  tagSetName: string;
  pipelineId: string | null;
}

export async function findTagsWithSets(db: TeamDb, teamId: string, tagIds: string[]): Promise<TagWithSet[]> {
  if (tagIds.length === 0) return [];
  return db
    .select({
      tagId: tags.id,
      name: tags.name,
      tagSetId: tagSets.id,
      tagSetName: tagSets.name,
      pipelineId: tagSets.pipelineId,
    })
    .from(tags)
    .innerJoin(tagSets, and(eq(tagSets.teamId, tags.teamId), eq(tagSets.id, tags.tagSetId)))
    .where(and(eq(tags.teamId, teamId), inArray(tags.id, tagIds)));
}

/** Another tag of the set whose name equals `name` once trimmed, lower-cased and with single spaces. */
export async function findSameNameInSet(
  db: TeamDb,
  teamId: string,
  tagSetId: string,
  name: string,
  exceptTagId: string,
) {
  const [row] = await selectRows<{ id: string; name: string }>(
    db,
    sql`select id, name from tags where team_id = ${teamId} and tag_set_id = ${tagSetId} and id <> ${exceptTagId}
        and ${normalizedName(sql`name`)} = ${normalizedName(sql`${name}::text`)} limit 1`,
  );
  return row ?? null;
}

export async function renameTag(db: TeamDb, teamId: string, tagId: string, name: string) {
  await db
    .update(tags)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(tags.teamId, teamId), eq(tags.id, tagId)));
}

/** How many contacts carry at least one of the tags. */
export async function countContactsWithTags(db: TeamDb, teamId: string, tagIds: string[]) {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(distinct contact_id)::int as total from contact_tags
        where team_id = ${teamId} and tag_id = any(${textArray(tagIds)})`,
  );
  return row?.total ?? 0;
}

/** The next contacts that still carry one of the tags, walking the (tag, contact) index. */
export async function nextContactsWithTags(db: TeamDb, teamId: string, tagIds: string[], limit: number) {
  const rows = await selectRows<{ contactId: string }>(
    db,
    sql`select distinct contact_id as "contactId" from contact_tags
        where team_id = ${teamId} and tag_id = any(${textArray(tagIds)})
        order by contact_id limit ${limit}`,
  );
  return rows.map((row) => row.contactId);
}

/** Gives the contacts the tag; answers those who did not have it yet. */
export async function addTag(db: TeamDb, teamId: string, contactIds: string[], tagId: string) {
  const rows = await selectRows<{ contactId: string }>(
    db,
    sql`insert into contact_tags (team_id, contact_id, tag_id)
        select ${teamId}, c, ${tagId}::text from unnest(${textArray(contactIds)}) as c
        on conflict do nothing returning contact_id as "contactId"`,
  );
  return rows.map((row) => row.contactId);
}

/** Takes the tags off the contacts; answers which pairs were removed. */
export async function removeTags(db: TeamDb, teamId: string, contactIds: string[], tagIds: string[]) {
  return selectRows<{ contactId: string; tagId: string }>(
    db,
    sql`delete from contact_tags where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
        and tag_id = any(${textArray(tagIds)}) returning contact_id as "contactId", tag_id as "tagId"`,
  );
}

/** Marks the contacts as changed, so "recently updated" views and syncs see them. */
export async function touchContacts(db: TeamDb, teamId: string, contactIds: string[]) {
  await db.execute(
    sql`update contacts set updated_at = now() where team_id = ${teamId} and id = any(${textArray(contactIds)})`,
  );
}

/** The pipelines each of the contacts is in. */
export async function listPlacements(db: TeamDb, teamId: string, contactIds: string[]) {
  return selectRows<{ contactId: string; pipelineId: string }>(
    db,
    sql`select contact_id as "contactId", pipeline_id as "pipelineId" from contact_pipelines
        where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})`,
  );
}

export async function insertActivities(db: TeamDb, rows: (typeof activities.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(activities).values(rows);
}

/** Deletes tags (and any contact link left to them); answers those that were there. */
export async function deleteTags(db: TeamDb, teamId: string, tagIds: string[]) {
  await db.delete(contactTags).where(and(eq(contactTags.teamId, teamId), inArray(contactTags.tagId, tagIds)));
  const deleted = await db
    .delete(tags)
    .where(and(eq(tags.teamId, teamId), inArray(tags.id, tagIds)))
    .returning({ id: tags.id });
  return deleted.map((row) => row.id);
}

/** Merge jobs of the team that have not finished yet. */
export async function listUnfinishedMerges(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(bulkJobs)
    .where(
      and(
        eq(bulkJobs.teamId, teamId),
        inArray(bulkJobs.status, ['queued', 'running']),
        sql`${bulkJobs.action}->>'type' = 'mergeTags'`,
      ),
    );
}

export async function listOrphanedTags(db: TeamDb, teamId: string) {
  return selectRows<{ key: string; name: string; contacts: number }>(
    db,
    sql`select o.key, min(o.name) as name, count(*)::int as contacts from orphaned_tags o
        join contacts c on c.team_id = o.team_id and c.id = o.contact_id and c.deleted_at is null
        where o.team_id = ${teamId}
        group by o.key order by count(*) desc, o.key`,
  );
}

/** Removes an orphaned tag; answers the contacts that carried it. */
export async function takeOrphanedTag(db: TeamDb, teamId: string, key: string) {
  const rows = await db
    .delete(orphanedTags)
    .where(and(eq(orphanedTags.teamId, teamId), eq(orphanedTags.key, key)))
    .returning({ contactId: orphanedTags.contactId });
  return rows.map((row) => row.contactId);
}
