import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ChangeInput } from '../realtime';

// The user directory: accounts, teams, memberships, invitations, subscriptions and app-wide data.
// The first four tables are better-auth's (its field names are the property names); the other
// columns of `users` are GroupTrack's own user record (SPEC §3).

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    // better-auth's admin plugin: 'super' is the super permission of SPEC §6.
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    passwordSet: boolean('password_set').notNull().default(false),
    termsVersion: text('terms_version'),
    defaultContactView: text('default_contact_view'),
    notifications: jsonb('notifications').$type<Record<string, string>>().notNull().default({}),
    currentTeamId: text('current_team_id'),
    /** IANA time zone: a task without a time is due at 8 am here. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Mobile number in E.164 form, where SMS reminders go. */
    phoneNumber: text('phone_number'),
    /** How many messages a day the user aims to send through GroupTrack, over all their teams; null: none set. */
    dailyGoal: integer('daily_goal'),
    ...timestamps,
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (table) => [uniqueIndex('sessions_token_key').on(table.token), index('sessions_user_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ownerId: text('owner_id').notNull(),
  ...timestamps,
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'admin' | 'member'>().notNull(),
    /** Pipeline ids a member may see; owners and admins see every pipeline. */
    groupAccess: jsonb('group_access').$type<string[]>().notNull().default([]),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    code: text('code').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Set for an invitation sent by mail; empty for a shareable invite link anyone may use. */
    email: text('email'),
    role: text('role').$type<'admin' | 'member'>().notNull(),
    groupAccess: jsonb('group_access').$type<string[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedBy: text('accepted_by'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invitations_team_idx').on(table.teamId, table.createdAt)],
);

export const subscriptions = pgTable('subscriptions', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  status: text('status').$type<'active' | 'trialing' | 'past_due' | 'canceled'>().notNull(),
  tier: integer('tier').$type<1 | 2 | 3 | 4>().notNull(),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  facebookPlan: text('facebook_plan'),
  instagramPlan: text('instagram_plan'),
  contactBlocks: integer('contact_blocks').notNull().default(0),
  extraSeats: integer('extra_seats').notNull().default(0),
  subIds: jsonb('sub_ids')
    .$type<{
      base: string | null;
      addon: string | null;
      teamItem: string | null;
      contactsItem: string | null;
    }>()
    .notNull()
    .default({ base: null, addon: null, teamItem: null, contactsItem: null }),
  ...timestamps,
});

/** Every mail the app sends, kept so super users can read it when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** Mail goes to an address; an SMS to a phone number in E.164 form, with an empty subject. */
    channel: text('channel').$type<'email' | 'sms'>().notNull().default('email'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<'queued' | 'sent' | 'logged' | 'failed'>().notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
);

/**
 * Changes made in the directory that a team's change log must hold too, waiting to be copied there:
 * the log may be in another database (a shard), written after the directory's transaction commits.
 */
export const teamChangeOutbox = pgTable(
  'team_change_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: text('team_id').notNull(),
    change: jsonb('change').$type<ChangeInput>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('team_change_outbox_team_idx').on(table.teamId, table.id)],
);

/** Sign-in attempts by address and email, so the limit holds across restarts and processes. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').notNull(),
    attemptedAt: bigint('attempted_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('sign_in_attempts_key_idx').on(table.key, table.attemptedAt)],
);

/** Small app-wide values, such as public/appVersion. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The app-wide notifications of SPEC §3 (toast, banner, modal), written by super users. */
export const appNotifications = pgTable(
  'app_notifications',
  {
    id: text('id').primaryKey(),
    published: boolean('published').notNull().default(false),
    platform: text('platform').$type<'web' | 'extension' | 'any'>().notNull(),
    type: text('type').$type<'toast' | 'banner' | 'modal'>().notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    linkText: text('link_text'),
    fontColor: text('font_color'),
    backgroundColor: text('background_color'),
    backgroundIcon: text('background_icon'),
    position: text('position'),
    /** The path the notification shows on (page.value); empty for every page. */
    pageValue: text('page_value'),
    createdBy: text('created_by').notNull(),
    ...timestamps,
  },
  (table) => [index('app_notifications_published_idx').on(table.published, table.createdAt)],
);

/** Every time a super user signed in as someone else, so support access is accountable. */
export const impersonations = pgTable(
  'impersonations',
  {
    id: text('id').primaryKey(),
    superUserId: text('super_user_id').notNull(),
    targetUserId: text('target_user_id').notNull(),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('impersonations_target_idx').on(table.targetUserId, table.startedAt),
    index('impersonations_super_idx').on(table.superUserId, table.startedAt),
  ],
);

/**
 * The browser extension's own sessions, apart from better-auth's cookie sessions: a token the
 * extension sends as a bearer from its own origin, stored only as its SHA-256 (a copy of this table
 * signs no one in), listed and revoked by its user on /profile (see platform/extension-sessions.ts).
 */
export const extensionSessions = pgTable(
  'extension_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The browser as its user agent names itself when the extension signed in. */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('extension_sessions_token_hash_key').on(table.tokenHash),
    index('extension_sessions_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Selector packs an operator published (CLI `selectors:load` or /admin): per platform, the newest
 * version above the one bundled with the extension is what GET /api/v1/extension/selectors serves,
 * so a changed page is fixed without a new release. Kept as JSON; older versions stay for the record.
 */
export const selectorPacks = pgTable(
  'selector_packs',
  {
    platform: text('platform').notNull(),
    version: integer('version').notNull(),
    pack: jsonb('pack').$type<Record<string, unknown>>().notNull(),
    /** The operator who published it; null from the command line. */
    createdByUid: text('created_by_uid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.platform, table.version] })],
);

/**
 * Selectors the extension reported as missing on a page, one row per (platform, page kind, selector,
 * extension version) with how often and when: /admin lists them so operators know what to fix.
 */
export const selectorMisses = pgTable(
  'selector_misses',
  {
    platform: text('platform').notNull(),
    pageKind: text('page_kind').notNull(),
    selectorId: text('selector_id').notNull(),
    extensionVersion: text('extension_version').notNull(),
    count: integer('count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.pageKind, table.selectorId, table.extensionVersion] }),
    index('selector_misses_last_seen_idx').on(table.lastSeenAt),
  ],
);

/** How many selector misses each user reported per day (UTC), so one browser cannot flood the counts. */
export const selectorMissReporters = pgTable(
  'selector_miss_reporters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    reports: integer('reports').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export const directorySchema = {
  users,
  sessions,
  accounts,
  verifications,
  teams,
  teamMembers,
  invitations,
  subscriptions,
  mailOutbox,
  teamChangeOutbox,
  signInAttempts,
  appSettings,
  appNotifications,
  impersonations,
  extensionSessions,
  selectorPacks,
  selectorMisses,
  selectorMissReporters,
};
