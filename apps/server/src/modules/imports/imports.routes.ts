import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { finishedImportSchema, importSchema, importWarningListSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../platform/errors';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import { dateOrderSchema, importMappingSchema } from './imports.service';

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
        response: importSchema,
      },
      status: 201,
      handler: ({ member, query, request }) => {
        if (!(request.body instanceof Readable))
          throw new BadRequestError('Send the file as the request body with Content-Type text/csv.');
        return imports.uploadFile(member, query.fileName, request.body);
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
      response: importSchema,
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
          /** How numeric dates such as 03/04/2024 read; required when the created-date column's read both ways. */
          dateOrder: dateOrderSchema.optional(),
        })
        .strict(),
    },
    status: 202,
    handler: ({ member, params, body }) => imports.startImport(member, params.importId, body),
  });

  // Declared before '/imports/:importId', which they would otherwise look like.
  routes.get({
    path: '/imports/finished',
    schema: {
      tags: ['imports'],
      summary: "My finished imports in this team, newest first, with whether I've seen them (the bell list)",
      response: z.array(finishedImportSchema),
    },
    handler: ({ member }) => imports.listFinishedImports(member),
  });

  routes.post({
    path: '/imports/finished/read',
    schema: { tags: ['imports'], summary: 'Mark my finished imports in this team as seen' },
    status: 204,
    handler: ({ member }) => imports.markFinishedImportsRead(member),
  });

  routes.get({
    path: '/imports/:importId',
    schema: {
      tags: ['imports'],
      summary: "An import's progress: processed, created, updated and refused rows",
      response: importSchema,
      params: importParams,
    },
    handler: ({ member, params }) => imports.getImport(member, params.importId),
  });

  routes.get({
    path: '/imports/:importId/warnings',
    schema: {
      tags: ['imports'],
      summary: "An import's first warnings: cells it left empty in the rows it kept, and why",
      response: importWarningListSchema,
      params: importParams,
    },
    handler: ({ member, params }) => imports.listWarnings(member, params.importId),
  });

  routes.get({
    path: '/imports/:importId/warnings.csv',
    schema: {
      tags: ['imports'],
      summary: 'Every warning of an import as CSV: row, column, value and why',
      params: importParams,
    },
    status: 'reply',
    handler: async ({ member, params, reply }) => {
      const { fileName, rows } = await imports.warningsReport(member, params.importId);
      return sendCsv(reply, `${fileBase(fileName)}-warnings.csv`, rows);
    },
  });

  routes.get({
    path: '/imports/:importId/refused.csv',
    schema: {
      tags: ['imports'],
      summary: 'The rows an import refused, with the reason for each, as CSV',
      params: importParams,
    },
    status: 'reply',
    handler: async ({ member, params, reply }) => {
      const { fileName, rows } = await imports.refusedReport(member, params.importId);
      return sendCsv(reply, `${fileBase(fileName)}-refused.csv`, rows);
    },
  });
}

/** The uploaded file's name without its extension, safe in a header. */
const fileBase = (fileName: string) => fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');

function sendCsv(reply: FastifyReply, fileName: string, rows: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Readable.from(rows));
}
