import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import { forwardAuthResponse } from './forward-auth-response';
import {
  clearAttempts,
  countRecentAttempts,
  deleteAttemptsBefore,
  recordAttempt,
} from './sign-in-attempts.repository';

/** Hands /api/auth/* to better-auth, and limits sign-in attempts per address and email. */
export function registerAuthRoutes(app: App, { auth, config, databases }: AppContext) {
  const directory = databases.directory;
  const windowMs = config.AUTH_SIGNIN_WINDOW_MINUTES * 60_000;

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.APP_URL);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers: fromNodeHeaders(request.headers),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    await forwardAuthResponse(response, reply);
    return reply;
  };

  app.post(
    '/api/auth/sign-in/email',
    { schema: { tags: ['auth'], summary: 'Sign in with email and password (attempts are limited)' } },
    async (request, reply) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      const key = `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
      const now = Date.now();
      const attempts = await countRecentAttempts(directory, key, now - windowMs);
      if (attempts >= config.AUTH_SIGNIN_MAX_ATTEMPTS) {
        throw new AppError(
          429,
          'too-many-attempts',
          `Too many sign-in attempts. Try again in ${config.AUTH_SIGNIN_WINDOW_MINUTES} minutes or reset your password.`,
        );
      }
      await recordAttempt(directory, key, now);
      const sent = await forward(request, reply);
      if (reply.statusCode === 200) {
        await clearAttempts(directory, key);
        await deleteAttemptsBefore(directory, now - windowMs);
      }
      return sent;
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: forward,
  });
}
