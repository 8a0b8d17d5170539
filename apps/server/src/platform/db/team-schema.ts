import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Tables on a team shard. Every one has team_id first in its primary key and indexes, and no
// foreign key crosses teams, so a shard can be split or distributed by team_id.

/** The team's change log: every committed change, replayed to SSE clients by Last-Event-ID. */
export const teamEvents = pgTable(
  'team_events',
  {
    teamId: text('team_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    entity: text('entity').notNull(),
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

export const teamSchema = { teamEvents };
