import { Readable } from 'node:stream';
import { searchFilterSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

export function registerExportRoutes(app: App, { auth, teams, csvExport }: AppContext) {
  teamRoutes(app, { auth, teams }).post({
    path: '/contacts/export',
    schema: {
      tags: ['contacts'],
      summary:
        'Every contact a search matches as CSV (streamed), with pipeline data and tags; our import reads it back',
      body: z
        .object({
          objectToFilter: searchFilterSchema.default({}),
          searchObj: z
            .union([z.string().max(200), z.object({ text: z.string().max(200).optional() }).loose()])
            .optional(),
        })
        .strict(),
    },
    status: 'reply',
    handler: async ({ member, body, reply }) => {
      const { rows, matched } = await csvExport.exportContacts(member, body);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="grouptrack-contacts-${day}.csv"`)
        .header('x-matched-contacts', String(matched))
        .send(Readable.from(rows));
    },
  });
}
