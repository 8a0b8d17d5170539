import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../platform/errors';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import { importMappingSchema } from './imports.service';

const id = z.string().min(1).max(100);
const importParams = teamParams.extend({ importId: id });

export function registerImportRoutes(app: App, { auth, teams, imports }: AppContext) {
  void app.register((scope: App, _options, done) => {
    // The upload is read as a stream, never buffered whole: this parser hands the body on as it is.
    scope.addContentTypeParser(['text/csv', 'application/octet-stream'], (_request, payload, next) =>
      next(null, payload),
    );

    teamRoutes(scope, { auth, teams }).post({
      path: '/imports',
      schema: {
        tags: ['imports'],
        summary:
          'Upload a CSV (body: the file, text/csv); answers its columns, first rows and a suggested mapping',
        querystring: z.object({ fileName: z.string().trim().min(1).max(200).default('contacts.csv') }),
      },
      status: 201,
      handler: ({ actor, teamUID, query, request }) => {
        if (!(request.body instanceof Readable))
          throw new BadRequestError('Send the file as the request body with Content-Type text/csv.');
        return imports.uploadFile(actor, teamUID, query.fileName, request.body);
      },
    });
    done();
  });

  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/imports/:importId/start',
    schema: {
      tags: ['imports'],
      summary: 'Start an uploaded import with the chosen mapping, pipeline, stage and tags',
      params: importParams,
      body: z
        .object({
          /** One field per column, in column order; 'ignore' skips a column. */
          mapping: importMappingSchema.min(1),
          /** Where rows without a known pipeline go. */
          pipelineId: id.optional(),
          stageId: id.optional(),
          /** Tags every imported contact gets. */
          tagIds: z.array(id).max(50).optional(),
        })
        .strict(),
    },
    status: 202,
    handler: ({ actor, teamUID, params, body }) => imports.startImport(actor, teamUID, params.importId, body),
  });

  routes.get({
    path: '/imports/:importId',
    schema: {
      tags: ['imports'],
      summary: "An import's progress: processed, created, updated and refused rows",
      params: importParams,
    },
    handler: ({ actor, teamUID, params }) => imports.getImport(actor, teamUID, params.importId),
  });

  routes.get({
    path: '/imports/:importId/refused.csv',
    schema: {
      tags: ['imports'],
      summary: 'The rows an import refused, with the reason for each, as CSV',
      params: importParams,
    },
    status: 'reply',
    handler: async ({ actor, teamUID, params, reply }) => {
      const { fileName, rows } = await imports.refusedReport(actor, teamUID, params.importId);
      const name = fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-refused.csv"`)
        .send(Readable.from(rows));
    },
  });
}
