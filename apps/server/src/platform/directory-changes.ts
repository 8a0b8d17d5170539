import { asc, eq, lt, sql } from 'drizzle-orm';
import type { DirectoryDb } from './db/databases';
import { teamChangeOutbox } from './db/directory-schema';
import type { Logger } from './logger';
import type { ChangeInput, EventHub } from './realtime';

/** How often, and after how long, changes that could not be copied to a team's log are tried again. */
const RETRY_MS = 5_000;

/**
 * Changes to a team made in the directory (its name, members, invitations, subscription) that the
 * team's change log must hold too. The log may live in another database (the team's shard), so the
 * change is written to an outbox in the directory's own transaction, then copied to the log and
 * taken out. A copy that fails (the shard is away) is tried again every few seconds until it lands,
 * in the order the changes were made: the directory change and its event never part ways. A copy
 * is made at least once; a crash between landing in the log and leaving the outbox repeats one,
 * which readers of the log apply twice to the same effect.
 */
export interface DirectoryChanges {
  /**
   * Runs `work` in a directory transaction, records the change it made to the team in the same
   * transaction (none when `changeOf` answers null), and copies it to the team's log.
   */
  commit<T>(
    teamUID: string,
    work: (tx: DirectoryDb) => Promise<T>,
    changeOf: (result: T) => ChangeInput | null,
  ): Promise<T>;
  /**
   * Copies the changes waiting in the outbox for at least `minAgeMs` (younger ones are being copied
   * by the request that made them). A timer does this every few seconds.
   */
  deliverWaiting(minAgeMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export function startDirectoryChanges(deps: {
  directory: DirectoryDb;
  events: EventHub;
  log: Logger;
}): DirectoryChanges {
  const { directory, events, log } = deps;
  /** Per team, the copy under way: a team's changes are copied one at a time, in order. */
  const copying = new Map<string, Promise<void>>();

  const copy = async (teamUID: string) => {
    const waiting = await directory
      .select()
      .from(teamChangeOutbox)
      .where(eq(teamChangeOutbox.teamId, teamUID))
      .orderBy(asc(teamChangeOutbox.id));
    for (const row of waiting) {
      await events.record(teamUID, row.change);
      await directory.delete(teamChangeOutbox).where(eq(teamChangeOutbox.id, row.id));
    }
  };

  const deliver = (teamUID: string): Promise<void> => {
    const next = (copying.get(teamUID) ?? Promise.resolve()).then(
      () => copy(teamUID),
      () => copy(teamUID),
    );
    copying.set(teamUID, next);
    const settled = next.catch((error: unknown) => {
      log.warn({ err: error, teamUID }, 'a team change waits in the outbox to reach its change log');
    });
    void settled.then(() => {
      if (copying.get(teamUID) === next) copying.delete(teamUID);
    });
    return settled;
  };

  const deliverWaiting = async (minAgeMs = RETRY_MS) => {
    const teams = await directory
      .selectDistinct({ teamId: teamChangeOutbox.teamId })
      .from(teamChangeOutbox)
      .where(lt(teamChangeOutbox.createdAt, sql`now() - make_interval(secs => ${minAgeMs / 1000})`));
    for (const { teamId } of teams) await deliver(teamId);
  };

  const timer = setInterval(() => {
    deliverWaiting().catch((error: unknown) =>
      log.warn({ err: error }, 'the team change outbox is unreadable'),
    );
  }, RETRY_MS);
  timer.unref();

  return {
    async commit(teamUID, work, changeOf) {
      let recorded = false;
      const result = await directory.transaction(async (tx) => {
        const done = await work(tx);
        const change = changeOf(done);
        if (change) await tx.insert(teamChangeOutbox).values({ teamId: teamUID, change });
        recorded = change !== null;
        return done;
      });
      if (recorded) await deliver(teamUID);
      return result;
    },
    deliverWaiting,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled(copying.values());
    },
  };
}
