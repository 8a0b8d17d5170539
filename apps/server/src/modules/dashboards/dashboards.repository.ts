import { sql, type SQL } from 'drizzle-orm';
import type { TeamDb } from '../../platform/db/databases';
import { selectRows, textArray } from '../../platform/db/raw';

/** Which rollup rows a reader may count: every row, or those of their pipelines and their own. */
export type RollupScope = { all: true } | { all: false; pipelineIds: string[]; userUid: string };

/** A rollup figure summed over the hours of a range (and over the days, unless `day` is set). */
export interface RollupSum {
  metric: string;
  pipelineId: string;
  memberUid: string;
  dim: string;
  origin: string;
  bucket: number;
  /** Whether it falls in the period before the range. */
  isPrevious: boolean;
  /** The calendar day in the reader's time zone, for the figures drawn per day; '' otherwise. */
  day: string;
  n: number;
  amount: number;
}

/** Every metric of the rollup. */
export const KPI_METRICS = [
  'captured',
  'stage_entered',
  'stage_left',
  'task_done',
  'deal_won',
  'deal_lost',
  'message_sent',
];

/** Metrics the KPI page draws day by day. */
const DAILY_METRICS = ['captured', 'task_done', 'message_sent'];

function scopeCondition(scope: RollupScope): SQL {
  if (scope.all) return sql`true`;
  // Figures of no pipeline (tasks, deals outside pipelines) are each member's own.
  return sql`(pipeline_id = any(${textArray(scope.pipelineIds)}) or (pipeline_id = '' and member_uid = ${scope.userUid}))`;
}

/**
 * The rollup summed from `previousStart` to `end` (the range and the period before it), split at
 * `start`; one statement over the hourly rows of those days, never over history.
 */
export async function sumRollups(
  db: TeamDb,
  teamId: string,
  options: {
    previousStart: Date;
    start: Date;
    end: Date;
    timeZone: string;
    scope: RollupScope;
    memberUid?: string | undefined;
    metrics?: string[] | undefined;
  },
): Promise<RollupSum[]> {
  const { previousStart, start, end, timeZone, scope, memberUid, metrics } = options;
  const rows = await selectRows<RollupSum>(
    db,
    sql`select metric, pipeline_id as "pipelineId", member_uid as "memberUid", dim, origin, bucket,
        hour < ${start.toISOString()}::timestamptz as "isPrevious",
        case when metric = any(${textArray(DAILY_METRICS)}) and hour >= ${start.toISOString()}::timestamptz
          then to_char(hour at time zone ${timeZone}, 'YYYY-MM-DD') else '' end as day,
        sum(n)::integer as n, sum(amount)::float8 as amount
      from kpi_hourly
      where team_id = ${teamId}
        and hour >= ${previousStart.toISOString()}::timestamptz and hour < ${end.toISOString()}::timestamptz
        -- Naming the metrics lets the primary key range over each one's hours.
        and metric = any(${textArray(metrics ?? KPI_METRICS)})
        and ${scopeCondition(scope)}
        and ${memberUid ? sql`member_uid = ${memberUid}` : sql`true`}
      group by 1, 2, 3, 4, 5, 6, 7, 8
      having sum(n) <> 0`,
  );
  return rows.map((row) => ({ ...row, n: Number(row.n), amount: Number(row.amount) }));
}

/** How many of a member's queued messages wait in their review queue. */
export async function countWaitingReview(db: TeamDb, teamId: string, userUid: string) {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::integer as count from message_queue_items
      where team_id = ${teamId} and queued_to = ${userUid} and status = 'pending'`,
  );
  return Number(row?.count ?? 0);
}

export interface HomeTaskRow {
  id: string;
  taskName: string;
  dueAt: Date | string;
  contactId: string | null;
  contactName: string | null;
}

/** A member's open tasks due in [from, to): how many, and the first few by due time. */
export async function listOpenTasksDue(
  db: TeamDb,
  teamId: string,
  assigneeUid: string,
  options: { from: Date | null; to: Date; limit: number },
): Promise<{ count: number; items: HomeTaskRow[] }> {
  const { from, to, limit } = options;
  const where = sql`t.team_id = ${teamId} and t.assignee_uid = ${assigneeUid} and t.status = 'active'
    and t.deleted_at is null and t.due_at < ${to.toISOString()}::timestamptz
    and ${from ? sql`t.due_at >= ${from.toISOString()}::timestamptz` : sql`true`}`;
  const [counted] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::integer as count from tasks t where ${where}`,
  );
  const items = await selectRows<HomeTaskRow>(
    db,
    sql`select t.id, t.task_name as "taskName", t.due_at as "dueAt", t.contact_id as "contactId",
        c.name as "contactName"
      from tasks t left join contacts c on c.team_id = t.team_id and c.id = t.contact_id and c.deleted_at is null
      where ${where}
      order by t.due_at, t.id
      limit ${limit}`,
  );
  return { count: Number(counted?.count ?? 0), items };
}

export interface RecentActivityRow {
  id: string;
  type: string;
  action: string;
  createdAt: Date | string;
  createdBy: string;
  contactId: string;
  contactName: string;
  pipelineId: string | null;
}

/**
 * The team's latest activities the reader may see, newest first: read backwards along the primary
 * key (push ids are time-ordered), so it stops after `limit` rows however long the history is.
 */
export async function listRecentActivities(
  db: TeamDb,
  teamId: string,
  options: { pipelineIds: string[] | null; limit: number },
): Promise<RecentActivityRow[]> {
  const { pipelineIds, limit } = options;
  return selectRows<RecentActivityRow>(
    db,
    sql`select a.id, a.type, a.action, a.created_at as "createdAt", a.created_by as "createdBy",
        a.contact_id as "contactId", c.name as "contactName", a.pipeline_id as "pipelineId"
      from activities a
      join contacts c on c.team_id = a.team_id and c.id = a.contact_id and c.deleted_at is null
      where a.team_id = ${teamId}
        and ${pipelineIds ? sql`a.pipeline_id = any(${textArray(pipelineIds)})` : sql`true`}
      order by a.id desc
      limit ${limit}`,
  );
}
