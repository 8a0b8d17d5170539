import type { ChangeEntity, WorkflowRunStatus, WorkflowStatus } from '@grouptrack/domain';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Tables on a team shard. Every one has team_id first in its primary key and indexes, and no
// foreign key crosses teams, so a shard can be split or distributed by team_id.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A deleted contact or pipeline stays 30 days in the Recently deleted list: when, by whom, and the
 * one user action (`deletion_id`) it was deleted with, so a bulk delete is restored as one.
 */
const softDeletion = {
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: text('deleted_by'),
  deletedByName: text('deleted_by_name'),
  deletionId: text('deletion_id'),
};

/** The team's change log: every committed change, replayed to SSE clients by Last-Event-ID. */
export const teamEvents = pgTable(
  'team_events',
  {
    teamId: text('team_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    entity: text('entity').$type<ChangeEntity>().notNull(),
    op: text('op').$type<'create' | 'update' | 'delete'>().notNull(),
    ids: jsonb('ids').$type<string[]>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** When set, only members whose groupAccess includes this pipeline receive the event. */
    pipelineId: text('pipeline_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('team_events_created_idx').on(table.teamId, table.createdAt),
  ],
);

/** A pipeline (SPEC "group"): stages contacts move through, with its own tag sets and questions. */
export const pipelines = pgTable(
  'pipelines',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    nickName: text('nick_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * Every rank column has the C collation, so ranks sort by their bytes as rank.ts makes them
     * (migration 0021: Drizzle cannot declare a collation, and a new rank column needs the same).
     */
    rank: text('rank').notNull(),
    integrations: jsonb('integrations').$type<Record<string, unknown>[]>().notNull().default([]),
    rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
    /** The membership questions asked when people join the group (Facebook allows 3). */
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    ...softDeletion,
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    // A deleted pipeline's name is free for a new one; restoring it then asks for a rename.
    uniqueIndex('pipelines_name_key')
      .on(table.teamId, sql`lower(${table.nickName})`)
      .where(sql`${table.deletedAt} is null`),
    index('pipelines_deleted_idx')
      .on(table.teamId, table.deletedAt, table.deletionId)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

/** Phases group stages across pipelines (e.g. Lead, Conversation, Client) for KPIs. */
export const phases = pgTable(
  'phases',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    rank: text('rank').notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

export const stages = pgTable(
  'stages',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    pipelineId: text('pipeline_id').notNull(),
    name: text('name').notNull(),
    remoteId: text('remote_id'),
    color: text('color').notNull(),
    fontColor: text('font_color').notNull(),
    description: text('description').notNull().default(''),
    phaseId: text('phase_id'),
    rank: text('rank').notNull(),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    uniqueIndex('stages_name_key').on(table.teamId, table.pipelineId, sql`lower(${table.name})`),
    index('stages_pipeline_idx').on(table.teamId, table.pipelineId, table.rank),
  ],
);

/** A tag set: global for the team when pipelineId is null, else one pipeline's. */
export const tagSets = pgTable(
  'tag_sets',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    pipelineId: text('pipeline_id'),
    name: text('name').notNull(),
    color: text('color').notNull(),
    connectionId: text('connection_id'),
    integrations: jsonb('integrations').$type<Record<string, unknown>[]>().notNull().default([]),
    rank: text('rank').notNull(),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    uniqueIndex('tag_sets_name_key').on(
      table.teamId,
      sql`coalesce(${table.pipelineId}, '')`,
      sql`lower(${table.name})`,
    ),
  ],
);

export const tags = pgTable(
  'tags',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    tagSetId: text('tag_set_id').notNull(),
    name: text('name').notNull(),
    value: text('value'),
    color: text('color'),
    remoteId: text('remote_id'),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    uniqueIndex('tags_name_key').on(table.teamId, table.tagSetId, sql`lower(${table.name})`),
  ],
);

/** A person, known by GTID (adjective-animal-timestamp). Search reads search_vector and name. */
export const contacts = pgTable(
  'contacts',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    name: text('name').notNull().default(''),
    emailAddress: text('email_address'),
    phoneNumber: text('phone_number'),
    photoUrl: text('photo_url'),
    /** Platform usernames, space-separated, kept with the sources so search finds handles. */
    handles: text('handles').notNull().default(''),
    /** The contact's status label (status_labels.id); deleting the label clears it. */
    statusLabelId: text('status_label_id'),
    /** When someone last wrote to or about them: their last note added or message (contacts.repository). */
    lastContactedAt: timestamp('last_contacted_at', { withTimezone: true }),
    /**
     * The words of the name, email, phone and handles, each led by its team's key (migration
     * 0033_team_search_keys): a prefix searched with `team_search_query` reads this team's words
     * from the index, not every team's.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`team_search_vector(${contacts.teamId}, coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.emailAddress}, '') || ' ' || coalesce(${contacts.phoneNumber}, '') || ' ' || coalesce(${contacts.handles}, ''))`,
    ),
    ...softDeletion,
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('contacts_email_idx').on(table.teamId, sql`lower(${table.emailAddress})`),
    index('contacts_search_idx').using('gin', table.teamId, table.searchVector),
    index('contacts_name_trgm_idx').using('gin', table.teamId, sql`lower(${table.name}) gin_trgm_ops`),
    index('contacts_created_idx').on(table.teamId, table.createdAt, table.id),
    index('contacts_updated_idx').on(table.teamId, table.updatedAt, table.id),
    // Only deleted contacts: the Recently deleted list, a restore and the purge read these few.
    index('contacts_deleted_idx')
      .on(table.teamId, table.deletedAt, table.deletionId)
      .where(sql`${table.deletedAt} is not null`),
    index('contacts_deletion_idx')
      .on(table.teamId, table.deletionId)
      .where(sql`${table.deletedAt} is not null`),
    // Only labelled contacts: a label filter, a label's use count and its deletion read these.
    index('contacts_status_label_idx')
      .on(table.teamId, table.statusLabelId)
      .where(sql`${table.statusLabelId} is not null`),
  ],
);

/** Where a contact is on each platform; a profile id or username finds the same person again. */
export const contactSources = pgTable(
  'contact_sources',
  {
    teamId: text('team_id').notNull(),
    contactId: text('contact_id').notNull(),
    platform: text('platform').notNull(),
    profileId: text('profile_id'),
    username: text('username'),
    url: text('url'),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.contactId, table.platform] }),
    uniqueIndex('contact_sources_profile_key').on(table.teamId, table.platform, table.profileId),
    uniqueIndex('contact_sources_username_key').on(
      table.teamId,
      table.platform,
      sql`lower(${table.username})`,
    ),
  ],
);

/** A contact's place in one pipeline (SPEC groupData): stage, answers, card order. */
export const contactPipelines = pgTable(
  'contact_pipelines',
  {
    teamId: text('team_id').notNull(),
    contactId: text('contact_id').notNull(),
    pipelineId: text('pipeline_id').notNull(),
    stageId: text('stage_id').notNull(),
    /** Answers to the pipeline's membership questions: [{ question, answer }]. */
    questions: jsonb('questions').$type<{ question: string; answer: string }[]>().notNull().default([]),
    rank: text('rank').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lead score of the contact's latest member request to this pipeline, read by its cards. */
    leadScore: smallint('lead_score'),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.contactId, table.pipelineId] }),
    // With the contact last, a board's counts and its deals' stages are read from this index alone.
    index('contact_pipelines_board_idx').on(
      table.teamId,
      table.pipelineId,
      table.stageId,
      table.rank,
      table.contactId,
    ),
  ],
);

/**
 * The places of deleted contacts, and of every contact in a deleted pipeline, kept out of
 * contact_pipelines until a restore puts them back: boards, counts and pipeline searches read
 * contact_pipelines alone and so never see a deleted contact, at no cost to their speed.
 */
export const deletedContactPipelines = pgTable(
  'deleted_contact_pipelines',
  {
    teamId: text('team_id').notNull(),
    contactId: text('contact_id').notNull(),
    pipelineId: text('pipeline_id').notNull(),
    /** The deletion that took the place out: the contact's, or its pipeline's. */
    deletionId: text('deletion_id').notNull(),
    stageId: text('stage_id').notNull(),
    questions: jsonb('questions').$type<{ question: string; answer: string }[]>().notNull().default([]),
    rank: text('rank').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull(),
    leadScore: smallint('lead_score'),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.contactId, table.pipelineId] }),
    index('deleted_contact_pipelines_deletion_idx').on(table.teamId, table.deletionId),
    index('deleted_contact_pipelines_pipeline_idx').on(table.teamId, table.pipelineId),
  ],
);

/** Every stage a contact entered in a pipeline (SPEC stagesHistory). */
export const stageHistory = pgTable(
  'stage_history',
  {
    teamId: text('team_id').notNull(),
    contactId: text('contact_id').notNull(),
    pipelineId: text('pipeline_id').notNull(),
    id: text('id').notNull(),
    stageId: text('stage_id').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
    byUid: text('by_uid'),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.contactId, table.pipelineId, table.id] })],
);

/** Tags on contacts, from global and pipeline tag sets alike. */
export const contactTags = pgTable(
  'contact_tags',
  {
    teamId: text('team_id').notNull(),
    contactId: text('contact_id').notNull(),
    tagId: text('tag_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.contactId, table.tagId] }),
    index('contact_tags_tag_idx').on(table.teamId, table.tagId, table.contactId),
  ],
);

export const deals = pgTable(
  'deals',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    contactId: text('contact_id').notNull(),
    pipelineId: text('pipeline_id'),
    name: text('name').notNull(),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    status: text('status').$type<'open' | 'won' | 'lost'>().notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('deals_contact_idx').on(table.teamId, table.contactId),
    index('deals_pipeline_idx').on(table.teamId, table.pipelineId, table.status),
  ],
);

export const notes = pgTable(
  'notes',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    contactId: text('contact_id').notNull(),
    text: text('text').notNull(),
    createdByUid: text('created_by_uid').notNull(),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('notes_contact_idx').on(table.teamId, table.contactId, table.createdAt),
  ],
);

/** The contact's history (SPEC Activity): written in the same transaction as the change. */
export const activities = pgTable(
  'activities',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    contactId: text('contact_id').notNull(),
    pipelineId: text('pipeline_id'),
    type: text('type').notNull(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdByUid: text('created_by_uid').notNull(),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('activities_contact_idx').on(table.teamId, table.contactId, table.createdAt, table.id),
  ],
);

export const statusLabels = pgTable(
  'status_labels',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    display: text('display').notNull(),
    color: text('color').notNull(),
    rank: text('rank').notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/** Saved views: a name and the search filter of /search/v2. */
export const filterSets = pgTable(
  'filter_sets',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    ownerUid: text('owner_uid').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/** A bulk action over many contacts, run by a job in batches; progress survives a restart. */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    /** The contacts matched when the action was asked for, so a retry acts on the same set. */
    contactIds: jsonb('contact_ids').$type<string[]>().notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    status: text('status').$type<'queued' | 'running' | 'completed' | 'failed'>().notNull().default('queued'),
    error: text('error'),
    createdByUid: text('created_by_uid').notNull(),
    createdBy: text('created_by').notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/** A CSV import: the uploaded file's shape, the chosen mapping and the job's progress. */
export const imports = pgTable(
  'imports',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status')
      .$type<'uploaded' | 'queued' | 'running' | 'completed' | 'failed'>()
      .notNull()
      .default('uploaded'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    preview: jsonb('preview').$type<string[][]>().notNull(),
    totalRows: integer('total_rows').notNull(),
    mapping: jsonb('mapping').$type<string[]>(),
    options: jsonb('options').$type<Record<string, unknown>>(),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** Cells left empty (an email that is no address, an unreadable date) in rows that were kept. */
    warnings: integer('warnings').notNull().default(0),
    error: text('error'),
    createdByUid: text('created_by_uid').notNull(),
    createdBy: text('created_by').notNull(),
    /** When the import completed or failed: its starter's bell says so from then on. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When its starter opened the bell that told them the import had finished. */
    noticeReadAt: timestamp('notice_read_at', { withTimezone: true }),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('imports_finished_idx').on(table.teamId, table.createdByUid, table.finishedAt),
  ],
);

/** Cells an import left empty in the rows it kept, with why, for its report. */
export const importWarnings = pgTable(
  'import_warnings',
  {
    teamId: text('team_id').notNull(),
    importId: text('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    column: integer('column_index').notNull(),
    header: text('header').notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.importId, table.rowNumber, table.column] })],
);

/** The uploaded file in pieces of about 1 MB, so any process can read it back as a stream. */
export const importChunks = pgTable(
  'import_chunks',
  {
    teamId: text('team_id').notNull(),
    importId: text('import_id').notNull(),
    seq: integer('seq').notNull(),
    data: text('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.importId, table.seq] })],
);

/** Rows an import refused, with the reason, for the downloadable report. */
export const importRefusals = pgTable(
  'import_refusals',
  {
    teamId: text('team_id').notNull(),
    importId: text('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.importId, table.rowNumber] })],
);

/** Membership questions the team knows, and what their answers hold (email, phone or free text). */
export const teamQuestions = pgTable(
  'team_questions',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    text: text('text').notNull(),
    answerField: text('answer_field').$type<'email' | 'phone' | 'none'>().notNull().default('none'),
    rank: text('rank').notNull(),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    uniqueIndex('team_questions_text_key').on(table.teamId, sql`lower(${table.text})`),
  ],
);

/** Sample answers the team keeps to check what capturing would read out of them. */
export const testQuestions = pgTable(
  'test_questions',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/** Tag names that arrived with contacts but match no tag of the team, waiting to be reconciled. */
export const orphanedTags = pgTable(
  'orphaned_tags',
  {
    teamId: text('team_id').notNull(),
    /** The name in lower case, trimmed: one entry whatever the spelling. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    contactId: text('contact_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.key, table.contactId] })],
);

/** Posts saved to tag the people who comment on them (used by the auto responder). */
export const savedTagPosts = pgTable(
  'saved_tag_posts',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull().default(''),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    createdByUid: text('created_by_uid').notNull(),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    uniqueIndex('saved_tag_posts_url_key').on(table.teamId, table.url),
  ],
);

/** A task (SPEC Task), usually about a contact, assigned to a member, maybe repeating. */
export const tasks = pgTable(
  'tasks',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    contactId: text('contact_id'),
    taskName: text('task_name').notNull(),
    assigneeUid: text('assignee_uid').notNull(),
    /** The calendar date in the assignee's time zone, and the time (null: 8 am). */
    dueDate: text('due_date').notNull(),
    dueTime: text('due_time'),
    timeZone: text('time_zone').notNull(),
    /** The instant the task is due, computed from the three above. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'active' | 'completed'>().notNull().default('active'),
    reminder: text('reminder').$type<'none' | 'in-app' | 'email' | 'sms'>().notNull().default('in-app'),
    repeat: jsonb('repeat').$type<Record<string, unknown>>(),
    /** Which occurrence of its series this is, from 1. */
    occurrence: integer('occurrence').notNull().default(1),
    seriesId: text('series_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdByUid: text('created_by_uid').notNull(),
    /** A deleted task can be brought back (an Undo) until the purge takes it, 30 days on. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('tasks_assignee_idx').on(table.teamId, table.assigneeUid, table.status, table.dueAt),
    index('tasks_contact_idx').on(table.teamId, table.contactId, table.status),
    index('tasks_due_idx').on(table.teamId, table.status, table.dueAt),
    // The completed list is newest first.
    index('tasks_completed_idx').on(table.teamId, table.assigneeUid, table.status, table.completedAt),
    // Only deleted tasks: the hourly purge finds them without reading every task.
    index('tasks_deleted_idx')
      .on(table.teamId, table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

/** A task reminder that was sent: one per task and due moment, whatever the channel. */
export const taskReminders = pgTable(
  'task_reminders',
  {
    teamId: text('team_id').notNull(),
    /** `${taskId}@${dueAt}`: a retried job finds it and sends nothing twice. */
    id: text('id').notNull(),
    taskId: text('task_id').notNull(),
    userUid: text('user_uid').notNull(),
    taskName: text('task_name').notNull(),
    channel: text('channel').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('task_reminders_user_idx').on(table.teamId, table.userUid, table.createdAt),
  ],
);

/**
 * A member's inbox (the bell): a teammate joined, a task was assigned to them, their bulk action
 * finished. `data` holds the words and ids the bell shows and links to. Read newest first by push id.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    teamId: text('team_id').notNull(),
    /** A push id: its order is the order the items were written in. */
    id: text('id').notNull(),
    userUid: text('user_uid').notNull(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('inbox_items_user_idx').on(table.teamId, table.userUid, table.id),
    // The unread count reads only the unread items.
    index('inbox_items_unread_idx')
      .on(table.teamId, table.userUid)
      .where(sql`${table.readAt} is null`),
  ],
);

/** Message templates (SPEC snippets): text with {fields}, grouped by category, type and tags. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    category: text('category').notNull().default(''),
    type: text('type').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('message_templates_category_idx').on(table.teamId, table.category),
  ],
);

/** Task templates: a name, who gets the task, when it is due and how it reminds. */
export const taskTemplates = pgTable(
  'task_templates',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    type: text('type').notNull().default(''),
    /** Who is assigned: whoever creates the task, or a given member. */
    assigneeUid: text('assignee_uid'),
    /** Due this many days after the task is made, at dueTime (8 am when empty). */
    dueInDays: integer('due_in_days').notNull().default(0),
    dueTime: text('due_time'),
    reminder: text('reminder').$type<'none' | 'in-app' | 'email' | 'sms'>().notNull().default('in-app'),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/** The team's aiContext (SPEC §3): what every AI call knows about the team, one row per team. */
export const aiContexts = pgTable('ai_contexts', {
  teamId: text('team_id').primaryKey(),
  context: jsonb('context').$type<Record<string, unknown>>().notNull(),
  updatedBy: text('updated_by').notNull(),
  ...stamps,
});

/** A member's writing style: read from their messages by the AI, or written by hand. */
export const aiWritingStyles = pgTable(
  'ai_writing_styles',
  {
    teamId: text('team_id').notNull(),
    userUid: text('user_uid').notNull(),
    profile: text('profile').notNull(),
    sampleCount: integer('sample_count').notNull().default(0),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userUid] })],
);

/** AI writing used per calendar month (UTC, YYYY-MM): counted against the tier's allowance. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    teamId: text('team_id').notNull(),
    month: text('month').notNull(),
    requests: integer('requests').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.month] })],
);

/**
 * The team's chosen KPIs: a figure the dashboards compute (`metric`, with the stage or currency it
 * needs), counted over the current day, week or month against `target`, for the team (member_uid
 * null) or one member. The KPI page reads each from kpi_hourly.
 */
export const teamKpis = pgTable(
  'team_kpis',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    metric: text('metric').notNull(),
    stageId: text('stage_id'),
    currency: text('currency'),
    period: text('period').notNull(),
    target: numeric('target', { precision: 18, scale: 2 }).notNull(),
    memberUid: text('member_uid'),
    createdBy: text('created_by').notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/**
 * The dashboards' rollup: figures per hour (UTC), kept by triggers in the transaction of each change
 * (see drizzle/team/0019_kpi_rollups.sql), so a dashboard sums a few thousand rows instead of counting
 * history. Hours let a reader's time zone cut days (whole-hour offsets exactly). `metric` is captured,
 * stage_entered, stage_left (time in stage, by `bucket`), task_done, deal_won or deal_lost; `dim` is the
 * platform, stage, task outcome or currency; `origin` how a contact arrived (direct, import, bulk).
 */
export const kpiHourly = pgTable(
  'kpi_hourly',
  {
    teamId: text('team_id').notNull(),
    metric: text('metric').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** '' for figures of no pipeline (tasks). */
    pipelineId: text('pipeline_id').notNull(),
    memberUid: text('member_uid').notNull(),
    dim: text('dim').notNull(),
    origin: text('origin').notNull(),
    /** For time in stage: the log-scale bucket of the time spent (see kpiTimeBucket). */
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
    /** Deal value, or seconds in stage. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.teamId,
        table.metric,
        table.hour,
        table.pipelineId,
        table.memberUid,
        table.dim,
        table.origin,
        table.bucket,
      ],
    }),
  ],
);

/**
 * Profile photos the server downloaded from a platform (platform addresses expire) and serves itself
 * at an unguessable address, team by team. The same bytes are stored once per team.
 */
export const photos = pgTable(
  'photos',
  {
    teamId: text('team_id').notNull(),
    /** Random and unguessable: the served address is public, so <img> works without cookies. */
    id: text('id').notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    uniqueIndex('photos_sha256_key').on(table.teamId, table.sha256),
  ],
);

/** Which platform address gave a contact's photo, so the same address is not fetched again. */
export const photoSources = pgTable(
  'photo_sources',
  {
    teamId: text('team_id').notNull(),
    contactId: text('contact_id').notNull(),
    /** SHA-256 of the platform's photo address, hex (addresses run to kilobytes). */
    sourceHash: text('source_hash').notNull(),
    photoId: text('photo_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.contactId, table.sourceHash] })],
);

/**
 * A group's member request, one per person and group: the request as the extension read it, its lead
 * score, and where it stands (MEMBER_REQUEST_STATUSES): decided by a rule or a person, then carried
 * out on the group's page by the extension.
 */
export const memberRequests = pgTable(
  'member_requests',
  {
    teamId: text('team_id').notNull(),
    platform: text('platform').notNull(),
    /** The group's id in its address, in lower case. */
    groupId: text('group_id').notNull(),
    contactId: text('contact_id').notNull(),
    /** The request's own id, for the review list and the extension to name it. */
    id: text('id').notNull(),
    pipelineId: text('pipeline_id').notNull(),
    name: text('name').notNull(),
    profileId: text('profile_id'),
    username: text('username'),
    photoUrl: text('photo_url'),
    answers: jsonb('answers').$type<{ question: string; answer: string }[]>().notNull().default([]),
    agreedToRules: boolean('agreed_to_rules'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** What the server read out of the answers, for the rules and the lead score. */
    emailAddress: text('email_address'),
    phoneNumber: text('phone_number'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    leadScore: integer('lead_score').notNull().default(0),
    status: text('status').notNull().default('pending'),
    ruleId: text('rule_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    feedback: text('feedback'),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.platform, table.groupId, table.contactId] }),
    uniqueIndex('member_requests_id_key').on(table.teamId, table.id),
    // The review list: a pipeline's requests of a status, newest first.
    index('member_requests_review_idx').on(table.teamId, table.pipelineId, table.status, table.capturedAt),
    // The extension's work: a group's decided requests, oldest decision first, and those done today.
    index('member_requests_work_idx').on(
      table.teamId,
      table.platform,
      table.groupId,
      table.status,
      table.decidedAt,
    ),
  ],
);

/** Until when a group's decisions wait after the platform said the account is blocked or limited. */
export const memberRequestPauses = pgTable(
  'member_request_pauses',
  {
    teamId: text('team_id').notNull(),
    platform: text('platform').notNull(),
    groupId: text('group_id').notNull(),
    pausedUntil: timestamp('paused_until', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.platform, table.groupId] })],
);

/**
 * A message queued for one contact on one platform, in one member's queue (SPEC §3 message queue
 * item: queuedToUID, GTID): the text as rendered for that person, where it stands
 * (QUEUE_ITEM_STATUSES) and, while the extension sends it, the lease that keeps it one tab's.
 */
export const messageQueueItems = pgTable(
  'message_queue_items',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    platform: text('platform').notNull(),
    contactId: text('contact_id').notNull(),
    /** Whose queue it is in: the member whose account sends it. */
    queuedTo: text('queued_to').notNull(),
    queuedBy: text('queued_by').notNull(),
    templateId: text('template_id'),
    text: text('text').notNull(),
    status: text('status').notNull().default('scheduled'),
    /** Why it is pending, failed, skipped or cancelled, in words. */
    reason: text('reason'),
    /** Its place in the member's queue on that platform: a rank (C collation, migration 0027). */
    position: text('position').notNull(),
    allowSameDay: boolean('allow_same_day').notNull().default(false),
    leaseId: text('lease_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** How many times it was handed to the extension. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    // The lease and the queue's lists: a member's items of a status on a platform, in queue order.
    index('message_queue_items_queue_idx').on(
      table.teamId,
      table.queuedTo,
      table.platform,
      table.status,
      table.position,
      table.id,
    ),
    // The schedule reads a member's sends of the last two days.
    index('message_queue_items_sent_idx')
      .on(table.teamId, table.queuedTo, table.platform, table.sentAt)
      .where(sql`${table.status} = 'sent'`),
    // A person's items: the one-a-day rule, and cancelling them when they reply.
    index('message_queue_items_contact_idx').on(table.teamId, table.contactId, table.status),
    // The lists of failed, skipped and cancelled items, newest first.
    index('message_queue_items_updated_idx').on(
      table.teamId,
      table.queuedTo,
      table.status,
      table.updatedAt,
      table.id,
    ),
  ],
);

/**
 * A member's queue on one platform: their settings (null: the defaults in their time zone), a pause
 * and why, the failures in a row, and the next moment a message may go out, drawn once per send.
 */
export const messageQueueSettings = pgTable(
  'message_queue_settings',
  {
    teamId: text('team_id').notNull(),
    userId: text('user_id').notNull(),
    platform: text('platform').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    /** With a reason: paused until then, or until resumed when null. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId, table.platform] })],
);

/** A workflow (SPEC §3): its current definition and version, switched on (running) or paused. */
export const workflows = pgTable(
  'workflows',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<WorkflowStatus>().notNull().default('paused'),
    version: integer('version').notNull().default(1),
    /** The trigger's type, apart from the definition, so the engine finds a team's listeners by it. */
    triggerType: text('trigger_type').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    /** Whose queue its messages go to, and whose access its steps act with. */
    createdByUid: text('created_by_uid').notNull(),
    /** A date trigger: when it fired. "Days in a stage": the stage changes it has looked at, up to then. */
    firedAt: timestamp('fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('workflows_trigger_idx').on(table.teamId, table.status, table.triggerType),
  ],
);

/** Every version of a workflow's definition: a run keeps the one it started with. */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    teamId: text('team_id').notNull(),
    workflowId: text('workflow_id').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.workflowId, table.version] })],
);

/**
 * One person's run of a workflow (SPEC §3 active-automations: status, action, activityUID,
 * startedAt): the step it is at, when that step is due, and the log of the steps it took. At most
 * one run per person and workflow is going at a time (the partial unique index).
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    workflowId: text('workflow_id').notNull(),
    version: integer('version').notNull(),
    contactId: text('contact_id').notNull(),
    status: text('status').$type<WorkflowRunStatus>().notNull().default('running'),
    step: integer('step').notNull().default(0),
    action: text('action').notNull().default(''),
    activityId: text('activity_id'),
    /** How deep in a chain of workflows it started (0: started by a person's own change). */
    depth: integer('depth').notNull().default(0),
    /** Tries of the current step that failed for an unexpected reason. */
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    nextAt: timestamp('next_at', { withTimezone: true }),
    error: text('error'),
    log: jsonb('log')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('workflow_runs_workflow_idx').on(table.teamId, table.workflowId, table.startedAt, table.id),
    index('workflow_runs_contact_idx').on(table.teamId, table.contactId, table.workflowId, table.startedAt),
    uniqueIndex('workflow_runs_going_idx')
      .on(table.teamId, table.workflowId, table.contactId)
      .where(sql`${table.status} in ('running', 'paused')`),
    // The engine's sweep: going runs whose step is overdue (a job lost between a commit and its send).
    index('workflow_runs_due_idx')
      .on(table.nextAt)
      .where(sql`${table.status} = 'running'`),
  ],
);

/**
 * History lines a workflow may start from, written by a trigger on activities in the same
 * transaction as the change (migration 0029), only for teams with a running workflow; the engine
 * takes them in order and deletes them.
 */
export const workflowInbox = pgTable(
  'workflow_inbox',
  {
    teamId: text('team_id').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    activityId: text('activity_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.seq] }),
    index('workflow_inbox_seq_idx').on(table.seq),
  ],
);

/**
 * An outside system contacts are synced to (SPEC §3 connections). `settings` holds what may be
 * shown again (a URL, an account id); `secrets` the credentials, encrypted with SECRETS_KEY.
 */
export const connections = pgTable(
  'connections',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
    emailOnly: boolean('email_only').notNull().default(false),
    receives: jsonb('receives').$type<Record<string, string[]>>().notNull(),
    settings: jsonb('settings').$type<Record<string, string>>().notNull(),
    secrets: text('secrets').notNull(),
    /** The last four characters of each secret, so a form can say which key is stored. */
    secretHints: jsonb('secret_hints').$type<Record<string, string>>().notNull(),
    /** Deliveries dead-lettered in a row; a delivered one sets it back to 0. */
    failuresInRow: integer('failures_in_row').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/** History lines a connection may receive, written by a trigger in the change's own transaction. */
export const syncOutbox = pgTable(
  'sync_outbox',
  {
    teamId: text('team_id').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    activityId: text('activity_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.seq] }), index('sync_outbox_seq_idx').on(table.seq)],
);

/**
 * One call to a connection about one person: the changes it carries (several coalesce while it
 * waits), and its fate. Its id is the webhook-id of every try. `payload` is frozen at the first try,
 * so a retry sends what the first try sent.
 */
export const syncDeliveries = pgTable(
  'sync_deliveries',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    connectionId: text('connection_id').notNull(),
    contactId: text('contact_id').notNull(),
    pipelineId: text('pipeline_id'),
    changes: jsonb('changes').$type<Record<string, unknown>[]>().notNull(),
    status: text('status')
      .$type<'pending' | 'delivering' | 'delivered' | 'failed' | 'skipped' | 'discarded'>()
      .notNull(),
    skipReason: text('skip_reason'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** While delivering: when a worker that died mid-call is taken to have died. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    responseCode: integer('response_code'),
    responseMessage: text('response_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('sync_deliveries_log_idx').on(table.teamId, table.connectionId, table.createdAt, table.id),
    index('sync_deliveries_contact_idx').on(
      table.teamId,
      table.contactId,
      table.connectionId,
      table.createdAt,
    ),
    index('sync_deliveries_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'pending'`),
    index('sync_deliveries_leased_idx')
      .on(table.leaseUntil)
      .where(sql`${table.status} = 'delivering'`),
    // The one waiting, untried delivery per person, connection and pipeline that later changes join.
    uniqueIndex('sync_deliveries_waiting_idx')
      .on(table.teamId, table.connectionId, table.contactId, table.pipelineId)
      .where(sql`${table.status} = 'pending' and ${table.attempts} = 0`),
  ],
);

/** The id an outside system gave a person (and their deal or opportunity), for the next call. */
export const contactRemoteIds = pgTable(
  'contact_remote_ids',
  {
    teamId: text('team_id').notNull(),
    connectionId: text('connection_id').notNull(),
    contactId: text('contact_id').notNull(),
    remoteId: text('remote_id'),
    remoteItemId: text('remote_item_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.connectionId, table.contactId] })],
);

/**
 * The tables whose rows belong to one contact (by `contact_id`): deleting a contact deletes them,
 * merging one moves them. Tasks are not among them: a task outlives its contact.
 */
export const contactDataTables = [
  contactSources,
  contactPipelines,
  deletedContactPipelines,
  stageHistory,
  contactTags,
  deals,
  notes,
  activities,
  orphanedTags,
  memberRequests,
  messageQueueItems,
  contactRemoteIds,
] as const;

/**
 * An Auto Responder job group (SPEC §3 jobGroups): its jobs are visited while it is running. `rank`
 * orders the groups (C collation, added in the migration as for every rank column).
 */
export const autoResponderGroups = pgTable(
  'auto_responder_groups',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('paused'),
    rank: text('rank').notNull(),
    ...stamps,
  },
  (table) => [primaryKey({ columns: [table.teamId, table.id] })],
);

/**
 * An Auto Responder job (SPEC §3 jobs, jobDetails, workers/postTracker): the post it watches, its
 * trigger words, what it does for a new commenter who matches, and its counts.
 */
export const autoResponderJobs = pgTable(
  'auto_responder_jobs',
  {
    teamId: text('team_id').notNull(),
    id: text('id').notNull(),
    groupId: text('group_id').notNull(),
    name: text('name').notNull(),
    /** Read from the permalink: the extension opens it on this platform. */
    platform: text('platform').notNull(),
    permalinkUrl: text('permalink_url').notNull(),
    triggerWords: jsonb('trigger_words').$type<string[]>().notNull(),
    replyTemplateId: text('reply_template_id'),
    messageTemplateId: text('message_template_id'),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    pipelineId: text('pipeline_id'),
    stageId: text('stage_id'),
    rank: text('rank').notNull(),
    archived: boolean('archived').notNull().default(false),
    createdByUid: text('created_by_uid').notNull(),
    seen: integer('seen').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    messaged: integer('messaged').notNull().default(0),
    captured: integer('captured').notNull().default(0),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.id] }),
    index('auto_responder_jobs_group_idx').on(table.teamId, table.groupId, table.rank),
  ],
);

/** Each comment a job has read once, so a comment shown on every visit is counted once. */
export const autoResponderComments = pgTable(
  'auto_responder_comments',
  {
    teamId: text('team_id').notNull(),
    jobId: text('job_id').notNull(),
    commentId: text('comment_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.jobId, table.commentId] })],
);

/**
 * A job's answer to one person, at most one per person and job (the primary key). `commenter_key`
 * is the platform's profile id, else the username, else the author's name as shown, normalised
 * (packages/domain commenterKey). `error` says why they were not captured or messaged.
 */
export const autoResponderAnswers = pgTable(
  'auto_responder_answers',
  {
    teamId: text('team_id').notNull(),
    jobId: text('job_id').notNull(),
    commenterKey: text('commenter_key').notNull(),
    commentId: text('comment_id').notNull(),
    contactId: text('contact_id'),
    queueItemId: text('queue_item_id'),
    matchedWord: text('matched_word').notNull(),
    replyText: text('reply_text'),
    replyStatus: text('reply_status').notNull().default('none'),
    replyError: text('reply_error'),
    error: text('error'),
    ...stamps,
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.jobId, table.commenterKey] }),
    index('auto_responder_answers_comment_idx').on(table.teamId, table.jobId, table.commentId),
  ],
);

export const teamSchema = {
  autoResponderGroups,
  autoResponderJobs,
  autoResponderComments,
  autoResponderAnswers,
  workflows,
  workflowVersions,
  workflowRuns,
  workflowInbox,
  memberRequests,
  memberRequestPauses,
  messageQueueItems,
  messageQueueSettings,
  photos,
  photoSources,
  teamEvents,
  pipelines,
  phases,
  stages,
  tagSets,
  tags,
  contacts,
  contactSources,
  contactPipelines,
  deletedContactPipelines,
  stageHistory,
  contactTags,
  deals,
  notes,
  activities,
  statusLabels,
  filterSets,
  bulkJobs,
  imports,
  importChunks,
  importRefusals,
  importWarnings,
  teamQuestions,
  testQuestions,
  orphanedTags,
  savedTagPosts,
  tasks,
  taskReminders,
  inboxItems,
  messageTemplates,
  taskTemplates,
  aiContexts,
  aiWritingStyles,
  aiUsage,
  kpiHourly,
  teamKpis,
};
