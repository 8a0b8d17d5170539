import { Readable } from 'node:stream';
import { searchFilterSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

export function registerExportRoutes(app: App, { auth, csvExport }: AppContext) {
  app.post(
    '/api/v1/teams/:teamUID/contacts/export',
    {
      schema: {
        tags: ['contacts'],
        summary:
          'Every contact a search matches as CSV (streamed), with pipeline data and tags; our import reads it back',
        params: z.object({ teamUID: z.string().min(1).max(100) }),
        body: z
          .object({
            objectToFilter: searchFilterSchema.default({}),
            searchObj: z
              .union([z.string().max(200), z.object({ text: z.string().max(200).optional() }).loose()])
              .optional(),
          })
          .strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const { rows, matched } = await csvExport.exportContacts(actor, {
        teamUID: request.params.teamUID,
        ...request.body,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="grouptrack-contacts-${day}.csv"`)
        .header('x-matched-contacts', String(matched))
        .send(Readable.from(rows));
    },
  );
}
