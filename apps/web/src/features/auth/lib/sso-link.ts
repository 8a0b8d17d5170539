import { sanitizeNextPath } from '@grouptrack/domain';

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Builds the plain (unsigned) link to the marketing site that SPEC §8 falls back to when single sign-on
 * fails: https://{domain}{redirect_to}. Null when the domain is not a host name or redirect_to points
 * anywhere but a path or a URL on that same domain.
 */
export function buildPlainSsoLink(domain: string, redirectTo: string | null): string | null {
  if (!HOST_NAME.test(domain)) return null;
  const target = redirectTo ?? '/';
  if (target.startsWith('/')) {
    const path = sanitizeNextPath(target);
    return path === '/' && target !== '/' ? null : `https://${domain}${path}`;
  }
  if (!URL.canParse(target)) return null;
  const url = new URL(target);
  return url.protocol === 'https:' && url.hostname.toLowerCase() === domain.toLowerCase()
    ? url.toString()
    : null;
}
