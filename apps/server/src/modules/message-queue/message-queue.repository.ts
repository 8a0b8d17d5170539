import type { QueueItemStatus } from '@grouptrack/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows, textArray } from '../../platform/db/raw';
import { messageQueueItems } from '../../platform/db/team-schema';

export type QueueItemInsert = typeof messageQueueItems.$inferInsert;

/** A member's queue on one platform. */
export interface QueueKey {
  teamId: string;
  userId: string;
  platform: string;
}

/** A stored item as the service reads it, with its contact's name. */
export interface QueueItemRow {
  id: string;
  teamId: string;
  platform: string;
  contactId: string;
  contactName: string;
  queuedTo: string;
  queuedBy: string;
  templateId: string | null;
  text: string;
  status: QueueItemStatus;
  reason: string | null;
  position: string;
  allowSameDay: boolean;
  leaseId: string | null;
  leaseUntil: Date | null;
  attempts: number;
  createdAt: Date;
  scheduledAt: Date | null;
  sentAt: Date | null;
  updatedAt: Date;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const ITEM_COLUMNS = sql`q.id, q.team_id as "teamId", q.platform, q.contact_id as "contactId",
  coalesce(nullif(c.name, ''), nullif(trim(c.first_name || ' ' || c.last_name), ''), '') as "contactName",
  q.queued_to as "queuedTo", q.queued_by as "queuedBy", q.template_id as "templateId", q.text, q.status,
  q.reason, q.position, q.allow_same_day as "allowSameDay", q.lease_id as "leaseId",
  q.lease_until as "leaseUntil", q.attempts, q.created_at as "createdAt", q.scheduled_at as "scheduledAt",
  q.sent_at as "sentAt", q.updated_at as "updatedAt"`;

// Drivers differ in what a timestamp comes back as: both read as dates here.
function readItem(row: QueueItemRow): QueueItemRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    leaseUntil: date(row.leaseUntil),
    createdAt: new Date(row.createdAt),
    scheduledAt: date(row.scheduledAt),
    sentAt: date(row.sentAt),
    updatedAt: new Date(row.updatedAt),
    attempts: Number(row.attempts),
  };
}

/** Only items of contacts in one of these pipelines; everything when null (owners and admins). */
function visibleTo(pipelineIds: readonly string[] | null): SQL {
  if (pipelineIds === null) return sql`true`;
  return sql`exists (select 1 from contact_pipelines cp where cp.team_id = q.team_id
    and cp.contact_id = q.contact_id and cp.pipeline_id = any(${textArray(pipelineIds)}))`;
}

async function selectItems(db: TeamDb, where: SQL, tail: SQL = sql``) {
  const rows = await selectRows<QueueItemRow>(
    db,
    sql`select ${ITEM_COLUMNS} from message_queue_items q
      left join contacts c on c.team_id = q.team_id and c.id = q.contact_id
      where ${where} ${tail}`,
  );
  return rows.map(readItem);
}

/** Items by their ids. */
export function findItems(db: TeamDb, teamId: string, ids: readonly string[]) {
  return selectItems(db, sql`q.team_id = ${teamId} and q.id = any(${textArray(ids)})`);
}

/** Of these contacts, those in one of these pipelines; all of them when null. */
export async function listVisibleContactIds(
  db: TeamDb,
  teamId: string,
  contactIds: readonly string[],
  pipelineIds: readonly string[] | null,
) {
  if (pipelineIds === null || contactIds.length === 0) return new Set(contactIds);
  const rows = await selectRows<{ contactId: string }>(
    db,
    sql`select distinct contact_id as "contactId" from contact_pipelines
      where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
        and pipeline_id = any(${textArray(pipelineIds)})`,
  );
  return new Set(rows.map((row) => row.contactId));
}

/**
 * A page of a member's items of one status (on one platform or all) they may see: waiting ones in
 * queue order, sent ones newest sent first, the others newest change first; after a cursor's key.
 */
export function listItems(
  db: TeamDb,
  key: Omit<QueueKey, 'platform'> & { platform: string | undefined },
  options: {
    status: QueueItemStatus;
    order: 'position' | 'sent' | 'updated';
    limit: number;
    after?: { key: string; id: string } | undefined;
    pipelineIds: readonly string[] | null;
  },
) {
  const platform = key.platform ? sql`and q.platform = ${key.platform}` : sql``;
  const column = { position: sql`q.position`, sent: sql`q.sent_at`, updated: sql`q.updated_at` }[
    options.order
  ];
  let after = sql``;
  if (options.after) {
    after =
      options.order === 'position'
        ? sql`and (q.position, q.id) > (${options.after.key}, ${options.after.id})`
        : sql`and (${column}, q.id) < (${options.after.key}::timestamptz, ${options.after.id})`;
  }
  const direction = options.order === 'position' ? sql`asc` : sql`desc`;
  return selectItems(
    db,
    sql`q.team_id = ${key.teamId} and q.queued_to = ${key.userId} ${platform}
      and q.status = ${options.status} ${after} and ${visibleTo(options.pipelineIds)}`,
    sql`order by ${column} ${direction}, q.id ${direction} limit ${options.limit}`,
  );
}

/** What a template is filled from for each contact, and whether they have a profile on the platform. */
export interface SendSourceRow {
  contactId: string;
  firstName: string;
  lastName: string;
  name: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  hasProfile: boolean;
  pipelineName: string | null;
  stageName: string | null;
  questions: { question: string; answer: string }[] | null;
}

/**
 * For each living contact among these: their details, whether they have a profile on the platform,
 * and the first pipeline they joined among those given (any when null) with their stage and answers.
 */
export function listSendSources(
  db: TeamDb,
  teamId: string,
  contactIds: readonly string[],
  platform: string,
  pipelineIds: readonly string[] | null,
) {
  if (contactIds.length === 0) return Promise.resolve([]);
  const seen = pipelineIds === null ? sql`` : sql`and cp.pipeline_id = any(${textArray(pipelineIds)})`;
  return selectRows<SendSourceRow>(
    db,
    sql`select c.id as "contactId", c.first_name as "firstName", c.last_name as "lastName", c.name,
        c.email_address as "emailAddress", c.phone_number as "phoneNumber",
        exists (select 1 from contact_sources s where s.team_id = c.team_id and s.contact_id = c.id
          and s.platform = ${platform}) as "hasProfile",
        p.pipeline_name as "pipelineName", p.stage_name as "stageName", p.questions
      from unnest(${textArray(contactIds)}) as u(id)
      join contacts c on c.team_id = ${teamId} and c.id = u.id and c.deleted_at is null
      left join lateral (
        select pl.nick_name as pipeline_name, st.name as stage_name, cp.questions
        from contact_pipelines cp
        join pipelines pl on pl.team_id = cp.team_id and pl.id = cp.pipeline_id and pl.deleted_at is null
        left join stages st on st.team_id = cp.team_id and st.id = cp.stage_id
        where cp.team_id = c.team_id and cp.contact_id = c.id ${seen}
        order by cp.added_at, cp.pipeline_id limit 1) p on true`,
  );
}

/**
 * Of these contacts, those with a message waiting (pending, scheduled or sending) or sent since a
 * moment, each with the status that counts.
 */
export async function findSameDayItems(
  db: TeamDb,
  teamId: string,
  contactIds: readonly string[],
  since: Date,
) {
  if (contactIds.length === 0) return new Map<string, QueueItemStatus>();
  const rows = await selectRows<{ contactId: string; status: QueueItemStatus }>(
    db,
    sql`select distinct on (contact_id) contact_id as "contactId", status from message_queue_items
      where team_id = ${teamId} and contact_id = any(${textArray(contactIds)})
        and (status in ('pending', 'scheduled', 'sending') or (status = 'sent' and sent_at >= ${iso(since)}))
      order by contact_id, status = 'sent' desc`,
  );
  return new Map(rows.map((row) => [row.contactId, row.status]));
}

/** The last place among a queue's waiting items, or null when none waits. */
export async function findLastPosition(db: TeamDb, key: QueueKey) {
  const last = (status: QueueItemStatus) =>
    sql`(select position from message_queue_items where team_id = ${key.teamId} and queued_to = ${key.userId}
      and platform = ${key.platform} and status = ${status} order by position desc limit 1)`;
  const [row] = await selectRows<{ position: string | null }>(
    db,
    sql`select max(position) as position from (${last('pending')} union all ${last('scheduled')}
      union all ${last('sending')}) as waiting`,
  );
  return row?.position ?? null;
}

/**
 * The place next to `anchor` among a queue's waiting items other than `movingId`: the first after it
 * or the last before it; null when there is none on that side.
 */
export async function findNeighbourPosition(
  db: TeamDb,
  key: QueueKey,
  options: { anchor: string; side: 'after' | 'before'; movingId: string },
) {
  const compare = options.side === 'after' ? sql`>` : sql`<`;
  const direction = options.side === 'after' ? sql`asc` : sql`desc`;
  const next = (status: QueueItemStatus) =>
    sql`(select position from message_queue_items where team_id = ${key.teamId} and queued_to = ${key.userId}
      and platform = ${key.platform} and status = ${status} and id <> ${options.movingId}
      and position ${compare} ${options.anchor} order by position ${direction} limit 1)`;
  const pick = options.side === 'after' ? sql`min` : sql`max`;
  const [row] = await selectRows<{ position: string | null }>(
    db,
    sql`select ${pick}(position) as position from (${next('pending')} union all ${next('scheduled')}
      union all ${next('sending')}) as waiting`,
  );
  return row?.position ?? null;
}

/** Writes new items in one statement. */
export async function insertItems(db: TeamDb, rows: QueueItemInsert[]) {
  if (rows.length === 0) return;
  await db.execute(insertUnnest(messageQueueItems, rows));
}

/** Changes one item while it still has one of `from`'s statuses; false when it no longer had. */
export async function updateItem(
  db: TeamDb,
  teamId: string,
  id: string,
  from: readonly QueueItemStatus[],
  change: { text?: string; position?: string; now: Date },
) {
  const sets = [sql`updated_at = ${iso(change.now)}`];
  if (change.text !== undefined) sets.push(sql`text = ${change.text}`);
  if (change.position !== undefined) sets.push(sql`position = ${change.position}`);
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update message_queue_items set ${sql.join(sets, sql`, `)}
      where team_id = ${teamId} and id = ${id} and status = any(${textArray([...from])}) returning id`,
  );
  return rows.length > 0;
}

/** Sets many items' status, text and reason at once, each while it still has its `from` status. */
export async function setItemStatuses(
  db: TeamDb,
  teamId: string,
  changes: {
    id: string;
    from: QueueItemStatus;
    status: QueueItemStatus;
    text: string;
    reason: string | null;
  }[],
  now: Date,
) {
  if (changes.length === 0) return [];
  const column = (pick: (change: (typeof changes)[number]) => string | null) => textArray(changes.map(pick));
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update message_queue_items q set status = u.status, text = u.text, reason = u.reason,
        updated_at = ${iso(now)},
        scheduled_at = case when u.status = 'scheduled' then ${iso(now)} else q.scheduled_at end
      from unnest(${column((c) => c.id)}, ${column((c) => c.from)}, ${column((c) => c.status)},
        ${column((c) => c.text)}, ${column((c) => c.reason)}) as u(id, from_status, status, text, reason)
      where q.team_id = ${teamId} and q.id = u.id and q.status = u.from_status
      returning q.id`,
  );
  return rows.map((row) => row.id);
}

/** Cancels a person's waiting (pending or scheduled) items on a platform, in every queue; answers how many. */
export async function cancelContactItems(
  db: TeamDb,
  teamId: string,
  contactId: string,
  platform: string,
  reason: string,
  now: Date,
) {
  return selectRows<{ id: string; queuedTo: string }>(
    db,
    sql`update message_queue_items set status = 'cancelled', reason = ${reason}, updated_at = ${iso(now)}
      where team_id = ${teamId} and contact_id = ${contactId} and status in ('pending', 'scheduled')
        and platform = ${platform}
      returning id, queued_to as "queuedTo"`,
  );
}

/** A queue's stored settings row, or null. */
export interface QueueSettingsRow {
  settings: Record<string, unknown> | null;
  pausedUntil: Date | null;
  pauseReason: string | null;
  consecutiveFailures: number;
  nextAt: Date | null;
}

export async function findSettings(db: TeamDb, key: QueueKey): Promise<QueueSettingsRow | null> {
  const [row] = await selectRows<QueueSettingsRow>(
    db,
    sql`select settings, paused_until as "pausedUntil", pause_reason as "pauseReason",
        consecutive_failures as "consecutiveFailures", next_at as "nextAt"
      from message_queue_settings
      where team_id = ${key.teamId} and user_id = ${key.userId} and platform = ${key.platform}`,
  );
  if (!row) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    pausedUntil: date(row.pausedUntil),
    nextAt: date(row.nextAt),
    consecutiveFailures: Number(row.consecutiveFailures),
  };
}

/** Changes a queue's row (made with the defaults when it has none) in one statement. */
export async function writeSettings(
  db: TeamDb,
  key: QueueKey,
  change: {
    settings?: Record<string, unknown>;
    pause?: { until: Date | null; reason: string } | null;
    consecutiveFailures?: number;
    nextAt?: Date | null;
    now: Date;
  },
) {
  const columns: [string, SQL][] = [['updated_at', iso(change.now)]];
  if (change.settings !== undefined)
    columns.push(['settings', sql`${JSON.stringify(change.settings)}::jsonb`]);
  if (change.pause !== undefined) {
    columns.push(['paused_until', change.pause?.until ? iso(change.pause.until) : sql`null::timestamptz`]);
    columns.push(['pause_reason', sql`${change.pause?.reason ?? null}::text`]);
  }
  if (change.consecutiveFailures !== undefined)
    columns.push(['consecutive_failures', sql`${change.consecutiveFailures}::int`]);
  if (change.nextAt !== undefined)
    columns.push(['next_at', change.nextAt ? iso(change.nextAt) : sql`null::timestamptz`]);
  const names = columns.map(([name]) => sql.identifier(name));
  await db.execute(
    sql`insert into message_queue_settings (team_id, user_id, platform, ${sql.join(names, sql`, `)})
      values (${key.teamId}, ${key.userId}, ${key.platform}, ${sql.join(
        columns.map(([, value]) => value),
        sql`, `,
      )})
      on conflict (team_id, user_id, platform) do update set ${sql.join(
        columns.map(([name]) => sql`${sql.identifier(name)} = excluded.${sql.identifier(name)}`),
        sql`, `,
      )}`,
  );
}

/** Adds one failure to a queue's count in a row; answers the count. */
export async function countFailure(db: TeamDb, key: QueueKey, now: Date) {
  const [row] = await selectRows<{ failures: number }>(
    db,
    sql`insert into message_queue_settings (team_id, user_id, platform, consecutive_failures, updated_at)
      values (${key.teamId}, ${key.userId}, ${key.platform}, 1, ${iso(now)})
      on conflict (team_id, user_id, platform) do update
        set consecutive_failures = message_queue_settings.consecutive_failures + 1, updated_at = excluded.updated_at
      returning consecutive_failures as failures`,
  );
  return Number(row?.failures ?? 1);
}

/** The moments a queue's messages were sent since a moment. */
export async function listSentSince(db: TeamDb, key: QueueKey, since: Date) {
  const rows = await selectRows<{ sentAt: Date | string }>(
    db,
    sql`select sent_at as "sentAt" from message_queue_items
      where team_id = ${key.teamId} and queued_to = ${key.userId} and platform = ${key.platform}
        and status = 'sent' and sent_at >= ${iso(since)}`,
  );
  return rows.map((row) => new Date(row.sentAt));
}

/** How many of a queue's items wait in review, and wait their turn (one whose lease ran out among them). */
export async function countWaiting(db: TeamDb, key: QueueKey, now: Date) {
  const [row] = await selectRows<{ pending: number; scheduled: number }>(
    db,
    sql`select
        (select count(*) from message_queue_items where team_id = ${key.teamId} and queued_to = ${key.userId}
          and platform = ${key.platform} and status = 'pending')::int as pending,
        (select count(*) from message_queue_items where team_id = ${key.teamId} and queued_to = ${key.userId}
          and platform = ${key.platform} and (status = 'scheduled'
            or (status = 'sending' and lease_until <= ${iso(now)})))::int as scheduled`,
  );
  return { pending: Number(row?.pending ?? 0), scheduled: Number(row?.scheduled ?? 0) };
}

/** A leased item, and whether an earlier lease of it ran out while it was being sent. */
export interface LeasedRow {
  id: string;
  contactId: string;
  text: string;
  wasSending: boolean;
}

/**
 * Hands out a queue's next item in one statement, when the queue is neither paused nor waiting for
 * `next_at`: first an item whose lease ran out while it was being sent, else the first scheduled one
 * in queue order whose contact still exists. The item becomes `sending` with the lease, and the
 * queue's next_at moves to the lease's end, so nothing else goes out while it is sent. Rows are
 * locked with `skip locked`: two tabs asking together never get the same item.
 */
export async function leaseNext(
  db: TeamDb,
  key: QueueKey,
  lease: { id: string; until: Date; now: Date },
): Promise<LeasedRow | null> {
  const inQueue = sql`q.team_id = ${key.teamId} and q.queued_to = ${key.userId} and q.platform = ${key.platform}`;
  const [row] = await selectRows<LeasedRow>(
    db,
    sql`with gate as (
        select team_id from message_queue_settings
        where team_id = ${key.teamId} and user_id = ${key.userId} and platform = ${key.platform}
          and (next_at is null or next_at <= ${iso(lease.now)})
          and (pause_reason is null or (paused_until is not null and paused_until <= ${iso(lease.now)}))
        for update skip locked
      ), expired as (
        select q.id, true as was_sending from message_queue_items q
        where ${inQueue} and q.status = 'sending' and q.lease_until <= ${iso(lease.now)}
          and exists (select 1 from gate)
        order by q.position, q.id limit 1
        for update of q skip locked
      ), due as (
        select q.id, false as was_sending from message_queue_items q
        where ${inQueue} and q.status = 'scheduled'
          and exists (select 1 from gate) and not exists (select 1 from expired)
          and exists (select 1 from contacts c where c.team_id = q.team_id and c.id = q.contact_id
            and c.deleted_at is null)
        order by q.position, q.id limit 1
        for update of q skip locked
      ), pick as (
        select * from expired union all select * from due
      ), leased as (
        update message_queue_items q set status = 'sending', lease_id = ${lease.id},
          lease_until = ${iso(lease.until)}, attempts = q.attempts + 1, updated_at = ${iso(lease.now)}
        from pick where q.team_id = ${key.teamId} and q.id = pick.id
        returning q.id, q.contact_id as "contactId", q.text, pick.was_sending as "wasSending"
      ), held as (
        update message_queue_settings s set next_at = ${iso(lease.until)}, updated_at = ${iso(lease.now)}
        where s.team_id = ${key.teamId} and s.user_id = ${key.userId} and s.platform = ${key.platform}
          and exists (select 1 from leased)
      )
      select * from leased`,
  );
  return row ?? null;
}

/** A contact's name and profile on a platform (null fields where they have none), or null. */
export async function findProfile(db: TeamDb, teamId: string, contactId: string, platform: string) {
  const [row] = await selectRows<{
    contactName: string;
    profileId: string | null;
    username: string | null;
    url: string | null;
  }>(
    db,
    sql`select coalesce(nullif(c.name, ''), nullif(trim(c.first_name || ' ' || c.last_name), ''), '') as "contactName",
        s.profile_id as "profileId", s.username, s.url
      from contacts c
      left join contact_sources s on s.team_id = c.team_id and s.contact_id = c.id and s.platform = ${platform}
      where c.team_id = ${teamId} and c.id = ${contactId}`,
  );
  return row ?? null;
}

/** Whether one of a queue's items is with the extension under a lease that still runs. */
export async function hasLiveLease(db: TeamDb, key: QueueKey, now: Date) {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from message_queue_items where team_id = ${key.teamId} and queued_to = ${key.userId}
      and platform = ${key.platform} and status = 'sending' and lease_until > ${iso(now)} limit 1`,
  );
  return rows.length > 0;
}

/** Whether a queue has an item to hand out: one scheduled, or one whose lease ran out. */
export async function hasDue(db: TeamDb, key: QueueKey, now: Date) {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from message_queue_items where team_id = ${key.teamId} and queued_to = ${key.userId}
      and platform = ${key.platform} and (status = 'scheduled' or (status = 'sending' and lease_until <= ${iso(now)}))
      limit 1`,
  );
  return rows.length > 0;
}

/** Ends a lease: the item takes its outcome, only while it is still sending under that lease. */
export async function endLease(
  db: TeamDb,
  teamId: string,
  id: string,
  leaseId: string,
  change: {
    status: QueueItemStatus;
    reason: string | null;
    sentAt: Date | null;
    now: Date;
    /** Nothing was tried under the lease: its attempt is not counted. */
    handedBack?: boolean;
  },
) {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update message_queue_items set status = ${change.status}, reason = ${change.reason},
        sent_at = ${change.sentAt ? iso(change.sentAt) : sql`null::timestamptz`},
        lease_until = case when ${change.status} = 'scheduled' then null else lease_until end,
        attempts = attempts - ${change.handedBack ? 1 : 0},
        updated_at = ${iso(change.now)}
      where team_id = ${teamId} and id = ${id} and status = 'sending' and lease_id = ${leaseId}
      returning id`,
  );
  return rows.length > 0;
}

/** A message template's name and text, or null. */
export async function findMessageTemplate(db: TeamDb, teamId: string, id: string) {
  const [row] = await selectRows<{ id: string; name: string; text: string }>(
    db,
    sql`select id, name, text from message_templates where team_id = ${teamId} and id = ${id}`,
  );
  return row ?? null;
}
