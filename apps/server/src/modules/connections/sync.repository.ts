import { and, eq, sql } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows, textArray } from '../../platform/db/raw';
import { connections, contactRemoteIds, syncDeliveries } from '../../platform/db/team-schema';

export type ConnectionRow = typeof connections.$inferSelect;
export type DeliveryRow = typeof syncDeliveries.$inferSelect;
export type DeliveryInsert = typeof syncDeliveries.$inferInsert;

/** A history line taken from the outbox, with what the sync needs of it. */
export interface OutboxLine {
  teamId: string;
  activityId: string;
  contactId: string;
  pipelineId: string | null;
  type: string;
  action: string;
  note: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Takes the oldest lines of a shard's outbox, in the caller's transaction: they are gone only if
 * what was planned from them commits, and two workers never take the same line.
 */
export async function takeOutbox(tx: TeamDb, limit: number): Promise<OutboxLine[]> {
  const rows = await selectRows<{
    team_id: string;
    activity_id: string;
    contact_id: string | null;
    pipeline_id: string | null;
    type: string | null;
    action: string | null;
    note: string | null;
    data: Record<string, unknown> | null;
    created_at: Date | string | null;
  }>(
    tx,
    sql`with taken as (
        delete from sync_outbox where (team_id, seq) in (
          select team_id, seq from sync_outbox order by seq limit ${limit} for update skip locked
        ) returning team_id, seq, activity_id
      )
      select t.team_id, t.activity_id, a.contact_id, a.pipeline_id, a.type, a.action, a.note, a.data, a.created_at
      from taken t left join activities a on a.team_id = t.team_id and a.id = t.activity_id
      order by t.seq`,
  );
  // A line whose history is gone (its contact purged meanwhile) has nothing left to send.
  return rows.flatMap((row) =>
    row.contact_id && row.type && row.action && row.created_at
      ? [
          {
            teamId: row.team_id,
            activityId: row.activity_id,
            contactId: row.contact_id,
            pipelineId: row.pipeline_id,
            type: row.type,
            action: row.action,
            note: row.note,
            data: row.data ?? {},
            createdAt: new Date(row.created_at),
          },
        ]
      : [],
  );
}

/** The team's connections, and each pipeline's entries naming one (pipelines.integrations). */
export async function listSyncSetup(tx: TeamDb, teamId: string) {
  const [connectionRows, pipelineRows, stageRows] = await Promise.all([
    tx.select().from(connections).where(eq(connections.teamId, teamId)),
    selectRows<{ id: string; nick_name: string; integrations: Record<string, unknown>[] }>(
      tx,
      sql`select id, nick_name, integrations from pipelines
        where team_id = ${teamId} and deleted_at is null and integrations::text like '%"connection"%'`,
    ),
    selectRows<{ id: string; name: string; remote_id: string | null }>(
      tx,
      sql`select id, name, remote_id from stages where team_id = ${teamId}`,
    ),
  ]);
  return { connectionRows, pipelineRows, stageRows };
}

/** Each contact's email and phone, and the pipelines they are in now. */
export async function listContactFacts(tx: TeamDb, teamId: string, contactIds: string[]) {
  return selectRows<{
    id: string;
    email_address: string | null;
    phone_number: string | null;
    pipeline_ids: string[] | null;
  }>(
    tx,
    sql`select c.id, c.email_address, c.phone_number,
        (select array_agg(cp.pipeline_id) from contact_pipelines cp
          where cp.team_id = c.team_id and cp.contact_id = c.id) as pipeline_ids
      from contacts c where c.team_id = ${teamId} and c.id = any(${textArray(contactIds)})`,
  );
}

/** Tags by id, with their set's name and the connection their remote ids belong to. */
export async function listTagFacts(tx: TeamDb, teamId: string, tagIds: string[]) {
  if (tagIds.length === 0) return [];
  return selectRows<{
    id: string;
    name: string;
    tag_set_name: string;
    connection_id: string | null;
    remote_id: string | null;
  }>(
    tx,
    sql`select t.id, t.name, ts.name as tag_set_name, ts.connection_id, t.remote_id
      from tags t join tag_sets ts on ts.team_id = t.team_id and ts.id = t.tag_set_id
      where t.team_id = ${teamId} and t.id = any(${textArray(tagIds)})`,
  );
}

/**
 * Queues deliveries. A person's changes join the delivery already waiting for them on that
 * connection and pipeline (untried, so nothing was sent yet): the coalescing of a sync period. Give
 * one row per connection, person and pipeline.
 */
export async function queueDeliveries(tx: TeamDb, rows: (typeof syncDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.execute(
    sql`${insertUnnest(syncDeliveries, rows)}
      on conflict (team_id, connection_id, contact_id, pipeline_id) where status = 'pending' and attempts = 0
      do update set changes = ${syncDeliveries}.changes || excluded.changes, updated_at = now()`,
  );
}

/** Logs changes a connection did not receive, with the reason. */
export async function insertSkipped(tx: TeamDb, rows: (typeof syncDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.execute(insertUnnest(syncDeliveries, rows));
}

/**
 * Claims due deliveries of a shard for one try: counts the try and leases them, so a worker that
 * dies mid-call leaves them to be taken again once the lease ends (same id, same payload).
 *
 * A person's deliveries to one connection go in order, so a retry never lands after (and over) a
 * newer state of the person: a claimed delivery with an older one still to be sent or under way is
 * handed back at once, due a second after that one. The check runs on the claimed rows only, one
 * statement for the batch, rather than inside the claim, where a table whose statistics lag its
 * growth can lead the planner to compare every due row with every other.
 */
export async function claimDue(
  db: TeamDb,
  limit: number,
  leaseMs: number,
): Promise<{ claimed: number; rows: DeliveryRow[] }> {
  const claimed = (
    await selectRows<Record<string, unknown>>(
      db,
      sql`update sync_deliveries d set status = 'delivering', attempts = d.attempts + 1,
          lease_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
        where (d.team_id, d.id) in (
          select s.team_id, s.id from sync_deliveries s
          where s.status = 'pending' and s.due_at <= now()
            -- A paused connection holds what is queued for it until it is switched on again.
            and exists (select 1 from connections c
              where c.team_id = s.team_id and c.id = s.connection_id and c.status = 'active')
          order by s.due_at limit ${limit} for update of s skip locked
        )
          -- Checked again on the row as it is now: two workers never claim the same delivery.
          and d.status = 'pending'
        returning d.*`,
    )
  ).map(toDeliveryRow);
  if (claimed.length === 0) return { claimed: 0, rows: [] };
  const column = (pick: (row: DeliveryRow) => string) => textArray(claimed.map(pick));
  const behind = await selectRows<{ team_id: string; id: string; after: Date | string }>(
    db,
    sql`select c.team_id, c.id, max(o.due_at) as after
      from unnest(${column((row) => row.teamId)}, ${column((row) => row.id)}, ${column((row) => row.connectionId)},
        ${column((row) => row.contactId)}, ${column((row) => row.createdAt.toISOString())}::timestamptz[])
        as c(team_id, id, connection_id, contact_id, created_at)
      join sync_deliveries o on o.team_id = c.team_id and o.contact_id = c.contact_id
        and o.connection_id = c.connection_id and o.status in ('pending', 'delivering') and o.id <> c.id
        and (o.created_at < c.created_at or (o.created_at = c.created_at and o.id < c.id))
      group by c.team_id, c.id`,
  );
  if (behind.length > 0) {
    await db.execute(
      sql`update sync_deliveries d set status = 'pending', attempts = d.attempts - 1, lease_until = null,
          due_at = greatest(u.after::timestamptz, now()) + interval '1 second', updated_at = now()
        from unnest(${textArray(behind.map((row) => row.team_id))}, ${textArray(behind.map((row) => row.id))},
          ${textArray(behind.map((row) => new Date(row.after).toISOString()))}) as u(team_id, id, after)
        where d.team_id = u.team_id and d.id = u.id`,
    );
  }
  const waiting = new Set(behind.map((row) => `${row.team_id}\u0000${row.id}`));
  return {
    claimed: claimed.length,
    rows: claimed.filter((row) => !waiting.has(`${row.teamId}\u0000${row.id}`)),
  };
}

/**
 * Gives back deliveries under way to be tried again now: those whose worker died mid-call (their
 * lease ran out), or every one (the embedded database's restart: no other process can be calling).
 */
export async function releaseLeased(db: TeamDb, which: 'lapsed' | 'all'): Promise<number> {
  const rows = await selectRows(
    db,
    sql`update sync_deliveries set status = 'pending', lease_until = null, due_at = now(), updated_at = now()
      where status = 'delivering' ${which === 'lapsed' ? sql`and lease_until < now()` : sql``} returning id`,
  );
  return rows.length;
}

/** Freezes the payload of first tries, so every later try sends the same thing. */
export async function savePayloads(db: TeamDb, rows: { teamId: string; id: string; payload: unknown }[]) {
  if (rows.length === 0) return;
  await db.execute(
    sql`update sync_deliveries d set payload = u.payload::jsonb
      from unnest(${textArray(rows.map((row) => row.teamId))}, ${textArray(rows.map((row) => row.id))},
        ${textArray(rows.map((row) => JSON.stringify(row.payload)))}) as u(team_id, id, payload)
      where d.team_id = u.team_id and d.id = u.id and d.payload is null`,
  );
}

/** The outcome of one try, written for a whole batch at once. */
export interface TryOutcome {
  teamId: string;
  id: string;
  status: 'pending' | 'delivered' | 'failed';
  dueAt: Date;
  responseCode: number | null;
  responseMessage: string | null;
}

/** Writes the outcomes of a batch's tries in one statement; only rows still leased to this try. */
export async function saveOutcomes(db: TeamDb, outcomes: TryOutcome[]) {
  if (outcomes.length === 0) return;
  const column = (pick: (row: TryOutcome) => string | null) => textArray(outcomes.map(pick));
  await db.execute(
    sql`update sync_deliveries d set status = u.status, due_at = u.due_at::timestamptz, lease_until = null,
        response_code = u.code::integer, response_message = u.message, updated_at = now()
      from unnest(${column((row) => row.teamId)}, ${column((row) => row.id)}, ${column((row) => row.status)},
        ${column((row) => row.dueAt.toISOString())}, ${column((row) => (row.responseCode === null ? null : String(row.responseCode)))},
        ${column((row) => row.responseMessage)}) as u(team_id, id, status, due_at, code, message)
      where d.team_id = u.team_id and d.id = u.id and d.status = 'delivering'`,
  );
}

/** Keeps the ids a system gave people, for the next call. */
export async function saveRemoteIds(
  db: TeamDb,
  rows: {
    teamId: string;
    connectionId: string;
    contactId: string;
    remoteId: string | null;
    remoteItemId: string | null;
  }[],
) {
  if (rows.length === 0) return;
  await db.execute(
    sql`${insertUnnest(
      contactRemoteIds,
      rows.map((row) => ({ ...row, syncedAt: new Date() })),
    )}
      on conflict (team_id, connection_id, contact_id) do update set
        remote_id = coalesce(excluded.remote_id, ${contactRemoteIds}.remote_id),
        remote_item_id = coalesce(excluded.remote_item_id, ${contactRemoteIds}.remote_item_id),
        synced_at = excluded.synced_at`,
  );
}

/**
 * Counts a batch's dead-lettered and delivered tries into each connection's failures in a row;
 * answers the connections whose count crossed `threshold` now.
 */
export async function countFailures(
  db: TeamDb,
  teamId: string,
  counts: Map<string, { failed: number; delivered: number }>,
  threshold: number,
): Promise<string[]> {
  const crossed: string[] = [];
  for (const [connectionId, { failed, delivered }] of counts) {
    const [row] = await db
      .update(connections)
      .set({
        failuresInRow: delivered > 0 ? sql`${failed}` : sql`${connections.failuresInRow} + ${failed}`,
      })
      .where(and(eq(connections.teamId, teamId), eq(connections.id, connectionId)))
      .returning({ failuresInRow: connections.failuresInRow });
    if (row && failed > 0 && row.failuresInRow >= threshold && row.failuresInRow - failed < threshold)
      crossed.push(connectionId);
  }
  return crossed;
}

/** Forgets delivered, skipped and discarded deliveries older than `days` (the log keeps a month). */
export async function pruneDeliveries(db: TeamDb, days: number) {
  await db.execute(
    sql`delete from sync_deliveries where status in ('delivered', 'skipped', 'discarded')
      and updated_at < now() - ${`${days} days`}::interval`,
  );
}

function toDeliveryRow(row: Record<string, unknown>): DeliveryRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    connectionId: row.connection_id as string,
    contactId: row.contact_id as string,
    pipelineId: (row.pipeline_id as string | null) ?? null,
    changes: row.changes as Record<string, unknown>[],
    status: row.status as DeliveryRow['status'],
    skipReason: (row.skip_reason as string | null) ?? null,
    attempts: Number(row.attempts),
    dueAt: date(row.due_at)!,
    leaseUntil: date(row.lease_until),
    payload: (row.payload as Record<string, unknown> | null) ?? null,
    responseCode: row.response_code === null ? null : Number(row.response_code),
    responseMessage: (row.response_message as string | null) ?? null,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}
