import type { Logger } from '../logger';
import type { Databases } from './databases';
import type { Engine } from './engine';

/** How often the embedded databases' planner statistics are gathered again. */
export const STATISTICS_REFRESH_MS = 10 * 60_000;

/**
 * PGlite runs no autovacuum, so nothing gathers planner statistics unless asked. Without them the
 * planner guesses one row per table and walks every contact for every deal: a text search on a
 * 300-contact board took 5 s instead of 20 ms. This runs ANALYZE on each embedded database now and
 * then every few minutes; a PostgreSQL server does it itself.
 */
export async function startStatisticsRefresh(
  databases: Databases,
  log: Logger,
  intervalMs = STATISTICS_REFRESH_MS,
): Promise<{ stop(): void }> {
  const engines = new Set<Engine>(
    [databases.directoryEngine, ...databases.shards.map((shard) => shard.engine)].filter(
      (engine) => engine.kind === 'pglite',
    ),
  );
  if (engines.size === 0) return { stop: () => undefined };
  const refresh = async () => {
    for (const engine of engines) {
      try {
        await engine.executeSql('analyze');
      } catch (error) {
        log.warn({ err: error, database: engine.label }, 'could not refresh planner statistics');
      }
    }
  };
  await refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
