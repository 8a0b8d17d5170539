import { createHash, randomBytes } from 'node:crypto';
import { createPushId } from '@grouptrack/domain';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { SessionMember } from './auth';
import type { DirectoryDb } from './db/databases';
import { extensionSessions, teamMembers, users } from './db/directory-schema';

/**
 * How long the browser extension's session lives after its last use: each use renews it, as
 * better-auth renews the web session, so an extension in daily use stays signed in.
 */
export const EXTENSION_SESSION_DAYS = 30;
const EXTENSION_SESSION_MS = EXTENSION_SESSION_DAYS * 24 * 60 * 60 * 1000;

/** A session's last use and expiry are written at most this often: a busy sidebar is not a write per call. */
const TOUCH_INTERVAL_MS = 60_000;

/** Marks our tokens, so a web session's token (or anything else) is refused before any read. */
const TOKEN_PREFIX = 'gtx_';
/** The prefix and 32 random bytes in base64url. */
const TOKEN_LENGTH = TOKEN_PREFIX.length + 43;

/** Longest user agent kept: enough to name a browser, not a place to store a megabyte. */
const USER_AGENT_MAX = 512;

/*
 * Why a table of our own and not better-auth's bearer plugin (checked against better-auth 1.7.7's
 * source): that plugin turns any session token sent as a bearer into the session cookie, for every
 * /api/auth endpoint and from any origin, so a web session's token would work as the extension's and
 * the extension's token could change a password; and better-auth keeps session tokens as they are,
 * so a copy of the sessions table would sign people in. Here a token is 256 random bits, stored only
 * as its SHA-256 (a slow hash adds nothing at that entropy), accepted only by the actor functions
 * and only from the extension's origin (platform/http/extension-auth.ts).
 */

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A session of the extension as one read finds it: its user, and their membership of one team. */
export interface ExtensionSessionMember extends SessionMember {
  sessionId: string;
}

/** An extension session as its user sees it on /profile. */
export interface ExtensionSessionSummary {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

export function createExtensionSessions(directory: DirectoryDb) {
  return {
    /** Starts a session for `userId`; the token is answered once and never stored. */
    async create({ userId, userAgent }: { userId: string; userAgent: string | undefined }) {
      const now = new Date();
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(now.getTime() + EXTENSION_SESSION_MS);
      const id = createPushId('exs_');
      // A user's expired sessions go when they sign a browser in, so the table does not grow forever.
      await directory
        .delete(extensionSessions)
        .where(and(eq(extensionSessions.userId, userId), lte(extensionSessions.expiresAt, now)));
      await directory.insert(extensionSessions).values({
        id,
        userId,
        tokenHash: hashToken(token),
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        createdAt: now,
        lastUsedAt: now,
        expiresAt,
      });
      return { id, token, expiresAt };
    },

    /**
     * The live session of `token` with its user and, when `teamUID` is given, the user's membership
     * of that team, in one statement; null when the token is unknown, expired, revoked, or its user
     * is banned. Not remembered between requests, unlike the web session's read: a revocation then
     * holds on the very next call, in every server process, with no announcement to wait for.
     */
    async read(token: string, teamUID?: string): Promise<ExtensionSessionMember | null> {
      if (token.length !== TOKEN_LENGTH || !token.startsWith(TOKEN_PREFIX)) return null;
      const now = new Date();
      const [row] = await directory
        .select({
          sessionId: extensionSessions.id,
          lastUsedAt: extensionSessions.lastUsedAt,
          user: { id: users.id, email: users.email, name: users.name, role: users.role },
          memberRole: teamMembers.role,
          groupAccess: teamMembers.groupAccess,
        })
        .from(extensionSessions)
        .innerJoin(users, eq(users.id, extensionSessions.userId))
        // Team ids are never empty: without a team, the join finds no membership.
        .leftJoin(
          teamMembers,
          and(eq(teamMembers.teamId, teamUID ?? ''), eq(teamMembers.userId, extensionSessions.userId)),
        )
        .where(
          and(
            eq(extensionSessions.tokenHash, hashToken(token)),
            gt(extensionSessions.expiresAt, now),
            // better-auth's admin plugin bans until ban_expires, or for good when it is empty.
            sql`(${users.banned} IS NOT TRUE OR (${users.banExpires} IS NOT NULL AND ${users.banExpires} <= ${now}))`,
          ),
        );
      if (!row) return null;
      if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        await directory
          .update(extensionSessions)
          .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + EXTENSION_SESSION_MS) })
          .where(eq(extensionSessions.id, row.sessionId));
      }
      return {
        sessionId: row.sessionId,
        user: row.user,
        impersonatedBy: null,
        membership:
          row.memberRole === null ? null : { role: row.memberRole, groupAccess: row.groupAccess ?? [] },
      };
    },

    /** The user's live extension sessions, newest first. */
    async list(userId: string): Promise<ExtensionSessionSummary[]> {
      return directory
        .select({
          id: extensionSessions.id,
          userAgent: extensionSessions.userAgent,
          createdAt: extensionSessions.createdAt,
          lastUsedAt: extensionSessions.lastUsedAt,
          expiresAt: extensionSessions.expiresAt,
        })
        .from(extensionSessions)
        .where(and(eq(extensionSessions.userId, userId), gt(extensionSessions.expiresAt, new Date())))
        .orderBy(desc(extensionSessions.createdAt), desc(extensionSessions.id));
    },

    /** Ends one of the user's sessions; false when they have none by that id. */
    async revoke(userId: string, id: string): Promise<boolean> {
      const deleted = await directory
        .delete(extensionSessions)
        .where(and(eq(extensionSessions.id, id), eq(extensionSessions.userId, userId)))
        .returning({ id: extensionSessions.id });
      return deleted.length > 0;
    },

    /** Ends every extension session of the user (a password reset signs every browser out). */
    async revokeAll(userId: string): Promise<void> {
      await directory.delete(extensionSessions).where(eq(extensionSessions.userId, userId));
    },
  };
}

export type ExtensionSessions = ReturnType<typeof createExtensionSessions>;
