import {
  dailyGoalInputSchema,
  dailyGoalSchema,
  homeDashboardSchema,
  kpiReportSchema,
  teamKpiInputSchema,
  teamKpiListSchema,
  teamKpiSavedSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import { createDailyGoalService } from './daily-goal.service';
import { createDashboardsService } from './dashboards.service';
import { createTeamKpisService } from './team-kpis.service';

const tags = ['dashboards'];

/** An IANA time zone (Europe/Paris); the days of the dashboards are the reader's. */
const timeZone = z.string().min(1).max(100).default('UTC');

export function registerDashboardRoutes(app: App, { auth, teams, databases }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });
  const dashboards = createDashboardsService({ databases, teams });
  const teamKpis = createTeamKpisService({ databases, teams });
  const dailyGoal = createDailyGoalService({ databases });

  app.get(
    '/api/v1/me/daily-goal',
    {
      schema: {
        tags,
        summary:
          'The Daily Goal: messages GroupTrack sent for you today (by the queue, or copied from a template), per platform and over all your teams, against your goal',
        querystring: z.object({ timeZone: z.string().min(1).max(100).optional() }).strict(),
        response: { 200: z.object({ data: dailyGoalSchema }) },
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await dailyGoal.get(actor, request.query) };
    },
  );

  app.put(
    '/api/v1/me/daily-goal',
    {
      schema: {
        tags,
        summary: 'Set your Daily Goal (messages a day), or clear it with null; it is advisory',
        body: dailyGoalInputSchema,
        response: { 200: z.object({ data: dailyGoalSchema }) },
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      await dailyGoal.setGoal(actor, request.body.goal);
      return { data: await dailyGoal.get(actor, {}) };
    },
  );

  routes.get({
    path: '/dashboard/kpi',
    schema: {
      tags,
      summary:
        'The KPI dashboard: messages, captures, stage funnels, tasks and deals over a range of days, compared with the days before, per member and for the team',
      querystring: z.object({
        /** The first day, YYYY-MM-DD, in timeZone. */
        from: z.iso.date(),
        /** The last day, included. */
        to: z.iso.date(),
        timeZone,
        /** Only this member's figures; the team's when left out. */
        memberUID: z.string().min(1).max(100).optional(),
      }),
      response: kpiReportSchema,
    },
    handler: ({ member, query: { memberUID, ...range } }) =>
      dashboards.getKpiReport(member, { ...range, memberUid: memberUID }),
  });

  routes.get({
    path: '/dashboard/home',
    schema: {
      tags,
      summary:
        "The home dashboard: today's new contacts, my tasks due today and overdue, messages, the review queue, automations and recent activity",
      querystring: z.object({ timeZone }),
      response: homeDashboardSchema,
    },
    handler: ({ member, query }) => dashboards.getHome(member, query),
  });

  const kpiParams = teamParams.extend({ kpiUID: z.string().min(1).max(100) });

  routes.get({
    path: '/dashboard/kpis',
    schema: {
      tags,
      summary:
        "The team's chosen KPIs, each with its figure for the current day, week or month against its target",
      querystring: z.object({ timeZone }),
      response: teamKpiListSchema,
    },
    handler: ({ member, query }) => teamKpis.list(member, query),
  });

  routes.post({
    path: '/dashboard/kpis',
    schema: {
      tags,
      summary: 'Add a KPI with a target (owner or admin)',
      body: teamKpiInputSchema,
      response: teamKpiSavedSchema,
    },
    status: 201,
    handler: ({ member, body }) => teamKpis.create(member, body),
  });

  routes.put({
    path: '/dashboard/kpis/:kpiUID',
    schema: {
      tags,
      summary: "Change a KPI's figure, period, target or member (owner or admin)",
      params: kpiParams,
      body: teamKpiInputSchema,
      response: teamKpiSavedSchema,
    },
    handler: ({ member, params, body }) => teamKpis.update(member, params.kpiUID, body),
  });

  routes.delete({
    path: '/dashboard/kpis/:kpiUID',
    schema: { tags, summary: 'Remove a KPI (owner or admin)', params: kpiParams },
    status: 204,
    handler: ({ member, params }) => teamKpis.remove(member, params.kpiUID),
  });
}
