import { TEAM_NAME_MAX_LENGTH } from '@grouptrack/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppContext } from '../../context';
import { AppError, BadRequestError } from '../../platform/errors';
import { textProblem } from '../../platform/storable-text';
import type { App } from '../../platform/http/types';
import { forwardAuthResponse } from './forward-auth-response';
import {
  clearAttempts,
  deleteAttemptsBefore,
  forgetAttempt,
  recordAttemptAndCount,
} from './sign-in-attempts.repository';

/** Hands /api/auth/* to better-auth, and limits sign-in attempts per address and email, and per address. */
export function registerAuthRoutes(app: App, { auth, config, databases, teams }: AppContext) {
  const directory = databases.directory;
  const windowMs = config.AUTH_SIGNIN_WINDOW_MINUTES * 60_000;

  /** Asks better-auth, with `body` in place of the request's own when given. */
  const ask = (request: FastifyRequest, body: unknown = request.body) => {
    const url = new URL(request.url, config.APP_URL);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined;
    return auth.handler(
      new Request(url, {
        method: request.method,
        headers: fromNodeHeaders(request.headers),
        body: hasBody ? JSON.stringify(body) : undefined,
      }),
    );
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    await forwardAuthResponse(await ask(request), reply);
    return reply;
  };

  const refuse = (message: string) =>
    new AppError(
      429,
      'too-many-attempts',
      `${message} Try again in ${config.AUTH_SIGNIN_WINDOW_MINUTES} minutes or reset your password.`,
    );

  app.post(
    '/api/auth/sign-in/email',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password (attempts are limited)' } },
    async (request, reply) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      // Per address and email, so one person's typos do not lock out their colleagues behind the
      // same address; and per address alone, so one address cannot try password after password
      // on many accounts. Keys with an email always hold a '|', so the two never meet.
      const key = `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
      const addressKey = request.ip;
      const now = Date.now();
      const since = now - windowMs;
      // Each attempt is recorded before it is counted, so attempts sent all at once see one another
      // and no more than the limit ever reach the password check. A refused attempt stays counted
      // under the limit that refused it, so the wait runs from the latest try, and is taken back
      // from the other: it checked no password there.
      const attempts = await recordAttemptAndCount(directory, key, now, since);
      const fromAddress = await recordAttemptAndCount(directory, addressKey, now, since);
      if (attempts > config.AUTH_SIGNIN_MAX_ATTEMPTS) {
        await forgetAttempt(directory, addressKey, now);
        throw refuse('Too many sign-in attempts.');
      }
      if (fromAddress > config.AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS) {
        await forgetAttempt(directory, key, now);
        throw refuse('Too many sign-in attempts from your network.');
      }
      const sent = await forward(request, reply);
      if (reply.statusCode === 200) {
        await clearAttempts(directory, key);
        // A successful sign-in is not a guess: colleagues signing in behind one address never add up.
        await forgetAttempt(directory, addressKey, now);
        await deleteAttemptsBefore(directory, since);
      }
      return sent;
    },
  );

  app.post(
    '/api/auth/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create an account and its team, named by teamName, with a starter pipeline; or, with an inviteCode, an account that joins that team next',
      },
    },
    async (request, reply) => {
      const { teamName, inviteCode, ...account } = (request.body ?? {}) as {
        teamName?: unknown;
        inviteCode?: unknown;
      };
      if (inviteCode !== undefined) {
        // The newcomer joins the inviting team once signed in, so no team of their own is made;
        // an unusable invitation is refused now, while they can still sign up without it.
        if (typeof inviteCode !== 'string')
          throw new BadRequestError('Invalid body.inviteCode: expected text');
        await teams.previewInvitation(inviteCode);
        await forwardAuthResponse(await ask(request, account), reply);
        return reply;
      }
      const name = typeof teamName === 'string' ? teamName.trim() : '';
      const problem =
        typeof teamName !== 'string'
          ? 'the community or team name is required'
          : name === ''
            ? 'the community or team name must not be empty'
            : name.length > TEAM_NAME_MAX_LENGTH
              ? `the community or team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`
              : textProblem(name);
      if (problem) throw new BadRequestError(`Invalid body.teamName: ${problem}`);
      const response = await ask(request, account);
      if (response.ok) {
        // The team is in place before the answer leaves, so the first page finds it named.
        const { user } = (await response.clone().json()) as { user: { id: string } };
        await teams.ensureTeam(user.id, name);
      }
      await forwardAuthResponse(response, reply);
      return reply;
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: forward,
  });
}
