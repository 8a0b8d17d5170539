import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { UnauthorizedError } from '../errors';
import type { ExtensionSessionMember, ExtensionSessions } from '../extension-sessions';

/** The session a request's bearer token names, read when an actor function first asks for it. */
export interface RequestExtensionSession {
  /** The session with its user and their membership of `teamUID`; null when it no longer signs in. */
  read(teamUID?: string): Promise<ExtensionSessionMember | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set when the request carries `Authorization: Bearer` from the extension's origin; the actor
     * functions then act as that session's user and never read the cookie.
     */
    extensionSession: RequestExtensionSession | null;
  }
}

/** A Chrome extension's origin: its id is 32 letters a to p. */
const EXTENSION_ORIGIN = /^chrome-extension:\/\/([a-p]{32})$/;

/** Whether `origin` is the GroupTrack extension's: any Chrome extension, or one of EXTENSION_IDS when set. */
export function isExtensionOrigin(origin: string | undefined, extensionIds: readonly string[] | undefined) {
  const id = origin === undefined ? undefined : EXTENSION_ORIGIN.exec(origin)?.[1];
  return id !== undefined && (!extensionIds || extensionIds.includes(id));
}

/** What a request says about where it comes from. */
export interface RequestSource {
  method: string;
  origin: string | undefined;
  /** The Sec-Fetch-Site header. */
  fetchSite: string | undefined;
}

/**
 * Whether a request comes from the extension's own pages or service worker. Chromium (checked on
 * 156) sends `Origin: chrome-extension://<id>` on the extension's POST, PUT, PATCH and DELETE, but
 * no Origin at all on its GET and HEAD to a site it has access to, only `Sec-Fetch-Site: none`:
 * a value no web page's request carries (a page's are same-origin, same-site or cross-site), and
 * otherwise only a typed address, which sends no Authorization header. So a read without Origin
 * counts when Sec-Fetch-Site says none; it cannot name the extension's id, and a write always must.
 */
export function isFromExtension(
  { method, origin, fetchSite }: RequestSource,
  extensionIds: readonly string[] | undefined,
) {
  if (origin !== undefined) return isExtensionOrigin(origin, extensionIds);
  return (method === 'GET' || method === 'HEAD') && fetchSite === 'none';
}

export const EXTENSION_ONLY_MESSAGE =
  "This token is for the GroupTrack browser extension only: it is accepted only from the extension's own origin.";

export const EXTENSION_SIGNED_OUT_MESSAGE =
  "This browser's GroupTrack sign-in has expired or was signed out. Sign the GroupTrack extension in again.";

function bearerToken(authorization: string | undefined): string | null {
  if (authorization === undefined || authorization.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  return authorization.slice(7).trim();
}

/**
 * Accepts the extension's bearer token from the extension only (see isFromExtension: its writes
 * carry `Origin: chrome-extension://<id>`, which no web page can set), and refuses a bearer from
 * anywhere else, or from nowhere, with a 401 before any route runs: a token copied out of the
 * extension then signs in from no web page. Any other Authorization scheme is left to the routes.
 */
export function installExtensionAuth(
  app: FastifyInstance,
  {
    config: { EXTENSION_IDS: extensionIds },
    extensionSessions,
  }: { config: Pick<Config, 'EXTENSION_IDS'>; extensionSessions: ExtensionSessions },
) {
  app.decorateRequest('extensionSession', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const source = {
      method: request.method,
      origin: request.headers.origin,
      fetchSite: typeof fetchSite === 'string' ? fetchSite : undefined,
    };
    if (!isFromExtension(source, extensionIds)) {
      return done(new UnauthorizedError(EXTENSION_ONLY_MESSAGE));
    }
    // One read per team in a request: a route that asks twice (the actor, then the calling
    // session's id) neither reads nor renews the session twice.
    const reads = new Map<string, Promise<ExtensionSessionMember | null>>();
    request.extensionSession = {
      read(teamUID) {
        const key = teamUID ?? '';
        let read = reads.get(key);
        if (!read) reads.set(key, (read = extensionSessions.read(token, teamUID)));
        return read;
      },
    };
    done();
  });
}
