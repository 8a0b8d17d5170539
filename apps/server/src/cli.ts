import { loadConfig } from './platform/config';
import { migrateDatabases, openDatabases } from './platform/db/databases';
import { createLogger } from './platform/logger';
import { databaseLocations, createContext } from './server';
import { seedDemo } from './seed/demo';
import { setSuperPermission } from './modules/users/users.repository';
import { createSelectorsService } from './modules/extension/selectors.service';
import { readFile } from 'node:fs/promises';

const usage = `Usage: npm run cli -- <command>

Commands:
  migrate               apply database migrations
  seed                  create the demo user and team if the database is empty
  grant-super <email>   give a user the super permission
  revoke-super <email>  take the super permission away
  selectors:load <file.json>
                        publish a selector pack for the extension (its version must be above the one served)`;

const [command, argument] = process.argv.slice(2);
if (!command || !['migrate', 'seed', 'grant-super', 'revoke-super', 'selectors:load'].includes(command)) {
  process.stdout.write(`${usage}\n`);
  process.exit(command ? 1 : 0);
}
const config = loadConfig();
const log = createLogger({ LOG_LEVEL: 'warn' });
const databases = await openDatabases(databaseLocations(config));

async function setSuper(email: string | undefined, isSuper: boolean) {
  if (!email) throw new Error('Give the email address of the user.');
  await migrateDatabases(databases);
  if (!(await setSuperPermission(databases.directory, email, isSuper)))
    throw new Error(`No user has the email ${email}.`);
  return `${email} ${isSuper ? 'now has' : 'no longer has'} the super permission.`;
}

async function loadSelectorPack(file: string | undefined) {
  if (!file) throw new Error('Give the path of the selector pack (a .json file).');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `Cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  await migrateDatabases(databases);
  const { platform, version } = await createSelectorsService({ directory: databases.directory }).publishPack(
    json,
    null,
  );
  return `Published the ${platform} selector pack, version ${version}: the extension gets it on its next refresh.`;
}

try {
  let message: string;
  switch (command) {
    case 'migrate':
      await migrateDatabases(databases);
      message = 'Migrations applied.';
      break;
    case 'seed': {
      const context = await createContext(config, log, databases);
      message = (await seedDemo(context))
        ? 'Demo data created.'
        : 'The database already has users; nothing seeded.';
      await context.queue.stop();
      await context.events.stop();
      await context.appEvents.stop();
      break;
    }
    case 'grant-super':
    case 'revoke-super':
      message = await setSuper(argument, command === 'grant-super');
      break;
    case 'selectors:load':
      message = await loadSelectorPack(argument);
      break;
    default:
      message = usage;
  }
  process.stdout.write(`${message}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await databases.close();
}
