import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_SITES } from '@grouptrack/domain';
import type { Config } from '../config';

/** The social platforms whose pages the extension shows the /bex frames in (SPEC §7). */
const PLATFORM_SITES_LIST = Object.values(PLATFORM_SITES);

/**
 * Who may frame a /bex page: the platforms' pages (www., m., web. and other subdomains) and the
 * extension's own pages (its offscreen document and popup): those of the configured extension ids,
 * or of any extension when none is configured.
 */
export function extensionFrameAncestors(extensionIds: readonly string[] | undefined): string[] {
  return [
    ...PLATFORM_SITES_LIST.flatMap((site) => [`https://${site}`, `https://*.${site}`]),
    ...(extensionIds ? extensionIds.map((id) => `chrome-extension://${id}`) : ['chrome-extension:']),
  ];
}

/** The extension's frames: /bex beside the platforms' pages, and /ext/popup in its toolbar popup. */
const EXTENSION_FRAME = /^\/(bex|ext\/popup)(\/|\?|$)/;

type Directives = Record<string, string[] | null>;

type SecurityConfig = Pick<Config, 'APP_URL' | 'HELP_WIDGET_URL' | 'EXTENSION_IDS'>;

/** What the built web app loads: its own files, Mantine's inline styles, photos from anywhere. */
function appDirectives(config: SecurityConfig): Directives {
  const https = new URL(config.APP_URL).protocol === 'https:';
  // The help widget is a script from its own site, which brings its styles, fonts, calls and frames.
  const widget = config.HELP_WIDGET_URL ? [new URL(config.HELP_WIDGET_URL).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'script-src': ["'self'", ...widget],
    // Mantine sets style attributes and injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...widget],
    // Contact and profile photos come from the platforms' image hosts; avatars are data: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:', ...widget],
    'connect-src': ["'self'", ...widget],
    'frame-src': ["'self'", ...widget],
    // On a plain-http installation (a laptop, a LAN address) upgrading would break every request.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy, nosniff, no
 * Referer to other sites, framing by the app itself only, and HSTS when the app is served over
 * https. The /bex pages, which the extension shows inside the platforms' pages, may be framed by
 * exactly those platforms and the extension. The web app's screens are all served by the not-found
 * handler, so the choice is made per path, before any handler runs.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: SecurityConfig) {
  const directives = appDirectives(config);
  const https = new URL(config.APP_URL).protocol === 'https:';
  await app.register(fastifyHelmet, {
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    ...(!https && { strictTransportSecurity: false }),
  });
  const extensionFrame: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, 'frame-ancestors': extensionFrameAncestors(config.EXTENSION_IDS) },
    },
    // X-Frame-Options cannot name other sites; frame-ancestors says who may frame.
    xFrameOptions: false,
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.helmet(EXTENSION_FRAME.test(request.url) ? extensionFrame : undefined);
  });
}
