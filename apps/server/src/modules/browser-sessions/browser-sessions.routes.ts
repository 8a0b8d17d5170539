import { PUSH_ID_LENGTH } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../platform/errors';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const tags = ['me'];

/** A browser the extension is signed in on, as /profile lists it under "Signed-in browsers". */
const browserSessionSchema = z.object({
  id: z.string(),
  /** The browser as its user agent named itself when the extension signed in; null when it sent none. */
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  /** When it signs out by itself unless used before; each use renews it. */
  expiresAt: z.iso.datetime(),
  /** Whether this is the extension session making the request. */
  isCurrent: z.boolean(),
});

const browserSessionParams = z.object({
  /** The id GET /api/v1/me/browser-sessions answers. */
  id: z
    .string()
    .regex(
      new RegExp(`^exs_[-0-9A-Za-z_]{${PUSH_ID_LENGTH}}$`),
      'A browser session id is exs_ followed by 20 letters, digits, - or _.',
    ),
});

/** The user's own extension sessions: listed on /profile, and signed out one by one. */
export function registerBrowserSessionRoutes(app: App, { auth, extensionSessions }: AppContext) {
  app.get(
    '/api/v1/me/browser-sessions',
    {
      schema: {
        tags,
        summary: 'The browsers where the GroupTrack extension is signed in as this user, newest first',
        response: { 200: z.object({ data: z.array(browserSessionSchema) }) },
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const current = request.extensionSession ? await request.extensionSession.read() : null;
      const sessions = await extensionSessions.list(actor.userId);
      return {
        data: sessions.map((session) => ({
          id: session.id,
          userAgent: session.userAgent,
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          isCurrent: session.id === current?.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/api/v1/me/browser-sessions/:id',
    {
      schema: {
        tags,
        summary: "Signs the extension out on one browser: its token's next call answers 401",
        params: browserSessionParams,
        response: { 204: z.null().meta({ type: 'null', description: 'No content' }) },
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const revoked = await extensionSessions.revoke(actor.userId, request.params.id);
      // Another user's session answers as one that does not exist: ids are not for probing.
      if (!revoked) throw new NotFoundError('No signed-in browser with this id.');
      return reply.status(204).send(null);
    },
  );
}
