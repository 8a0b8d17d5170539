import { memberRequestBatchResultSchema, memberRequestBatchSchema } from '@grouptrack/domain';
import type { AppContext } from '../../context';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['member-requests'];

/** What the extension sends from a group's requests page. */
export function registerMemberRequestRoutes(app: App, { auth, teams, memberRequests }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/member-requests',
    schema: {
      tags,
      summary:
        'Capture a batch of a group\'s pending member requests (up to 500) into the pipeline connected to that group: people found again or created in its first stage, their answers, email and phone, and the activity "asked to join"; capturing the same batch again changes nothing',
      body: memberRequestBatchSchema,
      response: memberRequestBatchResultSchema,
    },
    handler: ({ member, body }) => memberRequests.captureBatch(member, body),
  });
}
