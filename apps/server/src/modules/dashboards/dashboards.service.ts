import {
  can,
  canSeePipeline,
  formatDateInZone,
  listPeriodDays,
  medianFromBuckets,
  resolveKpiPeriod,
  addDaysToDate,
  startOfDayInZone,
  isKnownTimeZone,
  type HomeDashboard,
  type KpiReport,
} from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError } from '../../platform/errors';
import * as pipelineData from '../pipelines';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import * as repo from './dashboards.repository';

export type DashboardsService = ReturnType<typeof createDashboardsService>;

/** How many tasks and activities the home page lists. */
const HOME_LIST_LIMIT = 10;

const AUTOMATIONS_NOT_RUNNING =
  'Automations and the Auto Responder are not available yet; their running jobs will show here.';

interface Figure {
  count: number;
  previous: number;
  amount: number;
  previousAmount: number;
}
const NO_FIGURE: Figure = { count: 0, previous: 0, amount: 0, previousAmount: 0 };

/** A figure per key, for the range and the period before it. */
class Tally {
  private readonly counts = new Map<string, Figure>();
  add(key: string, row: repo.RollupSum) {
    const entry = this.counts.get(key) ?? { ...NO_FIGURE };
    if (row.isPrevious) {
      entry.previous += row.n;
      entry.previousAmount += row.amount;
    } else {
      entry.count += row.n;
      entry.amount += row.amount;
    }
    this.counts.set(key, entry);
  }
  get(key: string) {
    return this.counts.get(key) ?? NO_FIGURE;
  }
  keys() {
    return [...this.counts.keys()];
  }
}

/** The rollup rows a reader may count: owners and admins all, a member their pipelines and their own. */
export function scopeOf(member: TeamActor): repo.RollupScope {
  return can(member.role, 'see-all-pipelines')
    ? { all: true }
    : { all: false, pipelineIds: member.groupAccess, userUid: member.userId };
}

/**
 * The dashboards: figures read from the hourly rollups the database keeps as changes happen
 * (drizzle/team/0019_kpi_rollups.sql), cut into days in the reader's time zone.
 */
export function createDashboardsService(deps: { databases: Databases; teams: TeamsService }) {
  const { databases, teams } = deps;

  async function visiblePipelines(member: TeamActor) {
    const db = databases.forTeam(member.teamUID);
    const pipelines = (await pipelineData.listPipelines(db, member.teamUID)).filter((row) =>
      canSeePipeline(member, row.id),
    );
    const stages = await pipelineData.listStages(
      db,
      member.teamUID,
      pipelines.map((row) => row.id),
    );
    return { pipelines, stages };
  }

  return {
    /** The KPI dashboard for a range of days in a time zone, compared with the days before it. */
    async getKpiReport(
      member: TeamActor,
      input: { from: string; to: string; timeZone: string; memberUid?: string | undefined },
    ): Promise<KpiReport> {
      const resolved = resolveKpiPeriod(input);
      if ('problem' in resolved) throw new BadRequestError(resolved.problem);
      const { period, previous } = resolved;
      const db = databases.forTeam(member.teamUID);
      const [roster, rows, { pipelines, stages }] = await Promise.all([
        teams.listMembers(member),
        repo.sumRollups(db, member.teamUID, {
          previousStart: new Date(previous.start),
          start: new Date(period.start),
          end: new Date(period.end),
          timeZone: input.timeZone,
          scope: scopeOf(member),
          memberUid: input.memberUid,
        }),
        visiblePipelines(member),
      ]);
      if (input.memberUid && !roster.some((row) => row.uid === input.memberUid))
        throw new BadRequestError(`Invalid memberUID: ${input.memberUid} is not a member of this team.`);
      const pipelineIds = new Set(pipelines.map((row) => row.id));
      // Figures of a pipeline since deleted stay out, as its contacts do.
      const counted = rows.filter((row) => row.pipelineId === '' || pipelineIds.has(row.pipelineId));

      const captured = new Tally();
      const capturedByDay = new Map<string, number>();
      const messages = new Tally();
      const messagesByDay = new Map<string, number>();
      const entered = new Tally();
      const left = new Map<string, { bucket: number; count: number }[]>();
      const tasksByDay = new Map<string, { onTime: number; late: number }>();
      const tasks = new Tally();
      const deals = new Tally();
      const perMember = new Tally();
      for (const row of counted) {
        switch (row.metric) {
          case 'captured':
            captured.add('all', row);
            captured.add(`pipeline:${row.pipelineId}`, row);
            captured.add(`platform:${row.dim}`, row);
            captured.add(`source:${row.origin}`, row);
            perMember.add(`captured:${row.memberUid}`, row);
            if (!row.isPrevious) capturedByDay.set(row.day, (capturedByDay.get(row.day) ?? 0) + row.n);
            break;
          case 'stage_entered':
            entered.add(row.dim, row);
            perMember.add(`stageMoves:${row.memberUid}`, row);
            break;
          case 'stage_left':
            if (!row.isPrevious)
              left.set(row.dim, [...(left.get(row.dim) ?? []), { bucket: row.bucket, count: row.n }]);
            break;
          case 'task_done': {
            tasks.add(row.dim, row);
            perMember.add(`${row.dim}:${row.memberUid}`, row);
            if (row.isPrevious) break;
            const day = tasksByDay.get(row.day) ?? { onTime: 0, late: 0 };
            if (row.dim === 'on_time') day.onTime += row.n;
            else day.late += row.n;
            tasksByDay.set(row.day, day);
            break;
          }
          case 'message_sent':
            messages.add('all', row);
            perMember.add(`messages:${row.memberUid}`, row);
            if (!row.isPrevious) messagesByDay.set(row.day, (messagesByDay.get(row.day) ?? 0) + row.n);
            break;
          case 'deal_won':
          case 'deal_lost':
            deals.add(`${row.metric}:${row.dim}`, row);
            if (row.metric === 'deal_won') perMember.add(`dealsWon:${row.memberUid}`, row);
            break;
        }
      }

      const days = listPeriodDays(period);
      const currencies = [...new Set(deals.keys().map((key) => key.split(':')[1]!))].sort();
      const figure = (tally: Tally, key: string) => {
        const { count, previous: before } = tally.get(key);
        return { count, previous: before };
      };
      const breakdown = (prefix: string) =>
        captured
          .keys()
          .filter((key) => key.startsWith(`${prefix}:`))
          .map((key) => ({ key: key.slice(prefix.length + 1), ...figure(captured, key) }))
          .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
      const members = input.memberUid ? roster.filter((row) => row.uid === input.memberUid) : roster;
      return {
        period: {
          from: period.from,
          to: period.to,
          previousFrom: previous.from,
          previousTo: previous.to,
          timeZone: input.timeZone,
        },
        memberUID: input.memberUid ?? null,
        messages: {
          available: true,
          reason: null,
          ...figure(messages, 'all'),
          perDay: days.map((date) => ({ date, count: messagesByDay.get(date) ?? 0 })),
        },
        captured: {
          ...figure(captured, 'all'),
          perDay: days.map((date) => ({ date, count: capturedByDay.get(date) ?? 0 })),
          byPipeline: pipelines.map((row) => ({
            pipelineID: row.id,
            name: row.nickName,
            ...figure(captured, `pipeline:${row.id}`),
          })),
          byPlatform: breakdown('platform').map(({ key, ...rest }) => ({ platform: key, ...rest })),
          bySource: breakdown('source').map(({ key, ...rest }) => ({ source: key, ...rest })),
        },
        funnels: pipelines.map((pipeline) => {
          const own = stages.filter((stage) => stage.pipelineId === pipeline.id);
          return {
            pipelineID: pipeline.id,
            name: pipeline.nickName,
            stages: own.map((stage, index) => {
              const next = own[index + 1];
              const { count, previous: before } = entered.get(stage.id);
              const exits = left.get(stage.id) ?? [];
              return {
                stageUID: stage.id,
                name: stage.name,
                entered: count,
                previous: before,
                conversion: next && count > 0 ? entered.get(next.id).count / count : null,
                medianSecondsInStage: medianFromBuckets(exits),
                left: exits.reduce((sum, item) => sum + item.count, 0),
              };
            }),
          };
        }),
        tasks: {
          onTime: tasks.get('on_time').count,
          late: tasks.get('late').count,
          previousOnTime: tasks.get('on_time').previous,
          previousLate: tasks.get('late').previous,
          perDay: days.map((date) => ({ date, ...(tasksByDay.get(date) ?? { onTime: 0, late: 0 }) })),
        },
        deals: currencies.map((currency) => {
          const won = deals.get(`deal_won:${currency}`);
          const lost = deals.get(`deal_lost:${currency}`);
          return {
            currency,
            won: won.count,
            wonValue: won.amount,
            lost: lost.count,
            lostValue: lost.amount,
            previousWon: won.previous,
            previousWonValue: won.previousAmount,
          };
        }),
        members: members.map((row) => ({
          userUID: row.uid,
          name: row.name,
          captured: perMember.get(`captured:${row.uid}`).count,
          stageMoves: perMember.get(`stageMoves:${row.uid}`).count,
          tasksOnTime: perMember.get(`on_time:${row.uid}`).count,
          tasksLate: perMember.get(`late:${row.uid}`).count,
          dealsWon: perMember.get(`dealsWon:${row.uid}`).count,
          messages: perMember.get(`messages:${row.uid}`).count,
        })),
      };
    },

    /** The reader's day at a glance, in their time zone. */
    async getHome(member: TeamActor, input: { timeZone: string }, now = Date.now()): Promise<HomeDashboard> {
      const { timeZone } = input;
      if (!isKnownTimeZone(timeZone))
        throw new BadRequestError(`Invalid timeZone: ${timeZone} is not a known time zone.`);
      const today = formatDateInZone(now, timeZone);
      const start = new Date(startOfDayInZone(today, timeZone));
      const end = new Date(startOfDayInZone(addDaysToDate(today, 1), timeZone));
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const seesAll = can(member.role, 'see-all-pipelines');
      const [rows, { pipelines }, dueToday, overdue, recent, waitingReview] = await Promise.all([
        repo.sumRollups(db, teamUID, {
          previousStart: start,
          start,
          end,
          timeZone,
          scope: scopeOf(member),
          metrics: ['captured', 'message_sent'],
        }),
        visiblePipelines(member),
        repo.listOpenTasksDue(db, teamUID, member.userId, { from: start, to: end, limit: HOME_LIST_LIMIT }),
        repo.listOpenTasksDue(db, teamUID, member.userId, { from: null, to: start, limit: HOME_LIST_LIMIT }),
        repo.listRecentActivities(db, teamUID, {
          pipelineIds: seesAll ? null : member.groupAccess,
          limit: HOME_LIST_LIMIT * 2,
        }),
        repo.countWaitingReview(db, teamUID, member.userId),
      ]);
      const named = new Map(pipelines.map((row) => [row.id, row.nickName]));
      const byPipeline = new Map<string, number>();
      const byPlatform = new Map<string, number>();
      for (const row of rows.filter((item) => item.metric === 'captured' && named.has(item.pipelineId))) {
        byPipeline.set(row.pipelineId, (byPipeline.get(row.pipelineId) ?? 0) + row.n);
        byPlatform.set(row.dim, (byPlatform.get(row.dim) ?? 0) + row.n);
      }
      // The reader's own messages today, by platform: what counts toward their Daily Goal here.
      const sentBy = new Map<string, number>();
      for (const row of rows)
        if (row.metric === 'message_sent' && row.memberUid === member.userId)
          sentBy.set(row.dim, (sentBy.get(row.dim) ?? 0) + row.n);
      const presentTasks = (found: { count: number; items: repo.HomeTaskRow[] }) => ({
        count: found.count,
        items: found.items.map((row) => ({
          taskUID: row.id,
          taskName: row.taskName,
          dueAt: new Date(row.dueAt).toISOString(),
          GTID: row.contactId,
          contactName: row.contactName,
        })),
      });
      return {
        date: today,
        timeZone,
        newContacts: {
          count: [...byPipeline.values()].reduce((sum, value) => sum + value, 0),
          byPipeline: pipelines.map((row) => ({
            pipelineID: row.id,
            name: row.nickName,
            count: byPipeline.get(row.id) ?? 0,
          })),
          byPlatform: [...byPlatform]
            .map(([platform, count]) => ({ platform, count }))
            .sort((a, b) => b.count - a.count || a.platform.localeCompare(b.platform)),
        },
        tasks: { dueToday: presentTasks(dueToday), overdue: presentTasks(overdue) },
        reviewQueue: { available: true, reason: null, count: waitingReview },
        messages: {
          available: true,
          reason: null,
          sent: [...sentBy.values()].reduce((sum, value) => sum + value, 0),
          perPlatform: [...sentBy]
            .map(([platform, sent]) => ({ platform, sent, goal: null }))
            .sort((a, b) => b.sent - a.sent || a.platform.localeCompare(b.platform)),
        },
        automations: { available: false, reason: AUTOMATIONS_NOT_RUNNING, items: [] },
        recentActivity: recent.map((row) => ({
          activityUID: row.id,
          type: row.type,
          action: row.action,
          createdAt: new Date(row.createdAt).toISOString(),
          createdBy: row.createdBy,
          GTID: row.contactId,
          contactName: row.contactName,
          pipelineID: row.pipelineId,
        })),
      };
    },
  };
}
