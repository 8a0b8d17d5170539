import { deletionPageSchema, restoredSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['recently-deleted'];

export function registerDeletionRoutes(app: App, { auth, teams, deletions }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '/deleted',
    schema: {
      tags,
      summary:
        'Recently deleted contacts and pipelines (owner or admin), newest first, one entry per action that deleted them; kept 30 days',
      response: deletionPageSchema,
      querystring: z
        .object({
          offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        })
        .strict(),
    },
    handler: ({ member, query }) => deletions.listDeletions(member, query),
  });

  routes.post({
    path: '/deleted/:deletionUID/restore',
    schema: {
      tags,
      summary:
        'Restore everything one action deleted (a bulk delete comes back as one) onto its boards (owner or admin)',
      params: teamParams.extend({ deletionUID: z.string().min(1).max(100) }),
      response: restoredSchema,
    },
    handler: ({ member, params }) => deletions.restoreDeletion(member, params.deletionUID),
  });
}
