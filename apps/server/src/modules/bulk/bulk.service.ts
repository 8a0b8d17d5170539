import {
  can,
  canSeePipeline,
  canSeePipelineItem,
  createPushId,
  ranksAfter,
  SOCIAL_PLATFORMS,
  type SearchRequest,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import { runBulkActionJob } from '../../jobs/run-bulk-action.job';
import type { JobQueue, JobRun } from '../../platform/queue';
import { appendChange } from '../../platform/realtime';
import { findTagsWithSets, lastCardRank } from '../contacts';
import { findStatusLabel } from '../lists';
import { softDeleteContacts } from '../deletions';
import * as pipelineData from '../pipelines';
import { findMatchingIds } from '../search';
import type { MessageQueueService, PreparedQueueing } from '../message-queue/message-queue.service';
import type { SearchService } from '../search/search.service';
import type { PreparedTask, TasksService } from '../tasks/tasks.service';
import type { TemplatesService } from '../templates/templates.service';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import { announceInbox, writeInbox, type WrittenInboxItems } from '../inbox';
import * as repo from './bulk.repository';

/** Contacts handled per transaction: large enough to be fast, small enough to keep locks short. */
export const BULK_BATCH_SIZE = 2000;

const id = z.string().min(1).max(100);

/** What a bulk action does (PRODUCT.md: /search/v2/bulk). */
export const bulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('addTags'), tagIds: z.array(id).min(1).max(50) }).strict(),
  z.object({ type: z.literal('removeTags'), tagIds: z.array(id).min(1).max(50) }).strict(),
  z.object({ type: z.literal('moveStage'), pipelineId: id, stageId: id }).strict(),
  z.object({ type: z.literal('addToPipeline'), pipelineId: id, stageId: id.optional() }).strict(),
  z.object({ type: z.literal('removeFromPipeline'), pipelineId: id }).strict(),
  z.object({ type: z.literal('delete') }).strict(),
  /** Keeps the matched contacts for a CSV download from /bulk-jobs/:jobId/export.csv. */
  z.object({ type: z.literal('export') }).strict(),
  /** A task from a template on every contact. */
  z.object({ type: z.literal('createTask'), templateId: id }).strict(),
  /** One status label on every contact; null clears theirs. */
  z.object({ type: z.literal('setStatusLabel'), labelId: id.nullable() }).strict(),
  /** A message template, rendered for each contact, queued in the member's queue on a platform (Pro plan). */
  z
    .object({
      type: z.literal('queueMessage'),
      templateId: id,
      platform: z.enum(SOCIAL_PLATFORMS),
      /** Queue it also for people with a message waiting or sent today. */
      allowSameDay: z.boolean().default(false),
    })
    .strict(),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** The bulk actions an Undo reverses, each exactly as far as it changed something. */
export const UNDOABLE_ACTIONS = ['addTags', 'removeTags', 'moveStage'] as const;
type UndoableAction = Extract<BulkAction, { type: (typeof UNDOABLE_ACTIONS)[number] }>;

/**
 * An action as a job keeps it: a task is prepared once, so every batch makes the same one; an undo
 * names the job it reverses and that job's action.
 */
type StoredBulkAction =
  | Exclude<BulkAction, { type: 'createTask' | 'setStatusLabel' | 'queueMessage' }>
  | (Extract<BulkAction, { type: 'queueMessage' }> & { prepared: PreparedQueueing })
  | (Extract<BulkAction, { type: 'createTask' }> & { task: PreparedTask })
  | (Extract<BulkAction, { type: 'setStatusLabel' }> & { label: string | null })
  | { type: 'undo'; jobId: string; undoes: UndoableAction };

/** The actions that change contacts the same way in a bulk job and in a workflow step. */
export type AppliedAction = Exclude<StoredBulkAction, { type: 'delete' | 'export' | 'undo' }>;

/** Writes one history line of an action, for a contact (the caller adds who and why). */
export type BulkNote = (
  contactId: string,
  type: string,
  action: string,
  data: Record<string, unknown>,
  pipelineId?: string | null,
) => repo.ActivityRow;

export type BulkService = ReturnType<typeof createBulkService>;

export function createBulkService(deps: {
  databases: Databases;
  teams: TeamsService;
  search: SearchService;
  tasks: TasksService;
  templates: TemplatesService;
  messageQueue: MessageQueueService;
  queue: JobQueue;
}) {
  const { databases, teams, search, tasks, templates, messageQueue, queue } = deps;

  /**
   * Checks the action against the member's role and access; answers it as the job keeps it, with the
   * stage it resolves to, or the task it makes.
   */
  async function authorize(db: TeamDb, member: TeamActor, action: BulkAction): Promise<StoredBulkAction> {
    switch (action.type) {
      case 'createTask': {
        const input = await templates.taskFromTemplate(member, action.templateId);
        return { ...action, task: await tasks.prepareTask(member, input) };
      }
      case 'export':
        return action;
      case 'queueMessage':
        return { ...action, prepared: await messageQueue.prepareQueueing(member, action) };
      case 'setStatusLabel': {
        const label = action.labelId ? await findStatusLabel(db, member.teamUID, action.labelId) : null;
        if (action.labelId && !label)
          throw new BadRequestError(
            `Invalid action.labelId: ${action.labelId} is not a status label of this team.`,
          );
        return { ...action, label: label?.display ?? null };
      }
      case 'delete':
        if (!can(member.role, 'see-all-pipelines'))
          throw new ForbiddenError('Only the team owner or an admin can delete contacts.');
        return action;
      case 'addTags':
      case 'removeTags': {
        const found = await findTagsWithSets(db, member.teamUID, action.tagIds);
        for (const tagId of action.tagIds) {
          const tag = found.find((row) => row.tagId === tagId);
          if (!tag || !canSeePipelineItem(member, tag)) {
            throw new BadRequestError(`Invalid action.tagIds: ${tagId} is not a tag of this team.`);
          }
        }
        return action;
      }
      case 'moveStage':
      case 'addToPipeline':
      case 'removeFromPipeline': {
        const pipeline = await pipelineData.findPipeline(db, member.teamUID, action.pipelineId);
        if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
        if (action.type === 'removeFromPipeline') return action;
        const stages = await pipelineData.listStages(db, member.teamUID, [pipeline.id]);
        const stage = action.stageId ? stages.find((item) => item.id === action.stageId) : stages[0];
        if (!stage)
          throw new BadRequestError(
            `Invalid action.stageId: ${action.stageId} is not a stage of this pipeline.`,
          );
        return { ...action, stageId: stage.id };
      }
    }
  }

  /**
   * Reverses, for a batch of contacts, exactly what the undone job changed for them, as its
   * activities recorded it: tags it added come off (a contact that had one already keeps it), tags
   * it removed go back, and cards it moved go back to their stage and place.
   */
  async function undoBatch(
    tx: TeamDb,
    job: repo.BulkJobRow,
    action: Extract<StoredBulkAction, { type: 'undo' }>,
    batch: string[],
    note: BulkNote,
  ) {
    const teamId = job.teamId;
    const changes = await repo.findChangesMadeByJob(tx, teamId, action.jobId, batch);
    const undone = action.undoes;
    if (undone.type === 'addTags' || undone.type === 'removeTags') {
      const pairs = changes
        .filter((row) => row.type === 'tag' && typeof row.data.tagUID === 'string')
        .map((row) => ({ contactId: row.contactId, tagId: row.data.tagUID as string }));
      const reversed =
        undone.type === 'addTags'
          ? await repo.removeTagPairs(tx, teamId, pairs)
          : await repo.addTagPairs(tx, teamId, pairs);
      const verb = undone.type === 'addTags' ? 'removed' : 'added';
      await repo.insertActivities(
        tx,
        reversed.map((row) => note(row.contactId, 'tag', verb, { tagUID: row.tagId, undoes: action.jobId })),
      );
      return;
    }
    const places = changes
      .filter((row) => row.type === 'stage' && typeof row.data.from === 'string')
      .map((row) => ({
        contactId: row.contactId,
        stageId: row.data.from as string,
        rank: typeof row.data.fromRank === 'string' ? row.data.fromRank : null,
      }));
    // A move recorded before ranks were kept goes to the end of its old stage.
    const ends = new Map<string, string[]>();
    for (const place of places.filter((item) => item.rank === null)) {
      ends.set(place.stageId, [...(ends.get(place.stageId) ?? []), place.contactId]);
    }
    const ranked = new Map<string, string>();
    for (const [stageId, ids] of ends) {
      const ranks = ranksAfter(await lastCardRank(tx, teamId, undone.pipelineId, stageId), ids.length);
      ids.forEach((contactId, index) => ranked.set(contactId, ranks[index]!));
    }
    const back = await repo.moveBack(
      tx,
      teamId,
      undone.pipelineId,
      undone.stageId,
      places.map((place) => ({ ...place, rank: place.rank ?? ranked.get(place.contactId)! })),
    );
    await repo.insertStageHistory(
      tx,
      back.map((row) => ({
        teamId,
        contactId: row.contactId,
        pipelineId: undone.pipelineId,
        id: createPushId('sh_'),
        stageId: row.stageId,
        byUid: job.createdByUid,
      })),
    );
    await repo.insertActivities(
      tx,
      back.map((row) =>
        note(
          row.contactId,
          'stage',
          'changed',
          { from: undone.stageId, to: row.stageId, undoes: action.jobId },
          undone.pipelineId,
        ),
      ),
    );
  }

  /**
   * Applies an authorized action to contacts inside the caller's transaction, writing each change's
   * history line through `note`: a bulk job's batch, or one workflow step for one person. Answers the
   * tasks it made, whose reminders the caller schedules after the commit.
   */
  async function applyAction(
    tx: TeamDb,
    by: { teamId: string; createdByUid: string },
    action: AppliedAction,
    batch: string[],
    note: BulkNote,
  ) {
    const teamId = by.teamId;
    const created: Awaited<ReturnType<TasksService['insertTasksForContacts']>> = [];
    switch (action.type) {
      case 'addTags':
      case 'removeTags': {
        const changed =
          action.type === 'addTags'
            ? await repo.addTags(tx, teamId, batch, action.tagIds)
            : await repo.removeTags(tx, teamId, batch, action.tagIds);
        const verb = action.type === 'addTags' ? 'added' : 'removed';
        await repo.insertActivities(
          tx,
          changed.map((row) => note(row.contactId, 'tag', verb, { tagUID: row.tagId })),
        );
        break;
      }
      case 'moveStage':
      case 'addToPipeline': {
        const ranks = ranksAfter(
          await lastCardRank(tx, teamId, action.pipelineId, action.stageId!),
          batch.length,
        );
        const moved =
          action.type === 'moveStage'
            ? await repo.moveToStage(tx, teamId, action.pipelineId, action.stageId, batch, ranks)
            : await repo.addToPipeline(tx, teamId, action.pipelineId, action.stageId!, batch, ranks);
        await repo.insertStageHistory(
          tx,
          moved.map((row) => ({
            teamId,
            contactId: row.contactId,
            pipelineId: action.pipelineId,
            id: createPushId('sh_'),
            stageId: action.stageId!,
            byUid: by.createdByUid,
          })),
        );
        await repo.insertActivities(
          tx,
          moved.map((row) =>
            action.type === 'moveStage'
              ? note(
                  row.contactId,
                  'stage',
                  'changed',
                  {
                    from: 'fromStageId' in row ? row.fromStageId : null,
                    // Kept so an Undo puts the card back in its place, not only its stage.
                    fromRank: 'fromRank' in row ? row.fromRank : null,
                    to: action.stageId,
                  },
                  action.pipelineId,
                )
              : note(row.contactId, 'pipeline', 'added', { stageUID: action.stageId }, action.pipelineId),
          ),
        );
        break;
      }
      case 'removeFromPipeline': {
        const removed = await repo.removeFromPipeline(tx, teamId, action.pipelineId, batch);
        await repo.insertActivities(
          tx,
          removed.map((row) => note(row.contactId, 'pipeline', 'removed', {}, action.pipelineId)),
        );
        break;
      }
      case 'setStatusLabel': {
        const changed = await repo.setStatusLabel(tx, teamId, batch, action.labelId);
        await repo.insertActivities(
          tx,
          changed.map((row) =>
            action.labelId
              ? note(row.contactId, 'status_label', 'set', {
                  labelUID: action.labelId,
                  label: action.label,
                })
              : note(row.contactId, 'status_label', 'cleared', {}),
          ),
        );
        break;
      }
      case 'queueMessage':
        // No activity: the contact's history says so once a message is sent, or fails.
        await messageQueue.queueBatch(tx, teamId, action.prepared, batch);
        break;
      case 'createTask': {
        const made = await tasks.insertTasksForContacts(
          tx,
          { teamUID: teamId, userId: by.createdByUid },
          action.task,
          batch,
        );
        await repo.insertActivities(
          tx,
          made.map((task) =>
            note(task.GTID!, 'task', 'added', {
              taskUID: task.taskUID,
              taskName: task.taskName,
              dueAt: task.actualDueDate,
            }),
          ),
        );
        created.push(...made);
        break;
      }
    }
    return created;
  }

  /** One batch in one transaction: the change, its activities, and the job's progress together. */
  async function runBatch(job: repo.BulkJobRow, batch: string[]) {
    const action = job.action as StoredBulkAction;
    const teamId = job.teamId;
    const by = { createdBy: job.createdBy, createdByUid: job.createdByUid };
    const note = (
      contactId: string,
      type: string,
      act: string,
      data: Record<string, unknown>,
      pipelineId: string | null = null,
    ) => ({
      teamId,
      id: createPushId('act_'),
      contactId,
      pipelineId,
      type,
      action: act,
      createdAt: new Date(),
      data: { ...data, bulkJobId: job.id },
      ...by,
    });
    const created: Awaited<ReturnType<TasksService['insertTasksForContacts']>> = [];
    let told: WrittenInboxItems | null = null;
    await databases.forTeam(teamId).transaction(async (tx) => {
      if (action.type === 'delete') {
        // The job is the one action: its contacts are restored together from Recently deleted.
        await softDeleteContacts(tx, teamId, batch, {
          id: job.id,
          at: job.createdAt,
          byUid: job.createdByUid,
          byName: job.createdBy,
        });
      } else if (action.type === 'undo') {
        await undoBatch(tx, job, action, batch, note);
      } else if (action.type !== 'export') {
        // An export changes nothing: the download reads the matched contacts when it is fetched.
        created.push(...(await applyAction(tx, job, action, batch, note)));
      }
      const processed = job.processed + batch.length;
      const status = processed >= job.total ? 'completed' : 'running';
      await repo.updateBulkJob(tx, teamId, job.id, { processed, status });
      // The member who started it hears, in their bell, that it is done.
      if (status === 'completed') {
        told = await writeInbox(tx, teamId, [
          {
            userUID: job.createdByUid,
            kind: 'bulk-finished',
            data: { jobId: job.id, action: action.type, count: job.total },
          },
          // Tasks made for another member reach their bell once, with how many, not once per contact.
          ...(action.type === 'createTask' && action.task.assigneeUid !== job.createdByUid
            ? [
                {
                  userUID: action.task.assigneeUid,
                  kind: 'task-assigned' as const,
                  data: {
                    taskName: action.task.taskName,
                    byName: job.createdBy,
                    dueAt: action.task.dueAt,
                    count: job.total,
                  },
                },
              ]
            : []),
        ]);
      }
      await appendChange(tx, teamId, {
        entity: 'bulk_job',
        op: 'update',
        ids: [job.id],
        data: { processed, total: job.total, status, type: action.type },
      });
      job.processed = processed;
    });
    // After the commit: the reminder jobs must find their tasks, the bell its item.
    await tasks.scheduleReminders(created, teamId);
    if (told) await announceInbox(databases.directory, told);
  }

  /**
   * A job stopped between a batch's commit and queueing that batch's reminders would lose them: a
   * job that starts again queues the reminders of its last batch again (queueing them twice is
   * harmless: a reminder is sent once).
   */
  async function requeueLastBatchReminders(job: repo.BulkJobRow) {
    const action = job.action as StoredBulkAction;
    if (action.type !== 'createTask' || job.processed === 0) return;
    const lastBatchStart = Math.floor((job.processed - 1) / BULK_BATCH_SIZE) * BULK_BATCH_SIZE;
    const contactIds = job.contactIds.slice(lastBatchStart, job.processed);
    const taskIds = await repo.findTasksMadeByJob(
      databases.forTeam(job.teamId),
      job.teamId,
      job.id,
      contactIds,
    );
    await tasks.scheduleReminders(
      taskIds.map((taskUID) => ({
        taskUID,
        status: 'active',
        reminder: action.task.reminder,
        actualDueDate: action.task.dueAt,
      })),
      job.teamId,
    );
  }

  // Safe to retry: progress is saved with each batch, and every step skips what is already done.
  async function runBulkAction({ teamUID, jobId }: { teamUID: string; jobId: string }, run?: JobRun) {
    const db = databases.forTeam(teamUID);
    const job = await repo.findBulkJob(db, teamUID, jobId);
    if (!job) return;
    await requeueLastBatchReminders(job);
    if (job.status === 'completed') return;
    try {
      while (job.processed < job.total) {
        // A run that lost its lease leaves the rest to the run that took the job over.
        if (run?.signal.aborted) return;
        await runBatch(job, job.contactIds.slice(job.processed, job.processed + BULK_BATCH_SIZE));
      }
      if (job.total === 0) await repo.updateBulkJob(db, teamUID, jobId, { status: 'completed' });
    } catch (error) {
      await repo.updateBulkJob(db, teamUID, jobId, { error: String(error) });
      throw error;
    }
  }

  return {
    runBulkJob: runBulkActionJob.handledBy(runBulkAction),

    /**
     * What a workflow step uses of bulk actions: one checked against the member's role and access
     * (a task prepared, a queueing's plan checked), and applied to contacts in a transaction.
     */
    async prepareAction(member: TeamActor, action: Extract<BulkAction, { type: AppliedAction['type'] }>) {
      return (await authorize(databases.forTeam(member.teamUID), member, action)) as AppliedAction;
    },
    applyAction,

    /** Resolves the target now (so "all 38,214 matching" means those), then queues the job. */
    async startBulkAction(
      actor: Actor,
      input: {
        teamUID: string;
        action: BulkAction;
        target: { GTIDs: string[] } | { filter: Pick<SearchRequest, 'objectToFilter' | 'searchObj'> };
      },
    ) {
      const member = await teams.requireMember(actor, input.teamUID);
      const db = databases.forTeam(input.teamUID);
      const action = await authorize(db, member, input.action);
      const { query } = await search.prepare(member, {
        teamUID: input.teamUID,
        objectToFilter: 'filter' in input.target ? input.target.filter.objectToFilter : {},
        searchObj: 'filter' in input.target ? input.target.filter.searchObj : undefined,
        sort: undefined,
      });
      const contactIds = await findMatchingIds(
        db,
        'GTIDs' in input.target ? { ...query, contactIds: input.target.GTIDs } : query,
      );
      const jobId = createPushId('bulk_');
      await db.transaction(async (tx) => {
        await repo.insertBulkJob(tx, {
          teamId: input.teamUID,
          id: jobId,
          action,
          contactIds,
          total: contactIds.length,
          createdBy: member.name,
          createdByUid: member.userId,
        });
        await appendChange(tx, input.teamUID, {
          entity: 'bulk_job',
          op: 'create',
          ids: [jobId],
          data: { processed: 0, total: contactIds.length, status: 'queued', type: action.type },
        });
      });
      await queue.send(runBulkActionJob, { teamUID: input.teamUID, jobId });
      return { jobId, matched: contactIds.length };
    },

    /**
     * Undoes a finished bulk tag, untag or stage move of the member's: a job of its own over the
     * same contacts that reverses exactly what the first one changed. One Undo, one job.
     */
    async undoBulkAction(member: TeamActor, jobId: string) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const job = await repo.findBulkJob(db, teamUID, jobId);
      if (!job || job.createdByUid !== member.userId) throw new NotFoundError('Bulk action not found.');
      const undoes = job.action as StoredBulkAction;
      if (!(UNDOABLE_ACTIONS as readonly string[]).includes(undoes.type))
        throw new BadRequestError('Only adding or removing tags and moving to a stage can be undone.');
      if (job.status !== 'completed')
        throw new ConflictError('This bulk action is still running; undo it once it has finished.');
      // The member's access may have changed since: what they may not do now, they may not undo.
      await authorize(db, member, undoes as UndoableAction);
      const undoId = createPushId('bulk_');
      const action = { type: 'undo' as const, jobId, undoes: undoes as UndoableAction };
      await db.transaction(async (tx) => {
        await repo.insertBulkJob(tx, {
          teamId: teamUID,
          id: undoId,
          action,
          contactIds: job.contactIds,
          total: job.contactIds.length,
          createdBy: member.name,
          createdByUid: member.userId,
        });
        await appendChange(tx, teamUID, {
          entity: 'bulk_job',
          op: 'create',
          ids: [undoId],
          data: { processed: 0, total: job.contactIds.length, status: 'queued', type: 'undo' },
        });
      });
      await queue.send(runBulkActionJob, { teamUID, jobId: undoId });
      return { jobId: undoId, matched: job.contactIds.length };
    },

    /** The contacts of a finished bulk export, for its CSV download. */
    async getExportContactIds(member: TeamActor, jobId: string) {
      const { teamUID } = member;
      const job = await repo.findBulkJob(databases.forTeam(teamUID), teamUID, jobId);
      if (!job || job.createdByUid !== member.userId || (job.action as BulkAction).type !== 'export') {
        throw new NotFoundError('Export not found.');
      }
      if (job.status !== 'completed') throw new BadRequestError('This export is still being prepared.');
      return job.contactIds;
    },

    async getBulkJob(member: TeamActor, jobId: string) {
      const { teamUID } = member;
      const job = await repo.findBulkJob(databases.forTeam(teamUID), teamUID, jobId);
      if (!job || job.createdByUid !== member.userId) throw new NotFoundError('Bulk action not found.');
      return {
        jobId: job.id,
        action: job.action,
        status: job.status,
        processed: job.processed,
        total: job.total,
        error: job.error,
        createdAt: job.createdAt.toISOString(),
        updatedAt: job.updatedAt.toISOString(),
      };
    },
  };
}
