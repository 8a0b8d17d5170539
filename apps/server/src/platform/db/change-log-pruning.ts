import { sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Databases } from './databases';
import { selectRows } from './raw';
import { teamEvents } from './team-schema';

/**
 * How long the change log keeps an event. It serves clients that reconnect after a break
 * (Last-Event-ID), which are minutes or hours away, not weeks; every change writes an event, so a
 * log kept for ever would grow with every bulk action and import.
 */
export const CHANGE_LOG_RETENTION_MS = 7 * 24 * 3600_000;
const PRUNE_INTERVAL_MS = 3600_000;

/** Deletes the events older than the retention from every shard; answers how many went. */
export async function pruneChangeLog(databases: Databases, now = Date.now()): Promise<number> {
  const before = new Date(now - CHANGE_LOG_RETENTION_MS);
  let deleted = 0;
  // Shards named twice share one database: prune each database once.
  const shards = [...new Map(databases.shards.map((shard) => [shard.engine, shard])).values()];
  for (const shard of shards) {
    const [row] = await selectRows<{ deleted: number }>(
      shard.db,
      sql`with gone as (delete from ${teamEvents} where created_at < ${before.toISOString()}::timestamptz returning 1)
        select count(*)::int as deleted from gone`,
    );
    deleted += row?.deleted ?? 0;
  }
  return deleted;
}

/** Prunes the change log now and every hour; several processes doing it at once is harmless. */
export function startChangeLogPruning(databases: Databases, log: Logger, intervalMs = PRUNE_INTERVAL_MS) {
  const prune = () =>
    pruneChangeLog(databases).catch((error: unknown) =>
      log.warn({ err: error }, 'could not prune the change log'),
    );
  void prune();
  const timer = setInterval(() => void prune(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
