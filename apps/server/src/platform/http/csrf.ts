import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trustedOrigins } from '../auth';
import type { Config } from '../config';
import { ForbiddenError } from '../errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The API surfaces our own session cookie reaches; /api/auth has better-auth's own origin check.
 * Matched on the route's pattern, which a percent-encoded spelling of the path (`/%61pi/v1/…`)
 * reaches as well.
 */
const GUARDED_ROUTE = /^\/(api\/v1|api\/v2|search|functions)(\/|$)/;

/**
 * A browser extension's own pages and service worker. A browser sends the app's cookies from
 * there only for an extension granted access to the app's site, which can read them anyway. (The
 * GroupTrack extension itself calls with its own bearer token: see extension-auth.ts.) With
 * EXTENSION_IDS set, only those extensions.
 */
const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/([^/]+)$/;

function isExtension(origin: string, extensionIds: readonly string[] | undefined): boolean {
  const id = EXTENSION_ORIGIN.exec(origin)?.[2];
  return id !== undefined && (!extensionIds || extensionIds.includes(id));
}

/** Where a request says it comes from, when that is a site other than the app's own; else null. */
function foreignSource(
  request: FastifyRequest,
  ownOrigins: ReadonlySet<string>,
  extensionIds: readonly string[] | undefined,
): string | null {
  const { origin } = request.headers;
  if (origin !== undefined) {
    return ownOrigins.has(origin) || isExtension(origin, extensionIds) ? null : `Origin ${origin}`;
  }
  // Without an Origin (older browsers on some requests), Fetch Metadata tells the same story.
  const site = request.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return null;
  return `Sec-Fetch-Site ${Array.isArray(site) ? site.join(', ') : site}`;
}

/**
 * Refuses cross-site request forgery: a write under the API that carries the browser's cookies but
 * comes from another site (SameSite=Lax alone lets a sibling subdomain through). Calls without
 * cookies cannot act as anyone, and those carrying an Authorization header cannot be forged (a
 * page of another site cannot add a header without our CORS approval), so both pass untouched, as
 * do clients that send neither Origin nor Sec-Fetch-Site (scripts, the command line).
 */
export function installCsrfGuard(
  app: FastifyInstance,
  { APP_URL: appUrl, EXTENSION_IDS: extensionIds }: Pick<Config, 'APP_URL' | 'EXTENSION_IDS'>,
) {
  const ownOrigins = new Set(trustedOrigins(appUrl));
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    // No route (a 404) has nothing to protect.
    const route = request.routeOptions.url;
    if (route === undefined || !GUARDED_ROUTE.test(route)) return done();
    if (!request.headers.cookie || request.headers.authorization !== undefined) return done();
    const source = foreignSource(request, ownOrigins, extensionIds);
    if (!source) return done();
    done(
      new ForbiddenError(
        `This request came from another site (${source}) and was refused to protect your account. Use GroupTrack at ${appOrigin}.`,
      ),
    );
  });
}
