import {
  conditionsMet,
  createPushId,
  proPlanRefusal,
  describeStep,
  eventOfActivity,
  triggerMatches,
  waitEnds,
  whyRunCannotStart,
  workflowDefinitionSchema,
  WORKFLOW_STEP_ATTEMPTS,
  type WorkflowDefinition,
  type WorkflowNames,
  type WorkflowRunStepLog,
  type WorkflowStep,
} from '@grouptrack/domain';
import { runWorkflowStepJob } from '../../jobs/run-workflow-step.job';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { AppError, BadRequestError, LimitReachedError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import type { Logger } from '../../platform/logger';
import type { JobQueue } from '../../platform/queue';
import type { AppliedAction, BulkService } from '../bulk/bulk.service';
import { queueDeliveries } from '../connections';
import { createContactChanges, insertNote, listPipelinesOfContacts } from '../contacts';
import type { TasksService } from '../tasks/tasks.service';
import type { TeamsService } from '../teams/teams.service';
import * as repo from './workflows.repository';

/** Where "now" comes from: the real clock, or a test's fixed one. */
export interface EngineClock {
  now: () => Date;
}
const systemClock: EngineClock = { now: () => new Date() };

/** History lines taken from the inbox per transaction. */
const INBOX_BATCH = 200;
/** People a clock trigger starts per pass, so one workflow over a large pipeline cannot hog a pass. */
const CLOCK_BATCH = 500;
/** A going run whose step is this late has lost its job (a crash between a commit and its send). */
const OVERDUE_MS = 2 * 60_000;
/** How long before a failed step is tried again, after its first and second failure. */
export const WORKFLOW_RETRY_DELAYS_MS = [30_000, 5 * 60_000] as const;

const TICK_MS = 1_000;
const SWEEP_EVERY_MS = 60_000;

type StepOutcome =
  | { kind: 'next'; message: string }
  | { kind: 'wait'; until: Date; message: string }
  | { kind: 'stop'; message: string };

export type WorkflowEngine = ReturnType<typeof createWorkflowEngine>;

export function parseDefinition(value: unknown): WorkflowDefinition {
  return workflowDefinitionSchema.parse(value);
}

/** Names for descriptions, from what the team may name; an unknown id reads as deleted. */
export function namesFrom(nameables: repo.Nameables): WorkflowNames {
  const lookup = (rows: { id: string; name: string }[]) => {
    const byId = new Map(rows.map((row) => [row.id, row.name]));
    return (id: string) => byId.get(id);
  };
  return {
    pipeline: lookup(nameables.pipelines),
    stage: lookup(nameables.stages),
    tag: lookup(nameables.tags),
    taskTemplate: lookup(nameables.taskTemplates),
    messageTemplate: lookup(nameables.messageTemplates),
    connection: lookup(nameables.connections),
  };
}

/** How deep in a chain of workflows a history line is: one more than the run that wrote it. */
function depthAfter(data: Record<string, unknown> | null): number {
  const workflow = data?.workflow as { depth?: unknown } | undefined;
  return typeof workflow?.depth === 'number' ? workflow.depth + 1 : 0;
}

/**
 * The workflow engine: it takes the history lines that may start a workflow from the inbox (written
 * by a trigger in the change's own transaction), starts runs, and takes each run's steps as jobs.
 * A step and the run's move past it commit together, so a step is never taken twice; a wait is a
 * job scheduled for its end; clock triggers and lost jobs are looked for every minute.
 */
export function createWorkflowEngine(deps: {
  databases: Databases;
  queue: JobQueue;
  teams: TeamsService;
  bulk: BulkService;
  tasks: TasksService;
  clock?: EngineClock;
}) {
  const { databases, queue, teams, bulk, tasks } = deps;
  const clock = deps.clock ?? systemClock;
  const changes = createContactChanges({ databases });

  async function sendStep(teamUID: string, runId: string, step: number, at?: Date, attempt = 0) {
    await queue.send(
      runWorkflowStepJob,
      { teamUID, runId, step, attempt },
      { singletonKey: `${runId}:${step}:${attempt}`, ...(at && { startAfter: at }) },
    );
  }

  /**
   * Starts a run for a person if they meet the workflow's conditions and its loop guard allows:
   * answers it, or undefined (which is not an error: most changes start nothing).
   */
  async function startRun(
    tx: TeamDb,
    workflow: repo.WorkflowRow,
    definition: WorkflowDefinition,
    contactId: string,
    origin: { activityId: string | null; depth: number },
  ) {
    const now = clock.now();
    const person = await repo.personFacts(tx, workflow.teamId, contactId);
    if (!person || !conditionsMet(definition, person)) return undefined;
    const last = await repo.lastRun(tx, workflow.teamId, workflow.id, contactId);
    if (
      whyRunCannotStart({
        depth: origin.depth,
        lastRun: last ?? null,
        now,
      })
    ) {
      return undefined;
    }
    return repo.insertRun(tx, {
      teamId: workflow.teamId,
      id: createPushId('run_', now.getTime()),
      workflowId: workflow.id,
      version: workflow.version,
      contactId,
      status: 'running',
      step: 0,
      action: 'Starting',
      activityId: origin.activityId,
      depth: origin.depth,
      startedAt: now,
      updatedAt: now,
      nextAt: now,
    });
  }

  /** Takes one batch of the inbox of a shard; answers how many history lines it took. */
  async function dispatch(db: TeamDb): Promise<number> {
    const started: repo.WorkflowRunRow[] = [];
    const taken = await db.transaction(async (tx) => {
      const rows = await repo.takeInbox(tx, INBOX_BATCH);
      const listeners = new Map<string, { row: repo.WorkflowRow; definition: WorkflowDefinition }[]>();
      for (const row of rows) {
        if (!row.contactId || !row.type || !row.action) continue;
        const event = eventOfActivity({
          type: row.type,
          action: row.action,
          pipelineId: row.pipelineId,
          data: row.data ?? {},
        });
        if (!event) continue;
        let list = listeners.get(row.teamId);
        if (!list) {
          list = (await repo.listListeners(tx, row.teamId)).map((workflow) => ({
            row: workflow,
            definition: parseDefinition(workflow.definition),
          }));
          listeners.set(row.teamId, list);
        }
        for (const { row: workflow, definition } of list) {
          if (!triggerMatches(definition.trigger, event)) continue;
          const run = await startRun(tx, workflow, definition, row.contactId, {
            activityId: row.activityId,
            depth: depthAfter(row.data),
          });
          if (run) started.push(run);
        }
      }
      return rows.length;
    });
    for (const run of started) await sendStep(run.teamId, run.id, 0);
    return taken;
  }

  /** Starts the clock triggers that are due: days in a stage, and dates that have come. */
  async function fireClockTriggers(db: TeamDb) {
    const now = clock.now();
    for (const workflow of await repo.listClockWorkflows(db)) {
      const definition = parseDefinition(workflow.definition);
      const { trigger } = definition;
      const started: repo.WorkflowRunRow[] = [];
      if (trigger.type === 'daysInStage') {
        // Each stay once, as it crosses the mark: those who crossed since the last look, a page per
        // transaction; `fired_at` keeps how far it looked.
        const cut = new Date(now.getTime() - trigger.days * 86_400_000);
        const since = workflow.firedAt;
        let after: { at: Date; contactId: string } | null = null;
        for (;;) {
          const stays = await repo.listStayedInStage(
            db,
            workflow.teamId,
            { ...trigger, since, cut },
            after,
            CLOCK_BATCH,
          );
          if (stays.length === 0) break;
          await db.transaction(async (tx) => {
            for (const { contactId } of stays) {
              const run = await startRun(tx, workflow, definition, contactId, { activityId: null, depth: 0 });
              if (run) started.push(run);
            }
          });
          const last = stays.at(-1)!;
          after = { at: last.changedAt, contactId: last.contactId };
        }
        await repo.updateWorkflow(db, workflow.teamId, workflow.id, { firedAt: cut });
      } else if (trigger.type === 'date' && workflow.firedAt === null && new Date(trigger.at) <= now) {
        // Once, for everyone in the pipeline then: a page per transaction, and fired when all are done.
        let after = '';
        for (;;) {
          const people = await repo.listPipelinePeople(
            db,
            workflow.teamId,
            trigger.pipelineId,
            after,
            CLOCK_BATCH,
          );
          if (people.length === 0) break;
          await db.transaction(async (tx) => {
            for (const contactId of people) {
              const run = await startRun(tx, workflow, definition, contactId, { activityId: null, depth: 0 });
              if (run) started.push(run);
            }
          });
          after = people.at(-1)!;
        }
        await repo.updateWorkflow(db, workflow.teamId, workflow.id, { firedAt: now });
      }
      for (const run of started) await sendStep(run.teamId, run.id, 0);
    }
  }

  /** Sends again the steps of going runs that are long overdue: their job was lost. */
  async function resendOverdue(db: TeamDb) {
    const overdue = await repo.listOverdueRuns(db, new Date(clock.now().getTime() - OVERDUE_MS), 500);
    for (const run of overdue) await sendStep(run.teamId, run.id, run.step);
  }

  /** The member a workflow's steps act as: its owner, with their role and access today. */
  async function actorOf(workflow: repo.WorkflowRow): Promise<TeamActor> {
    const membership = await teams.findMember(workflow.teamId, workflow.createdByUid);
    if (!membership) {
      throw new AppError(
        409,
        'workflow-owner-gone',
        'The member who made this workflow is no longer in the team: an owner or admin must save it again to take it over.',
      );
    }
    return {
      userId: workflow.createdByUid,
      email: '',
      name: `Workflow "${workflow.name}"`,
      isSuper: false,
      impersonatedBy: null,
      teamUID: workflow.teamId,
      ...membership,
    };
  }

  /** Takes one step for a person in the run's transaction; answers what comes next. */
  async function takeStep(
    tx: TeamDb,
    run: repo.WorkflowRunRow,
    ready: { step: WorkflowStep; actor: TeamActor; prepared: AppliedAction | null },
    names: WorkflowNames,
    afterCommit: (() => Promise<void>)[],
  ): Promise<StepOutcome> {
    const { step, actor, prepared } = ready;
    const teamId = run.teamId;
    const now = clock.now();
    const said = describeStep(step, names);
    const data = { workflow: { id: run.workflowId, runId: run.id, depth: run.depth } };
    const note = (
      contactId: string,
      type: string,
      action: string,
      lineData: Record<string, unknown>,
      pipelineId: string | null = null,
    ) => ({
      teamId,
      id: createPushId('act_'),
      contactId,
      pipelineId,
      type,
      action,
      createdAt: new Date(),
      data: { ...lineData, ...data },
      createdBy: actor.name,
      createdByUid: actor.userId,
    });
    const before = await listPipelinesOfContacts(tx, teamId, [run.contactId]);
    const announce = async () => {
      const after = await listPipelinesOfContacts(tx, teamId, [run.contactId]);
      const pipelineIds = [...new Set([...before, ...after].map((row) => row.pipelineId))];
      await changes.announce(tx, actor, run.contactId, 'update', pipelineIds);
    };
    const outcome = await (async (): Promise<StepOutcome> => {
      switch (step.type) {
        case 'wait':
          return { kind: 'wait', until: waitEnds(step, now), message: said };
        case 'stopIfReplied':
          return (await repo.repliedSince(tx, teamId, run.contactId, run.startedAt))
            ? { kind: 'stop', message: 'Stopped: they replied.' }
            : { kind: 'next', message: 'They have not replied: carried on.' };
        case 'addNote': {
          const noteId = createPushId('note_');
          await insertNote(tx, {
            teamId,
            id: noteId,
            contactId: run.contactId,
            text: step.text,
            createdByUid: actor.userId,
          });
          const line = note(run.contactId, 'note', 'added', { noteUID: noteId });
          await changes.recordChange(tx, actor, run.contactId, before, {
            history: [{ ...line, note: step.text }],
          });
          return { kind: 'next', message: said };
        }
        case 'sendToConnection': {
          if (!names.connection(step.connectionId)) {
            throw new BadRequestError('The connection this step sends to was removed.');
          }
          const [place] = before;
          await queueDeliveries(tx, [
            {
              teamId,
              id: createPushId('sync_'),
              connectionId: step.connectionId,
              contactId: run.contactId,
              pipelineId: place?.pipelineId ?? null,
              changes: [{ kind: 'info', action: 'update', at: now.toISOString() }],
              status: 'pending',
              attempts: 0,
              dueAt: now,
            },
          ]);
          return { kind: 'next', message: said };
        }
        case 'moveStage':
        case 'addTags':
        case 'removeTags':
        case 'createTask':
        case 'queueMessage': {
          const made = await bulk.applyAction(
            tx,
            { teamId, createdByUid: actor.userId },
            prepared!,
            [run.contactId],
            note,
          );
          await announce();
          if (made.length > 0) afterCommit.push(() => tasks.scheduleReminders(made, teamId));
          return { kind: 'next', message: said };
        }
      }
    })();
    // Every step is a line of the person's history: the steps whose change writes none of its own
    // (a wait, the reply check, a message queued, which the history tells once sent, a delivery to a
    // connection) say what they did.
    if (
      step.type === 'wait' ||
      step.type === 'stopIfReplied' ||
      step.type === 'queueMessage' ||
      step.type === 'sendToConnection'
    ) {
      const action = { next: 'step', wait: 'waiting', stop: 'stopped' }[outcome.kind];
      await changes.recordChange(tx, actor, run.contactId, before, {
        history: [note(run.contactId, 'workflow', action, { step: run.step, said: outcome.message })],
      });
    }
    return outcome;
  }

  /**
   * What a step needs from outside the team's shard, read before its transaction (on one database
   * the directory would wait for the transaction's lock): the plan, the member it acts as, and its
   * action checked and prepared as a bulk action would be. Null when the job has nothing to do.
   */
  async function prepareStep(payload: { teamUID: string; runId: string; step: number }) {
    const { teamUID, runId } = payload;
    const db = databases.forTeam(teamUID);
    const run = await repo.findRun(db, teamUID, runId);
    if (!run || run.run.status !== 'running' || run.run.step !== payload.step) return null;
    const workflow = await repo.findWorkflow(db, teamUID, run.run.workflowId);
    const version = await repo.findVersion(db, teamUID, run.run.workflowId, run.run.version);
    if (!workflow || !version) return { gone: 'The workflow was deleted.' } as const;
    const definition = parseDefinition(version.definition);
    const step = definition.steps[run.run.step];
    if (!step) return { gone: null } as const;
    const refusal = proPlanRefusal('Automations need', await teams.getSubscription(teamUID));
    if (refusal) throw new LimitReachedError(refusal);
    const actor = await actorOf(workflow);
    const prepared =
      step.type === 'moveStage' ||
      step.type === 'addTags' ||
      step.type === 'removeTags' ||
      step.type === 'createTask' ||
      step.type === 'queueMessage'
        ? await bulk.prepareAction(
            actor,
            step.type === 'queueMessage' ? { ...step, allowSameDay: false } : step,
          )
        : null;
    return { definition, step, actor, prepared } as const;
  }

  /**
   * The handler of a step's job. A job for a step the run has passed, or for a run no longer going,
   * does nothing. A refusal (the plan, a deleted stage, a template gone) fails the run with its
   * reason; any other error is tried again later, WORKFLOW_STEP_ATTEMPTS times in all.
   */
  async function runStep(payload: { teamUID: string; runId: string; step: number; attempt: number }) {
    const { teamUID, runId } = payload;
    const db = databases.forTeam(teamUID);
    const afterCommit: (() => Promise<void>)[] = [];
    let next: { step: number; at: Date } | null;
    try {
      const ready = await prepareStep(payload);
      if (!ready) return;
      next = await db.transaction(async (tx): Promise<{ step: number; at: Date } | null> => {
        const run = await repo.lockRun(tx, teamUID, runId);
        if (!run || run.status !== 'running' || run.step !== payload.step) return null;
        const now = clock.now();
        const log = run.log as unknown as WorkflowRunStepLog[];
        if ('gone' in ready) {
          await repo.updateRun(tx, teamUID, runId, {
            status: ready.gone ? 'cancelled' : 'done',
            action: ready.gone ? run.action : 'Done',
            error: ready.gone,
            nextAt: null,
          });
          return null;
        }
        if (!(await repo.personFacts(tx, teamUID, run.contactId))) {
          await repo.updateRun(tx, teamUID, runId, {
            status: 'cancelled',
            error: 'The contact was deleted.',
            nextAt: null,
          });
          return null;
        }
        const { definition, step } = ready;
        const names = namesFrom(await repo.listNameables(tx, teamUID));
        const outcome = await takeStep(tx, run, ready, names, afterCommit);
        const entry = (outcomeName: WorkflowRunStepLog['outcome']): WorkflowRunStepLog => ({
          step: run.step,
          type: step.type,
          at: now.toISOString(),
          outcome: outcomeName,
          message: outcome.message,
        });
        if (outcome.kind === 'stop') {
          await repo.updateRun(tx, teamUID, runId, {
            status: 'done',
            action: outcome.message,
            nextAt: null,
            attempts: 0,
            log: [...log, entry('stopped')] as never,
          });
          return null;
        }
        const following = definition.steps[run.step + 1];
        const at = outcome.kind === 'wait' ? outcome.until : now;
        await repo.updateRun(tx, teamUID, runId, {
          step: run.step + 1,
          status: following ? 'running' : 'done',
          action: following
            ? outcome.kind === 'wait'
              ? `${outcome.message}, then: ${describeStep(following, names)}`
              : describeStep(following, names)
            : 'Done',
          nextAt: following ? at : null,
          attempts: 0,
          error: null,
          log: [...log, entry(outcome.kind === 'wait' ? 'waiting' : 'done')] as never,
        });
        return following ? { step: run.step + 1, at } : null;
      });
    } catch (error) {
      await recordFailure(payload, error);
      return;
    }
    for (const work of afterCommit) await work();
    if (next) await sendStep(teamUID, runId, next.step, next.at > clock.now() ? next.at : undefined);
  }

  /** A step that threw: a refusal fails the run at once; anything else is tried again, then fails it. */
  async function recordFailure(payload: { teamUID: string; runId: string; step: number }, error: unknown) {
    const { teamUID, runId } = payload;
    const refusal = error instanceof AppError && error.statusCode < 500;
    const message = error instanceof Error ? error.message : String(error);
    let retryAt: Date | null = null;
    let attempt = 0;
    await databases.forTeam(teamUID).transaction(async (tx) => {
      const run = await repo.lockRun(tx, teamUID, runId);
      if (!run || run.status !== 'running' || run.step !== payload.step) return;
      const now = clock.now();
      attempt = run.attempts + 1;
      const final = refusal || attempt >= WORKFLOW_STEP_ATTEMPTS;
      const log = run.log as unknown as WorkflowRunStepLog[];
      const version = await repo.findVersion(tx, teamUID, run.workflowId, run.version);
      const type = version ? (parseDefinition(version.definition).steps[run.step]?.type ?? 'wait') : 'wait';
      retryAt = final ? null : new Date(now.getTime() + WORKFLOW_RETRY_DELAYS_MS[attempt - 1]!);
      await repo.updateRun(tx, teamUID, runId, {
        status: final ? 'failed' : 'running',
        attempts: attempt,
        error: message,
        nextAt: retryAt,
        log: [
          ...log,
          {
            step: run.step,
            type,
            at: now.toISOString(),
            outcome: final ? 'failed' : 'retrying',
            message: final
              ? message
              : `${message} (tried ${attempt} of ${WORKFLOW_STEP_ATTEMPTS} times; trying again)`,
          },
        ] as never,
      });
    });
    if (retryAt) await sendStep(teamUID, runId, payload.step, retryAt, attempt);
  }

  /** Runs the engine's loops on every shard of this process until stopped. */
  function start(log: Logger) {
    const shards = [...new Map(databases.shards.map((shard) => [shard.engine, shard])).values()];
    let stopped = false;
    let lastSweep = 0;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    const pass = async () => {
      const sweeping = Date.now() - lastSweep >= SWEEP_EVERY_MS;
      for (const shard of shards) {
        try {
          while (!stopped && (await dispatch(shard.db)) === INBOX_BATCH) {
            // A full batch: take the next one now.
          }
          if (sweeping && !stopped) {
            await fireClockTriggers(shard.db);
            await resendOverdue(shard.db);
          }
        } catch (error) {
          log.warn({ err: error }, 'the workflow engine could not take its inbox');
        }
      }
      if (sweeping) lastSweep = Date.now();
    };
    const schedule = () => {
      timer = setTimeout(() => {
        running = pass().finally(() => {
          if (!stopped) schedule();
        });
      }, TICK_MS);
    };
    schedule();
    return {
      /** Stops the loops, after the pass under way (the databases close next). */
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }

  return {
    sendStep,
    dispatch,
    fireClockTriggers,
    resendOverdue,
    runStep,
    start,
    runStepJob: runWorkflowStepJob.handledBy(runStep),
  };
}
