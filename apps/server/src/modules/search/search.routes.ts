import { ERROR_STATUS, MESSAGES, searchRequestSchema } from '@grouptrack/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { createSessionMemberReader, type SessionMemberReader } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { findActorInTeam, type Actor, type TeamActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import { isDatabaseUnavailable } from '../../platform/db/outage';

/**
 * The searcher, with their membership of the team when it was read with the session. SPEC §8: no
 * session is 'User not logged in'; a session cookie that no longer works is an invalid token.
 */
async function requireSearcher(
  context: AppContext,
  readSessionMember: SessionMemberReader,
  request: FastifyRequest,
  teamUID: string,
) {
  const actor = await findActorInTeam(context.auth, readSessionMember, request, teamUID);
  if (actor) return actor;
  const hasSessionCookie = /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(
    request.headers.cookie ?? '',
  );
  throw hasSessionCookie
    ? new AppError(401, ERROR_STATUS.permissionDenied, MESSAGES.invalidToken)
    : new AppError(401, ERROR_STATUS.permissionDenied, MESSAGES.notLoggedIn);
}

/** How many sessions' memberships the search remembers, so a busy server's memory stays bounded. */
const REMEMBERED_SESSIONS = 10_000;

function isSameAccess(guess: TeamActor, actor: Actor | TeamActor): boolean {
  return (
    'teamUID' in actor &&
    actor.teamUID === guess.teamUID &&
    actor.userId === guess.userId &&
    actor.role === guess.role &&
    actor.isSuper === guess.isSuper &&
    isSameSet(actor.groupAccess, guess.groupAccess)
  );
}

/** Whether two lists hold the same ids, whatever their order or repeats. */
function isSameSet(a: readonly string[], b: readonly string[]): boolean {
  const inA = new Set(a);
  const inB = new Set(b);
  return inA.size === inB.size && [...inA].every((id) => inB.has(id));
}

export function registerSearchRoutes(app: App, context: AppContext) {
  const { search } = context;
  // A search needs the session and the membership before its own SQL: one statement reads both.
  const readSessionMember = createSessionMemberReader(context.auth, context.databases.directory);
  // The membership each session searched with last, by session cookie and team. A search starts
  // with it while the session is read again, and is answered only if that read finds the same
  // access: the session's round trip then overlaps the search's instead of preceding it.
  const lastAccess = new Map<string, TeamActor>();
  const remember = (key: string, actor: Actor | TeamActor) => {
    if (!('teamUID' in actor)) return;
    lastAccess.set(key, actor);
    if (lastAccess.size > REMEMBERED_SESSIONS) lastAccess.delete(lastAccess.keys().next().value!);
  };

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
      const token =
        request.cookies['__Secure-better-auth.session_token'] ?? request.cookies['better-auth.session_token'];
      const key = `${token}\n${request.body.teamUID}`;
      const guess = token ? lastAccess.get(key) : undefined;
      // Settled at once, so that a guess found wrong leaves no unhandled rejection behind.
      const early = guess ? settle(search.search(guess, request.body)) : null;
      // A session that no longer works is forgotten, so it starts no more searches.
      lastAccess.delete(key);
      const actor = await requireSearcher(context, readSessionMember, request, request.body.teamUID);
      const isGuessRight = guess !== undefined && isSameAccess(guess, actor);
      if (token) remember(key, actor);
      try {
        const outcome = isGuessRight ? await early! : await settle(search.search(actor, request.body));
        if (!outcome.ok) throw outcome.error;
        return { data: outcome.value };
      } catch (error) {
        // A database that is away is a 503 to try again, not a failed search.
        if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
        request.log.error({ err: error }, 'search failed');
        throw new AppError(500, ERROR_STATUS.failedSearch, MESSAGES.searchFailed);
      }
    },
  );
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
