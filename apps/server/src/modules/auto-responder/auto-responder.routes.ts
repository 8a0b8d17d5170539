import {
  autoResponderCommentsAnswerSchema,
  autoResponderCommentsReportSchema,
  autoResponderCountsSchema,
  autoResponderGroupChangeSchema,
  autoResponderGroupInputSchema,
  autoResponderGroupSchema,
  autoResponderInputSchema,
  autoResponderReplyReportSchema,
  autoResponderSchema,
  dueAutoResponderSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['auto-responder'];
const id = z.string().min(1).max(100);
const groupParams = teamParams.extend({ groupID: id });
const jobParams = teamParams.extend({ jobID: id });

export function registerAutoResponderRoutes(app: App, { auth, teams, autoResponder }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '/auto-responder-groups',
    schema: {
      tags,
      summary: "The team's Auto Responder job groups, in order (owner or admin)",
      response: z.array(autoResponderGroupSchema),
    },
    handler: ({ member }) => autoResponder.listGroups(member),
  });

  routes.post({
    path: '/auto-responder-groups',
    schema: {
      tags,
      summary: 'Add a job group, last (owner or admin; the Pro plan)',
      body: autoResponderGroupInputSchema,
      response: autoResponderGroupSchema,
    },
    status: 201,
    handler: ({ member, body }) => autoResponder.createGroup(member, body),
  });

  routes.patch({
    path: '/auto-responder-groups/:groupID',
    schema: {
      tags,
      summary:
        'Rename, reorder, switch on (running; the Pro plan) or pause a job group with all its jobs (owner or admin)',
      params: groupParams,
      body: autoResponderGroupChangeSchema,
      response: autoResponderGroupSchema,
    },
    handler: ({ member, params, body }) => autoResponder.updateGroup(member, params.groupID, body),
  });

  routes.delete({
    path: '/auto-responder-groups/:groupID',
    schema: {
      tags,
      summary:
        'Delete a job group with its archived jobs; refused (409) while it holds a job not archived (owner or admin)',
      params: groupParams,
    },
    status: 204,
    handler: ({ member, params }) => autoResponder.deleteGroup(member, params.groupID),
  });

  routes.get({
    path: '/auto-responders',
    schema: {
      tags,
      summary: "The team's Auto Responder jobs with their counts, group by group in order (owner or admin)",
      response: z.array(autoResponderSchema),
    },
    handler: ({ member }) => autoResponder.listJobs(member),
  });

  routes.post({
    path: '/auto-responders',
    schema: {
      tags,
      summary: 'Add a job watching one post for trigger words (owner or admin; the Pro plan)',
      body: autoResponderInputSchema,
      response: autoResponderSchema,
    },
    status: 201,
    handler: ({ member, body }) => autoResponder.createJob(member, body),
  });

  routes.get({
    path: '/auto-responders/due',
    schema: {
      tags,
      summary:
        'For the extension: the posts to visit now, those of running groups not visited for a while, oldest visit first (the Pro plan)',
      response: z.array(dueAutoResponderSchema),
    },
    handler: ({ member }) => autoResponder.listDue(member),
  });

  routes.put({
    path: '/auto-responders/:jobID',
    schema: {
      tags,
      summary: 'Change, move, reorder or archive (archived: true) a job; its counts stay (owner or admin)',
      params: jobParams,
      body: autoResponderInputSchema,
      response: autoResponderSchema,
    },
    handler: ({ member, params, body }) => autoResponder.updateJob(member, params.jobID, body),
  });

  routes.delete({
    path: '/auto-responders/:jobID',
    schema: {
      tags,
      summary: 'Delete a job with the comments it read and the answers it gave (owner or admin)',
      params: jobParams,
    },
    status: 204,
    handler: ({ member, params }) => autoResponder.deleteJob(member, params.jobID),
  });

  routes.post({
    path: '/auto-responders/:jobID/comments',
    schema: {
      tags,
      summary:
        "The extension's reading of a job's post: each new commenter who matches is captured, messaged and given a reply to post; answers the replies and the counts (the Pro plan)",
      params: jobParams,
      body: autoResponderCommentsReportSchema,
      response: autoResponderCommentsAnswerSchema,
    },
    handler: ({ member, params, body }) => autoResponder.reportComments(member, params.jobID, body),
  });

  routes.post({
    path: '/auto-responders/:jobID/replies',
    schema: {
      tags,
      summary:
        'The extension posted a reply under a comment, or could not; answers the counts (the Pro plan)',
      params: jobParams,
      body: autoResponderReplyReportSchema,
      response: autoResponderCountsSchema,
    },
    handler: ({ member, params, body }) => autoResponder.reportReply(member, params.jobID, body),
  });
}
