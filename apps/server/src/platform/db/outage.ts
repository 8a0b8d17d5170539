import type { Databases } from './databases';
import type { Engine } from './engine';

/** Seconds a client is asked to wait before trying again while a database is out of reach. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export const OUTAGE_MESSAGE = 'The database is unavailable for a moment; try again in a few seconds.';

// Socket errors of a connection that could not be opened or was cut.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
// SQLSTATEs of a server that is shutting down, starting, or full: admin_shutdown, crash_shutdown,
// cannot_connect_now, too_many_connections. Class 08 is every connection exception.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres says so in words when the socket closes under a query, with no code.
const MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/**
 * Whether a failure means the database could not be reached (down, restarting, or the connection was
 * cut) rather than a fault of the request or the code: such a request may simply be tried again.
 * Follows Drizzle's `cause` chain and the several errors of a failed multi-address connect.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, severity, message, cause, errors } = current as {
      code?: unknown;
      severity?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    )
      return true;
    // A FATAL error ends the session: the server refused or dropped the connection (a database
    // that does not accept connections while it is restored or restarted, say).
    if (severity === 'FATAL') return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

/** How long a database may take to answer `select 1` before it counts as down. */
const PROBE_TIMEOUT_MS = 2000;

/** The databases that do not answer now: 'directory' and the names of shards on engines of their own. */
export async function unreachableDatabases(databases: Databases): Promise<string[]> {
  const parts = new Map<Engine, string>([[databases.directoryEngine, 'directory']]);
  for (const shard of databases.shards) if (!parts.has(shard.engine)) parts.set(shard.engine, shard.name);
  const answers = await Promise.all(
    [...parts.keys()].map((engine) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      });
      const probe = engine.executeSql('select 1', []).then(
        () => true,
        () => false,
      );
      return Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
    }),
  );
  return [...parts.values()].filter((_name, index) => !answers[index]);
}

/**
 * Whether a request failed because a database is out of reach. Some libraries (better-auth's
 * session lookup) report a database failure as their own error without its cause, so an error that
 * names no outage is checked against the databases themselves; that costs a query on failures only.
 */
export function createOutageCheck(databases: Databases) {
  return async (error: unknown): Promise<boolean> =>
    isDatabaseUnavailable(error) || (await unreachableDatabases(databases)).length > 0;
}
