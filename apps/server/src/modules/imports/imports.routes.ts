import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../platform/errors';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import { importMappingSchema } from './imports.service';

const id = z.string().min(1).max(100);
const teamParams = z.object({ teamUID: id });
const importParams = teamParams.extend({ importId: id });

export function registerImportRoutes(app: App, { auth, imports }: AppContext) {
  void app.register((scope: App, _options, done) => {
    // The upload is read as a stream, never buffered whole: this parser hands the body on as it is.
    scope.addContentTypeParser(['text/csv', 'application/octet-stream'], (_request, payload, next) =>
      next(null, payload),
    );

    scope.post(
      '/api/v1/teams/:teamUID/imports',
      {
        schema: {
          tags: ['imports'],
          summary:
            'Upload a CSV (body: the file, text/csv); answers its columns, first rows and a suggested mapping',
          params: teamParams,
          querystring: z.object({ fileName: z.string().trim().min(1).max(200).default('contacts.csv') }),
        },
      },
      async (request, reply) => {
        const actor = await requireActor(auth, request);
        if (!(request.body instanceof Readable))
          throw new BadRequestError('Send the file as the request body with Content-Type text/csv.');
        const upload = await imports.uploadFile(
          actor,
          request.params.teamUID,
          request.query.fileName,
          request.body,
        );
        return reply.status(201).send({ data: upload });
      },
    );
    done();
  });

  app.post(
    '/api/v1/teams/:teamUID/imports/:importId/start',
    {
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
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { teamUID, importId } = request.params;
      return reply
        .status(202)
        .send({ data: await imports.startImport(actor, teamUID, importId, request.body) });
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/imports/:importId',
    {
      schema: {
        tags: ['imports'],
        summary: "An import's progress: processed, created, updated and refused rows",
        params: importParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await imports.getImport(actor, request.params.teamUID, request.params.importId) };
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/imports/:importId/refused.csv',
    {
      schema: {
        tags: ['imports'],
        summary: 'The rows an import refused, with the reason for each, as CSV',
        params: importParams,
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { fileName, rows } = await imports.refusedReport(
        actor,
        request.params.teamUID,
        request.params.importId,
      );
      const name = fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-refused.csv"`)
        .send(Readable.from(rows));
    },
  );
}
