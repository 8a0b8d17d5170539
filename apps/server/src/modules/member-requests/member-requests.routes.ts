import {
  capturedMemberRequestSchema,
  groupIntegrationSchema,
  isKnownTimeZone,
  MEMBER_REQUEST_STATUSES,
  memberRequestBatchResultSchema,
  memberRequestBatchSchema,
  memberRequestDecisionSchema,
  memberRequestDryRunSchema,
  memberRequestOutcomeSchema,
  memberRequestRulesSchema,
  memberRequestWorkSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['member-requests'];
const id = z.string().min(1).max(100);
const pipelineParams = teamParams.extend({ pipelineID: id });
const requestParams = teamParams.extend({ requestID: id });

/** What the extension sends from a group's requests page, the pipeline's rules, and the review list. */
export function registerMemberRequestRoutes(app: App, { auth, teams, memberRequests }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/member-requests',
    schema: {
      tags,
      summary:
        'Capture a batch of a group\'s pending member requests (up to 500) into the pipeline connected to that group: people found again or created in its first stage, their answers, email and phone, and the activity "asked to join"; new and still pending requests are scored and decided by the pipeline\'s rules; capturing the same batch again changes nothing',
      body: memberRequestBatchSchema,
      response: memberRequestBatchResultSchema,
    },
    handler: ({ member, body }) => memberRequests.captureBatch(member, body),
  });

  routes.get({
    path: '/pipelines/:pipelineID/member-request-rules',
    schema: {
      tags,
      summary:
        "A pipeline's member-request rules in priority order and the pace their decisions are carried out at",
      params: pipelineParams,
      response: memberRequestRulesSchema,
    },
    handler: ({ member, params }) => memberRequests.getRules(member, params.pipelineID),
  });

  routes.put({
    path: '/pipelines/:pipelineID/member-request-rules',
    schema: {
      tags,
      summary:
        "Save a pipeline's member-request rules and pace (owner or admin); a tag, stage or task template that is not the pipeline's or the team's answers 400 naming the field",
      params: pipelineParams,
      body: memberRequestRulesSchema,
      response: memberRequestRulesSchema,
    },
    handler: ({ member, params, body }) => memberRequests.saveRules(member, params.pipelineID, body),
  });

  routes.post({
    path: '/pipelines/:pipelineID/member-request-rules/dry-run',
    schema: {
      tags,
      summary:
        "What rules would decide for the pipeline's pending and flagged requests (the 500 newest), rules that are off tried as if on; changes nothing",
      params: pipelineParams,
      body: z.object({ rules: memberRequestRulesSchema.shape.rules }).strict(),
      response: memberRequestDryRunSchema,
    },
    handler: ({ member, params, body }) => memberRequests.dryRun(member, params.pipelineID, body.rules),
  });

  routes.get({
    path: '/member-requests',
    schema: {
      tags,
      summary:
        'Captured member requests of a status (review: pending and flagged) in the pipelines the member sees, or one of them, newest first, a page at a time',
      querystring: z
        .object({
          pipelineID: id.optional(),
          status: z.enum([...MEMBER_REQUEST_STATUSES, 'review']).default('review'),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          /** The nextCursor of the page before. */
          cursor: z.string().min(1).max(500).optional(),
        })
        .strict(),
      response: z.object({
        requests: z.array(capturedMemberRequestSchema),
        nextCursor: z.string().nullable(),
      }),
    },
    handler: ({ member, query }) =>
      memberRequests.listRequests(member, {
        pipelineId: query.pipelineID,
        status: query.status,
        limit: query.limit,
        cursor: query.cursor,
      }),
  });

  routes.post({
    path: '/member-requests/:requestID/decision',
    schema: {
      tags,
      summary:
        "Approve, decline (with feedback) or skip a member request from the review list; one already carried out on the group's page answers 409",
      params: requestParams,
      body: memberRequestDecisionSchema,
    },
    status: 204,
    handler: ({ member, params, body }) => memberRequests.decide(member, params.requestID, body),
  });

  routes.get({
    path: '/member-requests/work',
    schema: {
      tags,
      summary:
        "A group's approvals and declines waiting to be carried out on its page by the extension, oldest first and up to what is left of the day's cap (days in the browser's time zone, else UTC), with the pace to keep and any pause",
      querystring: z
        .object({
          platform: groupIntegrationSchema.shape.platform,
          groupId: groupIntegrationSchema.shape.groupId,
          timeZone: z
            .string()
            .max(100)
            .refine(isKnownTimeZone, 'must be a time zone such as "Europe/Lisbon"')
            .optional(),
        })
        .strict(),
      response: memberRequestWorkSchema,
    },
    handler: ({ member, query }) => memberRequests.getWork(member, query),
  });

  routes.post({
    path: '/member-requests/:requestID/outcome',
    schema: {
      tags,
      summary:
        "What the extension found carrying a decision out on the group's page: approved or declined (done), not found (back to pending) or blocked (the group's decisions pause and the managers are told); the same outcome twice changes nothing",
      params: requestParams,
      body: memberRequestOutcomeSchema,
    },
    status: 204,
    handler: ({ member, params, body }) => memberRequests.reportOutcome(member, params.requestID, body),
  });
}
