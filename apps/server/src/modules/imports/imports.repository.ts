import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows } from '../../platform/db/raw';
import {
  contactPipelines,
  contactSources,
  contactTags,
  contacts,
  importChunks,
  importRefusals,
  imports,
} from '../../platform/db/team-schema';

export type ImportRow = typeof imports.$inferSelect;

const textArray = (values: readonly (string | null)[]) => sql`${sql.param(values)}::text[]`;

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
  if (rows.length > 0) await db.insert(importRefusals).values(rows).onConflictDoNothing();
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

/** Who among these is already stored: by GTID, platform profile id or username, or email. */
export async function findExisting(
  db: TeamDb,
  teamId: string,
  keys: { gtids: string[]; profileIds: string[]; usernames: string[]; emails: string[] },
) {
  const [byId, byProfile, byUsername, byEmail] = await Promise.all([
    keys.gtids.length === 0
      ? []
      : selectRows<{ id: string }>(
          db,
          sql`select id from contacts where team_id = ${teamId} and id = any(${textArray(keys.gtids)})`,
        ),
    keys.profileIds.length === 0
      ? []
      : selectRows<{ contactId: string; platform: string; key: string }>(
          db,
          sql`select contact_id as "contactId", platform, profile_id as key from contact_sources
              where team_id = ${teamId} and profile_id = any(${textArray(keys.profileIds)})`,
        ),
    keys.usernames.length === 0
      ? []
      : selectRows<{ contactId: string; platform: string; key: string }>(
          db,
          sql`select contact_id as "contactId", platform, lower(username) as key from contact_sources
              where team_id = ${teamId} and lower(username) = any(${textArray(keys.usernames)})`,
        ),
    keys.emails.length === 0
      ? []
      : selectRows<{ id: string; email: string }>(
          db,
          sql`select id, lower(email_address) as email from contacts where team_id = ${teamId} and lower(email_address) = any(${textArray(keys.emails)})`,
        ),
  ]);
  return { byId, byProfile, byUsername, byEmail };
}

export async function insertContacts(db: TeamDb, rows: (typeof contacts.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(contacts).values(rows);
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

export async function upsertSources(db: TeamDb, rows: (typeof contactSources.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db
    .insert(contactSources)
    .values(rows)
    .onConflictDoUpdate({
      target: [contactSources.teamId, contactSources.contactId, contactSources.platform],
      set: {
        profileId: sql`coalesce(excluded.profile_id, ${contactSources.profileId})`,
        username: sql`coalesce(excluded.username, ${contactSources.username})`,
        url: sql`coalesce(excluded.url, ${contactSources.url})`,
        updatedAt: new Date(),
      },
    });
}

/** Recomputes the searchable handles of these contacts from their sources. */
export async function refreshHandles(db: TeamDb, teamId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`update contacts c set handles = coalesce((
      select string_agg(s.username, ' ' order by s.platform) from contact_sources s
      where s.team_id = c.team_id and s.contact_id = c.id and s.username is not null), '')
    where c.team_id = ${teamId} and c.id = any(${textArray(ids)})`);
}

/** Places contacts in pipelines (or moves them to the row's stage); answers which were new there. */
export async function upsertPlacements(db: TeamDb, rows: (typeof contactPipelines.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db
    .insert(contactPipelines)
    .values(rows)
    .onConflictDoUpdate({
      target: [contactPipelines.teamId, contactPipelines.contactId, contactPipelines.pipelineId],
      set: {
        stageId: sql`excluded.stage_id`,
        questions: sql`case when excluded.questions = '[]'::jsonb then ${contactPipelines.questions} else excluded.questions end`,
      },
    })
    .returning({
      contactId: contactPipelines.contactId,
      pipelineId: contactPipelines.pipelineId,
      inserted: sql<boolean>`xmax = 0`,
    });
}

export async function addContactTags(db: TeamDb, rows: (typeof contactTags.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(contactTags).values(rows).onConflictDoNothing();
}
