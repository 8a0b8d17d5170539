import { ERROR_STATUS, MESSAGES, searchRequestSchema } from '@grouptrack/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { findActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

/** SPEC §8: no session is 'User not logged in'; a session cookie that no longer works is an invalid token. */
async function requireSearcher(context: AppContext, request: FastifyRequest) {
  const actor = await findActor(context.auth, request);
  if (actor) return actor;
  const hasSessionCookie = /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(
    request.headers.cookie ?? '',
  );
  throw hasSessionCookie
    ? new AppError(401, ERROR_STATUS.permissionDenied, MESSAGES.invalidToken)
    : new AppError(401, ERROR_STATUS.permissionDenied, MESSAGES.notLoggedIn);
}

export function registerSearchRoutes(app: App, context: AppContext) {
  const { search } = context;

  app.post(
    '/search/v2',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search contacts: free text, filters, sort, paging (size 0 = counts only), or the board’s first paint',
        body: searchRequestSchema,
      },
    },
    async (request) => {
      const actor = await requireSearcher(context, request);
      try {
        return { data: await search.search(actor, request.body) };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'search failed');
        throw new AppError(500, ERROR_STATUS.failedSearch, MESSAGES.searchFailed);
      }
    },
  );
}
