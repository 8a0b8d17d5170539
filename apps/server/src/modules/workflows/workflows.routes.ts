import {
  WORKFLOW_RUN_STATUSES,
  WORKFLOW_STATUSES,
  workflowInputSchema,
  workflowRunSchema,
  workflowSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['workflows'];
const id = z.string().min(1).max(100);
const workflowParams = teamParams.extend({ workflowID: id });
const runParams = teamParams.extend({ runID: id });

export function registerWorkflowRoutes(app: App, { auth, teams, workflows }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '/workflows',
    schema: {
      tags,
      summary: "The team's workflows with their runs per status (owner or admin)",
      response: z.array(workflowSchema),
    },
    handler: ({ member }) => workflows.list(member),
  });

  routes.post({
    path: '/workflows',
    schema: {
      tags,
      summary: 'Add a workflow: a trigger, conditions and steps (owner or admin; the Pro plan)',
      body: workflowInputSchema,
      response: workflowSchema,
    },
    status: 201,
    handler: ({ member, body }) => workflows.create(member, body),
  });

  routes.put({
    path: '/workflows/:workflowID',
    schema: {
      tags,
      summary:
        'Change a workflow; a changed definition is a new version, and people already in a run keep theirs (owner or admin; the Pro plan)',
      params: workflowParams,
      body: workflowInputSchema,
      response: workflowSchema,
    },
    handler: ({ member, params, body }) => workflows.update(member, params.workflowID, body),
  });

  routes.put({
    path: '/workflows/:workflowID/status',
    schema: {
      tags,
      summary: 'Switch a workflow on (running) or pause it, with its runs (owner or admin)',
      params: workflowParams,
      body: z.object({ status: z.enum(WORKFLOW_STATUSES) }).strict(),
    },
    status: 204,
    handler: ({ member, params, body }) => workflows.setStatus(member, params.workflowID, body.status),
  });

  routes.delete({
    path: '/workflows/:workflowID',
    schema: {
      tags,
      summary: 'Delete a workflow; its going runs are cancelled (owner or admin)',
      params: workflowParams,
    },
    status: 204,
    handler: ({ member, params }) => workflows.remove(member, params.workflowID),
  });

  routes.get({
    path: '/workflows/:workflowID/runs',
    schema: {
      tags,
      summary: "A workflow's runs, newest first, a page at a time (owner or admin)",
      params: workflowParams,
      querystring: z
        .object({
          status: z.enum(WORKFLOW_RUN_STATUSES).nullable().default(null),
          cursor: z.string().max(500).nullable().default(null),
        })
        .strict(),
      response: z.object({ runs: z.array(workflowRunSchema), nextCursor: z.string().nullable() }),
    },
    handler: ({ member, params, query }) => workflows.listRuns(member, params.workflowID, query),
  });

  routes.post({
    path: '/workflow-runs/:runID/retry',
    schema: {
      tags,
      summary: "Try a failed run's step again (owner or admin; the Pro plan)",
      params: runParams,
      response: workflowRunSchema,
    },
    handler: ({ member, params }) => workflows.retryRun(member, params.runID),
  });

  routes.post({
    path: '/workflow-runs/:runID/cancel',
    schema: {
      tags,
      summary: 'Stop a running or paused run for good (owner or admin)',
      params: runParams,
      response: workflowRunSchema,
    },
    handler: ({ member, params }) => workflows.cancelRun(member, params.runID),
  });

  routes.get({
    path: '/contacts/:GTID/workflow-runs',
    schema: {
      tags,
      summary: "A contact's workflow runs, newest first",
      params: teamParams.extend({ GTID: id }),
      response: z.array(workflowRunSchema),
    },
    handler: ({ member, params }) => workflows.listContactRuns(member, params.GTID),
  });
}
