import { createHmac } from 'node:crypto';

export const SSO_TOKEN_TTL_SECONDS = 300;

export interface SsoClaims {
  sub: string;
  email: string;
  name: string;
  /** The marketing-site domain the token is for; that site checks it. */
  aud: string;
  redirect_to: string;
  iat: number;
  exp: number;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A compact HS256 JWT, so the marketing site can verify it with any JWT library. */
export function signSsoToken(claims: SsoClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The host a domain or URL names, lower-cased; null when it names none. */
export function readHost(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `https://${value}`).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/** A host is allowed when it is a listed domain or a subdomain of one. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((domain) => {
    const listed = domain.toLowerCase();
    return host === listed || host.endsWith(`.${listed}`);
  });
}
