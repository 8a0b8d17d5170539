import type { AdminService } from './modules/admin/admin.service';
import type { AppService } from './modules/app/app.service';
import type { PipelinesService } from './modules/pipelines/pipelines.service';
import type { ContactsService } from './modules/contacts/contacts.service';
import type { SearchService } from './modules/search/search.service';
import type { BulkService } from './modules/bulk/bulk.service';
import type { TagReconciliationService } from './modules/tag-reconciliation/tag-reconciliation.service';
import type { ExportsService } from './modules/exports/exports.service';
import type { DeletionsService } from './modules/deletions/deletions.service';
import type { ImportsService } from './modules/imports/imports.service';
import type { ListsService } from './modules/lists/lists.service';
import type { TasksService } from './modules/tasks/tasks.service';
import type { TemplatesService } from './modules/templates/templates.service';
import type { SelectorsService } from './modules/extension/selectors.service';
import type { PhotosService } from './modules/photos/photos.service';
import type { MemberRequestsService } from './modules/member-requests/member-requests.service';
import type { MessageQueueService } from './modules/message-queue/message-queue.service';
import type { WorkflowsService } from './modules/workflows/workflows.service';
import type { ConnectionsService } from './modules/connections/connections.service';
import type { SyncEngine } from './modules/connections/sync-engine';
import type { AutoResponderService } from './modules/auto-responder/auto-responder.service';
import type { AiService } from './modules/ai';
import type { AppEventHub } from './platform/app-events';
import type { Auth, SessionMember } from './platform/auth';
import type { Config } from './platform/config';
import type { ExtensionSessions } from './platform/extension-sessions';
import type { Databases } from './platform/db/databases';
import type { Logger } from './platform/logger';
import type { JobQueue } from './platform/queue';
import type { EventHub } from './platform/realtime';
import type { SessionCache } from './platform/session-cache';
import type { DirectoryChanges } from './platform/directory-changes';
import type { MailService } from './modules/mail/mail.service';
import type { TeamsService } from './modules/teams/teams.service';
import type { UsersService } from './modules/users/users.service';

/** Everything a route or job needs, built once at start (see server.ts). */
export interface AppContext {
  config: Config;
  log: Logger;
  databases: Databases;
  queue: JobQueue;
  events: EventHub;
  appEvents: AppEventHub;
  auth: Auth;
  /** The browser extension's own sessions (bearer tokens), apart from the web's cookie sessions. */
  extensionSessions: ExtensionSessions;
  /** Sessions with their team memberships, remembered between requests (see session-cache.ts). */
  sessionCache: SessionCache<SessionMember>;
  directoryChanges: DirectoryChanges;
  mail: MailService;
  teams: TeamsService;
  users: UsersService;
  appService: AppService;
  admin: AdminService;
  pipelines: PipelinesService;
  contacts: ContactsService;
  search: SearchService;
  bulk: BulkService;
  tagReconciliation: TagReconciliationService;
  csvExport: ExportsService;
  imports: ImportsService;
  lists: ListsService;
  tasks: TasksService;
  templates: TemplatesService;
  ai: AiService;
  deletions: DeletionsService;
  /** The extension's selector packs and the misses it reports. */
  selectors: SelectorsService;
  /** Contacts' profile photos, downloaded once and served by GroupTrack. */
  photos: PhotosService;
  /** A group's pending member requests, captured into the pipeline connected to it. */
  memberRequests: MemberRequestsService;
  /** Messages queued for contacts, each member's queue per platform, and the processor's lease. */
  messageQueue: MessageQueueService;
  /** Automations: workflows, their engine and the runs it makes for each person. */
  workflows: WorkflowsService;
  /** The Auto Responder: jobs watching posts for trigger words, and the extension's reports of them. */
  autoResponder: AutoResponderService;
  /** Connections to outside systems, and the sync that sends each contact change to them. */
  connections: ConnectionsService;
  sync: SyncEngine;
}
