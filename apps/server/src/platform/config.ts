import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const listFromEnv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const DEFAULT_PORT = 3000;

/** Every setting the server reads from its environment, with its default. README.md lists them. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  /**
   * Public address of the app, used in links sent by mail, in auth cookies and as the one origin
   * allowed to write; unset, it is http://localhost:<PORT>.
   */
  APP_URL: z.url().optional(),
  /** Folder of the embedded database (PGlite) when no DATABASE_URL is set. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server for the user directory (and the team shards unless TEAM_SHARD_URLS is set). */
  DATABASE_URL: z.string().optional(),
  /** Comma-separated team shard databases S1..Sn; a team's shard is a stable hash of its id. */
  TEAM_SHARD_URLS: listFromEnv.optional(),
  /** Which parts run in this process: the HTTP API, the background workers, or both. */
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for session cookies and signed tokens; set it in production. */
  AUTH_SECRET: z.string().min(32).default('grouptrack-development-secret-change-me-0123456789'),
  /** Sign-in attempts allowed per address and email within AUTH_SIGNIN_WINDOW_MINUTES. */
  AUTH_SIGNIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins allowed per address, whatever the emails; unset, 5 x AUTH_SIGNIN_MAX_ATTEMPTS. */
  AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  AUTH_SIGNIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** smtp://user:pass@host:port; without it mail is logged and kept in the outbox only. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('GroupTrack <no-reply@grouptrack.local>'),
  /** A Twilio-compatible SMS API (https://api.twilio.com, or another with the same Messages call). */
  SMS_API_URL: z.url().optional(),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  /** The number SMS reminders are sent from, in E.164 form (+15551234567). */
  SMS_FROM: z.string().optional(),
  /** Secret that signs single sign-on tokens for the marketing site. */
  SSO_SECRET: z.string().min(16).default('grouptrack-development-sso-secret'),
  SSO_ALLOWED_DOMAINS: listFromEnv.default([]),
  /** Create the demo user and team on first start with an empty database. */
  SEED_DEMO: booleanFromEnv.default(true),
  /** Where the built web app is served from. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Whom to believe about the client's address in X-Forwarded-For: the proxies' addresses or ranges
   * (loopback, 10.0.0.0/8), so a client cannot add entries of its own; or true for every entry.
   */
  TRUST_PROXY: z
    .string()
    .transform((value): boolean | string[] =>
      /^(true|false|1|0|yes|no)$/i.test(value) ? /^(true|1|yes)$/i.test(value) : listFromEnv.parse(value),
    )
    .default(false),
  /**
   * The Chrome extension's ids (32 letters a–p each). Set, only that extension may frame the /bex
   * pages and write with the app's cookies; unset (development, an unpacked extension), any may.
   */
  EXTENSION_IDS: listFromEnv
    .pipe(z.array(z.string().regex(/^[a-p]{32}$/, 'a Chrome extension id is 32 letters a to p')))
    .optional(),
  /** A help widget script the web app loads when set. */
  HELP_WIDGET_URL: z.url().optional(),
  /** The terms of service the sign-up's checkbox links to. */
  TERMS_URL: z.url().default('https://grouptrack.co/terms'),
  /** Whom Billing tells a team to write to about upgrading; unset, Billing says no contact is set up. */
  OPERATOR_EMAIL: z.email().optional(),
  /**
   * Where the getting-started checklist sends people to install the browser extension. Unset until
   * the server offers the extension: the checklist then names the step without a link.
   */
  EXTENSION_INSTALL_URL: z.url().optional(),
  /**
   * The browser extension's zip, which the server offers at /extension/grouptrack-extension.zip and
   * /setup/extension explains: what `npm run build -w apps/extension` writes, unless moved. While it
   * exists, EXTENSION_INSTALL_URL defaults to that page.
   */
  EXTENSION_ZIP_PATH: z
    .string()
    .default(path.resolve(import.meta.dirname, '../../../extension/dist-zip/grouptrack-extension.zip')),
  /** Hosting default domains (e.g. project.web.app); opened there, the app sends users to APP_URL. */
  HOSTING_DEFAULT_DOMAINS: listFromEnv.default([]),
  /** Shows the downtime notice at /maintenance instead of sending users on to their pipeline. */
  MAINTENANCE_MODE: booleanFromEnv.default(false),
  /**
   * AI writing: an OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio). With neither a base
   * address nor a key, the built-in offline writer composes drafts and nothing leaves the server.
   */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  /** How long one AI answer may take before it is given up, in milliseconds. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** AI calls one user may make per minute. */
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Image hosts profile photos may be downloaded from, besides the platforms' own (fbcdn.net,
   * cdninstagram.com, licdn.com, pinimg.com, tiktokcdn.com, tiktokcdn-us.com, ytimg.com, ggpht.com,
   * googleusercontent.com, assets.skool.com); each host's subdomains count too.
   */
  PHOTO_HOSTS: listFromEnv
    .pipe(z.array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a host name such as images.example.com')))
    .default([]),
  /**
   * Tests only, refused in production: an http origin on this machine (such as http://127.0.0.1:4199)
   * that every profile photo is fetched from in place of the platform's image host, whose address is
   * still checked. The end-to-end journeys' stand-in image host.
   */
  PHOTO_TEST_UPSTREAM: z
    .string()
    .regex(/^http:\/\/127\.0\.0\.1:\d+$/, 'an address such as http://127.0.0.1:4199')
    .optional(),
  /**
   * An S3-compatible store for downloaded profile photos (AWS S3, MinIO, R2…), addressed path-style
   * (<endpoint>/<bucket>/<key>). Unset, photos are files under DATA_DIR/photos.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /**
   * 32 random bytes, base64 (openssl rand -base64 32): encrypts connections' credentials at rest
   * (AES-256-GCM). Required in production; elsewhere a key derived from AUTH_SECRET stands in.
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, '32 random bytes in base64')
    .optional(),
  /**
   * The delays between tries of a failed sync delivery, in seconds, comma-separated; after the last
   * the delivery is dead-lettered. Unset: 5, 60, 300, 1800, 7200, 18000, 36000, 36000 (about a day).
   */
  SYNC_RETRY_SCHEDULE: listFromEnv
    .pipe(
      z
        .array(z.string().regex(/^\d+$/, 'whole seconds').transform(Number))
        .min(1)
        .refine(
          (delays) => delays.every((delay) => delay >= 1 && delay <= 604_800),
          'each between 1 and 604800',
        ),
    )
    .optional(),
  /**
   * Whether connections may call this machine and private networks (a webhook to 127.0.0.1 or
   * 10.x): unset, only outside production, so an admin's URL cannot reach the server's own network.
   */
  CONNECTIONS_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.optional(),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
});

/** The settings, with the defaults that follow other settings filled in. */
export type Config = ReturnType<typeof withDerivedDefaults>;

function withDerivedDefaults(set: z.infer<typeof configSchema>) {
  return {
    ...set,
    // PORT 0 asks for any free port (tests), which no address can name in advance.
    APP_URL: set.APP_URL ?? `http://localhost:${set.PORT === 0 ? DEFAULT_PORT : set.PORT}`,
    AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS:
      set.AUTH_SIGNIN_MAX_ATTEMPTS_PER_ADDRESS ?? 5 * set.AUTH_SIGNIN_MAX_ATTEMPTS,
    CONNECTIONS_ALLOW_PRIVATE_ADDRESSES:
      set.CONNECTIONS_ALLOW_PRIVATE_ADDRESSES ?? set.NODE_ENV !== 'production',
  };
}

/** Parses the environment once at start; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const set = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SECRETS_KEY) {
    throw new Error(
      'Invalid configuration:\n  SECRETS_KEY: required in production, to encrypt connections’ credentials (openssl rand -base64 32)',
    );
  }
  return withDerivedDefaults(parsed.data);
}
