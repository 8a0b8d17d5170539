import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatShardName, selectShard } from '@grouptrack/domain';
import { directorySchema } from './directory-schema';
import { openEngine, type Drizzle, type Engine } from './engine';
import { teamSchema } from './team-schema';

export type DirectoryDb = Drizzle<typeof directorySchema>;
export type TeamDb = Drizzle<typeof teamSchema>;

export interface Shard {
  /** S1..Sn, as SPEC §9 names them. */
  readonly name: string;
  readonly engine: Engine;
  readonly db: TeamDb;
}

/** The user directory and the team shards. Server code reaches data only through these. */
export interface Databases {
  readonly directory: DirectoryDb;
  readonly directoryEngine: Engine;
  readonly shards: readonly Shard[];
  /** The shard that holds a team's data; it never changes for a team. */
  shardFor(teamUID: string): Shard;
  /** A database handle for one team's data. */
  forTeam(teamUID: string): TeamDb;
  close(): Promise<void>;
}

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseLocations {
  directory: string;
  /** One location per shard; empty means the directory's database holds every team. */
  shards: string[];
}

/** Opens the directory and the shards; a location named twice is opened once. */
export async function openDatabases(locations: DatabaseLocations): Promise<Databases> {
  const engines = new Map<string, Engine>();
  const open = async (location: string) => {
    const existing = engines.get(location);
    if (existing) return existing;
    const engine = await openEngine(location);
    // Each memory:// is a database of its own.
    engines.set(location === 'memory://' ? `memory://${engines.size}` : location, engine);
    return engine;
  };
  try {
    const directoryEngine = await open(locations.directory);
    const shardLocations = locations.shards.length > 0 ? locations.shards : [locations.directory];
    const shardEngines: Engine[] = [];
    for (const location of shardLocations) shardEngines.push(await open(location));
    return createDatabases(directoryEngine, shardEngines, () => [...engines.values()]);
  } catch (error) {
    await Promise.allSettled([...engines.values()].map((engine) => engine.close()));
    throw error;
  }
}

/** Builds the router over engines that are already open (tests pass in cloned PGlite instances). */
export function createDatabases(
  directoryEngine: Engine,
  shardEngines: Engine[],
  ownedEngines: () => Engine[] = () => [...new Set([directoryEngine, ...shardEngines])],
): Databases {
  const shards = shardEngines.map((engine, index) => ({
    name: formatShardName(index),
    engine,
    db: engine.drizzle(teamSchema),
  }));
  const shardFor = (teamUID: string): Shard => shards[selectShard(teamUID, shards.length)]!;
  return {
    directory: directoryEngine.drizzle(directorySchema),
    directoryEngine,
    shards,
    shardFor,
    forTeam: (teamUID) => shardFor(teamUID).db,
    async close() {
      await Promise.allSettled(ownedEngines().map((engine) => engine.close()));
    },
  };
}

/** Applies the committed migrations: the directory's on the directory, the team's on every shard. */
export async function migrateDatabases(databases: Databases): Promise<void> {
  await databases.directoryEngine.migrate(path.join(migrationsRoot, 'directory'), '__migrations_directory');
  for (const engine of new Set(databases.shards.map((shard) => shard.engine))) {
    await engine.migrate(path.join(migrationsRoot, 'team'), '__migrations_team');
  }
}
