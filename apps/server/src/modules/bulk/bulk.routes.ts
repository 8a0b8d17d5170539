import { Readable } from 'node:stream';
import { bulkJobSchema, searchFilterSchema, startedBulkActionSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import { bulkActionSchema } from './bulk.service';

export function registerBulkRoutes(app: App, { auth, teams, bulk, csvExport }: AppContext) {
  app.post(
    '/search/v2/bulk',
    {
      schema: {
        tags: ['search'],
        summary:
          'Act on many contacts (tags, stage, pipeline, delete) as a job; progress arrives as realtime events',
        response: { 202: z.object({ data: startedBulkActionSchema }) },
        body: z
          .object({
            teamUID: z.string().min(1).max(100),
            action: bulkActionSchema,
            /** The contacts: an explicit list, or every contact a search matches. */
            target: z.union([
              z.object({ GTIDs: z.array(z.string().min(1).max(100)).min(1).max(50_000) }).strict(),
              z
                .object({
                  filter: z.object({
                    objectToFilter: searchFilterSchema.default({}),
                    searchObj: z
                      .union([
                        z.string().max(200),
                        z.object({ text: z.string().max(200).optional() }).loose(),
                      ])
                      .optional(),
                  }),
                })
                .strict(),
            ]),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      return reply.status(202).send({ data: await bulk.startBulkAction(actor, request.body) });
    },
  );

  const routes = teamRoutes(app, { auth, teams });
  const jobParams = teamParams.extend({ jobId: z.string().min(1).max(100) });

  routes.get({
    path: '/bulk-jobs/:jobId',
    schema: {
      tags: ['search'],
      summary: 'Progress of a bulk action you started',
      params: jobParams,
      response: bulkJobSchema,
    },
    handler: ({ member, params }) => bulk.getBulkJob(member, params.jobId),
  });

  routes.post({
    path: '/bulk-jobs/:jobId/undo',
    schema: {
      tags: ['search'],
      summary:
        'Undo a finished bulk tag, untag or stage move you started: a job reverses exactly what it changed',
      params: jobParams,
      response: startedBulkActionSchema,
    },
    status: 202,
    handler: ({ member, params }) => bulk.undoBulkAction(member, params.jobId),
  });

  routes.get({
    path: '/bulk-jobs/:jobId/export.csv',
    schema: { tags: ['search'], summary: 'The CSV of a finished bulk export', params: jobParams },
    status: 'reply',
    handler: async ({ member, params, reply }) => {
      const ids = await bulk.getExportContactIds(member, params.jobId);
      const rows = csvExport.exportContactIds(member, ids);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="grouptrack-export-${params.jobId}.csv"`)
        .send(Readable.from(rows));
    },
  });
}
