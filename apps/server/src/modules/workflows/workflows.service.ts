import {
  createPushId,
  findDefinitionProblem,
  proPlanRefusal,
  type Workflow,
  type WorkflowDefinition,
  type WorkflowInput,
  type WorkflowRun,
  type WorkflowRunStatus,
  type WorkflowRunStepLog,
  type WorkflowStatus,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError, LimitReachedError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { createContactChanges } from '../contacts';
import type { TeamsService } from '../teams/teams.service';
import { parseDefinition, type WorkflowEngine } from './workflow-engine';
import * as repo from './workflows.repository';

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;

const NOT_FOUND = 'Workflow not found.';
const RUN_NOT_FOUND = 'Workflow run not found.';
export const RUNS_PAGE_SIZE = 50;

/**
 * Checks that everything a definition names is the team's and fits together: each stage belongs to
 * the pipeline named beside it, tags and templates exist. Answers the first problem, naming the field.
 */
export function findReferenceProblem(
  definition: WorkflowDefinition,
  nameables: repo.Nameables,
): string | null {
  const pipelineIds = new Set(nameables.pipelines.map((row) => row.id));
  const stagePipeline = new Map(nameables.stages.map((row) => [row.id, row.pipelineId]));
  const tagIds = new Set(nameables.tags.map((row) => row.id));
  const taskTemplateIds = new Set(nameables.taskTemplates.map((row) => row.id));
  const messageTemplateIds = new Set(nameables.messageTemplates.map((row) => row.id));
  const connectionIds = new Set(nameables.connections.map((row) => row.id));
  const pipeline = (path: string, id: string | null) =>
    id !== null && !pipelineIds.has(id) ? `Invalid ${path}: ${id} is not a pipeline of this team.` : null;
  const stage = (path: string, id: string | null, pipelineId: string | null) =>
    id !== null && (!stagePipeline.has(id) || (pipelineId !== null && stagePipeline.get(id) !== pipelineId))
      ? `Invalid ${path}: ${id} is not a stage of ${pipelineId ? 'that pipeline' : 'this team'}.`
      : null;
  const tags = (path: string, ids: readonly string[]) => {
    const unknown = ids.find((id) => !tagIds.has(id));
    return unknown ? `Invalid ${path}: ${unknown} is not a tag of this team.` : null;
  };
  const { trigger, conditions, steps } = definition;
  const problems: (string | null)[] = [];
  switch (trigger.type) {
    case 'captured':
    case 'date':
    case 'memberRequestApproved':
      problems.push(pipeline('trigger.pipelineId', trigger.pipelineId));
      break;
    case 'stageChanged':
      problems.push(
        pipeline('trigger.pipelineId', trigger.pipelineId),
        stage('trigger.toStageId', trigger.toStageId, trigger.pipelineId),
        stage('trigger.fromStageId', trigger.fromStageId, trigger.pipelineId),
      );
      break;
    case 'daysInStage':
      problems.push(
        pipeline('trigger.pipelineId', trigger.pipelineId),
        stage('trigger.stageId', trigger.stageId, trigger.pipelineId),
      );
      break;
    case 'tagAdded':
    case 'tagRemoved':
      problems.push(tags('trigger.tagId', [trigger.tagId]));
      break;
    case 'taskCompleted':
    case 'messageSent':
    case 'messageReplied':
      // They name nothing of the team's.
      break;
  }
  const conditionPipeline = conditions.pipelineId ?? ('pipelineId' in trigger ? trigger.pipelineId : null);
  problems.push(
    pipeline('conditions.pipelineId', conditions.pipelineId),
    ...conditions.stageIds.map((id, index) => stage(`conditions.stageIds.${index}`, id, conditionPipeline)),
    tags('conditions.tags.tagIds', conditions.tags?.tagIds ?? []),
  );
  steps.forEach((step, index) => {
    const at = `steps.${index}`;
    if (step.type === 'moveStage') {
      problems.push(
        pipeline(`${at}.pipelineId`, step.pipelineId),
        stage(`${at}.stageId`, step.stageId, step.pipelineId),
      );
    } else if (step.type === 'addTags' || step.type === 'removeTags') {
      problems.push(tags(`${at}.tagIds`, step.tagIds));
    } else if (step.type === 'createTask' && !taskTemplateIds.has(step.templateId)) {
      problems.push(`Invalid ${at}.templateId: ${step.templateId} is not a task template of this team.`);
    } else if (step.type === 'queueMessage' && !messageTemplateIds.has(step.templateId)) {
      problems.push(`Invalid ${at}.templateId: ${step.templateId} is not a message template of this team.`);
    } else if (step.type === 'sendToConnection' && !connectionIds.has(step.connectionId)) {
      problems.push(`Invalid ${at}.connectionId: ${step.connectionId} is not a connection of this team.`);
    }
  });
  return problems.find((problem) => problem !== null) ?? null;
}

function presentWorkflow(row: repo.WorkflowRow, runs: Workflow['runs']): Workflow {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    version: row.version,
    definition: parseDefinition(row.definition),
    createdByUid: row.createdByUid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    runs,
  };
}

function presentRun(row: {
  run: repo.WorkflowRunRow;
  contactName: string | null;
  workflowName: string | null;
}): WorkflowRun {
  const { run } = row;
  return {
    id: run.id,
    workflowId: run.workflowId,
    workflowName: row.workflowName ?? 'A deleted workflow',
    version: run.version,
    contactId: run.contactId,
    contactName: row.contactName ?? 'A deleted contact',
    status: run.status,
    step: run.step,
    action: run.action,
    activityUID: run.activityId,
    startedAt: run.startedAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    nextAt: run.nextAt?.toISOString() ?? null,
    error: run.error,
    log: run.log as unknown as WorkflowRunStepLog[],
  };
}

/** Workflows on /setup/workflows (owners and admins) and the runs they make, on the contact too. */
export function createWorkflowsService(deps: {
  databases: Databases;
  teams: TeamsService;
  engine: WorkflowEngine;
}) {
  const { databases, teams, engine } = deps;
  const changes = createContactChanges({ databases });

  /** Automations need the Pro plan (SPEC §6): refused with the team's plan named. */
  async function requireAutomations(teamUID: string) {
    const refusal = proPlanRefusal('Automations need', await teams.getSubscription(teamUID));
    if (refusal) throw new LimitReachedError(refusal);
  }

  async function checkDefinition(db: TeamDb, teamUID: string, definition: WorkflowDefinition) {
    const whole = findDefinitionProblem(definition);
    if (whole) throw new BadRequestError(`Invalid body.definition.${whole.path.join('.')}: ${whole.message}`);
    const problem = findReferenceProblem(definition, await repo.listNameables(db, teamUID));
    if (problem) throw new BadRequestError(problem);
  }

  async function requireWorkflow(db: TeamDb, member: TeamActor, workflowId: string) {
    const row = await repo.lockWorkflow(db, member.teamUID, workflowId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** Runs of a workflow the member may see the contact of: managers see them all. */
  async function requireRun(db: TeamDb, member: TeamActor, runId: string) {
    const found = await repo.findRun(db, member.teamUID, runId);
    if (!found) throw new NotFoundError(RUN_NOT_FOUND);
    return found;
  }

  return {
    runStepJob: engine.runStepJob,
    startEngine: engine.start,

    async list(member: TeamActor): Promise<Workflow[]> {
      requirePermission(member, 'manage-setup', 'workflows');
      const db = databases.forTeam(member.teamUID);
      const rows = await repo.listWorkflows(db, member.teamUID);
      const counts = await repo.countRuns(
        db,
        member.teamUID,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        presentWorkflow(
          row,
          Object.fromEntries(
            counts.filter((count) => count.workflowId === row.id).map((count) => [count.status, count.count]),
          ),
        ),
      );
    },

    async create(member: TeamActor, input: WorkflowInput): Promise<Workflow> {
      requirePermission(member, 'manage-setup', 'workflows');
      await requireAutomations(member.teamUID);
      const id = createPushId('wf_');
      const now = new Date();
      await databases.forTeam(member.teamUID).transaction(async (tx) => {
        await checkDefinition(tx, member.teamUID, input.definition);
        await repo.insertWorkflow(tx, {
          teamId: member.teamUID,
          id,
          name: input.name,
          status: input.status,
          version: 1,
          triggerType: input.definition.trigger.type,
          definition: input.definition,
          createdByUid: member.userId,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertVersion(tx, {
          teamId: member.teamUID,
          workflowId: id,
          version: 1,
          definition: input.definition,
        });
      });
      const row = await repo.findWorkflow(databases.forTeam(member.teamUID), member.teamUID, id);
      return presentWorkflow(row!, {});
    },

    /**
     * Changes a workflow. A changed definition is a new version: people already in a run keep the
     * version they started with. The member who saves it takes it over (its messages go to their queue).
     */
    async update(member: TeamActor, workflowId: string, input: WorkflowInput): Promise<Workflow> {
      requirePermission(member, 'manage-setup', 'workflows');
      await requireAutomations(member.teamUID);
      const db = databases.forTeam(member.teamUID);
      const resumed = await db.transaction(async (tx) => {
        const row = await requireWorkflow(tx, member, workflowId);
        await checkDefinition(tx, member.teamUID, input.definition);
        const changed = JSON.stringify(parseDefinition(row.definition)) !== JSON.stringify(input.definition);
        const version = changed ? row.version + 1 : row.version;
        if (changed) {
          await repo.insertVersion(tx, {
            teamId: member.teamUID,
            workflowId,
            version,
            definition: input.definition,
          });
        }
        await repo.updateWorkflow(tx, member.teamUID, workflowId, {
          name: input.name,
          version,
          triggerType: input.definition.trigger.type,
          definition: input.definition,
          createdByUid: member.userId,
          // A changed clock trigger looks again from the start (a date fires anew).
          ...(changed && { firedAt: null }),
        });
        return setStatusIn(tx, member.teamUID, row, input.status);
      });
      await sendResumed(member.teamUID, resumed);
      return (await this.list(member)).find((workflow) => workflow.id === workflowId)!;
    },

    /** Switches a workflow on or pauses it, with the runs it has going. */
    async setStatus(member: TeamActor, workflowId: string, status: WorkflowStatus) {
      requirePermission(member, 'manage-setup', 'workflows');
      if (status === 'running') await requireAutomations(member.teamUID);
      const resumed = await databases.forTeam(member.teamUID).transaction(async (tx) => {
        const row = await requireWorkflow(tx, member, workflowId);
        return setStatusIn(tx, member.teamUID, row, status);
      });
      await sendResumed(member.teamUID, resumed);
    },

    /** Deletes a workflow; its going runs are cancelled, and its runs stay in the contacts' lists. */
    async remove(member: TeamActor, workflowId: string) {
      requirePermission(member, 'manage-setup', 'workflows');
      await databases.forTeam(member.teamUID).transaction(async (tx) => {
        await requireWorkflow(tx, member, workflowId);
        await repo.setRunsOfWorkflow(
          tx,
          member.teamUID,
          workflowId,
          'running',
          'cancelled',
          'The workflow was deleted.',
        );
        await repo.setRunsOfWorkflow(
          tx,
          member.teamUID,
          workflowId,
          'paused',
          'cancelled',
          'The workflow was deleted.',
        );
        await repo.deleteWorkflow(tx, member.teamUID, workflowId);
      });
    },

    async listRuns(
      member: TeamActor,
      workflowId: string,
      query: { status: WorkflowRunStatus | null; cursor: string | null },
    ): Promise<{ runs: WorkflowRun[]; nextCursor: string | null }> {
      requirePermission(member, 'manage-setup', 'workflows');
      const db = databases.forTeam(member.teamUID);
      if (!(await repo.findWorkflow(db, member.teamUID, workflowId))) throw new NotFoundError(NOT_FOUND);
      const before = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await repo.listRuns(db, member.teamUID, workflowId, {
        status: query.status,
        before,
        limit: RUNS_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, RUNS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        runs: page.map(presentRun),
        nextCursor: rows.length > RUNS_PAGE_SIZE && last ? encodeCursor(last.run) : null,
      };
    },

    /** A contact's runs, for whoever sees the contact. */
    async listContactRuns(member: TeamActor, contactId: string): Promise<WorkflowRun[]> {
      const db = databases.forTeam(member.teamUID);
      await changes.requireContact(db, member, contactId);
      return (await repo.listContactRuns(db, member.teamUID, contactId)).map(presentRun);
    },

    /** Tries a failed run's step again, from where it failed. */
    async retryRun(member: TeamActor, runId: string): Promise<WorkflowRun> {
      requirePermission(member, 'manage-setup', 'workflows');
      await requireAutomations(member.teamUID);
      const db = databases.forTeam(member.teamUID);
      const step = await db.transaction(async (tx) => {
        const run = await repo.lockRun(tx, member.teamUID, runId);
        if (!run) throw new NotFoundError(RUN_NOT_FOUND);
        if (run.status !== 'failed') throw new ConflictError('Only a failed run can be retried.');
        const workflow = await repo.findWorkflow(tx, member.teamUID, run.workflowId);
        if (!workflow) throw new ConflictError('The workflow was deleted: this run cannot be retried.');
        await repo.updateRun(tx, member.teamUID, runId, {
          status: workflow.status === 'paused' ? 'paused' : 'running',
          attempts: 0,
          error: null,
          nextAt: new Date(),
        });
        return workflow.status === 'paused' ? null : run.step;
      });
      if (step !== null) await engine.sendStep(member.teamUID, runId, step);
      return presentRun(await requireRun(db, member, runId));
    },

    /** Stops a going run for good. */
    async cancelRun(member: TeamActor, runId: string): Promise<WorkflowRun> {
      requirePermission(member, 'manage-setup', 'workflows');
      const db = databases.forTeam(member.teamUID);
      await db.transaction(async (tx) => {
        const run = await repo.lockRun(tx, member.teamUID, runId);
        if (!run) throw new NotFoundError(RUN_NOT_FOUND);
        if (run.status !== 'running' && run.status !== 'paused') {
          throw new ConflictError('Only a running or paused run can be cancelled.');
        }
        await repo.updateRun(tx, member.teamUID, runId, {
          status: 'cancelled',
          error: `Cancelled by ${member.name}.`,
          nextAt: null,
        });
      });
      return presentRun(await requireRun(db, member, runId));
    },
  };

  /** Pauses a workflow's going runs with it, or resumes them (their due steps are sent again). */
  async function setStatusIn(tx: TeamDb, teamUID: string, row: repo.WorkflowRow, status: WorkflowStatus) {
    if (row.status === status) return [];
    await repo.updateWorkflow(tx, teamUID, row.id, { status });
    if (status === 'paused') {
      await repo.setRunsOfWorkflow(tx, teamUID, row.id, 'running', 'paused');
      return [];
    }
    // Runs whose step came due while paused are sent again after the commit; those still waiting
    // keep their scheduled job.
    const resumed = await repo.setRunsOfWorkflow(tx, teamUID, row.id, 'paused', 'running');
    return resumed.filter((run) => !run.nextAt || run.nextAt <= new Date());
  }

  async function sendResumed(teamUID: string, runs: { id: string; step: number }[] | undefined) {
    for (const run of runs ?? []) await engine.sendStep(teamUID, run.id, run.step);
  }
}

function encodeCursor(run: { startedAt: Date; id: string }) {
  return Buffer.from(JSON.stringify([run.startedAt.toISOString(), run.id])).toString('base64url');
}

function decodeCursor(cursor: string): { startedAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const startedAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(startedAt.getTime())) throw new Error('bad cursor');
    return { startedAt, id };
  } catch {
    throw new BadRequestError('Invalid query.cursor: it is not a cursor this list gave.');
  }
}
