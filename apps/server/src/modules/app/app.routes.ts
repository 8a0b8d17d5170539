import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { EXTENSION_CODE_MINUTES } from '../../platform/auth';
import { BadRequestError, ForbiddenError } from '../../platform/errors';
import { EXTENSION_SESSION_DAYS } from '../../platform/extension-sessions';
import { requireActor } from '../../platform/http/actor';
import { trackStreams } from '../../platform/http/sse';
import type { App } from '../../platform/http/types';
import { forwardAuthResponse } from '../auth/forward-auth-response';
import { ssoRequestSchema } from '../functions/functions.routes';
import { createSsoToken } from '../functions/sso.service';

const tags = ['app'];

/** What the extension keeps after signing in: its token, when it ends unless used, and whose it is. */
const extensionSignInSchema = z.object({
  /** Sent as `Authorization: Bearer <token>` from the extension's origin; shown only this once. */
  token: z.string(),
  /** When the token stops working unless used before; each use renews it. */
  expiresAt: z.iso.datetime(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});

/** What every client needs: app config, app notifications, app-wide events, hand-offs. */
export function registerAppRoutes(
  app: App,
  { auth, config, appService, appEvents, extensionSessions }: AppContext,
) {
  const streams = trackStreams(app);

  app.get(
    '/api/v1/app-config',
    {
      schema: { tags, summary: 'App address, version, help widget and hosting domains (no sign-in needed)' },
    },
    async () => ({ data: await appService.getAppConfig() }),
  );

  app.get(
    '/api/v1/app-notifications',
    {
      schema: {
        tags,
        summary: 'Published app notifications; the client picks those for its platform and page',
      },
    },
    async (request) => {
      await requireActor(auth, request);
      return { data: await appService.listNotifications({ publishedOnly: true }) };
    },
  );

  app.get(
    '/api/v1/me/events',
    { schema: { tags, summary: 'App-wide changes (app version, notifications) as Server-Sent Events' } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      let unsubscribe = () => {};
      const stream = streams.open(reply, () => unsubscribe());
      unsubscribe = appEvents.subscribe((event) => {
        // A reminder or an import's end is for its user alone.
        if ('userUID' in event && event.userUID !== actor.userId) return;
        stream.send('app', event);
      });
    },
  );

  app.post(
    '/api/v1/authorize/sso',
    {
      schema: {
        tags,
        summary: 'The marketing-site address that signs the user in there',
        body: ssoRequestSchema,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { token, host } = createSsoToken(actor, request.body, config);
      const url = new URL(`https://${host}/sso`);
      url.searchParams.set('token', token);
      url.searchParams.set('redirect_to', request.body.redirect_to);
      return { data: { url: url.toString() } };
    },
  );

  app.post(
    '/api/v1/authorize/extension',
    {
      schema: {
        tags,
        summary: 'A one-time code (2 minutes) the browser extension exchanges for a session of its own',
        response: { 200: z.object({ data: z.object({ code: z.string(), expiresAt: z.iso.datetime() }) }) },
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      // A helper's hour as someone else must not become a month-long token of theirs in a browser.
      if (actor.impersonatedBy) {
        throw new ForbiddenError(
          'The extension cannot be signed in while you are signed in as another user. Stop that first.',
        );
      }
      // The extension itself cannot hand its own sign-in on: a code is for a web session.
      if (request.extensionSession) {
        throw new ForbiddenError('Sign the extension in from the GroupTrack web app.');
      }
      const { token } = await auth.api.generateOneTimeToken({ headers: fromNodeHeaders(request.headers) });
      return {
        data: {
          code: token,
          expiresAt: new Date(Date.now() + EXTENSION_CODE_MINUTES * 60_000).toISOString(),
        },
      };
    },
  );

  app.post(
    '/api/v1/authorize/extension/exchange',
    {
      schema: {
        tags,
        summary: `Exchanges a one-time code for the extension's own session token (${EXTENSION_SESSION_DAYS} days, renewed on use; no cookie). The code is the proof; no sign-in needed`,
        /** The code from POST /api/v1/authorize/extension. */
        body: z.object({ code: z.string().min(1).max(200) }),
        response: { 200: z.object({ data: extensionSignInSchema }) },
      },
    },
    async (request) => {
      // The code names the web session that asked for it; the extension gets a session of its own
      // and never that one's token or cookie.
      const signedIn = await auth.api
        .verifyOneTimeToken({ body: { token: request.body.code }, headers: new Headers() })
        .catch((error: unknown) => {
          if (isAPIError(error)) return null;
          throw error;
        });
      if (!signedIn) {
        throw new BadRequestError(
          'This sign-in code is invalid or has expired. Start again from the extension.',
        );
      }
      const { token, expiresAt } = await extensionSessions.create({
        userId: signedIn.user.id,
        userAgent: request.headers['user-agent'],
      });
      const { id, name, email } = signedIn.user;
      return { data: { token, expiresAt: expiresAt.toISOString(), user: { id, name, email } } };
    },
  );

  app.post(
    '/api/v1/me/stop-impersonation',
    {
      schema: {
        tags: ['me'],
        summary: "Ends a super user's sign-in as this user and restores their own session",
      },
    },
    async (request, reply) => {
      await requireActor(auth, request);
      const response = await auth.api.stopImpersonating({
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      await forwardAuthResponse(response, reply, { replaceBody: { data: { stopped: response.ok } } });
      return reply;
    },
  );
}
