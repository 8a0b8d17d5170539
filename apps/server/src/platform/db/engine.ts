import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Extensions the migrations create: trigram search, team-first GIN indexes and edit distance. */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin, fuzzystrmatch };
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** A Drizzle handle that works the same on PGlite and on a PostgreSQL server. */
export type Drizzle<TSchema extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, TSchema>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** One physical database: PGlite in a folder or in memory, or a PostgreSQL server. */
export interface Engine {
  readonly kind: 'pglite' | 'postgres';
  /** Where it is, without credentials, for logs. */
  readonly label: string;
  /** Runs SQL text; without values it may hold several statements (pg-boss relies on that). */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * Calls back on each NOTIFY on the channel; resolves to a function that stops listening. A lost
   * connection is reopened by itself; `onConnection` hears of the loss (false) and of the return (true),
   * so the caller can read back what was committed in between: NOTIFYs sent meanwhile are gone.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnection?: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  drizzle<TSchema extends Record<string, unknown>>(schema: TSchema): Drizzle<TSchema>;
  migrate(folder: string, migrationsTable: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens an engine from a location: postgres://…, memory://, or a folder for PGlite. */
export async function openEngine(location: string): Promise<Engine> {
  if (/^postgres(ql)?:\/\//.test(location)) return openPostgres(location);
  if (location === 'memory://')
    return wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), 'memory');
  const dir = path.resolve(location.replace(/^pglite:\/\//, ''));
  mkdirSync(dir, { recursive: true });
  return wrapPglite(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }), dir);
}

/** Wraps an open PGlite instance (tests clone a migrated template and hand it in). */
export function wrapPglite(client: PGlite, label: string): Engine {
  return {
    kind: 'pglite',
    label: `pglite:${label}`,
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    drizzle: (schema) => drizzlePglite(yieldingTransactions(client), { schema }),
    migrate: (folder, migrationsTable) =>
      migratePglite(drizzlePglite(client), { migrationsFolder: folder, migrationsTable }),
    close: () => client.close(),
  };
}

/**
 * PGlite runs in this thread, and its queries resolve without giving the event loop a turn: a job
 * of many transactions (an import) would hold off every request and stream until it ended. Each
 * transaction first lets waiting I/O run.
 */
function yieldingTransactions(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'transaction')
        return async (...args: Parameters<PGlite['transaction']>) => {
          await new Promise((resolve) => setImmediate(resolve));
          return target.transaction(...args);
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function openPostgres(url: string): Engine {
  // JIT compiling pays off for long reports, not for this app's short queries: it cost a board's first
  // paint 27-44 ms of 50.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    label: url.replace(/\/\/[^@/]*@/, '//'),
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    listen: (channel, onPayload, onConnection) =>
      listenWithReconnect(url, channel, onPayload, onConnection, listeners),
    drizzle: (schema) => drizzlePostgres(pool, { schema }),
    migrate: (folder, migrationsTable) =>
      migratePostgres(drizzlePostgres(pool), { migrationsFolder: folder, migrationsTable }),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The wait before reconnecting a lost LISTEN connection: doubles from 0.5 s up to 10 s. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * A LISTEN connection of its own (a pooled one would be handed to other queries), kept open: when
 * the server restarts or terminates it, it is opened again with backoff and LISTENs again. Without
 * this a dropped connection would end realtime silently until the process restarted.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnection: ((connected: boolean) => void) | undefined,
  owners: Set<() => Promise<void>>,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const open = async () => {
    // Keepalive notices a connection that died without a word (a host gone from the network).
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A terminated connection also ends; 'end' is where it is handled.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = null;
      onConnection?.(false);
      reconnect(RECONNECT_FIRST_MS);
    });
    client = next;
  };
  const reconnect = (delay: number) => {
    retry = setTimeout(() => {
      retry = null;
      if (stopped) return;
      open().then(
        () => {
          if (stopped) void stop();
          else onConnection?.(true);
        },
        () => reconnect(Math.min(delay * 2, RECONNECT_MAX_MS)),
      );
    }, delay);
  };
  const stop = async () => {
    stopped = true;
    owners.delete(stop);
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };

  await open();
  owners.add(stop);
  return stop;
}
