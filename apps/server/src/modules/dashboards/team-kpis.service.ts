import {
  canSeePipeline,
  createPushId,
  currentKpiRange,
  isKnownTimeZone,
  MAX_TEAM_KPIS,
  startOfDayInZone,
  addDaysToDate,
  can,
  type TeamKpi,
  type TeamKpiInput,
  type TeamKpiList,
  type TeamKpiMetric,
  type TeamKpiPeriod,
} from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors';
import { appendChange } from '../../platform/realtime';
import * as pipelineData from '../pipelines';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import { scopeOf } from './dashboards.service';
import * as rollups from './dashboards.repository';
import * as repo from './team-kpis.repository';

const STAGE_GONE = 'Its stage was deleted, so it counts nothing more: choose another stage.';
const NOT_ALLOWED = "Only the team owner or an admin can change the team's KPIs.";

/** The rollup metric each KPI sums, and which of its rows count. */
const ROLLUP_OF: Record<TeamKpiMetric, string> = {
  captured: 'captured',
  stage_entered: 'stage_entered',
  deals_won: 'deal_won',
  deals_won_value: 'deal_won',
  tasks_on_time: 'task_done',
  messages_sent: 'message_sent',
};

/** A KPI's figure from the rollup rows of its period (already narrowed to what the reader may see). */
function figureOf(row: repo.TeamKpiRow, sums: rollups.RollupSum[]): number {
  const metric = row.metric as TeamKpiMetric;
  let total = 0;
  for (const sum of sums) {
    if (sum.metric !== ROLLUP_OF[metric]) continue;
    if (row.memberUid && sum.memberUid !== row.memberUid) continue;
    if (metric === 'stage_entered' && sum.dim !== row.stageId) continue;
    if (metric === 'tasks_on_time' && sum.dim !== 'on_time') continue;
    if (metric === 'deals_won_value') {
      if (sum.dim === row.currency) total += sum.amount;
      continue;
    }
    total += sum.n;
  }
  return Math.round(total * 100) / 100;
}

/**
 * The team's chosen KPIs (SPEC §3): owners and admins keep the list, everyone reads it with each
 * KPI's figure for its current day, week or month, summed from the same hourly rollups as the KPI page.
 */
export function createTeamKpisService(deps: { databases: Databases; teams: TeamsService }) {
  const { databases, teams } = deps;

  /** The KPI as stored, or the problem with it in words naming the field. */
  async function checkInput(member: TeamActor, input: TeamKpiInput): Promise<repo.TeamKpiValues> {
    const db = databases.forTeam(member.teamUID);
    const stageId = input.stageUID ?? null;
    const currency = input.currency ?? null;
    if (input.metric === 'stage_entered') {
      if (!stageId) throw new BadRequestError('Invalid stageUID: choose the stage whose entries count.');
      const stages = await pipelineData.listStages(db, member.teamUID);
      const pipelines = new Set((await pipelineData.listPipelines(db, member.teamUID)).map((row) => row.id));
      if (!stages.some((stage) => stage.id === stageId && pipelines.has(stage.pipelineId)))
        throw new BadRequestError(`Invalid stageUID: ${stageId} is not a stage of this team.`);
    } else if (stageId) {
      throw new BadRequestError('Invalid stageUID: only stage entries count a stage.');
    }
    if (input.metric === 'deals_won_value') {
      if (!currency) throw new BadRequestError('Invalid currency: choose the currency of the value won.');
    } else if (currency) {
      throw new BadRequestError('Invalid currency: only the value of deals won has a currency.');
    }
    const memberUid = input.memberUID ?? null;
    if (memberUid && !(await teams.listMembers(member)).some((row) => row.uid === memberUid))
      throw new BadRequestError(`Invalid memberUID: ${memberUid} is not a member of this team.`);
    return { metric: input.metric, stageId, currency, period: input.period, target: input.target, memberUid };
  }

  function requireManager(member: TeamActor) {
    if (!can(member.role, 'manage-setup')) throw new ForbiddenError(NOT_ALLOWED);
  }

  return {
    async list(member: TeamActor, input: { timeZone: string }, now = Date.now()): Promise<TeamKpiList> {
      const { timeZone } = input;
      if (!isKnownTimeZone(timeZone))
        throw new BadRequestError(`Invalid timeZone: ${timeZone} is not a known time zone.`);
      const db = databases.forTeam(member.teamUID);
      const [rows, pipelines, stages] = await Promise.all([
        repo.listTeamKpis(db, member.teamUID),
        pipelineData.listPipelines(db, member.teamUID),
        pipelineData.listStages(db, member.teamUID),
      ]);
      const live = new Set(pipelines.map((row) => row.id));
      const visible = new Map(
        pipelines.filter((row) => canSeePipeline(member, row.id)).map((row) => [row.id, row.nickName]),
      );
      // One read of the rollups per period the KPIs use, narrowed to what the reader may see.
      const periods = [...new Set(rows.map((row) => row.period as TeamKpiPeriod))];
      const sumsOf = new Map<TeamKpiPeriod, { from: string; to: string; sums: rollups.RollupSum[] }>();
      await Promise.all(
        periods.map(async (period) => {
          const { from, to } = currentKpiRange(period, now, timeZone);
          const start = new Date(startOfDayInZone(from, timeZone));
          const sums = await rollups.sumRollups(db, member.teamUID, {
            previousStart: start,
            start,
            end: new Date(startOfDayInZone(addDaysToDate(to, 1), timeZone)),
            timeZone,
            scope: scopeOf(member),
            metrics: [...new Set(Object.values(ROLLUP_OF))],
          });
          // Figures of a pipeline since deleted stay out, as on the KPI page.
          const counted = sums.filter((row) => row.pipelineId === '' || visible.has(row.pipelineId));
          sumsOf.set(period, { from, to, sums: counted });
        }),
      );
      const stageOf = (row: (typeof rows)[number]) =>
        row.stageId ? stages.find((item) => item.id === row.stageId) : undefined;
      // A KPI on a stage of a pipeline hidden from the reader is not theirs to read, not even its ids.
      const readable = rows.filter((row) => {
        const stage = stageOf(row);
        return !stage || !live.has(stage.pipelineId) || visible.has(stage.pipelineId);
      });
      const kpis = readable.map((row): TeamKpi => {
        const { from, to, sums } = sumsOf.get(row.period as TeamKpiPeriod)!;
        const stage = stageOf(row);
        const stageVisible = stage ? visible.has(stage.pipelineId) : !row.stageId;
        // A stage deleted, or of a pipeline deleted, counts nothing more: the KPI says so.
        const stageGone = row.stageId !== null && !(stage && live.has(stage.pipelineId));
        return {
          kpiUID: row.id,
          metric: row.metric as TeamKpiMetric,
          stageUID: row.stageId,
          stageName: stage && stageVisible ? `${visible.get(stage.pipelineId)} · ${stage.name}` : null,
          currency: row.currency,
          period: row.period as TeamKpiPeriod,
          target: Number(row.target),
          memberUID: row.memberUid,
          from,
          to,
          value: stageVisible ? figureOf(row, sums) : null,
          available: !stageGone,
          reason: stageGone ? STAGE_GONE : null,
        };
      });
      return { kpis, canManage: can(member.role, 'manage-setup') };
    },

    async create(member: TeamActor, input: TeamKpiInput) {
      requireManager(member);
      const values = await checkInput(member, input);
      const { teamUID } = member;
      const id = createPushId('kpi_');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        if ((await repo.countTeamKpis(tx, teamUID)) >= MAX_TEAM_KPIS)
          throw new BadRequestError(`A team keeps at most ${MAX_TEAM_KPIS} KPIs; remove one first.`);
        await repo.insertTeamKpi(tx, { ...values, teamId: teamUID, id, createdBy: member.userId });
        await appendChange(tx, teamUID, { entity: 'kpi', op: 'create', ids: [id] });
      });
      return { kpiUID: id };
    },

    async update(member: TeamActor, kpiUID: string, input: TeamKpiInput) {
      requireManager(member);
      const values = await checkInput(member, input);
      const { teamUID } = member;
      await databases.forTeam(teamUID).transaction(async (tx) => {
        if (!(await repo.updateTeamKpi(tx, teamUID, kpiUID, values)))
          throw new NotFoundError('KPI not found.');
        await appendChange(tx, teamUID, { entity: 'kpi', op: 'update', ids: [kpiUID] });
      });
      return { kpiUID };
    },

    async remove(member: TeamActor, kpiUID: string) {
      requireManager(member);
      const { teamUID } = member;
      await databases.forTeam(teamUID).transaction(async (tx) => {
        if (!(await repo.deleteTeamKpi(tx, teamUID, kpiUID))) throw new NotFoundError('KPI not found.');
        await appendChange(tx, teamUID, { entity: 'kpi', op: 'delete', ids: [kpiUID] });
      });
    },
  };
}
