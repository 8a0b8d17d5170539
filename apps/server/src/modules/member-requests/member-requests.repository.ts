import type { MemberRequestPlatform, MemberRequestStatus } from '@grouptrack/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { insertUnnest, selectRows, textArray } from '../../platform/db/raw';
import { memberRequests } from '../../platform/db/team-schema';

/**
 * The living pipelines whose integrations name this group (group ids compared without case), first
 * in the team's order, with the name the group was connected under. A group belongs to one pipeline;
 * a deleted pipeline that had it and was restored may make two, and the first then receives.
 */
export async function findGroupPipelines(
  db: TeamDb,
  teamId: string,
  group: { platform: MemberRequestPlatform; groupId: string },
) {
  return selectRows<{ id: string; nickName: string; groupName: string | null; rules: unknown }>(
    db,
    sql`select p.id, p.nick_name as "nickName", g.entry->>'name' as "groupName", p.rules
        from pipelines p
        cross join lateral (
          select entry from jsonb_array_elements(p.integrations) as entry
          where entry->>'type' = 'group' and entry->>'platform' = ${group.platform}
            and lower(entry->>'groupId') = ${group.groupId.toLowerCase()}
          limit 1) as g
        where p.team_id = ${teamId} and p.deleted_at is null
        order by p.rank`,
  );
}

export type MemberRequestInsert = typeof memberRequests.$inferInsert;

/** A stored request as the service reads it. */
export interface MemberRequestRow {
  id: string;
  teamId: string;
  platform: MemberRequestPlatform;
  groupId: string;
  contactId: string;
  pipelineId: string;
  name: string;
  profileId: string | null;
  username: string | null;
  photoUrl: string | null;
  answers: { question: string; answer: string }[];
  agreedToRules: boolean | null;
  requestedAt: Date | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  capturedAt: Date;
  leadScore: number;
  status: MemberRequestStatus;
  ruleId: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  feedback: string | null;
  doneAt: Date | null;
}

const COLUMNS = sql`id, team_id as "teamId", platform, group_id as "groupId", contact_id as "contactId",
  pipeline_id as "pipelineId", name, profile_id as "profileId", username, photo_url as "photoUrl", answers,
  agreed_to_rules as "agreedToRules", requested_at as "requestedAt", email_address as "emailAddress",
  phone_number as "phoneNumber", captured_at as "capturedAt", lead_score as "leadScore", status,
  rule_id as "ruleId", decided_by as "decidedBy", decided_at as "decidedAt", feedback, done_at as "doneAt"`;

// Drivers differ in what a timestamp comes back as: both read as dates here.
function readRow(row: MemberRequestRow): MemberRequestRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    requestedAt: date(row.requestedAt),
    capturedAt: new Date(row.capturedAt),
    decidedAt: date(row.decidedAt),
    doneAt: date(row.doneAt),
    leadScore: Number(row.leadScore),
  };
}

async function selectRequests(db: TeamDb, where: SQL, tail: SQL = sql``) {
  const rows = await selectRows<MemberRequestRow>(
    db,
    sql`select ${COLUMNS} from member_requests where ${where} ${tail}`,
  );
  return rows.map(readRow);
}

/** The stored requests of these contacts to join one group. */
export function listGroupRequestsOf(
  db: TeamDb,
  teamId: string,
  group: { platform: string; groupId: string },
  contactIds: string[],
) {
  if (contactIds.length === 0) return Promise.resolve([]);
  return selectRequests(
    db,
    sql`team_id = ${teamId} and platform = ${group.platform} and group_id = ${group.groupId}
      and contact_id = any(${textArray(contactIds)})`,
  );
}

/**
 * Writes requests captured again or for the first time, and their scores onto the contacts' places
 * in the pipeline, in one statement. A request stored with a decision keeps it: only one still
 * pending takes the new status.
 */
export async function upsertRequests(db: TeamDb, rows: MemberRequestInsert[]) {
  if (rows.length === 0) return;
  // The card reads the score off the contact's place in the pipeline, so the board needs no look-up.
  await db.execute(sql`with written as (${insertUnnest(memberRequests, rows)}
    on conflict (team_id, platform, group_id, contact_id) do update set
      pipeline_id = excluded.pipeline_id, name = excluded.name, profile_id = excluded.profile_id,
      username = excluded.username, photo_url = excluded.photo_url, answers = excluded.answers,
      agreed_to_rules = excluded.agreed_to_rules,
      requested_at = coalesce(member_requests.requested_at, excluded.requested_at),
      email_address = excluded.email_address, phone_number = excluded.phone_number,
      captured_at = excluded.captured_at,
      lead_score = excluded.lead_score,
      status = case when member_requests.status = 'pending' then excluded.status else member_requests.status end,
      rule_id = case when member_requests.status = 'pending' then excluded.rule_id else member_requests.rule_id end,
      decided_at = case when member_requests.status = 'pending' then excluded.decided_at else member_requests.decided_at end,
      feedback = case when member_requests.status = 'pending' then excluded.feedback else member_requests.feedback end
    returning team_id, pipeline_id, contact_id, lead_score)
    update contact_pipelines cp set lead_score = w.lead_score from written w
    where cp.team_id = w.team_id and cp.pipeline_id = w.pipeline_id and cp.contact_id = w.contact_id
      and cp.lead_score is distinct from w.lead_score`);
}

/** One request by its id, or null. */
export async function findRequest(db: TeamDb, teamId: string, id: string) {
  const [row] = await selectRequests(db, sql`team_id = ${teamId} and id = ${id}`);
  return row ?? null;
}

/** A pipeline's requests of these statuses, newest first, before a cursor (captured at, id). */
export function listPipelineRequests(
  db: TeamDb,
  teamId: string,
  options: {
    pipelineIds: string[];
    statuses: readonly MemberRequestStatus[];
    limit: number;
    before?: { capturedAt: string; id: string } | undefined;
  },
) {
  const before = options.before
    ? sql`and (captured_at, id) < (${options.before.capturedAt}::timestamptz, ${options.before.id})`
    : sql``;
  return selectRequests(
    db,
    sql`team_id = ${teamId} and pipeline_id = any(${textArray(options.pipelineIds)})
      and status = any(${textArray([...options.statuses])}) ${before}`,
    sql`order by captured_at desc, id desc limit ${options.limit}`,
  );
}

/** A group's requests of these statuses, oldest decision first. */
export function listGroupDecided(
  db: TeamDb,
  teamId: string,
  group: { platform: string; groupId: string },
  limit: number,
) {
  return selectRequests(
    db,
    sql`team_id = ${teamId} and platform = ${group.platform} and group_id = ${group.groupId}
      and status in ('to_approve', 'to_decline')`,
    sql`order by decided_at, id limit ${limit}`,
  );
}

/** How many of a group's requests were carried out on its page since a moment. */
export async function countGroupDone(
  db: TeamDb,
  teamId: string,
  group: { platform: string; groupId: string },
  since: Date,
) {
  const [row] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from member_requests
      where team_id = ${teamId} and platform = ${group.platform} and group_id = ${group.groupId}
        and status in ('approved', 'declined') and done_at >= ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.total ?? 0);
}

/** Sets a request's status and what goes with it; only while it still has `from`'s status. */
export async function updateRequestStatus(
  db: TeamDb,
  teamId: string,
  id: string,
  change: {
    from: MemberRequestStatus;
    status: MemberRequestStatus;
    decidedBy?: string | null;
    decidedAt?: Date | null;
    ruleId?: string | null;
    feedback?: string | null;
    doneAt?: Date | null;
  },
) {
  const sets = [sql`status = ${change.status}`];
  if (change.decidedBy !== undefined) sets.push(sql`decided_by = ${change.decidedBy}`);
  if (change.decidedAt !== undefined)
    sets.push(sql`decided_at = ${change.decidedAt?.toISOString() ?? null}::timestamptz`);
  if (change.ruleId !== undefined) sets.push(sql`rule_id = ${change.ruleId}`);
  if (change.feedback !== undefined) sets.push(sql`feedback = ${change.feedback}`);
  if (change.doneAt !== undefined)
    sets.push(sql`done_at = ${change.doneAt?.toISOString() ?? null}::timestamptz`);
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update member_requests set ${sql.join(sets, sql`, `)}
      where team_id = ${teamId} and id = ${id} and status = ${change.from} returning id`,
  );
  return rows.length > 0;
}

/** Until when a group's decisions wait, or null. */
export async function findPause(db: TeamDb, teamId: string, group: { platform: string; groupId: string }) {
  const [row] = await selectRows<{ pausedUntil: Date | string }>(
    db,
    sql`select paused_until as "pausedUntil" from member_request_pauses
      where team_id = ${teamId} and platform = ${group.platform} and group_id = ${group.groupId}`,
  );
  return row ? new Date(row.pausedUntil) : null;
}

/** Pauses a group's decisions until a moment; false when they were already paused until then or later. */
export async function pauseGroup(
  db: TeamDb,
  teamId: string,
  group: { platform: string; groupId: string },
  until: Date,
) {
  const rows = await selectRows<{ teamId: string }>(
    db,
    sql`insert into member_request_pauses (team_id, platform, group_id, paused_until)
      values (${teamId}, ${group.platform}, ${group.groupId}, ${until.toISOString()}::timestamptz)
      on conflict (team_id, platform, group_id) do update set paused_until = excluded.paused_until
        where member_request_pauses.paused_until < now()
      returning team_id as "teamId"`,
  );
  return rows.length > 0;
}

/** Of these tag ids, those of the team a contact of this pipeline may be given (the team's or the pipeline's). */
export async function listUsableTagIds(db: TeamDb, teamId: string, pipelineId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select t.id from tags t
      join tag_sets s on s.team_id = t.team_id and s.id = t.tag_set_id
      where t.team_id = ${teamId} and t.id = any(${textArray(ids)})
        and (s.pipeline_id is null or s.pipeline_id = ${pipelineId})`,
  );
  return rows.map((row) => row.id);
}

/** Of these task or message template ids, those of the team. */
export async function listTemplateIds(
  db: TeamDb,
  teamId: string,
  kind: 'task_templates' | 'message_templates',
  ids: string[],
) {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(kind)} where team_id = ${teamId} and id = any(${textArray(ids)})`,
  );
  return rows.map((row) => row.id);
}
