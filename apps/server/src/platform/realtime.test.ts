import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabases, migrateDatabases, type Databases } from './db/databases';
import { PGLITE_EXTENSIONS, wrapPglite, type Engine } from './db/engine';
import { createLogger } from './logger';
import { startEventHub, type EventHub } from './realtime';

/**
 * An embedded database whose LISTEN connection the test drops and restores, and whose catch-up reads
 * (the hub's reads of a team's events after an id) the test can make fail or hold.
 */
interface Link {
  engine: Engine;
  lose(): void;
  restore(): void;
  reads: 'pass' | 'fail' | 'hold';
  /** Held reads, oldest first; releasing one runs it and resolves once its rows are back. */
  held: (() => Promise<unknown>)[];
}

async function openLink(): Promise<Link> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  let up = true;
  let onConnection: ((connected: boolean) => void) | undefined;
  const link: Link = {
    engine: undefined as unknown as Engine,
    lose() {
      up = false;
      onConnection?.(false);
    },
    restore() {
      up = true;
      onConnection?.(true);
    },
    reads: 'pass',
    held: [],
  };
  const gated = new Proxy(client, {
    get(target, property) {
      if (property !== 'query') {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      return (text: string, ...rest: unknown[]) => {
        const query = () => (target.query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
        if (!/"team_events"\."id" > \$/.test(text) || link.reads === 'pass') return query();
        if (link.reads === 'fail') return Promise.reject(new Error('connection refused'));
        return new Promise((resolve, reject) => {
          link.held.push(() => {
            const result = query();
            result.then(resolve, reject);
            return result;
          });
        });
      };
    },
  });
  const engine = wrapPglite(gated, 'link');
  link.engine = {
    ...engine,
    async listen(channel, onPayload, connection) {
      onConnection = connection;
      const stop = await client.listen(channel, (payload) => {
        // NOTIFYs sent while the connection is down are lost, as on PostgreSQL.
        if (up) onPayload(payload);
      });
      return () => stop();
    },
  };
  return link;
}

const TEAM = 'team-realtime-catch-up';
let link: Link;
let databases: Databases;
let hub: EventHub;
const received: number[] = [];
/** Retries of a failed catch-up, run when the test says rather than a second later. */
const retries: (() => void)[] = [];

beforeAll(async () => {
  link = await openLink();
  databases = createDatabases(link.engine, [link.engine]);
  await migrateDatabases(databases);
  hub = await startEventHub(databases, createLogger({ LOG_LEVEL: 'silent' }));
  hub.subscribe(TEAM, (event) => received.push(event.id));
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation((callback: () => void, ms?: number) => {
    // The hub retries a failed catch-up after a second (CATCH_UP_RETRY_MS).
    if (ms === 1000) {
      retries.push(callback);
      return realSetTimeout(() => undefined, 0);
    }
    return realSetTimeout(callback, ms);
  });
});
afterEach(() => {
  link.reads = 'pass';
});
afterAll(async () => {
  vi.restoreAllMocks();
  await hub.stop();
  await databases.close();
});

const record = async () => (await hub.record(TEAM, { entity: 'contact', op: 'update', ids: ['c1'] })).id;
/** Runs the oldest held read and lets the catch-up that waited on it carry on as far as it can. */
const releaseOldest = async () => {
  await link.held.shift()!();
  await new Promise((resolve) => setImmediate(resolve));
};
const receivedSoFar = () => [...received];

describe("realtime's catch-up after a lost connection", () => {
  it('hands each missed event out once, in order, when the connection drops again before a failed read is retried', async () => {
    const first = await record();
    await expect.poll(receivedSoFar).toEqual([first]);

    link.lose();
    const missed = [await record(), await record()];
    link.reads = 'fail';
    link.restore();
    await expect.poll(() => retries.length).toBe(1);

    link.lose();
    missed.push(await record());
    link.reads = 'hold';
    link.restore();
    await expect.poll(() => link.held.length).toBe(1);
    // The retry of the connection's previous life comes due while the new catch-up reads.
    retries.shift()!();
    const live = await record();

    link.reads = 'pass';
    while (link.held.length > 0) await releaseOldest();
    await expect.poll(() => hub.isLive()).toBe(true);
    expect(received).toEqual([first, ...missed, live]);
  });

  it('hands each missed event out once, in order, when the connection comes back while a catch-up still reads', async () => {
    const before = [...received];
    link.lose();
    const missed = [await record(), await record()];
    link.reads = 'hold';
    link.restore();
    await expect.poll(() => link.held.length).toBe(1);

    link.lose();
    missed.push(await record());
    link.restore();
    await expect.poll(() => link.held.length).toBe(2);
    const liveDuringCatchUp = await record();

    // The older catch-up's read comes back first; then a change is committed while the newer one reads.
    await releaseOldest();
    const liveAfterIt = await record();
    await releaseOldest();

    await expect.poll(() => hub.isLive()).toBe(true);
    await expect.poll(receivedSoFar).toEqual([...before, ...missed, liveDuringCatchUp, liveAfterIt]);
  });
});
