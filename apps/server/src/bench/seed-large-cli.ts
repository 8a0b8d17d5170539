import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { migrateDatabases, openDatabases } from '../platform/db/databases';
import { databaseLocations } from '../server';
import { BENCH_MEMBER, BENCH_USER, DEFAULT_SEED, seedLarge } from './seed-large';

const usage = `Usage: npm run seed:large -- [--teams N] [--contacts N] [--big-team N] [--stages N]

Fills the database of DATABASE_URL (or the embedded one in DATA_DIR) with realistic data.
Defaults: ${DEFAULT_SEED.teams} teams, ${DEFAULT_SEED.contacts.toLocaleString('en-US')} contacts in all, one team with ${DEFAULT_SEED.bigTeamContacts.toLocaleString('en-US')} contacts in a pipeline of ${DEFAULT_SEED.stages} stages.`;

const { values } = parseArgs({
  options: {
    teams: { type: 'string' },
    contacts: { type: 'string' },
    'big-team': { type: 'string' },
    stages: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`--${name} takes a whole number, not ${value}.`);
  return parsed;
}

const options = {
  teams: count(values.teams, DEFAULT_SEED.teams, 'teams'),
  contacts: count(values.contacts, DEFAULT_SEED.contacts, 'contacts'),
  bigTeamContacts: count(values['big-team'], DEFAULT_SEED.bigTeamContacts, 'big-team'),
  stages: count(values.stages, DEFAULT_SEED.stages, 'stages'),
};
if (options.bigTeamContacts > options.contacts) options.contacts = options.bigTeamContacts;

const config = loadConfig();
const locations = databaseLocations(config);
const databases = await openDatabases(locations);
/** The address each shard was opened from, so the seed can COPY into it. */
function shardUrl(engine: unknown): string | undefined {
  const urls = locations.shards.length > 0 ? locations.shards : [locations.directory];
  const index = databases.shards.findIndex((shard) => shard.engine === engine);
  return index >= 0 ? urls[index] : undefined;
}

try {
  await migrateDatabases(databases);
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.DATA_DIR}`;
  process.stdout.write(`Seeding ${where}…\n`);
  const result = await seedLarge(databases, {
    ...options,
    copyUrl: (engine) => shardUrl(engine),
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  process.stdout.write(
    [
      `Seeded ${result.teams} teams, ${result.contacts.toLocaleString('en-US')} contacts and ${result.rows.toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s.`,
      `Sign in as ${BENCH_USER.email} / ${BENCH_USER.password} (or ${BENCH_MEMBER.email}, same password): the team "Bench Community" has ${result.big.contacts.toLocaleString('en-US')} contacts.`,
      `Its pipeline: /contacts/pipeline/${result.big.pipelineId}`,
      '',
    ].join('\n'),
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await databases.close();
}
