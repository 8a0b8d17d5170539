import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SyncDeliveryStatus } from '@grouptrack/domain';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows } from '../../platform/db/raw';
import {
  connections,
  contactRemoteIds,
  contacts,
  pipelines,
  stages,
  syncDeliveries,
  tagSets,
  tags,
} from '../../platform/db/team-schema';

export type { ConnectionRow } from './sync.repository';

export async function listConnections(db: TeamDb, teamId: string) {
  return db
    .select()
    .from(connections)
    .where(eq(connections.teamId, teamId))
    .orderBy(asc(connections.createdAt), asc(connections.id));
}

export async function findConnection(db: TeamDb, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.teamId, teamId), eq(connections.id, id)));
  return row ?? null;
}

export async function insertConnection(db: TeamDb, row: typeof connections.$inferInsert) {
  const [inserted] = await db.insert(connections).values(row).returning();
  return inserted!;
}

export async function updateConnection(
  db: TeamDb,
  teamId: string,
  id: string,
  patch: Partial<typeof connections.$inferInsert>,
) {
  const [row] = await db
    .update(connections)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(connections.teamId, teamId), eq(connections.id, id)))
    .returning();
  return row ?? null;
}

/** Removes a connection with its log and the ids its system gave people; its tag sets forget it. */
export async function deleteConnection(db: TeamDb, teamId: string, id: string) {
  await db
    .delete(syncDeliveries)
    .where(and(eq(syncDeliveries.teamId, teamId), eq(syncDeliveries.connectionId, id)));
  await db
    .delete(contactRemoteIds)
    .where(and(eq(contactRemoteIds.teamId, teamId), eq(contactRemoteIds.connectionId, id)));
  await db
    .update(tagSets)
    .set({ connectionId: null })
    .where(and(eq(tagSets.teamId, teamId), eq(tagSets.connectionId, id)));
  await db.delete(connections).where(and(eq(connections.teamId, teamId), eq(connections.id, id)));
}

/** The team's live pipelines, locked: links to connections are written into their integrations. */
export async function lockPipelines(db: TeamDb, teamId: string) {
  return db
    .select({ id: pipelines.id, nickName: pipelines.nickName, integrations: pipelines.integrations })
    .from(pipelines)
    .where(and(eq(pipelines.teamId, teamId), isNull(pipelines.deletedAt)))
    .orderBy(asc(pipelines.rank))
    .for('update');
}

export async function listPipelines(db: TeamDb, teamId: string) {
  return db
    .select({ id: pipelines.id, nickName: pipelines.nickName, integrations: pipelines.integrations })
    .from(pipelines)
    .where(and(eq(pipelines.teamId, teamId), isNull(pipelines.deletedAt)))
    .orderBy(asc(pipelines.rank));
}

export async function setPipelineIntegrations(
  db: TeamDb,
  teamId: string,
  pipelineId: string,
  integrations: Record<string, unknown>[],
) {
  await db
    .update(pipelines)
    .set({ integrations })
    .where(and(eq(pipelines.teamId, teamId), eq(pipelines.id, pipelineId)));
}

export async function listStagesOf(db: TeamDb, teamId: string, pipelineId: string) {
  return db
    .select({ id: stages.id })
    .from(stages)
    .where(and(eq(stages.teamId, teamId), eq(stages.pipelineId, pipelineId)));
}

/** Sets the remote id of stages (one statement per stage: a pipeline has a few dozen at most). */
export async function setStageRemoteIds(db: TeamDb, teamId: string, remoteIds: [string, string | null][]) {
  for (const [stageId, remoteId] of remoteIds) {
    await db
      .update(stages)
      .set({ remoteId })
      .where(and(eq(stages.teamId, teamId), eq(stages.id, stageId)));
  }
}

export async function listTagSets(db: TeamDb, teamId: string) {
  return db
    .select({
      id: tagSets.id,
      name: tagSets.name,
      pipelineId: tagSets.pipelineId,
      connectionId: tagSets.connectionId,
    })
    .from(tagSets)
    .where(eq(tagSets.teamId, teamId))
    .orderBy(asc(tagSets.rank));
}

export async function listTagsOf(db: TeamDb, teamId: string, tagSetId: string) {
  return db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.teamId, teamId), eq(tags.tagSetId, tagSetId)));
}

export async function setTagSetConnection(
  db: TeamDb,
  teamId: string,
  tagSetId: string,
  connectionId: string | null,
) {
  await db
    .update(tagSets)
    .set({ connectionId })
    .where(and(eq(tagSets.teamId, teamId), eq(tagSets.id, tagSetId)));
}

export async function setTagRemoteIds(db: TeamDb, teamId: string, remoteIds: [string, string | null][]) {
  for (const [tagId, remoteId] of remoteIds) {
    await db
      .update(tags)
      .set({ remoteId })
      .where(and(eq(tags.teamId, teamId), eq(tags.id, tagId)));
  }
}

export async function clearTagRemoteIds(db: TeamDb, teamId: string, tagSetId: string) {
  await db
    .update(tags)
    .set({ remoteId: null })
    .where(and(eq(tags.teamId, teamId), eq(tags.tagSetId, tagSetId)));
}

/** Deliveries per connection and status. */
export async function countDeliveries(db: TeamDb, teamId: string) {
  return selectRows<{ connection_id: string; status: SyncDeliveryStatus; count: string | number }>(
    db,
    sql`select connection_id, status, count(*) as count from sync_deliveries
      where team_id = ${teamId} group by connection_id, status`,
  );
}

/** A page of a connection's log, newest first (keyset on createdAt and id). */
export async function listDeliveries(
  db: TeamDb,
  teamId: string,
  connectionId: string,
  options: {
    statuses: SyncDeliveryStatus[] | null;
    before: { createdAt: Date; id: string } | undefined;
    limit: number;
  },
) {
  const { before } = options;
  return db
    .select({ delivery: syncDeliveries, contactName: contacts.name })
    .from(syncDeliveries)
    .leftJoin(
      contacts,
      and(eq(contacts.teamId, syncDeliveries.teamId), eq(contacts.id, syncDeliveries.contactId)),
    )
    .where(
      and(
        eq(syncDeliveries.teamId, teamId),
        eq(syncDeliveries.connectionId, connectionId),
        options.statuses ? inArray(syncDeliveries.status, options.statuses) : undefined,
        before
          ? or(
              lt(syncDeliveries.createdAt, before.createdAt),
              and(eq(syncDeliveries.createdAt, before.createdAt), lt(syncDeliveries.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(syncDeliveries.createdAt), desc(syncDeliveries.id))
    .limit(options.limit);
}

/** Sends dead-lettered deliveries again now (all of a connection's, or one); answers how many. */
export async function retryFailed(db: TeamDb, teamId: string, connectionId: string, deliveryId?: string) {
  const rows = await db
    .update(syncDeliveries)
    .set({ status: 'pending', dueAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(syncDeliveries.teamId, teamId),
        eq(syncDeliveries.connectionId, connectionId),
        eq(syncDeliveries.status, 'failed'),
        deliveryId ? eq(syncDeliveries.id, deliveryId) : undefined,
      ),
    )
    .returning({ id: syncDeliveries.id });
  return rows.length;
}

export async function discardFailed(db: TeamDb, teamId: string, connectionId: string, deliveryId: string) {
  const rows = await db
    .update(syncDeliveries)
    .set({ status: 'discarded', updatedAt: new Date() })
    .where(
      and(
        eq(syncDeliveries.teamId, teamId),
        eq(syncDeliveries.connectionId, connectionId),
        eq(syncDeliveries.status, 'failed'),
        eq(syncDeliveries.id, deliveryId),
      ),
    )
    .returning({ id: syncDeliveries.id });
  return rows.length;
}

/** Per connection, the ids its system gave the person and their latest delivery. */
export async function listContactSync(db: TeamDb, teamId: string, contactId: string) {
  return selectRows<{
    connection_id: string;
    remote_id: string | null;
    synced_at: Date | string | null;
    status: SyncDeliveryStatus | null;
    response_message: string | null;
    skip_reason: string | null;
    updated_at: Date | string | null;
  }>(
    db,
    sql`select c.id as connection_id, r.remote_id, r.synced_at, d.status, d.response_message, d.skip_reason, d.updated_at
      from connections c
      left join contact_remote_ids r on r.team_id = c.team_id and r.connection_id = c.id and r.contact_id = ${contactId}
      left join lateral (
        select status, response_message, skip_reason, updated_at from sync_deliveries s
        where s.team_id = c.team_id and s.contact_id = ${contactId} and s.connection_id = c.id
        order by s.created_at desc limit 1
      ) d on true
      where c.team_id = ${teamId}`,
  );
}
