import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import { createSsoToken } from './sso.service';

/** The body of a single sign-on request, shared by the callable function and /authorize. */
export const ssoRequestSchema = z.object({
  /** The marketing-site domain, e.g. grouptrack.co; must be in SSO_ALLOWED_DOMAINS. */
  domain: z.string().min(1).max(253),
  /** Where the marketing site sends the user after signing them in: a path or a URL on that domain. */
  redirect_to: z.string().max(2048).default('/'),
});

/** The callable functions of SPEC §7. */
export function registerFunctionRoutes(app: App, { auth, config }: AppContext) {
  app.post(
    '/functions/v2-auth-generateCFToken',
    {
      schema: {
        tags: ['functions'],
        summary: 'A short-lived signed token for a single sign-on link to the marketing site',
        body: ssoRequestSchema,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { token: createSsoToken(actor, request.body, config).token };
    },
  );
}
