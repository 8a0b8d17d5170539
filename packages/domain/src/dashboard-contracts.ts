import { z } from 'zod';
import { TEAM_KPI_METRICS, TEAM_KPI_PERIODS } from './dashboards';

// What the dashboard routes answer. Figures come from the team's hourly rollups and cover only the
// pipelines the reader may see; "previous" is the same number of days just before the range.

const count = z.number().int();

/** A figure for the range and for the period before it. */
const compared = { count, previous: count };

/** A feature whose figures cannot be counted yet, and why. */
const unavailable = { available: z.boolean(), reason: z.string().nullable() };

export const kpiPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  timeZone: z.string(),
});

/** The KPI dashboard: messages, captures, stage funnels, tasks and deals, per member and for the team. */
export const kpiReportSchema = z.object({
  period: kpiPeriodSchema,
  /** The member the figures are narrowed to; null for the team (what the reader may see of it). */
  memberUID: z.string().nullable(),
  messages: z.object({
    ...unavailable,
    ...compared,
    perDay: z.array(z.object({ date: z.string(), count })),
  }),
  captured: z.object({
    ...compared,
    perDay: z.array(z.object({ date: z.string(), count })),
    byPipeline: z.array(z.object({ pipelineID: z.string(), name: z.string(), ...compared })),
    byPlatform: z.array(z.object({ platform: z.string(), ...compared })),
    /** How they arrived: direct (captured or added by hand), import or bulk. */
    bySource: z.array(z.object({ source: z.string(), ...compared })),
  }),
  funnels: z.array(
    z.object({
      pipelineID: z.string(),
      name: z.string(),
      stages: z.array(
        z.object({
          stageUID: z.string(),
          name: z.string(),
          /** Contacts that entered the stage in the range (added to the pipeline there, or moved in). */
          entered: count,
          previous: count,
          /** Entries of the next stage per entry of this one; null for the last stage or none entered. */
          conversion: z.number().nullable(),
          /** The median time contacts that left the stage in the range had spent in it, in seconds. */
          medianSecondsInStage: z.number().nullable(),
          left: count,
        }),
      ),
    }),
  ),
  tasks: z.object({
    onTime: count,
    late: count,
    previousOnTime: count,
    previousLate: count,
    perDay: z.array(z.object({ date: z.string(), onTime: count, late: count })),
  }),
  deals: z.array(
    z.object({
      currency: z.string(),
      won: count,
      wonValue: z.number(),
      lost: count,
      lostValue: z.number(),
      previousWon: count,
      previousWonValue: z.number(),
    }),
  ),
  members: z.array(
    z.object({
      userUID: z.string(),
      name: z.string(),
      captured: count,
      stageMoves: count,
      tasksOnTime: count,
      tasksLate: count,
      dealsWon: count,
      /** Messages they sent through GroupTrack: by the queue, or written from a template and copied. */
      messages: count,
    }),
  ),
});
export type KpiReport = z.infer<typeof kpiReportSchema>;

const homeTaskSchema = z.object({
  taskUID: z.string(),
  taskName: z.string(),
  dueAt: z.string(),
  GTID: z.string().nullable(),
  contactName: z.string().nullable(),
});

/** The home dashboard: the reader's day at a glance. */
export const homeDashboardSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  newContacts: z.object({
    count,
    byPipeline: z.array(z.object({ pipelineID: z.string(), name: z.string(), count })),
    byPlatform: z.array(z.object({ platform: z.string(), count })),
  }),
  /** The reader's own open tasks: due today, and overdue (due before now). */
  tasks: z.object({
    dueToday: z.object({ count, items: z.array(homeTaskSchema) }),
    overdue: z.object({ count, items: z.array(homeTaskSchema) }),
  }),
  reviewQueue: z.object({ ...unavailable, count }),
  messages: z.object({
    ...unavailable,
    sent: count,
    perPlatform: z.array(z.object({ platform: z.string(), sent: count, goal: count.nullable() })),
  }),
  automations: z.object({
    ...unavailable,
    items: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), today: count })),
  }),
  recentActivity: z.array(
    z.object({
      activityUID: z.string(),
      type: z.string(),
      action: z.string(),
      createdAt: z.string(),
      createdBy: z.string(),
      GTID: z.string(),
      contactName: z.string(),
      pipelineID: z.string().nullable(),
    }),
  ),
});
export type HomeDashboard = z.infer<typeof homeDashboardSchema>;

/** A KPI the team chose, as owners and admins set it (the body of create and update). */
export const teamKpiInputSchema = z
  .object({
    metric: z.enum(TEAM_KPI_METRICS),
    /** The stage whose entries count; only for stage_entered. */
    stageUID: z.string().min(1).max(100).nullish(),
    /** The currency of the value won, three capital letters; only for deals_won_value. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'use a three-letter currency code such as USD')
      .nullish(),
    period: z.enum(TEAM_KPI_PERIODS),
    target: z.number().positive().max(1_000_000_000_000),
    /** The member the KPI is for; null or left out for the team. */
    memberUID: z.string().min(1).max(100).nullish(),
  })
  .strict();
export type TeamKpiInput = z.infer<typeof teamKpiInputSchema>;

/** A chosen KPI with its figure for the current period. */
export const teamKpiSchema = z.object({
  kpiUID: z.string(),
  metric: z.enum(TEAM_KPI_METRICS),
  stageUID: z.string().nullable(),
  /** The stage and its pipeline, when the reader may see them; null otherwise. */
  stageName: z.string().nullable(),
  currency: z.string().nullable(),
  period: z.enum(TEAM_KPI_PERIODS),
  target: z.number(),
  memberUID: z.string().nullable(),
  /** The days of the current period in the reader's time zone. */
  from: z.string(),
  to: z.string(),
  /** The figure so far in the period, of what the reader may see; null when they may see none of it. */
  value: z.number().nullable(),
  ...unavailable,
});
export type TeamKpi = z.infer<typeof teamKpiSchema>;

export const teamKpiListSchema = z.object({
  kpis: z.array(teamKpiSchema),
  /** Whether the reader may add, change and remove KPIs (owners and admins). */
  canManage: z.boolean(),
});
export type TeamKpiList = z.infer<typeof teamKpiListSchema>;

/** What adding or changing a KPI answers: its id (the list follows by the team's change event). */
export const teamKpiSavedSchema = z.object({ kpiUID: z.string() });

/** The most messages a day a Daily Goal may ask for. */
export const DAILY_GOAL_MAX = 1000;

/**
 * The Daily Goal (PRODUCT.md): the messages GroupTrack sent for the user today, since midnight in
 * their time zone, per platform and summed over all their teams, against the goal they set. It is
 * advisory: nothing stops at the goal.
 */
export const dailyGoalSchema = z.object({
  /** Today, YYYY-MM-DD, in timeZone. */
  date: z.string(),
  timeZone: z.string(),
  /** Messages a day the user aims for; null until they set one. */
  goal: count.nullable(),
  sent: count,
  perPlatform: z.array(z.object({ platform: z.string(), sent: count })),
});
export type DailyGoal = z.infer<typeof dailyGoalSchema>;

/** Sets the Daily Goal, or clears it (null). */
export const dailyGoalInputSchema = z
  .object({ goal: z.number().int().min(1).max(DAILY_GOAL_MAX).nullable() })
  .strict();
