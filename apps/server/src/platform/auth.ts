import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, oneTimeToken } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import type { DirectoryDb } from './db/databases';
import type { Logger } from './logger';
import { accounts, sessions, users, verifications } from './db/directory-schema';

export const SUPER_ROLE = 'super';
/** How long the browser extension's one-time sign-in code lives. */
export const EXTENSION_CODE_MINUTES = 2;

export interface AuthDeps {
  config: Pick<Config, 'APP_URL' | 'AUTH_SECRET'>;
  directory: DirectoryDb;
  log: Logger;
  sendPasswordResetMail: (input: { email: string; name: string; url: string }) => Promise<void>;
}

/** better-auth: email and password accounts, cookie sessions, password reset, super users. */
export function createAuth({ config, directory, log, sendPasswordResetMail }: AuthDeps) {
  const markPasswordSet = async (userId: string) => {
    await directory.update(users).set({ passwordSet: true }).where(eq(users.id, userId));
  };
  return betterAuth({
    appName: 'GroupTrack',
    baseURL: config.APP_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config.APP_URL),
    telemetry: { enabled: false },
    // better-auth's notices (e.g. a wrong password) join our structured logs, at debug level.
    logger: { log: (level, message) => log[level === 'error' ? 'error' : 'debug']({ auth: true }, message) },
    // Sign-in attempts are limited by our own route (it keys on address and email, in the database).
    rateLimit: { enabled: false },
    database: drizzleAdapter(directory, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.APP_URL}/password-reset?token=${encodeURIComponent(token)}`;
        await sendPasswordResetMail({ email: user.email, name: user.name, url });
      },
      onPasswordReset: async ({ user }) => markPasswordSet(user.id),
    },
    databaseHooks: {
      account: {
        create: {
          after: async (account) => {
            if (account.providerId === 'credential') await markPasswordSet(account.userId);
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: [SUPER_ROLE],
        roles: { [SUPER_ROLE]: adminAc, user: userAc },
        impersonationSessionDuration: 60 * 60,
      }),
      // The browser extension's sign-in: /authorize hands it a code it exchanges once.
      oneTimeToken({ expiresIn: EXTENSION_CODE_MINUTES, storeToken: 'hashed' }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The app's origin; on a local address, its localhost and 127.0.0.1 spellings both. */
function trustedOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  return ['localhost', '127.0.0.1'].map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  );
}
