import { DELETED_RETENTION_DAYS, type Deletion as DeletionAnswer } from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { requirePermission } from '../../platform/http/permission';
import type { Logger } from '../../platform/logger';
import type { JobQueue } from '../../platform/queue';
import { appendChange } from '../../platform/realtime';
import { purgeDeletedJob } from '../../jobs/purge-deleted.job';
import type { TeamActor } from '../teams/teams.service';
import * as repo from './deletions.repository';

const DAY_MS = 24 * 3600_000;
const RETENTION_MS = DELETED_RETENTION_DAYS * DAY_MS;

/** Contacts deleted for good per transaction, so a purge of 100,000 never holds long locks. */
export const PURGE_BATCH_SIZE = 2000;
const PURGE_EVERY_MS = 3600_000;

/** Events about contacts in no pipeline carry this (as contact-changes.ts announces them). */
const NO_PIPELINE = '_none';

export type DeletionsService = ReturnType<typeof createDeletionsService>;

/** The Recently deleted list, its restore, and deleting for good what was deleted 30 days ago. */
export function createDeletionsService(deps: { databases: Databases; queue: JobQueue }) {
  const { databases, queue } = deps;

  function present(row: repo.DeletionRow): DeletionAnswer {
    return {
      deletionUID: row.deletionId,
      kind: row.kind,
      deletedAt: row.deletedAt.toISOString(),
      purgeAt: new Date(row.deletedAt.getTime() + RETENTION_MS).toISOString(),
      deletedBy: { uid: row.deletedBy, name: row.deletedByName },
      count: row.count,
      names: row.names,
    };
  }

  /** Deletes for good, in batches, what every team of every shard deleted before the cutoff. */
  async function purgeExpired(now: Date = new Date()) {
    const before = new Date(now.getTime() - RETENTION_MS);
    let contacts = 0;
    let pipelines = 0;
    let tasks = 0;
    // Shards named twice share one database: purge each database once.
    const shards = [...new Map(databases.shards.map((shard) => [shard.engine, shard])).values()];
    for (const shard of shards) {
      for (const teamId of await repo.teamsWithExpiredDeletions(shard.db, before)) {
        const db = databases.forTeam(teamId);
        for (;;) {
          const purged = await db.transaction((tx) =>
            repo.purgeContacts(tx, teamId, before, PURGE_BATCH_SIZE),
          );
          contacts += purged;
          if (purged < PURGE_BATCH_SIZE) break;
        }
        while (await db.transaction((tx) => repo.purgeOnePipeline(tx, teamId, before))) pipelines += 1;
        for (;;) {
          const purged = await db.transaction((tx) => repo.purgeTasks(tx, teamId, before, PURGE_BATCH_SIZE));
          tasks += purged;
          if (purged < PURGE_BATCH_SIZE) break;
        }
      }
    }
    return { contacts, pipelines, tasks };
  }

  return {
    purgeExpired,
    purgeDeletedJob: purgeDeletedJob.handledBy(async () => {
      await purgeExpired();
    }),

    /** Queues the purge now and every hour; one queued purge at a time, whichever process sends it. */
    schedulePurge(log: Logger, everyMs = PURGE_EVERY_MS) {
      const send = () =>
        queue
          .send(purgeDeletedJob, {}, { singletonKey: 'purge-deleted' })
          .catch((error: unknown) => log.warn({ err: error }, 'could not queue the purge of deleted items'));
      void send();
      const timer = setInterval(() => void send(), everyMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },

    async listDeletions(member: TeamActor, paging: { offset: number; limit: number }) {
      const { teamUID } = requirePermission(member, 'see-all-pipelines', 'recently-deleted');
      const { rows, total } = await repo.listDeletions(databases.forTeam(teamUID), teamUID, paging);
      const next = paging.offset + rows.length;
      return { items: rows.map(present), total, nextOffset: next < total ? next : null };
    },

    /**
     * Brings back everything one deletion took, in one transaction, and tells every board that
     * shows one of them. A pipeline whose name was given to another meanwhile answers 409.
     */
    async restoreDeletion(member: TeamActor, deletionId: string) {
      const { teamUID } = requirePermission(member, 'see-all-pipelines', 'recently-deleted');
      try {
        return await databases.forTeam(teamUID).transaction(async (tx) => {
          const found = await repo.findDeletion(tx, teamUID, deletionId);
          if (found.contactIds.length === 0 && found.pipelines.length === 0)
            throw new NotFoundError('Nothing deleted by that action is left to restore.');
          const restored = await repo.restore(tx, teamUID, { deletionId });
          for (const pipelineId of restored.pipelineIds) {
            await appendChange(tx, teamUID, {
              entity: 'pipeline',
              op: 'create',
              ids: [pipelineId],
              pipelineId,
            });
          }
          // One event per pipeline that has cards back; contacts placed nowhere go to owners and admins.
          const byPipeline = new Map<string, string[]>();
          for (const { contactId, pipelineId } of restored.placements) {
            byPipeline.set(pipelineId, [...(byPipeline.get(pipelineId) ?? []), contactId]);
          }
          const placed = new Set(restored.placements.map((row) => row.contactId));
          const unplaced = restored.contactIds.filter((id) => !placed.has(id));
          if (unplaced.length > 0) byPipeline.set(NO_PIPELINE, unplaced);
          for (const [pipelineId, ids] of byPipeline) {
            await appendChange(tx, teamUID, { entity: 'contact', op: 'create', ids, pipelineId });
          }
          return { contacts: restored.contactIds.length, pipelines: restored.pipelineIds.length };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(
            'A pipeline with this name exists now. Rename that one first, then restore this one.',
          );
        }
        throw error;
      }
    },
  };
}
