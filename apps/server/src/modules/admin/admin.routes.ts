import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSuperActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['admin'];

/** Routes for operators; every /api/v1/admin route requires the super permission. */
export function registerAdminRoutes(app: App, { auth, mail }: AppContext) {
  void app.register((admin: App, _options, done) => {
    admin.addHook('onRequest', async (request) => {
      await requireSuperActor(auth, request);
    });

    admin.get(
      '/api/v1/admin/mail-outbox',
      {
        schema: {
          tags,
          summary: 'Mail the app sent or kept, newest first',
          querystring: z.object({
            /** How many mails to return, at most 200. */
            limit: z.coerce.number().int().min(1).max(200).default(50),
            /** Only mail to this address. */
            to: z.string().max(320).optional(),
          }),
        },
      },
      async (request) => {
        const rows = await mail.listOutbox({
          limit: request.query.limit,
          to: request.query.to?.toLowerCase(),
        });
        return {
          data: rows.map((row) => ({
            id: row.id,
            to: row.to,
            subject: row.subject,
            text: row.text,
            status: row.status,
            error: row.error,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
          })),
        };
      },
    );
    done();
  });
}
