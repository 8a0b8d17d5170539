import { ERROR_STATUS, MESSAGES, searchAnswerSchema, searchRequestSchema } from '@grouptrack/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { createSessionMemberReader, type SessionMemberReader } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findActorInTeam } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import { isDatabaseUnavailable } from '../../platform/db/outage';

/**
 * The searcher, with their membership of the team when it was read with the session. SPEC §8: no
 * session is 'User not logged in'; a session cookie or extension token that no longer works is an
 * invalid token.
 */
async function requireSearcher(
  context: AppContext,
  readSessionMember: SessionMemberReader,
  request: FastifyRequest,
  teamUID: string,
) {
  const actor = await findActorInTeam(context.auth, readSessionMember, request, teamUID);
  if (actor) return actor;
  // The extension's bearer token counts as a session token that no longer works.
  const hasSessionToken =
    request.extensionSession !== null ||
    /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(request.headers.cookie ?? '');
  throw hasSessionToken
    ? new AppError(401, ERROR_STATUS.permissionDenied, MESSAGES.invalidToken)
    : new AppError(401, ERROR_STATUS.permissionDenied, MESSAGES.notLoggedIn);
}

export function registerSearchRoutes(app: App, context: AppContext) {
  const { search } = context;
  // A search needs the session and the membership before its own SQL: one statement reads both,
  // and what it read is remembered until the directory announces a change to that user.
  const readSessionMember = createSessionMemberReader(
    context.auth,
    context.databases.directory,
    context.sessionCache,
  );

  app.post(
    '/search/v2',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search contacts: free text, filters, sort, paging (size 0 = counts only), or the board’s first paint',
        body: searchRequestSchema,
        response: { 200: z.object({ data: searchAnswerSchema }) },
      },
    },
    async (request) => {
      const actor = await requireSearcher(context, readSessionMember, request, request.body.teamUID);
      try {
        return { data: await search.search(actor, request.body) };
      } catch (error) {
        // A database that is away is a 503 to try again, not a failed search.
        if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
        request.log.error({ err: error }, 'search failed');
        throw new AppError(500, ERROR_STATUS.failedSearch, MESSAGES.searchFailed);
      }
    },
  );
}
