import { inboxPageSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import { createInboxService } from './inbox';

const tags = ['inbox'];

export function registerInboxRoutes(app: App, { auth, teams, databases, tasks, imports }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });
  const inbox = createInboxService(databases);

  routes.get({
    path: '/inbox',
    schema: {
      tags,
      summary:
        'My inbox in this team, newest first (the bell): teammates joined, tasks assigned, bulk actions finished',
      querystring: z.object({
        /** The nextCursor of the previous page. */
        before: z.string().min(1).max(100).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(30),
      }),
      response: inboxPageSchema,
    },
    handler: ({ member, query }) => inbox.listInbox(member, query),
  });

  routes.post({
    path: '/inbox/read',
    schema: {
      tags,
      summary: 'Mark everything in my bell in this team as read: inbox, task reminders and finished imports',
    },
    status: 204,
    // Opening the bell reads everything it lists: one call for the inbox and what sits beside it.
    handler: async ({ member }) => {
      await inbox.markInboxRead(member);
      await tasks.markRemindersRead(member);
      await imports.markFinishedImportsRead(member);
    },
  });
}
