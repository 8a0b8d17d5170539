import { z } from 'zod';
import type { AppContext } from '../../context';
import { BadRequestError } from '../../platform/errors';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';
import { SSO_TOKEN_TTL_SECONDS, isAllowedHost, readHost, signSsoToken } from './sso-token';

/** The callable functions of SPEC §7. */
export function registerFunctionRoutes(app: App, { auth, config }: AppContext) {
  app.post(
    '/functions/v2-auth-generateCFToken',
    {
      schema: {
        tags: ['functions'],
        summary: 'A short-lived signed token for a single sign-on link to the marketing site',
        body: z.object({
          /** The marketing-site domain, e.g. grouptrack.co; must be in SSO_ALLOWED_DOMAINS. */
          domain: z.string().min(1).max(253),
          /** Where the marketing site sends the user after signing them in: a path or a URL on that domain. */
          redirect_to: z.string().max(2048).default('/'),
        }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      const { domain, redirect_to } = request.body;
      const host = readHost(domain);
      if (!host || !isAllowedHost(host, config.SSO_ALLOWED_DOMAINS)) {
        throw new BadRequestError(`Invalid domain: ${domain} is not allowed for single sign-on.`);
      }
      if (!redirect_to.startsWith('/') || redirect_to.startsWith('//')) {
        const redirectHost = readHost(redirect_to);
        if (!redirectHost || !isAllowedHost(redirectHost, [host])) {
          throw new BadRequestError(`Invalid redirect_to: it must be a path or an address on ${host}.`);
        }
      }
      const now = Math.floor(Date.now() / 1000);
      const token = signSsoToken(
        {
          sub: actor.userId,
          email: actor.email,
          name: actor.name,
          aud: host,
          redirect_to,
          iat: now,
          exp: now + SSO_TOKEN_TTL_SECONDS,
        },
        config.SSO_SECRET,
      );
      return { token };
    },
  );
}
