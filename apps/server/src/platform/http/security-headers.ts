import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
 * The headers helmet sets with these options, worked out once: nothing in them depends on the
 * request. Building helmet's middleware for each request (as @fastify/helmet's `reply.helmet(options)`
 * does) parsed the whole policy again on every answer.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return [...headers];
}

/**
 * Security headers on every answer (helmet's): a Content-Security-Policy, nosniff, no Referer to
 * other sites, framing by the app itself only, and HSTS when the app is served over https. The /bex
 * pages, which the extension shows inside the platforms' pages, may be framed by exactly those
 * platforms and the extension. The web app's screens are all served by the not-found handler, so
 * the choice is made per path, before any handler runs. The headers go on the raw response, so an
 * event stream that writes its own head keeps them.
 */
export function installSecurityHeaders(app: FastifyInstance, config: SecurityConfig) {
  const directives = appDirectives(config);
  const https = new URL(config.APP_URL).protocol === 'https:';
  /** Helmet's options, with the frames' own ancestors when given. */
  const optionsFor = (frameAncestors?: string[]): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: frameAncestors ? { ...directives, 'frame-ancestors': frameAncestors } : directives,
    },
    referrerPolicy: { policy: 'no-referrer' },
    ...(!https && { strictTransportSecurity: false }),
    // X-Frame-Options cannot name other sites; frame-ancestors says who may frame.
    ...(frameAncestors && { xFrameOptions: false }),
  });
  const appHeaders = helmetHeaders(optionsFor());
  const extensionFrameHeaders = helmetHeaders(optionsFor(extensionFrameAncestors(config.EXTENSION_IDS)));
  app.addHook('onRequest', (request, reply, done) => {
    const headers = EXTENSION_FRAME.test(request.url) ? extensionFrameHeaders : appHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
