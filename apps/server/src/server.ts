import { buildApp } from './app';
import type { AppContext } from './context';
import { createMailService } from './modules/mail/mail.service';
import { createTwilioSmsChannel } from './integrations/sms/twilio-sms-channel';
import { createTeamsService } from './modules/teams/teams.service';
import { createUsersService } from './modules/users/users.service';
import { createAuth, type SessionMember } from './platform/auth';
import { createExtensionSessions } from './platform/extension-sessions';
import type { Config } from './platform/config';
import { migrateDatabases, openDatabases, type Databases } from './platform/db/databases';
import type { Logger } from './platform/logger';
import { startJobQueue } from './platform/queue';
import { workerJobs } from './jobs';
import { startEventHub } from './platform/realtime';
import { startAppEventHub } from './platform/app-events';
import { startSessionCache } from './platform/session-cache';
import { startDirectoryChanges } from './platform/directory-changes';
import { createAppService } from './modules/app/app.service';
import { createAdminService } from './modules/admin/admin.service';
import { createPipelinesService } from './modules/pipelines/pipelines.service';
import { countContacts } from './modules/contacts/contacts.repository';
import { createContactsService } from './modules/contacts/contacts.service';
import { createSearchService } from './modules/search/search.service';
import { createBulkService } from './modules/bulk/bulk.service';
import { createTagReconciliationService } from './modules/tag-reconciliation/tag-reconciliation.service';
import { createExportsService } from './modules/exports/exports.service';
import { createImportsService } from './modules/imports/imports.service';
import { createListsService } from './modules/lists/lists.service';
import { createTasksService } from './modules/tasks/tasks.service';
import { createTemplatesService } from './modules/templates/templates.service';
import { createAiService, createAiWriter } from './modules/ai';
import { createDeletionsService } from './modules/deletions/deletions.service';
import { createSelectorsService } from './modules/extension/selectors.service';
import { createPhotosService } from './modules/photos/photos.service';
import { createMemberRequestsService } from './modules/member-requests/member-requests.service';
import { createMessageQueueService } from './modules/message-queue/message-queue.service';
import { createWorkflowEngine } from './modules/workflows/workflow-engine';
import { createConnectionsService } from './modules/connections/connections.service';
import { createSecretBox } from './modules/connections/secret-box';
import { createSyncEngine } from './modules/connections/sync-engine';
import { listMembers } from './modules/teams/teams.repository';
import { createHttpClient } from './integrations/http-client';
import { SYNC_ADAPTERS } from './integrations/sync-adapters';
import { createWorkflowsService } from './modules/workflows/workflows.service';
import { createAutoResponderService } from './modules/auto-responder/auto-responder.service';
import { seedDemo } from './seed/demo';
import { startChangeLogPruning } from './platform/db/change-log-pruning';
import { startStatisticsRefresh } from './platform/db/statistics';
import type { App } from './platform/http/types';

/** How long a stopping server lets requests under way finish before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 5_000;

/** Where the directory and shards live, from the configuration. */
export function databaseLocations(config: Config) {
  const directory = config.DATABASE_URL ?? config.DATA_DIR;
  return { directory, shards: config.TEAM_SHARD_URLS ?? [] };
}

/** Builds every service over open databases; the one place that wires the server together. */
export async function createContext(config: Config, log: Logger, databases: Databases): Promise<AppContext> {
  await migrateDatabases(databases);
  const queue = await startJobQueue(databases.directoryEngine, log);
  const events = await startEventHub(databases, log);
  const appEvents = await startAppEventHub(databases.directoryEngine, log);
  const sessionCache = await startSessionCache<SessionMember>(databases.directoryEngine);
  const mail = createMailService({
    directory: databases.directory,
    queue,
    config,
    sms: createTwilioSmsChannel(config),
    log,
  });
  const extensionSessions = createExtensionSessions(databases.directory);
  const auth = createAuth({
    config,
    directory: databases.directory,
    log,
    extensionSessions,
    sendPasswordResetMail: async ({ email, name, url }) => {
      await mail.sendMail({
        to: email,
        subject: 'Reset your GroupTrack password',
        text: `Hello ${name},\n\nSomeone asked to reset the password of your GroupTrack account.\nChoose a new password here (the link works for one hour): ${url}\n\nIf that was not you, ignore this mail; your password stays as it is.`,
      });
    },
  });
  const directoryChanges = startDirectoryChanges({ directory: databases.directory, events, log });
  const teams = createTeamsService({
    databases,
    directoryChanges,
    onAccessChanged: (userId) => sessionCache.forget(userId),
    mail,
    config,
    countContacts: (teamUID) => countContacts(databases.forTeam(teamUID), teamUID),
  });
  const users = createUsersService({ databases, teams, auth });
  const appService = createAppService({
    directory: databases.directory,
    config,
    isSmsEnabled: mail.isSmsEnabled,
  });
  const admin = createAdminService({ databases, auth, directoryChanges });
  const pipelines = createPipelinesService({ databases });
  const contacts = createContactsService({ databases, teams });
  const search = createSearchService({ databases, teams });
  const tagReconciliation = createTagReconciliationService({ databases, queue });
  const csvExport = createExportsService({ databases, search });
  const imports = createImportsService({ databases, teams, queue });
  const lists = createListsService({ databases });
  const tasks = createTasksService({ databases, teams, contacts, queue, mail, config });
  const templates = createTemplatesService({ databases, teams, tasks });
  const ai = createAiService({
    databases,
    teams,
    contacts,
    writer: createAiWriter(config),
    ratePerMinute: config.AI_RATE_LIMIT_PER_MINUTE,
  });
  const messageQueue = createMessageQueueService({ databases, teams, contacts, tasks });
  const bulk = createBulkService({ databases, teams, search, tasks, templates, messageQueue, queue });
  const deletions = createDeletionsService({ databases, queue });
  const workflows = createWorkflowsService({
    databases,
    teams,
    engine: createWorkflowEngine({ databases, queue, teams, bulk, tasks }),
  });
  const autoResponder = createAutoResponderService({ databases, teams, contacts, messageQueue });
  const selectors = createSelectorsService({ directory: databases.directory });
  const photos = createPhotosService({ databases, contacts, config });
  const memberRequests = createMemberRequestsService({
    databases,
    teams,
    contacts,
    photos,
    templates,
    messageQueue,
    log,
  });
  const secretBox = createSecretBox({ secretsKey: config.SECRETS_KEY, authSecret: config.AUTH_SECRET });
  const http = createHttpClient({ allowPrivateAddresses: config.CONNECTIONS_ALLOW_PRIVATE_ADDRESSES });
  const connections = createConnectionsService({
    databases,
    contacts,
    secretBox,
    adapters: SYNC_ADAPTERS,
    http,
  });
  const sync = createSyncEngine({
    databases,
    secretBox,
    adapters: SYNC_ADAPTERS,
    http,
    listMemberNames: async (teamUID) =>
      new Map((await listMembers(databases.directory, teamUID)).map((row) => [row.userId, row.name])),
    tellManagers: teams.tellManagers,
    retrySchedule: config.SYNC_RETRY_SCHEDULE,
  });
  return {
    config,
    log,
    databases,
    queue,
    events,
    appEvents,
    auth,
    extensionSessions,
    sessionCache,
    directoryChanges,
    mail,
    teams,
    users,
    appService,
    admin,
    pipelines,
    contacts,
    search,
    bulk,
    tagReconciliation,
    csvExport,
    imports,
    lists,
    tasks,
    templates,
    ai,
    deletions,
    selectors,
    photos,
    memberRequests,
    messageQueue,
    workflows,
    autoResponder,
    connections,
    sync,
  };
}

export interface RunningServer {
  app: App | null;
  context: AppContext;
  /** Stops taking requests, finishes those in flight, stops workers, closes the databases. */
  stop(): Promise<void>;
}

/** Starts the roles this process runs: the HTTP API, the workers, or both. */
export async function startServer(
  config: Config,
  log: Logger,
  databases?: Databases,
): Promise<RunningServer> {
  const dbs = databases ?? (await openDatabases(databaseLocations(config)));
  const context = await createContext(config, log, dbs);
  if (config.SEED_DEMO) await seedDemo(context);
  const statistics = await startStatisticsRefresh(dbs, log);
  // Upkeep is the workers' (an API-only process leaves it to them).
  const pruning = config.ROLE !== 'api' ? startChangeLogPruning(dbs, log) : null;
  if (config.ROLE !== 'api') await context.queue.work(workerJobs(context));
  // After the workers made their queues: sending first would create the purge's queue twice at once.
  const purging = config.ROLE !== 'api' ? context.deletions.schedulePurge(log) : null;
  const automating = config.ROLE !== 'api' ? context.workflows.startEngine(log) : null;
  if (config.ROLE !== 'api') context.sync.start(log);

  let app: App | null = null;
  if (config.ROLE !== 'worker') {
    app = await buildApp(context);
    await app.listen({ host: config.HOST, port: config.PORT });
  }
  let stopping: Promise<void> | null = null;
  return {
    app,
    context,
    stop() {
      stopping ??= (async () => {
        // Requests under way get a few seconds to finish; then every connection is cut, including one
        // a client opened and never used, which Node would otherwise hold for its 60 s header timeout.
        const cutting = setTimeout(() => app?.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        await app?.close();
        clearTimeout(cutting);
        statistics.stop();
        pruning?.stop();
        purging?.stop();
        await automating?.stop();
        await context.sync.stop();
        await context.queue.stop();
        await context.events.stop();
        await context.appEvents.stop();
        await context.sessionCache.stop();
        await context.directoryChanges.stop();
        await dbs.close();
      })();
      return stopping;
    },
  };
}
