import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../testing/event-stream';
import type { TestClient } from '../testing/test-client';
import { startTestServer, type TestServer } from '../testing/test-server';
import { teamSchema } from './db/team-schema';
import { appendChange } from './realtime';

// Runs in the PostgreSQL pass only (`*.postgres.test.ts`): only a PostgreSQL server can restart or cut
// connections under a running app; PGlite lives inside it.
describe('realtime and requests across a database outage', () => {
  let server: TestServer;
  let owner: TestClient;
  let teamUID: string;
  /** The server's database, and a session in it kept open through the outage. */
  let databaseName: string;
  let kept: pg.Client;
  /** A session in the maintenance database, which can shut the server's database out. */
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await server.signUp();
    teamUID = (await owner.me()).teamUID;
    const url = new URL(server.databases.directoryEngine.label);
    databaseName = decodeURIComponent(url.pathname.slice(1));
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const keptUrl = new URL(process.env.TEST_DATABASE_URL!);
    keptUrl.pathname = `/${databaseName}`;
    kept = new pg.Client({ connectionString: keptUrl.toString() });
    await kept.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS true`);
    await kept.end();
    await admin.end();
    await server.stop();
  });

  /** Refuses new connections to the server's database and ends the server's open ones. */
  async function cutTheServerOff() {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS false`);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2',
      [databaseName, (await kept.query('SELECT pg_backend_pid() AS pid')).rows[0].pid],
    );
  }

  it('answers 503 meanwhile, then reconnects, and the open stream receives what was missed and what follows', async () => {
    const stream = await openEventStream(owner, teamUID);
    const before = await owner.post(`/api/v1/teams/${teamUID}/pipelines`, {
      nickName: 'Before the outage',
      stages: [{ name: 'New' }],
    });
    expect(before.status).toBe(201);
    await stream.next((event) => event.entity === 'pipeline' && event.ids[0] === before.body.data.groupUID);

    await cutTheServerOff();
    await expect
      .poll(async () => {
        const ready = await server.client().get('/readyz');
        return { status: ready.status, body: ready.body };
      })
      .toEqual({ status: 503, body: { status: 'unavailable', down: ['directory', 'realtime'] } });

    // A request that needs the database is told to come back, not that the server broke: whether the
    // database's error reaches the handler (search reads the session itself) or a library hides it.
    for (const refused of [await owner.get('/api/v1/me'), await owner.post('/search/v2', { teamUID })]) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.error).toEqual({
        code: 'unavailable',
        message: 'The database is unavailable for a moment; try again in a few seconds.',
      });
    }

    // Another process commits a change while this one cannot hear it: its NOTIFY reaches no one.
    const missed = await drizzle(kept, { schema: teamSchema }).transaction((tx) =>
      appendChange(tx, teamUID, { entity: 'contact', op: 'update', ids: ['committed-while-deaf'] }),
    );

    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(databaseName)} ALLOW_CONNECTIONS true`);
    await expect
      .poll(async () => (await server.client().get('/readyz')).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    expect((await stream.next((event) => event.id === missed.id)).ids).toEqual(['committed-while-deaf']);

    const after = await owner.post(`/api/v1/teams/${teamUID}/pipelines`, {
      nickName: 'After the outage',
      stages: [{ name: 'New' }],
    });
    expect(after.status).toBe(201);
    await stream.next((event) => event.entity === 'pipeline' && event.ids[0] === after.body.data.groupUID);
    // Each change once, in the order committed.
    const ids = stream.received.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(stream.ended).toBe(false);
    stream.close();
  });
});

describe("requests across an outage of a team's shard alone", () => {
  let server: TestServer;
  let owner: TestClient;
  let teamUID: string;
  let shardName: string;
  let admin: pg.Client;

  beforeAll(async () => {
    // With one shard of its own, every team lives apart from the directory.
    server = await startTestServer({ shards: 1 });
    owner = await server.signUp();
    teamUID = (await owner.me()).teamUID;
    shardName = decodeURIComponent(new URL(server.databases.shards[0]!.engine.label).pathname.slice(1));
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(shardName)} ALLOW_CONNECTIONS true`);
    await admin.end();
    await server.stop();
  });

  it('answers a search 503 while the session is read from the directory, and searches again after', async () => {
    expect((await owner.post('/search/v2', { teamUID })).status).toBe(200);
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(shardName)} ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
      shardName,
    ]);

    const refused = await owner.post('/search/v2', { teamUID });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error.code).toBe('unavailable');

    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(shardName)} ALLOW_CONNECTIONS true`);
    await expect
      .poll(async () => (await owner.post('/search/v2', { teamUID })).status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(200);
  });
});
