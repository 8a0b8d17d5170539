import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows, textArray } from '../../platform/db/raw';
import {
  activities,
  contactDataTables,
  contactPipelines,
  contactSources,
  contactTags,
  contacts,
  deals,
  notes,
  orphanedTags,
  pipelines,
  stageHistory,
  stages,
  tagSets,
  tags,
  teamQuestions,
} from '../../platform/db/team-schema';

export type ContactRow = typeof contacts.$inferSelect;
export type SourceRow = typeof contactSources.$inferSelect;
export type ActivityInsert = typeof activities.$inferInsert;

export interface SourceInput {
  platform: string;
  profileId?: string | null | undefined;
  username?: string | null | undefined;
  url?: string | null | undefined;
}

/** Conditions on contact_sources, one per profile id or username given: a row matching any is the same profile. */
function matchingProfiles(sources: SourceInput[]) {
  return sources.flatMap((source) => [
    ...(source.profileId
      ? [and(eq(contactSources.platform, source.platform), eq(contactSources.profileId, source.profileId))]
      : []),
    ...(source.username
      ? [
          and(
            eq(contactSources.platform, source.platform),
            sql`lower(${contactSources.username}) = ${source.username.toLowerCase()}`,
          ),
        ]
      : []),
  ]);
}

/** How a contact was found to be the same person; `deleted` when it waits in Recently deleted. */
export type IdentityMatch = { contactId: string; by: 'profile' | 'email'; deleted: boolean };

/** Deleted contacts are out of every read but capture's, which brings the same person back. */
const live = isNull(contacts.deletedAt);

/**
 * The contacts that are the same person, by platform and profile id, platform and username, or
 * email, in that order: capture takes the first (deleted ones too, which it restores), the contact
 * form shows them all (living ones only).
 */
export async function findContactsByIdentity(
  db: TeamDb,
  teamId: string,
  identity: { sources: SourceInput[]; emailAddress?: string | null | undefined },
  limit: number,
  options: { includeDeleted?: boolean } = {},
): Promise<IdentityMatch[]> {
  const found: IdentityMatch[] = [];
  const which = options.includeDeleted ? sql`true` : live;
  const bySource = matchingProfiles(identity.sources);
  if (bySource.length > 0) {
    const rows = await db
      .selectDistinct({ id: contactSources.contactId, deletedAt: contacts.deletedAt })
      .from(contactSources)
      .innerJoin(
        contacts,
        and(eq(contacts.teamId, contactSources.teamId), eq(contacts.id, contactSources.contactId)),
      )
      .where(and(eq(contactSources.teamId, teamId), or(...bySource), which))
      .limit(limit);
    found.push(
      ...rows.map((row) => ({ contactId: row.id, by: 'profile' as const, deleted: row.deletedAt !== null })),
    );
  }
  if (identity.emailAddress && found.length < limit) {
    const rows = await db
      .select({ id: contacts.id, deletedAt: contacts.deletedAt })
      .from(contacts)
      .where(
        and(
          eq(contacts.teamId, teamId),
          sql`lower(${contacts.emailAddress}) = ${identity.emailAddress.toLowerCase()}`,
          which,
        ),
      )
      // A living person before a deleted one with the same address.
      .orderBy(sql`${contacts.deletedAt} is not null`)
      .limit(limit - found.length);
    found.push(
      ...rows.map((row) => ({ contactId: row.id, by: 'email' as const, deleted: row.deletedAt !== null })),
    );
  }
  return found;
}

/** The contact that is the same person, as capture finds them (see findContactsByIdentity). */
export async function findContactIdByIdentity(
  db: TeamDb,
  teamId: string,
  identity: { sources: SourceInput[]; emailAddress?: string | null | undefined },
): Promise<string | null> {
  const [first] = await findContactsByIdentity(db, teamId, identity, 1);
  return first?.contactId ?? null;
}

/** Contacts with this full name, compared without case (the name's trigram index answers `=`). */
export async function findContactIdsByName(db: TeamDb, teamId: string, name: string, limit: number) {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), sql`lower(${contacts.name}) = ${name.toLowerCase()}`, live))
    .orderBy(desc(contacts.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Contacts with this phone number, as stored (numbers are stored normalised). */
export async function findContactIdsByPhone(db: TeamDb, teamId: string, phoneNumber: string, limit: number) {
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.phoneNumber, phoneNumber), live))
    .orderBy(desc(contacts.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** These contacts' rows, in no particular order. */
export async function listContactsByIds(db: TeamDb, teamId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), inArray(contacts.id, ids), live));
}

/** Where each of these contacts is: (contact, pipeline, stage). */
export async function listPlacementsOfContacts(db: TeamDb, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .select({
      contactId: contactPipelines.contactId,
      pipelineId: contactPipelines.pipelineId,
      stageId: contactPipelines.stageId,
    })
    .from(contactPipelines)
    .where(and(eq(contactPipelines.teamId, teamId), inArray(contactPipelines.contactId, contactIds)));
}

/**
 * Every place (pipeline and stage) of the living contacts whose profile on this platform has one of
 * these profile ids or usernames (usernames without case, as capture matches them), with the profile
 * that matched; newest placement or move first. One statement whatever the number of people: each
 * list is one bound array, answered by the sources' profile and username indexes.
 */
export async function listPlacesOfProfiles(
  db: TeamDb,
  teamId: string,
  query: { platform: string; profileIds: string[]; usernames: string[] },
) {
  const matches = [
    ...(query.profileIds.length > 0
      ? [sql`${contactSources.profileId} = any(${textArray(query.profileIds)})`]
      : []),
    ...(query.usernames.length > 0
      ? [
          sql`lower(${contactSources.username}) = any(${textArray(
            query.usernames.map((username) => username.toLowerCase()),
          )})`,
        ]
      : []),
  ];
  if (matches.length === 0) return [];
  const placedAt = sql<Date>`greatest(${contactPipelines.addedAt}, ${contactPipelines.stageChangedAt})`;
  return (
    db
      .select({
        profileId: contactSources.profileId,
        username: contactSources.username,
        contactId: contacts.id,
        name: contacts.name,
        pipelineId: contactPipelines.pipelineId,
        pipelineName: pipelines.nickName,
        stageName: stages.name,
        color: stages.color,
        fontColor: stages.fontColor,
      })
      .from(contactSources)
      .innerJoin(
        contacts,
        and(eq(contacts.teamId, contactSources.teamId), eq(contacts.id, contactSources.contactId), live),
      )
      .innerJoin(
        contactPipelines,
        and(eq(contactPipelines.teamId, contacts.teamId), eq(contactPipelines.contactId, contacts.id)),
      )
      // A pipeline in Recently deleted is not one the contact is shown in.
      .innerJoin(
        pipelines,
        and(
          eq(pipelines.teamId, contactPipelines.teamId),
          eq(pipelines.id, contactPipelines.pipelineId),
          isNull(pipelines.deletedAt),
        ),
      )
      .innerJoin(
        stages,
        and(eq(stages.teamId, contactPipelines.teamId), eq(stages.id, contactPipelines.stageId)),
      )
      .where(
        and(eq(contactSources.teamId, teamId), eq(contactSources.platform, query.platform), or(...matches)),
      )
      .orderBy(desc(placedAt), asc(pipelines.rank))
  );
}

/** Which contacts other than `contactId` already have these profiles (by profile id or username). */
export async function findSourceOwners(
  db: TeamDb,
  teamId: string,
  contactId: string,
  sources: SourceInput[],
): Promise<{ platform: string; contactId: string }[]> {
  const matches = matchingProfiles(sources);
  if (matches.length === 0) return [];
  return db
    .select({ platform: contactSources.platform, contactId: contactSources.contactId })
    .from(contactSources)
    .where(
      and(
        eq(contactSources.teamId, teamId),
        sql`${contactSources.contactId} <> ${contactId}`,
        or(...matches),
      ),
    );
}

export async function countContacts(db: TeamDb, teamId: string): Promise<number> {
  // Deleted contacts do not count against the plan: deleting makes room at once. All of the team's
  // (an index-only count) less the deleted (their partial index), rather than reading every row.
  const [row] = await db
    .select({
      value: sql<number>`(${db.select({ value: count() }).from(contacts).where(eq(contacts.teamId, teamId))})
        - (${db
          .select({ value: count() })
          .from(contacts)
          .where(and(eq(contacts.teamId, teamId), sql`${contacts.deletedAt} is not null`))})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row?.value ?? 0;
}

export async function findContact(db: TeamDb, teamId: string, id: string): Promise<ContactRow | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id), live));
  return row ?? null;
}

export async function insertContact(db: TeamDb, row: typeof contacts.$inferInsert) {
  await db.insert(contacts).values(row);
}

export async function updateContact(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof contacts.$inferInsert>,
) {
  await db
    .update(contacts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contacts.teamId, teamId), eq(contacts.id, id)));
}

export async function listSources(db: TeamDb, teamId: string, contactId: string) {
  return db
    .select()
    .from(contactSources)
    .where(and(eq(contactSources.teamId, teamId), eq(contactSources.contactId, contactId)))
    .orderBy(asc(contactSources.platform));
}

/** Adds or replaces the contact's source on each platform given. */
export async function upsertSources(db: TeamDb, teamId: string, contactId: string, sources: SourceInput[]) {
  await upsertSourceRows(
    db,
    sources.map((source) => ({
      teamId,
      contactId,
      platform: source.platform,
      profileId: source.profileId ?? null,
      username: source.username ?? null,
      url: source.url ?? null,
    })),
  );
}

/** Answers whether the contact had a profile on that platform. */
export async function deleteSource(db: TeamDb, teamId: string, contactId: string, platform: string) {
  const deleted = await db
    .delete(contactSources)
    .where(
      and(
        eq(contactSources.teamId, teamId),
        eq(contactSources.contactId, contactId),
        eq(contactSources.platform, platform),
      ),
    )
    .returning({ platform: contactSources.platform });
  return deleted.length > 0;
}

export async function listContactPipelines(db: TeamDb, teamId: string, contactId: string) {
  return db
    .select()
    .from(contactPipelines)
    .where(and(eq(contactPipelines.teamId, teamId), eq(contactPipelines.contactId, contactId)));
}

/** The pipelines each of these contacts is in, as (contact, pipeline) pairs. */
export async function listPipelinesOfContacts(db: TeamDb, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .select({ contactId: contactPipelines.contactId, pipelineId: contactPipelines.pipelineId })
    .from(contactPipelines)
    .where(and(eq(contactPipelines.teamId, teamId), inArray(contactPipelines.contactId, contactIds)));
}

export async function findContactPipeline(db: TeamDb, teamId: string, contactId: string, pipelineId: string) {
  const [row] = await db
    .select()
    .from(contactPipelines)
    .where(
      and(
        eq(contactPipelines.teamId, teamId),
        eq(contactPipelines.contactId, contactId),
        eq(contactPipelines.pipelineId, pipelineId),
      ),
    );
  return row ?? null;
}

export async function insertContactPipeline(db: TeamDb, row: typeof contactPipelines.$inferInsert) {
  await db.insert(contactPipelines).values(row);
}

export async function updateContactPipeline(
  db: TeamDb,
  teamId: string,
  contactId: string,
  pipelineId: string,
  patch: Partial<typeof contactPipelines.$inferInsert>,
) {
  // Nothing to change is no statement: an empty SET is not SQL.
  if (Object.keys(patch).length === 0) return;
  await db
    .update(contactPipelines)
    .set(patch)
    .where(
      and(
        eq(contactPipelines.teamId, teamId),
        eq(contactPipelines.contactId, contactId),
        eq(contactPipelines.pipelineId, pipelineId),
      ),
    );
}

export async function deleteContactPipeline(
  db: TeamDb,
  teamId: string,
  contactId: string,
  pipelineId: string,
) {
  await db
    .delete(contactPipelines)
    .where(
      and(
        eq(contactPipelines.teamId, teamId),
        eq(contactPipelines.contactId, contactId),
        eq(contactPipelines.pipelineId, pipelineId),
      ),
    );
}

/** The highest card rank in a stage, so a new card goes to the end in one write. */
export async function lastCardRank(db: TeamDb, teamId: string, pipelineId: string, stageId: string) {
  const [row] = await db
    .select({ rank: contactPipelines.rank })
    .from(contactPipelines)
    .where(
      and(
        eq(contactPipelines.teamId, teamId),
        eq(contactPipelines.pipelineId, pipelineId),
        eq(contactPipelines.stageId, stageId),
      ),
    )
    .orderBy(desc(contactPipelines.rank))
    .limit(1);
  return row?.rank ?? null;
}

/**
 * The ranks around a card of a stage that another card is dropped next to: the anchor's own and its
 * neighbour's on the asked side (null at the end of the stage), leaving out the card being moved.
 * Null when the anchor is not in that stage.
 */
export async function cardNeighbourRanks(
  db: TeamDb,
  teamId: string,
  where: {
    pipelineId: string;
    stageId: string;
    anchorId: string;
    side: 'after' | 'before';
    movingId: string;
  },
): Promise<{ anchor: string; neighbour: string | null } | null> {
  const inStage = and(
    eq(contactPipelines.teamId, teamId),
    eq(contactPipelines.pipelineId, where.pipelineId),
    eq(contactPipelines.stageId, where.stageId),
  );
  const [anchor] = await db
    .select({ rank: contactPipelines.rank })
    .from(contactPipelines)
    .where(and(inStage, eq(contactPipelines.contactId, where.anchorId)));
  if (!anchor) return null;
  const isAfter = where.side === 'after';
  // Strictly beyond the anchor's rank: cards sharing it (written at once by two people) are passed over.
  const [neighbour] = await db
    .select({ rank: contactPipelines.rank })
    .from(contactPipelines)
    .where(
      and(
        inStage,
        ne(contactPipelines.contactId, where.movingId),
        isAfter ? gt(contactPipelines.rank, anchor.rank) : lt(contactPipelines.rank, anchor.rank),
      ),
    )
    .orderBy(isAfter ? asc(contactPipelines.rank) : desc(contactPipelines.rank))
    .limit(1);
  return { anchor: anchor.rank, neighbour: neighbour?.rank ?? null };
}

export async function insertStageHistory(db: TeamDb, row: typeof stageHistory.$inferInsert) {
  await db.insert(stageHistory).values(row);
}

export async function listStageHistory(db: TeamDb, teamId: string, contactId: string) {
  return db
    .select()
    .from(stageHistory)
    .where(and(eq(stageHistory.teamId, teamId), eq(stageHistory.contactId, contactId)))
    .orderBy(asc(stageHistory.enteredAt), asc(stageHistory.id));
}

/** The contact's tags with the tag set each belongs to. */
export async function listContactTags(db: TeamDb, teamId: string, contactId: string) {
  return db
    .select({ tagId: tags.id, tagName: tags.name, tagSetId: tagSets.id, pipelineId: tagSets.pipelineId })
    .from(contactTags)
    .innerJoin(tags, and(eq(tags.teamId, contactTags.teamId), eq(tags.id, contactTags.tagId)))
    .innerJoin(tagSets, and(eq(tagSets.teamId, tags.teamId), eq(tagSets.id, tags.tagSetId)))
    .where(and(eq(contactTags.teamId, teamId), eq(contactTags.contactId, contactId)));
}

/** Adds tags a contact does not have yet; answers the ids actually added. */
export async function addContactTags(db: TeamDb, teamId: string, contactId: string, tagIds: string[]) {
  if (tagIds.length === 0) return [];
  const added = await db
    .insert(contactTags)
    .values(tagIds.map((tagId) => ({ teamId, contactId, tagId })))
    .onConflictDoNothing()
    .returning({ tagId: contactTags.tagId });
  return added.map((row) => row.tagId);
}

export async function removeContactTag(db: TeamDb, teamId: string, contactId: string, tagId: string) {
  const removed = await db
    .delete(contactTags)
    .where(
      and(eq(contactTags.teamId, teamId), eq(contactTags.contactId, contactId), eq(contactTags.tagId, tagId)),
    )
    .returning({ tagId: contactTags.tagId });
  return removed.length > 0;
}

/** Tags with their set's pipeline, to check they exist and the actor may use them. */
export async function findTagsWithSets(db: TeamDb, teamId: string, tagIds: string[]) {
  if (tagIds.length === 0) return [];
  return db
    .select({ tagId: tags.id, name: tags.name, tagSetId: tagSets.id, pipelineId: tagSets.pipelineId })
    .from(tags)
    .innerJoin(tagSets, and(eq(tagSets.teamId, tags.teamId), eq(tagSets.id, tags.tagSetId)))
    .where(and(eq(tags.teamId, teamId), inArray(tags.id, tagIds)));
}

/**
 * Whether an activity is a contact made with the person: a message, or a note added (not one an
 * import brought in, nor one an Undo restored). Migration 0020 backfilled by the same rule.
 */
export function isContactMade(row: Pick<ActivityInsert, 'type' | 'action' | 'data'>): boolean {
  if (row.type === 'message') return true;
  const data = row.data ?? {};
  return row.type === 'note' && row.action === 'added' && !('importId' in data) && !('restored' in data);
}

/**
 * Writes history. A note added or a message also sets the contact's last contacted time, in the same
 * transaction and one statement: every writer of those activities comes through here.
 */
export async function insertActivities(db: TeamDb, rows: ActivityInsert[]) {
  if (rows.length === 0) return;
  await db.insert(activities).values(rows);
  const latest = new Map<string, { teamId: string; contactId: string; at: Date }>();
  for (const row of rows) {
    if (!isContactMade(row)) continue;
    const key = `${row.teamId}\u0000${row.contactId}`;
    const at = row.createdAt;
    if ((latest.get(key)?.at ?? at) <= at)
      latest.set(key, { teamId: row.teamId, contactId: row.contactId, at });
  }
  if (latest.size === 0) return;
  const made = [...latest.values()];
  await db.execute(
    sql`update ${contacts} as c set last_contacted_at = greatest(c.last_contacted_at, made.at)
      from unnest(${textArray(made.map((row) => row.teamId))}, ${textArray(made.map((row) => row.contactId))},
        ${textArray(made.map((row) => row.at.toISOString()))}::timestamptz[]) as made(team_id, contact_id, at)
      where c.team_id = made.team_id and c.id = made.contact_id`,
  );
}

/** The contact's history, newest first, a page at a time (keyset on createdAt and id). */
export async function listActivities(
  db: TeamDb,
  teamId: string,
  contactId: string,
  options: { limit: number; before?: { createdAt: Date; id: string } | undefined },
) {
  const cursor = options.before
    ? or(
        lt(activities.createdAt, options.before.createdAt),
        and(eq(activities.createdAt, options.before.createdAt), lt(activities.id, options.before.id)),
      )
    : undefined;
  return db
    .select()
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.contactId, contactId), cursor))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(options.limit);
}

export async function listNotes(db: TeamDb, teamId: string, contactId: string) {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.teamId, teamId), eq(notes.contactId, contactId)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
}

export async function findNote(db: TeamDb, teamId: string, contactId: string, id: string) {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.teamId, teamId), eq(notes.contactId, contactId), eq(notes.id, id)));
  return row ?? null;
}

/** What the contact's history kept of a deleted note (its text, author and dates), newest first. */
export async function findDeletedNote(db: TeamDb, teamId: string, contactId: string, noteId: string) {
  const [row] = await db
    .select({ data: activities.data })
    .from(activities)
    .where(
      and(
        eq(activities.teamId, teamId),
        eq(activities.contactId, contactId),
        eq(activities.type, 'note'),
        eq(activities.action, 'deleted'),
        sql`${activities.data}->>'noteUID' = ${noteId}`,
      ),
    )
    .orderBy(desc(activities.createdAt))
    .limit(1);
  const kept = row?.data.deletedNote as
    { text: string; createdByUid: string; createdAt: string; updatedAt: string } | undefined;
  return kept ?? null;
}

export async function insertNote(db: TeamDb, row: typeof notes.$inferInsert) {
  const [created] = await db.insert(notes).values(row).returning();
  return created!;
}

export async function updateNote(db: TeamDb, teamId: string, id: string, text: string) {
  await db
    .update(notes)
    .set({ text, updatedAt: new Date() })
    .where(and(eq(notes.teamId, teamId), eq(notes.id, id)));
}

export async function deleteNote(db: TeamDb, teamId: string, id: string) {
  await db.delete(notes).where(and(eq(notes.teamId, teamId), eq(notes.id, id)));
}

export type DealRow = typeof deals.$inferSelect;

export async function listDeals(db: TeamDb, teamId: string, contactId: string) {
  return db
    .select()
    .from(deals)
    .where(and(eq(deals.teamId, teamId), eq(deals.contactId, contactId)))
    .orderBy(desc(deals.createdAt), desc(deals.id));
}

export async function findDeal(
  db: TeamDb,
  teamId: string,
  contactId: string,
  id: string,
): Promise<DealRow | null> {
  const [row] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.teamId, teamId), eq(deals.contactId, contactId), eq(deals.id, id)));
  return row ?? null;
}

export async function insertDeal(db: TeamDb, row: typeof deals.$inferInsert) {
  const [created] = await db.insert(deals).values(row).returning();
  return created!;
}

export async function updateDeal(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof deals.$inferInsert>,
) {
  const [updated] = await db
    .update(deals)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(deals.teamId, teamId), eq(deals.id, id)))
    .returning();
  return updated!;
}

export async function deleteDeal(db: TeamDb, teamId: string, id: string) {
  await db.delete(deals).where(and(eq(deals.teamId, teamId), eq(deals.id, id)));
}

/**
 * Moves everything of one contact onto another (a merge): sources, pipeline places, tags, history,
 * deals, notes, activities and orphaned tag names. Rows the survivor already has (same platform,
 * pipeline, tag or tag name) stay the survivor's.
 */
export async function moveContactData(db: TeamDb, teamId: string, fromId: string, toId: string) {
  const keep = { teamId, fromId, toId };
  await db.execute(sql`delete from contact_sources s using contact_sources t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.platform = s.platform`);
  await db.execute(sql`delete from contact_pipelines s using contact_pipelines t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.pipeline_id = s.pipeline_id`);
  // Places in a deleted pipeline wait for its restore, and the survivor keeps its own there too.
  await db.execute(sql`delete from deleted_contact_pipelines s using deleted_contact_pipelines t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.pipeline_id = s.pipeline_id`);
  await db.execute(sql`delete from contact_tags s using contact_tags t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.tag_id = s.tag_id`);
  await db.execute(sql`delete from orphaned_tags s using orphaned_tags t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.key = s.key`);
  // A request to join a group both had asked is kept as the survivor's.
  await db.execute(sql`delete from member_requests s using member_requests t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.platform = s.platform and t.group_id = s.group_id`);
  // An outside system's id for the survivor stays; the other's moves over where the survivor has none.
  await db.execute(sql`delete from contact_remote_ids s using contact_remote_ids t
    where s.team_id = ${keep.teamId} and s.contact_id = ${keep.fromId} and t.team_id = s.team_id and t.contact_id = ${keep.toId} and t.connection_id = s.connection_id`);
  for (const table of contactDataTables) {
    await db
      .update(table)
      .set({ contactId: toId })
      .where(and(eq(table.teamId, teamId), eq(table.contactId, fromId)));
  }
  await db.delete(contacts).where(and(eq(contacts.teamId, teamId), eq(contacts.id, fromId)));
}

/** Tags by name (any case), with their set's name and pipeline, to match tag names that arrive. */
export async function findTagsByName(db: TeamDb, teamId: string, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ tagId: tags.id, name: tags.name, tagSetName: tagSets.name, pipelineId: tagSets.pipelineId })
    .from(tags)
    .innerJoin(tagSets, and(eq(tagSets.teamId, tags.teamId), eq(tagSets.id, tags.tagSetId)))
    .where(
      and(
        eq(tags.teamId, teamId),
        inArray(
          sql`lower(${tags.name})`,
          names.map((name) => name.toLowerCase()),
        ),
      ),
    );
}

export async function recordOrphanedTags(db: TeamDb, rows: (typeof orphanedTags.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(orphanedTags).values(rows).onConflictDoNothing();
}

export async function listTeamQuestions(db: TeamDb, teamId: string) {
  return db.select().from(teamQuestions).where(eq(teamQuestions.teamId, teamId));
}

// Set-based writes for capturing a batch of people at once (member requests): each is one
// statement whatever the number of people, its rows bound as one array per column.

/**
 * The batch form of findContactsByIdentity on one platform: every stored identity among these, as
 * keys `p:<profile id>`, `u:<lower-case username>` and `e:<lower-case email>` with their contact,
 * deleted ones too (capture brings them back). One statement, answered by the sources' profile and
 * username indexes and the contacts' email index.
 */
export async function findContactsByIdentities(
  db: TeamDb,
  teamId: string,
  query: { platform: string; profileIds: string[]; usernames: string[]; emails: string[] },
) {
  return selectRows<{ key: string; contactId: string; deleted: boolean }>(
    db,
    sql`select 'p:' || s.profile_id as key, s.contact_id as "contactId", c.deleted_at is not null as deleted
          from contact_sources s join contacts c on c.team_id = s.team_id and c.id = s.contact_id
          where s.team_id = ${teamId} and s.platform = ${query.platform}
            and s.profile_id = any(${textArray(query.profileIds)})
        union all
        select 'u:' || lower(s.username), s.contact_id, c.deleted_at is not null
          from contact_sources s join contacts c on c.team_id = s.team_id and c.id = s.contact_id
          where s.team_id = ${teamId} and s.platform = ${query.platform}
            and lower(s.username) = any(${textArray(query.usernames.map((name) => name.toLowerCase()))})
        union all
        select 'e:' || lower(email_address), id, deleted_at is not null from contacts
          where team_id = ${teamId}
            and lower(email_address) = any(${textArray(query.emails.map((email) => email.toLowerCase()))})`,
  );
}

/** Each of these contacts' places with the answers kept there. */
export async function listPlacesWithAnswers(db: TeamDb, teamId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .select({
      contactId: contactPipelines.contactId,
      pipelineId: contactPipelines.pipelineId,
      questions: contactPipelines.questions,
    })
    .from(contactPipelines)
    .where(and(eq(contactPipelines.teamId, teamId), inArray(contactPipelines.contactId, contactIds)));
}

/** These contacts' profiles on one platform. */
export async function listSourcesOfContacts(
  db: TeamDb,
  teamId: string,
  contactIds: string[],
  platform: string,
) {
  if (contactIds.length === 0) return [];
  return db
    .select()
    .from(contactSources)
    .where(
      and(
        eq(contactSources.teamId, teamId),
        eq(contactSources.platform, platform),
        inArray(contactSources.contactId, contactIds),
      ),
    );
}

/** Of these contacts, those whose history already holds an activity of this type and action containing `data`. */
export async function findContactsWithActivity(
  db: TeamDb,
  teamId: string,
  contactIds: string[],
  activity: { type: string; action: string; data: Record<string, string> },
) {
  if (contactIds.length === 0) return [];
  const rows = await selectRows<{ contactId: string }>(
    db,
    sql`select distinct contact_id as "contactId" from activities
        where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
          and type = ${activity.type} and action = ${activity.action}
          and data @> ${JSON.stringify(activity.data)}::jsonb`,
  );
  return rows.map((row) => row.contactId);
}

export async function insertContactRows(db: TeamDb, rows: (typeof contacts.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(insertUnnest(contacts, rows));
}

/** Fills an email address and a phone number where the contact has none; a stored one stays. */
export async function fillContactDetails(
  db: TeamDb,
  teamId: string,
  rows: { id: string; email: string | null; phone: string | null }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`update contacts c set
      email_address = coalesce(nullif(c.email_address, ''), u.email),
      phone_number = coalesce(nullif(c.phone_number, ''), u.phone),
      updated_at = now()
    from unnest(${textArray(rows.map((row) => row.id))}, ${textArray(rows.map((row) => row.email))},
      ${textArray(rows.map((row) => row.phone))}) as u(id, email, phone)
    where c.team_id = ${teamId} and c.id = u.id`);
}

/** Adds profiles, or completes a contact's profile on the same platform with what it lacks. */
export async function upsertSourceRows(db: TeamDb, rows: (typeof contactSources.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.execute(sql`${insertUnnest(contactSources, rows)}
    on conflict (team_id, contact_id, platform) do update set
      profile_id = coalesce(excluded.profile_id, contact_sources.profile_id),
      username = coalesce(excluded.username, contact_sources.username),
      url = coalesce(excluded.url, contact_sources.url),
      updated_at = now()`);
}

/** Recomputes the searchable handles (usernames by platform) of these contacts from their profiles. */
export async function refreshHandlesOf(db: TeamDb, teamId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`update contacts c set handles = coalesce((
      select string_agg(s.username, ' ' order by s.platform) from contact_sources s
      where s.team_id = c.team_id and s.contact_id = c.id and s.username is not null), '')
    where c.team_id = ${teamId} and c.id = any(${textArray(ids)})`);
}

export async function insertPlacementRows(db: TeamDb, rows: (typeof contactPipelines.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(insertUnnest(contactPipelines, rows));
}

export async function insertStageHistoryRows(db: TeamDb, rows: (typeof stageHistory.$inferInsert)[]) {
  if (rows.length > 0) await db.execute(insertUnnest(stageHistory, rows));
}

/** Replaces the answers kept in one pipeline for these contacts. */
export async function updateAnswers(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  rows: { contactId: string; questions: { question: string; answer: string }[] }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`update contact_pipelines p set questions = u.questions::jsonb
    from unnest(${textArray(rows.map((row) => row.contactId))},
      ${textArray(rows.map((row) => JSON.stringify(row.questions)))}) as u(contact_id, questions)
    where p.team_id = ${teamId} and p.pipeline_id = ${pipelineId} and p.contact_id = u.contact_id`);
}

/** Writes history that sets no last-contacted time (see insertActivities), in one statement. */
export async function insertActivityRows(db: TeamDb, rows: ActivityInsert[]) {
  if (rows.length > 0) await db.execute(insertUnnest(activities, rows));
}
