import type { Engine } from './db/engine';

/** Where the directory announces changes to sessions, users and memberships (directory migration 0004). */
const CHANNEL = 'session_access';

/** The longest a remembered session is trusted before it is read again, announced or not. */
const REMEMBER_MS = 60_000;

/** How many sessions a process remembers, so a busy server's memory stays bounded. */
const MAX_ENTRIES = 10_000;

/**
 * Sessions, each with what it may do in one team, remembered between requests so that a request
 * need not read them again before its own work. What is remembered is forgotten when the directory
 * announces a change to its user (a sign-out, a revoked or refreshed session, a role, access or
 * membership change: triggers send the user's id when the change commits), after a minute at most,
 * and all at once whenever the announcements' connection drops: while it is down nothing is
 * remembered, since announcements sent meanwhile are lost. Another server process's change thus
 * shows here as soon as its announcement arrives (milliseconds), not on the very next request.
 */
export interface SessionCache<T> {
  /** What is remembered under `key`, while it can be trusted. */
  get(key: string): T | undefined;
  /** Taken before reading what will be remembered: a change announced during the read is not missed. */
  mark(): number;
  /** Remembers `value` of `userId` until `until` (epoch ms), unless a change was announced since `mark`. */
  remember(key: string, userId: string, value: T, until: number, mark: number): void;
  /**
   * Forgets a user's sessions at once: the process that changed their access calls it after the
   * change commits, so its own next request sees the change without waiting for the announcement.
   */
  forget(userId: string): void;
  stop(): Promise<void>;
}

interface Entry<T> {
  userId: string;
  value: T;
  until: number;
}

export async function startSessionCache<T>(engine: Engine): Promise<SessionCache<T>> {
  const entries = new Map<string, Entry<T>>();
  /** Counts announcements and connection changes: a read that spans one is not remembered. */
  let changes = 0;
  let live = true;
  const forget = (userId: string) => {
    changes += 1;
    if (userId === '*') return entries.clear();
    for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
  };
  const stop = await engine.listen(CHANNEL, forget, (connected) => {
    live = connected;
    forget('*');
  });
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (live && entry.until > Date.now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    mark: () => changes,
    forget,
    remember(key, userId, value, until, mark) {
      if (!live || mark !== changes) return;
      entries.delete(key);
      entries.set(key, { userId, value, until: Math.min(until, Date.now() + REMEMBER_MS) });
      // Maps keep insertion order: the first key is the one remembered longest ago.
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    async stop() {
      entries.clear();
      live = false;
      await stop();
    },
  };
}
