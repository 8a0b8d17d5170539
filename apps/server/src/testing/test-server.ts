import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type Config } from '../platform/config';
import { createDatabases, migrateDatabases, type Databases } from '../platform/db/databases';
import { subscriptions } from '../platform/db/directory-schema';
import { PGLITE_EXTENSIONS, openEngine, wrapPglite, type Engine } from '../platform/db/engine';
import { createLogger } from '../platform/logger';
import { startJobQueue } from '../platform/queue';
import { startServer, type RunningServer } from '../server';
import * as factories from './factories';
import { TestClient } from './test-client';
import { TEST_RUN_VARIABLE } from './test-run';

/** PostgreSQL when TEST_ENGINE=postgres (with TEST_DATABASE_URL), else PGlite. */
export const testEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

let template: Promise<File | Blob> | null = null;

/**
 * One migrated PGlite per test worker, whose data folder each server's database starts from: a
 * migrated database costs seconds, and reading the folder once saves a third of each copy.
 */
function pgliteTemplate(): Promise<File | Blob> {
  template ??= (async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const engine = wrapPglite(client, 'template');
    await migrateDatabases(createDatabases(engine, [engine]));
    // pg-boss installs its schema on first start; doing it here keeps it out of every test.
    const queue = await startJobQueue(engine, createLogger({ LOG_LEVEL: 'silent' }));
    await queue.stop();
    const dataDir = await client.dumpDataDir('none');
    await client.close();
    return dataDir;
  })();
  return template;
}

/** A database of the PostgreSQL server under TEST_DATABASE_URL. */
function postgresUrl(name: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement as the user of TEST_DATABASE_URL, on its own database. */
async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The databases of this run are named after it, so its global teardown drops what it leaves. */
const runPrefix = `gt_test_${process.env[TEST_RUN_VARIABLE] ?? 'local'}_`;

let postgresTemplate: Promise<string> | null = null;

/**
 * One migrated database per test worker, which each server's database copies: creating and
 * migrating a database took about 0.6 s, copying one about half of that.
 */
function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${runPrefix}template_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const engine = await openEngine(postgresUrl(name));
    try {
      await migrateDatabases(createDatabases(engine, [engine]));
      const queue = await startJobQueue(engine, createLogger({ LOG_LEVEL: 'silent' }));
      await queue.stop();
    } finally {
      // A database is copied only while no one is connected to it.
      await engine.close();
    }
    return name;
  })();
  return postgresTemplate;
}

async function openTestEngine(): Promise<{ engine: Engine; drop: () => Promise<void> }> {
  if (testEngine === 'pglite') {
    const copy = await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: PGLITE_EXTENSIONS });
    return { engine: wrapPglite(copy, 'test'), drop: () => Promise.resolve() };
  }
  const name = `${runPrefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplateName()} STRATEGY FILE_COPY`);
  const engine = await openEngine(postgresUrl(name));
  return { engine, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface TestServer {
  url: string;
  server: RunningServer;
  databases: Databases;
  config: Config;
  client(): TestClient;
  /** Signs a new user up through the API and returns their signed-in client. */
  signUp(input?: {
    name?: string;
    email?: string;
    password?: string;
    /** The team made for them, `<name>'s team` unless given. */
    teamName?: string;
    /** Signing up to join this invitation's team: no team of their own is made. */
    inviteCode?: string;
  }): Promise<TestClient>;
  /** Changes a team's plan directly, as an operator would. */
  setSubscription(teamUID: string, patch: Partial<typeof subscriptions.$inferInsert>): Promise<void>;
  // Factories (see ./factories): the setup the API tests share, through the real API.
  /** Signs an owner up; answers their client and team, with `extraSeats` bought when given. */
  createTeam(input?: { name?: string; email?: string; extraSeats?: number }): Promise<factories.TestTeam>;
  /** A pipeline with stages of these names, created by the team's owner. */
  createPipeline(
    team: TeamRef,
    nickName: string,
    stageNames: string[],
    extra?: { questions?: string[] },
  ): Promise<factories.TestPipeline>;
  /** A tag set with tags of these names, global unless `pipelineId` is given. */
  createTagSet(
    team: TeamRef,
    name: string,
    tagNames: string[],
    options?: { pipelineId?: string | null },
  ): Promise<factories.TestTagSet>;
  /** Invites a new user with a role and pipeline access and has them join the team. */
  joinAsMember(
    team: TeamRef,
    input?: { role?: 'admin' | 'member'; groupAccess?: string[]; name?: string; email?: string },
  ): Promise<factories.TestMember>;
  /** Creates `count` contacts through the API, optionally in a pipeline/stage and tagged. */
  seedContacts(
    team: TeamRef,
    count: number,
    input?: Parameters<typeof factories.seedContacts>[2],
  ): Promise<string[]>;
  /** Writes many contacts straight into the team's database, as an import would leave them. */
  insertContacts(teamUID: string, input: Parameters<typeof factories.insertContacts>[2]): Promise<string[]>;
  /** Polls a bulk job or import until it completes; throws when it fails or times out. */
  waitForJob: typeof factories.waitForJob;
  stop(): Promise<void>;
}

/** The team a factory works on: its owner's client and id (a `TestTeam` will do). */
type TeamRef = Pick<factories.TestTeam, 'owner' | 'teamUID'>;

let counter = 0;

/** Starts the real server on a free port over a fresh database (and `shards` extra shard databases). */
export async function startTestServer(
  options: { shards?: number; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const opened = await Promise.all(Array.from({ length: 1 + (options.shards ?? 0) }, () => openTestEngine()));
  const [directory, ...shards] = opened.map((entry) => entry.engine);
  const databases = createDatabases(directory!, shards.length > 0 ? shards : [directory!]);
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SSO_ALLOWED_DOMAINS: 'grouptrack.test',
    // Whether this checkout has built the extension must not change what the tests see.
    EXTENSION_ZIP_PATH: '/nonexistent/grouptrack-extension.zip',
    ...options.env,
  });
  const server = await startServer(config, createLogger(config), databases);
  const address = server.app!.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  const client = () => new TestClient(url);
  const testServer: TestServer = {
    url,
    server,
    databases,
    config,
    client,
    async signUp(input = {}) {
      counter += 1;
      const id = `${Date.now().toString(36)}${counter}`;
      const user = client();
      const name = input.name ?? `Test User ${id}`;
      const response = await user.post('/api/auth/sign-up/email', {
        name,
        email: input.email ?? `user-${id}@example.test`,
        password: input.password ?? 'correct-horse-battery',
        ...(input.inviteCode
          ? { inviteCode: input.inviteCode }
          : { teamName: input.teamName ?? `${name}'s team` }),
      });
      if (response.status !== 200)
        throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
      return user;
    },
    async setSubscription(teamUID, patch) {
      await databases.directory.update(subscriptions).set(patch).where(eq(subscriptions.teamId, teamUID));
    },
    createTeam: (input) =>
      factories.createTeam(
        (who) => testServer.signUp(who),
        (teamUID, extraSeats) => testServer.setSubscription(teamUID, { extraSeats }),
        input,
      ),
    createPipeline: (team, nickName, stageNames, extra) =>
      factories.createPipeline(team, nickName, stageNames, extra),
    createTagSet: (team, name, tagNames, options) => factories.createTagSet(team, name, tagNames, options),
    joinAsMember: (team, input) => factories.joinAsMember((who) => testServer.signUp(who), team, input),
    seedContacts: (team, count, input) => factories.seedContacts(team, count, input),
    insertContacts: (teamUID, input) => factories.insertContacts(databases, teamUID, input),
    waitForJob: factories.waitForJob,
    async stop() {
      await server.stop();
      await Promise.all(opened.map((entry) => entry.drop()));
    },
  };
  return testServer;
}
