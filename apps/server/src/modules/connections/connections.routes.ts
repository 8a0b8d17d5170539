import {
  INTEGRATION_TYPES,
  SYNC_DELIVERY_STATUSES,
  connectionInputSchema,
  connectionSchema,
  connectionSecretAnswerSchema,
  connectionTestSchema,
  connectionUpdateSchema,
  contactSyncStateSchema,
  pipelineConnectionSchema,
  remotePipelinesSchema,
  remoteTagsSchema,
  syncDeliveryPageSchema,
  tagSetConnectionSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['connections'];
const id = z.string().min(1).max(100);
const connectionParams = teamParams.extend({ connectionID: id });
const deliveryParams = connectionParams.extend({ deliveryID: id });

export function registerConnectionRoutes(app: App, { auth, teams, connections }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '/connections',
    schema: {
      tags,
      summary:
        "The team's connections, with the pipelines and tag sets that use them and their delivery totals (owner or admin)",
      response: z.array(connectionSchema),
    },
    handler: ({ member }) => connections.list(member),
  });

  routes.post({
    path: '/connections',
    schema: {
      tags,
      summary: "Add a connection; a webhook's signing secret is in this answer only (owner or admin)",
      body: connectionInputSchema,
      response: connectionSecretAnswerSchema,
    },
    status: 201,
    handler: ({ member, body }) => connections.create(member, body),
  });

  routes.post({
    path: '/connections/test',
    schema: {
      tags,
      summary:
        'Call the system with these credentials (or a stored connection’s) and say what it answered (owner or admin)',
      body: z
        .object({
          connectionUID: id.optional(),
          type: z.enum(INTEGRATION_TYPES),
          settings: connectionInputSchema.shape.settings,
          secrets: connectionInputSchema.shape.secrets,
        })
        .strict(),
      response: connectionTestSchema,
    },
    handler: ({ member, body }) => connections.test(member, body),
  });

  routes.put({
    path: '/connections/:connectionID',
    schema: {
      tags,
      summary:
        'Change, pause or switch on a connection; a secret left out keeps the stored one (owner or admin)',
      params: connectionParams,
      body: connectionUpdateSchema,
      response: connectionSchema,
    },
    handler: ({ member, params, body }) => connections.update(member, params.connectionID, body),
  });

  routes.delete({
    path: '/connections/:connectionID',
    schema: {
      tags,
      summary: 'Remove a connection: its pipelines and tag sets stop using it (owner or admin)',
      params: connectionParams,
    },
    status: 204,
    handler: ({ member, params }) => connections.remove(member, params.connectionID),
  });

  routes.post({
    path: '/connections/:connectionID/rotate-secret',
    schema: {
      tags,
      summary:
        'A new webhook signing secret, shown once; the old one signs beside it for a day (owner or admin)',
      params: connectionParams,
      response: connectionSecretAnswerSchema,
    },
    handler: ({ member, params }) => connections.rotateSecret(member, params.connectionID),
  });

  routes.put({
    path: '/connections/:connectionID/pipelines/:pipelineID',
    schema: {
      tags,
      summary:
        'Have a pipeline sync to the connection, with its syncPeriod, delayBy and stage mapping (owner or admin)',
      params: connectionParams.extend({ pipelineID: id }),
      body: pipelineConnectionSchema,
    },
    status: 204,
    handler: ({ member, params, body }) =>
      connections.linkPipeline(member, params.connectionID, params.pipelineID, body),
  });

  routes.delete({
    path: '/connections/:connectionID/pipelines/:pipelineID',
    schema: {
      tags,
      summary: 'Stop a pipeline syncing to the connection (owner or admin)',
      params: connectionParams.extend({ pipelineID: id }),
    },
    status: 204,
    handler: ({ member, params }) =>
      connections.unlinkPipeline(member, params.connectionID, params.pipelineID),
  });

  routes.put({
    path: '/connections/:connectionID/tag-sets/:tagSetID',
    schema: {
      tags,
      summary: "Map a tag set's tags to the system's tags (ActiveCampaign, ClickFunnels; owner or admin)",
      params: connectionParams.extend({ tagSetID: id }),
      body: tagSetConnectionSchema,
    },
    status: 204,
    handler: ({ member, params, body }) =>
      connections.linkTagSet(member, params.connectionID, params.tagSetID, body),
  });

  routes.delete({
    path: '/connections/:connectionID/tag-sets/:tagSetID',
    schema: {
      tags,
      summary: "Stop mapping a tag set's tags to the system (owner or admin)",
      params: connectionParams.extend({ tagSetID: id }),
    },
    status: 204,
    handler: ({ member, params }) => connections.unlinkTagSet(member, params.connectionID, params.tagSetID),
  });

  routes.get({
    path: '/connections/:connectionID/remote-pipelines',
    schema: {
      tags,
      summary: "The system's own pipelines and stages, read through its API (owner or admin)",
      params: connectionParams,
      response: remotePipelinesSchema,
    },
    handler: ({ member, params }) => connections.listRemotePipelines(member, params.connectionID),
  });

  routes.get({
    path: '/connections/:connectionID/remote-tags',
    schema: {
      tags,
      summary: "The system's own tags, read through its API (owner or admin)",
      params: connectionParams,
      response: remoteTagsSchema,
    },
    handler: ({ member, params }) => connections.listRemoteTags(member, params.connectionID),
  });

  routes.get({
    path: '/connections/:connectionID/deliveries',
    schema: {
      tags,
      summary:
        "The connection's delivery log, newest first, a page at a time; dead-letter lists the failed (owner or admin)",
      params: connectionParams,
      querystring: z
        .object({
          status: z.enum([...SYNC_DELIVERY_STATUSES, 'dead-letter']).optional(),
          cursor: z.string().max(500).optional(),
        })
        .strict(),
      response: syncDeliveryPageSchema,
    },
    handler: ({ member, params, query }) =>
      connections.listDeliveries(member, params.connectionID, { status: query.status, before: query.cursor }),
  });

  routes.post({
    path: '/connections/:connectionID/deliveries/retry',
    schema: {
      tags,
      summary: 'Send every dead-lettered delivery of the connection again now (owner or admin)',
      params: connectionParams,
      response: z.object({ retried: z.number().int() }),
    },
    handler: ({ member, params }) => connections.retry(member, params.connectionID),
  });

  routes.post({
    path: '/connections/:connectionID/deliveries/:deliveryID/retry',
    schema: {
      tags,
      summary: 'Send a dead-lettered delivery again now, with the same webhook-id (owner or admin)',
      params: deliveryParams,
      response: z.object({ retried: z.number().int() }),
    },
    handler: ({ member, params }) => connections.retry(member, params.connectionID, params.deliveryID),
  });

  routes.post({
    path: '/connections/:connectionID/deliveries/:deliveryID/discard',
    schema: {
      tags,
      summary: 'Take a dead-lettered delivery off the list without sending it (owner or admin)',
      params: deliveryParams,
    },
    status: 204,
    handler: ({ member, params }) => connections.discard(member, params.connectionID, params.deliveryID),
  });

  routes.get({
    path: '/contacts/:GTID/sync',
    schema: {
      tags,
      summary: "The contact's state with each connection: the system's id for them and their latest delivery",
      params: teamParams.extend({ GTID: id }),
      response: z.array(contactSyncStateSchema),
    },
    handler: ({ member, params }) => connections.contactSync(member, params.GTID),
  });
}
