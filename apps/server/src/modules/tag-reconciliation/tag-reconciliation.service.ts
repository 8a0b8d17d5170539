import { can, canSeePipelineItem, createPushId } from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import { requirePermission } from '../../platform/http/permission';
import { mergeTagsJob } from '../../jobs/merge-tags.job';
import type { JobQueue, JobRun } from '../../platform/queue';
import { appendChange } from '../../platform/realtime';
import * as bulkJobs from '../bulk';
import { createContactChanges, NO_PIPELINE } from '../contacts';
import type { TeamActor } from '../teams/teams.service';
import { createOrphanedTags } from './orphaned-tags';
import * as repo from './tag-reconciliation.repository';

/** Contacts moved per transaction, as bulk actions do. */
export const MERGE_BATCH_SIZE = 2000;

/**
 * What a merge job stores in `bulk_jobs.action`: the tags as they were when it was asked for, so
 * the history can name them even after the source tags are gone.
 */
export interface MergeTagsAction {
  type: 'mergeTags';
  targetTagId: string;
  targetName: string;
  targetPipelineId: string | null;
  sources: { tagId: string; name: string; pipelineId: string | null }[];
}

/** The events a merge job's progress is announced with (the same as bulk actions'). */
const JOB_ENTITY = 'bulk_job';

export type TagReconciliationService = ReturnType<typeof createTagReconciliationService>;

export function createTagReconciliationService(deps: { databases: Databases; queue: JobQueue }) {
  const { databases, queue } = deps;

  /** One batch in one transaction: move the contacts, write their history, save and announce progress. */
  async function runBatch(job: bulkJobs.BulkJobRow): Promise<boolean> {
    const action = job.action as unknown as MergeTagsAction;
    const teamId = job.teamId;
    const sourceIds = action.sources.map((source) => source.tagId);
    return databases.forTeam(teamId).transaction(async (tx) => {
      const progress = async (patch: { processed: number; status: 'running' | 'completed' | 'failed' }) => {
        const error = patch.status === 'failed' ? 'The tag to keep was deleted, so the merge stopped.' : null;
        await bulkJobs.updateBulkJob(tx, teamId, job.id, { ...patch, error });
        await appendChange(tx, teamId, {
          entity: JOB_ENTITY,
          op: 'update',
          ids: [job.id],
          data: { ...patch, total: job.total, type: action.type, error },
        });
        job.processed = patch.processed;
        job.status = patch.status;
      };

      const [target] = await repo.findTagsWithSets(tx, teamId, [action.targetTagId]);
      if (!target) {
        await progress({ processed: job.processed, status: 'failed' });
        return true;
      }
      const batch = await repo.nextContactsWithTags(tx, teamId, sourceIds, MERGE_BATCH_SIZE);
      if (batch.length === 0) {
        const deleted = await repo.deleteTags(tx, teamId, sourceIds);
        for (const source of action.sources.filter((item) => deleted.includes(item.tagId))) {
          await appendChange(tx, teamId, {
            entity: 'tag',
            op: 'delete',
            ids: [source.tagId],
            pipelineId: source.pipelineId,
          });
        }
        await progress({ processed: job.total, status: 'completed' });
        return true;
      }

      const added = new Set(await repo.addTag(tx, teamId, batch, action.targetTagId));
      const removed = await repo.removeTags(tx, teamId, batch, sourceIds);
      const byId = new Map(action.sources.map((source) => [source.tagId, source]));
      const at = new Date();
      const entry = (
        contactId: string,
        act: 'added' | 'removed',
        pipelineId: string | null,
        data: Record<string, unknown>,
      ) => ({
        teamId,
        id: createPushId('act_'),
        contactId,
        pipelineId,
        type: 'tag',
        action: act,
        createdAt: at,
        createdBy: job.createdBy,
        createdByUid: job.createdByUid,
        data: { ...data, mergeJobId: job.id },
      });
      await repo.insertActivities(tx, [
        ...removed.map((row) => {
          const source = byId.get(row.tagId)!;
          return entry(row.contactId, 'removed', source.pipelineId, {
            tagUID: source.tagId,
            tag: source.name,
            mergedInto: action.targetName,
          });
        }),
        ...[...added].map((contactId) =>
          entry(contactId, 'added', action.targetPipelineId, {
            tagUID: action.targetTagId,
            tag: action.targetName,
          }),
        ),
      ]);
      await repo.touchContacts(tx, teamId, batch);

      // One contact event per pipeline for the whole batch, so each member hears only of theirs.
      const placements = await repo.listPlacements(tx, teamId, batch);
      const byPipeline = new Map<string, string[]>();
      const placed = new Set<string>();
      for (const row of placements) {
        placed.add(row.contactId);
        byPipeline.set(row.pipelineId, [...(byPipeline.get(row.pipelineId) ?? []), row.contactId]);
      }
      const unplaced = batch.filter((contactId) => !placed.has(contactId));
      if (unplaced.length > 0) byPipeline.set(NO_PIPELINE, unplaced);
      for (const [pipelineId, ids] of byPipeline) {
        await appendChange(tx, teamId, { entity: 'contact', op: 'update', ids, pipelineId });
      }

      await progress({ processed: Math.min(job.total, job.processed + batch.length), status: 'running' });
      return false;
    });
  }

  // Safe to retry: each batch takes the contacts that still carry a source tag, so a resumed job
  // carries on where the last committed batch ended and never repeats a change.
  async function mergeTags({ teamUID, jobId }: { teamUID: string; jobId: string }, run?: JobRun) {
    const db = databases.forTeam(teamUID);
    const job = await bulkJobs.findBulkJob(db, teamUID, jobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    try {
      // A run that lost its lease leaves the rest to the run that took the job over.
      while (!run?.signal.aborted && !(await runBatch(job))) {
        // Next batch.
      }
    } catch (error) {
      await bulkJobs.updateBulkJob(db, teamUID, jobId, {
        error: 'The merge was interrupted; it will carry on by itself shortly.',
      });
      throw error;
    }
  }

  /** The member's visible pipelines for counting, or null when they see every pipeline. */
  const visibleFor = (member: TeamActor): repo.VisiblePipelines =>
    can(member.role, 'see-all-pipelines') ? null : member.groupAccess;

  // Resolving an orphaned name tags its contacts through the contacts module's change door.
  const orphaned = createOrphanedTags({
    databases,
    changes: createContactChanges({ databases }),
  });

  return {
    ...orphaned,
    mergeTagsJob: mergeTagsJob.handledBy(mergeTags),

    /** Orphaned tag names and groups of tags whose names differ only in case or spaces. */
    async getReconciliation(member: TeamActor) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const visible = visibleFor(member);
      const [orphans, duplicates] = await Promise.all([
        repo.listOrphans(db, teamUID, visible),
        repo.listDuplicateTags(db, teamUID, visible),
      ]);
      const groups = new Map<string, repo.DuplicateTagRow[]>();
      for (const row of duplicates) groups.set(row.key, [...(groups.get(row.key) ?? []), row]);
      return {
        orphanedTags: orphans,
        duplicateGroups: [...groups].map(([key, rows]) => ({
          key,
          tags: rows.map((row) => ({
            tagUID: row.tagId,
            name: row.name,
            color: row.color,
            tagSetUID: row.tagSetId,
            tagSetName: row.tagSetName,
            tagSetColor: row.tagSetColor,
            pipelineID: row.pipelineId,
            pipelineName: row.pipelineName,
            contacts: row.contacts,
          })),
        })),
      };
    },

    /**
     * Queues the merge of the source tags into the target: every contact of a source tag gets the
     * target (once), then the source tags are deleted. Asking again for the same merge while it runs
     * answers the same job.
     */
    async startMerge(member: TeamActor, input: { sourceTagIds: string[]; targetTagId: string }) {
      const { teamUID } = member;
      requirePermission(member, 'manage-setup', 'tag-reconciliation');
      const sourceTagIds = [...new Set(input.sourceTagIds)];
      if (sourceTagIds.includes(input.targetTagId)) {
        throw new BadRequestError('Invalid sourceTagIds: the tag to keep cannot also be merged away.');
      }
      const db = databases.forTeam(teamUID);
      const found = await repo.findTagsWithSets(db, teamUID, [input.targetTagId, ...sourceTagIds]);
      const visibleTag = (tagId: string) => {
        const tag = found.find((row) => row.tagId === tagId);
        return tag && canSeePipelineItem(member, tag) ? tag : null;
      };
      const target = visibleTag(input.targetTagId);
      if (!target) throw new NotFoundError('Tag not found.');
      const sources = sourceTagIds.map((tagId) => {
        const tag = visibleTag(tagId);
        if (!tag) throw new BadRequestError(`Invalid sourceTagIds: ${tagId} is not a tag of this team.`);
        return tag;
      });
      // A pipeline's tags only show on contacts of that pipeline, so only its own tags may merge into one.
      if (target.pipelineId !== null && sources.some((tag) => tag.pipelineId !== target.pipelineId)) {
        throw new BadRequestError(
          `Invalid targetTagId: "${target.name}" belongs to one pipeline, so only tags of that pipeline can be merged into it. Keep a global tag instead.`,
        );
      }

      const wanted = new Set(sourceTagIds);
      for (const running of await repo.listUnfinishedMerges(db, teamUID)) {
        const action = running.action as unknown as MergeTagsAction;
        const ids = [action.targetTagId, ...action.sources.map((source) => source.tagId)];
        const same =
          action.targetTagId === target.tagId &&
          action.sources.length === wanted.size &&
          action.sources.every((source) => wanted.has(source.tagId));
        if (same) {
          // A retried request: make sure the job is queued, and answer it.
          await queue.send(mergeTagsJob, { teamUID, jobId: running.id }, { singletonKey: running.id });
          return { jobId: running.id, total: running.total };
        }
        if (ids.some((id) => id === target.tagId || wanted.has(id))) {
          throw new ConflictError(
            'Some of these tags are already being merged. Wait for that merge to finish, then try again.',
          );
        }
      }

      const total = await repo.countContactsWithTags(db, teamUID, sourceTagIds);
      const action: MergeTagsAction = {
        type: 'mergeTags',
        targetTagId: target.tagId,
        targetName: target.name,
        targetPipelineId: target.pipelineId,
        sources: sources.map((tag) => ({ tagId: tag.tagId, name: tag.name, pipelineId: tag.pipelineId })),
      };
      const jobId = createPushId('merge_');
      await db.transaction(async (tx) => {
        await bulkJobs.insertBulkJob(tx, {
          teamId: teamUID,
          id: jobId,
          action: action as unknown as Record<string, unknown>,
          contactIds: [],
          total,
          createdBy: member.name,
          createdByUid: member.userId,
        });
        await appendChange(tx, teamUID, {
          entity: JOB_ENTITY,
          op: 'create',
          ids: [jobId],
          data: { processed: 0, total, status: 'queued', type: action.type },
        });
      });
      await queue.send(mergeTagsJob, { teamUID, jobId }, { singletonKey: jobId });
      return { jobId, total };
    },

    /** Renames one tag; a name that another tag of its set already has (ignoring case and spaces) is refused. */
    async renameTag(member: TeamActor, input: { tagId: string; name: string }) {
      const { teamUID } = member;
      requirePermission(member, 'manage-setup', 'tag-reconciliation');
      const name = input.name.trim().replace(/\s+/g, ' ');
      const collision = (other: string, setName: string) =>
        new ConflictError(
          `The tag set "${setName}" already has a tag named "${other}". Choose another name, or merge the two tags.`,
        );
      try {
        return await databases.forTeam(teamUID).transaction(async (tx: TeamDb) => {
          const [tag] = await repo.findTagsWithSets(tx, teamUID, [input.tagId]);
          if (!tag || !canSeePipelineItem(member, tag)) {
            throw new NotFoundError('Tag not found.');
          }
          const other = await repo.findSameNameInSet(tx, teamUID, tag.tagSetId, name, tag.tagId);
          if (other) throw collision(other.name, tag.tagSetName);
          // The same name again is no change: nothing written, nobody told.
          if (name === tag.name) return { tagUID: tag.tagId, name };
          await repo.renameTag(tx, teamUID, tag.tagId, name);
          await appendChange(tx, teamUID, {
            entity: 'tag',
            op: 'update',
            ids: [tag.tagId],
            pipelineId: tag.pipelineId,
          });
          return { tagUID: tag.tagId, name };
        });
      } catch (error) {
        // Two renames at once can still meet on the unique index.
        if (isUniqueViolation(error)) {
          throw new ConflictError(
            `This tag set already has a tag named "${name}". Choose another name, or merge the two tags.`,
          );
        }
        throw error;
      }
    },
  };
}
