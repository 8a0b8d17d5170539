import type { Config } from '../../platform/config';
import { BadRequestError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import { SSO_TOKEN_TTL_SECONDS, isAllowedHost, readHost, signSsoToken } from './sso-token';

/**
 * A signed token for a single sign-on link to an allowed marketing-site domain, with the host it
 * is for. Any other domain, and a redirect to another site, is refused.
 */
export function createSsoToken(
  actor: Actor,
  input: { domain: string; redirect_to: string },
  config: Pick<Config, 'SSO_SECRET' | 'SSO_ALLOWED_DOMAINS'>,
  now = Date.now(),
) {
  const { domain, redirect_to } = input;
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
  const issuedAt = Math.floor(now / 1000);
  const token = signSsoToken(
    {
      sub: actor.userId,
      email: actor.email,
      name: actor.name,
      aud: host,
      redirect_to,
      iat: issuedAt,
      exp: issuedAt + SSO_TOKEN_TTL_SECONDS,
    },
    config.SSO_SECRET,
  );
  return { token, host };
}
