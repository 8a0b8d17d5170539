import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { AdapterError } from '../adapter-error';
import type { HttpClient, HttpResponse, RateLimit } from '../http-client';

/** The scope that lets a service account read and write the spreadsheets shared with it. */
export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/** Google's token endpoint, which is also the audience every assertion must name. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The grant type that trades a signed service-account assertion for an access token. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The longest an assertion may live, in seconds (Google refuses more than an hour). */
const ASSERTION_LIFETIME_S = 3600;

/** How long before its expiry a cached access token is replaced, so no call carries a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

/** Access tokens by connection: the adapter is built per delivery, the token lasts an hour. */
const tokenCache = new Map<string, { token: Promise<string>; value: string | null; expiresAt: number }>();

/** A service account's access tokens: fetched once, reused until shortly before they expire. */
export interface ServiceAccountTokens {
  /** A valid access token, from the cache or freshly fetched. */
  get(): Promise<string>;
  /** Drops `token` from the cache (the API refused it), so the next get() fetches another. */
  forget(token: string): void;
}

/**
 * Fetches access tokens for a service account through the http client, caching them under
 * `cacheKey` (one entry per connection and account). A refusal of the assertion is an `auth` error.
 */
export function createServiceAccountTokens(options: {
  cacheKey: string;
  tokenUrl: string;
  email: string;
  privateKey: string;
  http: HttpClient;
  limitKey: string;
  limit: RateLimit;
  describeError: (response: HttpResponse) => string | null;
}): ServiceAccountTokens {
  const { cacheKey } = options;

  const fetchToken = async (): Promise<{ value: string; expiresInS: number }> => {
    const key = readServiceAccountKey(options.privateKey);
    const assertion = signServiceAccountAssertion({ email: options.email, key, now: Date.now() });
    let response: HttpResponse;
    try {
      response = await options.http.request(
        { method: 'POST', url: options.tokenUrl, form: { grant_type: JWT_BEARER_GRANT, assertion } },
        { limitKey: options.limitKey, limit: options.limit, describeError: options.describeError },
      );
    } catch (error) {
      // Google answers a bad signature, an unknown account or a disabled key with 400 invalid_grant:
      // each is the credentials refused, not this one call.
      if (
        error instanceof AdapterError &&
        error.status !== null &&
        error.status >= 400 &&
        error.status < 404
      ) {
        throw new AdapterError('auth', error.message, { cause: error, status: error.status });
      }
      throw error;
    }
    const body = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw new AdapterError('temporary', "Google's token endpoint answered without an access token.", {
        status: response.status,
      });
    }
    const expiresInS = typeof body.expires_in === 'number' ? body.expires_in : ASSERTION_LIFETIME_S;
    return { value: body.access_token, expiresInS };
  };

  return {
    get() {
      const cached = tokenCache.get(cacheKey);
      // A pending fetch is shared, so deliveries starting together ask for one token.
      if (cached && (cached.value === null || cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()))
        return cached.token;
      const entry = { token: Promise.resolve(''), value: null as string | null, expiresAt: 0 };
      entry.token = fetchToken().then(
        ({ value, expiresInS }) => {
          entry.value = value;
          entry.expiresAt = Date.now() + expiresInS * 1000;
          return value;
        },
        (error: unknown) => {
          if (tokenCache.get(cacheKey) === entry) tokenCache.delete(cacheKey);
          throw error;
        },
      );
      tokenCache.set(cacheKey, entry);
      return entry.token;
    },
    forget(token) {
      if (tokenCache.get(cacheKey)?.value === token) tokenCache.delete(cacheKey);
    },
  };
}

/**
 * Reads the private_key of a service account's JSON key file (PEM, PKCS#8). A key pasted straight
 * from the JSON string keeps its `\n` escapes, so those are turned back into line breaks first.
 */
export function readServiceAccountKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(normalisePem(pem));
  } catch (error) {
    throw new AdapterError(
      'auth',
      'The service account private key could not be read: paste the private_key of the JSON key file, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----.',
      { cause: error },
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new AdapterError(
      'auth',
      'The service account private key is not an RSA key, as Google issues them.',
    );
  }
  return key;
}

/** Signs the RS256 assertion a service account trades at the token endpoint for an access token. */
export function signServiceAccountAssertion(options: { email: string; key: KeyObject; now: number }): string {
  const iat = Math.floor(options.now / 1000);
  const header = encodeSegment({ alg: 'RS256', typ: 'JWT' });
  const claims = encodeSegment({
    iss: options.email,
    scope: SHEETS_SCOPE,
    aud: GOOGLE_TOKEN_URL,
    iat,
    exp: iat + ASSERTION_LIFETIME_S,
  });
  const signingInput = `${header}.${claims}`;
  const signature = sign('RSA-SHA256', Buffer.from(signingInput), options.key).toString('base64url');
  return `${signingInput}.${signature}`;
}

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A PEM as pasted: from the JSON key file (with `\\n` escapes), or into a one-line field that turned
 * its line breaks into spaces. Rebuilt with its lines, as the key reader wants them.
 */
function normalisePem(pem: string): string {
  const text = pem.replace(/\\n/g, '\n').trim();
  const match = /^(-----BEGIN [A-Z ]+-----)([\s\S]*?)(-----END [A-Z ]+-----)$/.exec(text);
  if (!match) return text;
  const body = match[2]!.replace(/\s+/g, '');
  return `${match[1]}\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n${match[3]}\n`;
}
