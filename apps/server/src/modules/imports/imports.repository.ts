import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows, textArray } from '../../platform/db/raw';
import {
  activities,
  contactPipelines,
  contactTags,
  contacts,
  importChunks,
  importRefusals,
  importWarnings,
  imports,
} from '../../platform/db/team-schema';

export type ImportRow = typeof imports.$inferSelect;

export async function insertImport(db: TeamDb, row: typeof imports.$inferInsert) {
  await db.insert(imports).values(row);
}

export async function findImport(db: TeamDb, teamId: string, id: string): Promise<ImportRow | null> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.teamId, teamId), eq(imports.id, id)));
  return row ?? null;
}

export async function updateImport(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof imports.$inferInsert>,
) {
  await db
    .update(imports)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(imports.teamId, teamId), eq(imports.id, id)));
}

export async function insertChunk(db: TeamDb, teamId: string, importId: string, seq: number, data: string) {
  await db.insert(importChunks).values({ teamId, importId, seq, data });
}

export async function findChunk(db: TeamDb, teamId: string, importId: string, seq: number) {
  const [row] = await db
    .select({ data: importChunks.data })
    .from(importChunks)
    .where(
      and(eq(importChunks.teamId, teamId), eq(importChunks.importId, importId), eq(importChunks.seq, seq)),
    );
  return row?.data ?? null;
}

export async function deleteChunks(db: TeamDb, teamId: string, importId: string) {
  await db
    .delete(importChunks)
    .where(and(eq(importChunks.teamId, teamId), eq(importChunks.importId, importId)));
}

export async function insertRefusals(db: TeamDb, rows: (typeof importRefusals.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(sql`${insertUnnest(importRefusals, rows)} on conflict do nothing`);
}

export async function listRefusals(
  db: TeamDb,
  teamId: string,
  importId: string,
  afterRow: number,
  limit: number,
) {
  return db
    .select()
    .from(importRefusals)
    .where(
      and(
        eq(importRefusals.teamId, teamId),
        eq(importRefusals.importId, importId),
        gt(importRefusals.rowNumber, afterRow),
      ),
    )
    .orderBy(asc(importRefusals.rowNumber))
    .limit(limit);
}

export async function insertWarnings(db: TeamDb, rows: (typeof importWarnings.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(sql`${insertUnnest(importWarnings, rows)} on conflict do nothing`);
}

/** An import's warnings in file order, after the given row, a page at a time. */
export async function listWarnings(
  db: TeamDb,
  teamId: string,
  importId: string,
  after: { rowNumber: number; column: number },
  limit: number,
) {
  return db
    .select()
    .from(importWarnings)
    .where(
      and(
        eq(importWarnings.teamId, teamId),
        eq(importWarnings.importId, importId),
        sql`(${importWarnings.rowNumber}, ${importWarnings.column}) > (${after.rowNumber}, ${after.column})`,
      ),
    )
    .orderBy(asc(importWarnings.rowNumber), asc(importWarnings.column))
    .limit(limit);
}

/** A member's finished imports, newest first: what their bell tells them of. */
export async function listFinishedImports(db: TeamDb, teamId: string, userUid: string, limit: number) {
  return db
    .select()
    .from(imports)
    .where(and(eq(imports.teamId, teamId), eq(imports.createdByUid, userUid), isNotNull(imports.finishedAt)))
    .orderBy(desc(imports.finishedAt))
    .limit(limit);
}

/** Marks a member's finished imports as seen in their bell; answers how many were unseen. */
export async function markImportNoticesRead(db: TeamDb, teamId: string, userUid: string) {
  const rows = await db
    .update(imports)
    .set({ noticeReadAt: new Date() })
    .where(
      and(
        eq(imports.teamId, teamId),
        eq(imports.createdByUid, userUid),
        isNotNull(imports.finishedAt),
        isNull(imports.noticeReadAt),
      ),
    )
    .returning({ id: imports.id });
  return rows.length;
}

/** How many rows of an import were refused for this reason. */
export async function countRefusals(db: TeamDb, teamId: string, importId: string, reason: string) {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from import_refusals
        where team_id = ${teamId} and import_id = ${importId} and reason = ${reason}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Who among these is already stored, by GTID, platform profile id or username, or email: one
 * statement answering each match as the identity key the import uses (`id:…`, `p:platform:…`,
 * `u:platform:…`, `e:…`) with its contact.
 */
export async function findExisting(
  db: TeamDb,
  teamId: string,
  keys: { gtids: string[]; profileIds: string[]; usernames: string[]; emails: string[] },
) {
  return selectRows<{ key: string; contactId: string }>(
    db,
    sql`select 'id:' || id as key, id as "contactId" from contacts
          where team_id = ${teamId} and id = any(${textArray(keys.gtids)})
        union all
        select 'p:' || platform || ':' || profile_id, contact_id from contact_sources
          where team_id = ${teamId} and profile_id = any(${textArray(keys.profileIds)})
        union all
        select 'u:' || platform || ':' || lower(username), contact_id from contact_sources
          where team_id = ${teamId} and lower(username) = any(${textArray(keys.usernames)})
        union all
        select 'e:' || lower(email_address), id from contacts
          where team_id = ${teamId} and lower(email_address) = any(${textArray(keys.emails)})`,
  );
}

/**
 * Of these contacts, those in none of the given pipelines: the ones a member working in those
 * pipelines may not see, whom their import must leave alone.
 */
export async function findContactsOutside(
  db: TeamDb,
  teamId: string,
  contactIds: string[],
  pipelineIds: string[],
) {
  if (contactIds.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select c.id from unnest(${textArray(contactIds)}) as c(id)
        where not exists (select 1 from contact_pipelines p
          where p.team_id = ${teamId} and p.contact_id = c.id and p.pipeline_id = any(${textArray(pipelineIds)}))`,
  );
  return rows.map((row) => row.id);
}

/** Of these contacts, those waiting in Recently deleted: an import that finds them brings them back. */
export async function findDeletedContacts(db: TeamDb, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from contacts
        where team_id = ${teamId} and id = any(${textArray(contactIds)}) and deleted_at is not null`,
  );
  return rows.map((row) => row.id);
}

/** Inserts new contacts; answers the ids that were free (one taken meanwhile is left out). */
export async function insertContacts(db: TeamDb, rows: (typeof contacts.$inferInsert)[]) {
  if (rows.length === 0) return [];
  const inserted = await selectRows<{ id: string }>(
    db,
    sql`${insertUnnest(contacts, rows)} on conflict (team_id, id) do nothing returning id`,
  );
  return inserted.map((row) => row.id);
}

/** Fills the given fields of existing contacts in one statement; an empty value leaves a field alone. */
export async function fillContacts(
  db: TeamDb,
  teamId: string,
  rows: {
    id: string;
    firstName: string;
    lastName: string;
    name: string;
    email: string;
    phone: string;
    photo: string;
  }[],
) {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => textArray(rows.map((row) => row[key]));
  await db.execute(sql`update contacts c set
      first_name = coalesce(nullif(u.first_name, ''), c.first_name),
      last_name = coalesce(nullif(u.last_name, ''), c.last_name),
      name = coalesce(nullif(u.name, ''), c.name),
      email_address = coalesce(nullif(u.email, ''), c.email_address),
      phone_number = coalesce(nullif(u.phone, ''), c.phone_number),
      photo_url = coalesce(nullif(u.photo, ''), c.photo_url),
      updated_at = now()
    from unnest(${column('id')}, ${column('firstName')}, ${column('lastName')}, ${column('name')}, ${column('email')}, ${column('phone')}, ${column('photo')})
      as u(id, first_name, last_name, name, email, phone, photo)
    where c.team_id = ${teamId} and c.id = u.id`);
}

/** Places contacts in pipelines (or moves them to the row's stage); answers which were new there. */
export async function upsertPlacements(db: TeamDb, rows: (typeof contactPipelines.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return selectRows<{ contactId: string; pipelineId: string; inserted: boolean }>(
    db,
    sql`${insertUnnest(contactPipelines, rows)}
      on conflict (team_id, contact_id, pipeline_id) do update set
        stage_id = excluded.stage_id,
        questions = case when excluded.questions = '[]'::jsonb then contact_pipelines.questions else excluded.questions end
      returning contact_id as "contactId", pipeline_id as "pipelineId", xmax = 0 as inserted`,
  );
}

export async function addContactTags(db: TeamDb, rows: (typeof contactTags.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(sql`${insertUnnest(contactTags, rows)} on conflict do nothing`);
}

export async function insertActivities(db: TeamDb, rows: (typeof activities.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(insertUnnest(activities, rows));
}

/**
 * Adds notes an import keeps (its Notes column, a row's further emails and phones), each unless the contact already
 * has that very note, so importing the same file again adds none; answers those added.
 */
export async function insertNotesOnce(
  db: TeamDb,
  teamId: string,
  createdByUid: string,
  rows: { id: string; contactId: string; text: string }[],
) {
  if (rows.length === 0) return [];
  return selectRows<{ id: string; contactId: string; text: string }>(
    db,
    sql`insert into notes (team_id, id, contact_id, text, created_by_uid)
      select ${teamId}, u.id, u.contact_id, u.text, ${createdByUid}
      from unnest(${textArray(rows.map((row) => row.id))}, ${textArray(rows.map((row) => row.contactId))},
        ${textArray(rows.map((row) => row.text))}) as u(id, contact_id, text)
      where not exists (select 1 from notes n
        where n.team_id = ${teamId} and n.contact_id = u.contact_id and n.text = u.text)
      returning id, contact_id as "contactId", text`,
  );
}
