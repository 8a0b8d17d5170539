import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TeamRole } from '@grouptrack/domain';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, oneTimeToken } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { and, eq } from 'drizzle-orm';
import type { Config } from './config';
import type { DirectoryDb } from './db/databases';
import type { ExtensionSessions } from './extension-sessions';
import type { Logger } from './logger';
import type { SessionCache } from './session-cache';
import { accounts, sessions, teamMembers, users, verifications } from './db/directory-schema';

export const SUPER_ROLE = 'super';
/** How long the browser extension's one-time sign-in code lives. */
export const EXTENSION_CODE_MINUTES = 2;

export interface AuthDeps {
  config: Pick<Config, 'APP_URL' | 'AUTH_SECRET'>;
  directory: DirectoryDb;
  log: Logger;
  extensionSessions: Pick<ExtensionSessions, 'revokeAll'>;
  sendPasswordResetMail: (input: { email: string; name: string; url: string }) => Promise<void>;
}

/** better-auth: email and password accounts, cookie sessions, password reset, super users. */
export function createAuth({ config, directory, log, extensionSessions, sendPasswordResetMail }: AuthDeps) {
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
    // The one-time code's own endpoints would answer the web session (its token in the body) to
    // whoever holds a code; only our exchange route, which calls them in process, may.
    disabledPaths: ['/one-time-token/generate', '/one-time-token/verify'],
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
      onPasswordReset: async ({ user }) => {
        await markPasswordSet(user.id);
        // Whoever reset the password may be taking the account back: every browser signs in again.
        await extensionSessions.revokeAll(user.id);
      },
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
      // The browser extension's sign-in: /authorize hands it a code it exchanges once, through our
      // own route, for a session of its own (platform/extension-sessions.ts); never the web session.
      oneTimeToken({
        expiresIn: EXTENSION_CODE_MINUTES,
        storeToken: 'hashed',
        disableSetSessionCookie: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The app's origin; on a local address, its localhost and 127.0.0.1 spellings both. */
export function trustedOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return [url.origin];
  return ['localhost', '127.0.0.1'].map(
    (host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`,
  );
}

/** A signed-in user as one read of their session finds them, with their membership of one team. */
export interface SessionMember {
  user: { id: string; email: string; name: string; role: string | null };
  impersonatedBy: string | null;
  /** Null when the user is not a member of the team. */
  membership: { role: TeamRole; groupAccess: string[] } | null;
}

/**
 * Reads a request's session, its user and the user's membership of a team in one statement, for
 * requests that need all three before their own work (search). It answers only where better-auth's
 * getSession would answer the same session unchanged, with nothing to write: a validly signed token
 * of a live session not yet due for its sliding refresh, and no cached session cookie. For anything
 * else it answers undefined, and the caller asks better-auth, which refreshes, clears or refuses.
 * What it reads is remembered in `cache` until the directory announces a change to that user (see
 * session-cache.ts), so a session's next search starts its own SQL at once.
 */
export function createSessionMemberReader(
  auth: Auth,
  directory: DirectoryDb,
  cache: SessionCache<SessionMember>,
) {
  return async (
    cookies: Record<string, string | undefined>,
    teamUID: string,
  ): Promise<SessionMember | undefined> => {
    const { authCookies, secret, sessionConfig } = await auth.$context;
    // better-auth clears a session-data cookie it does not use; leave that to it.
    if (Object.keys(cookies).some((name) => name.startsWith(authCookies.sessionData.name))) return undefined;
    const token = verifySignedCookie(cookies[authCookies.sessionToken.name], secret);
    if (!token) return undefined;
    const key = `${token}\n${teamUID}`;
    const remembered = cache.get(key);
    if (remembered) return remembered;
    const mark = cache.mark();
    const [row] = await directory
      .select({
        user: { id: users.id, email: users.email, name: users.name, role: users.role },
        expiresAt: sessions.expiresAt,
        impersonatedBy: sessions.impersonatedBy,
        memberRole: teamMembers.role,
        groupAccess: teamMembers.groupAccess,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teamUID), eq(teamMembers.userId, sessions.userId)))
      .where(eq(sessions.token, token));
    // better-auth slides a session's expiry once it is updateAge old; an expired one it deletes.
    const refreshDue = (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000;
    const refreshAt = row ? row.expiresAt.getTime() - refreshDue : 0;
    if (!row || refreshAt <= Date.now()) return undefined;
    const read: SessionMember = {
      user: row.user,
      impersonatedBy: row.impersonatedBy,
      membership:
        row.memberRole === null ? null : { role: row.memberRole, groupAccess: row.groupAccess ?? [] },
    };
    cache.remember(key, row.user.id, read, refreshAt, mark);
    return read;
  };
}

export type SessionMemberReader = ReturnType<typeof createSessionMemberReader>;

/** The value of a cookie better-auth signed (`value.base64(HMAC-SHA256)`), or null when the signature fails. */
function verifySignedCookie(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const encoded = cookie.slice(dot + 1);
  // The padded base64 of 32 bytes, as better-auth checks it before verifying.
  if (encoded.length !== 44 || !encoded.endsWith('=')) return null;
  const signature = Buffer.from(encoded, 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
