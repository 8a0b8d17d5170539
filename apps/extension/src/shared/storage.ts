import type { ExtensionUser, SocialPlatform } from '@grouptrack/domain';

/** The extension's sign-in: the server it signed in at and the token that server gave it. */
export interface ExtensionSession {
  /** The server's origin, e.g. http://localhost:3000: the page the sign-in came from. */
  serverUrl: string;
  token: string;
  /** When the server said the token expires; the server renews it on use, so a 401 is what ends it. */
  expiresAt: string;
  user: ExtensionUser;
}

/** Whether the server answered the last time the extension called it. */
export interface ConnectionState {
  state: 'ok' | 'unreachable';
  serverUrl: string;
  /** When the extension next tries again, while unreachable (ms since the epoch). */
  retryAt: number | null;
  /** How many tries in a row have failed: the next wait grows with it. */
  failures: number;
}

/**
 * What the extension keeps in chrome.storage.local, which outlives the service worker (stopped when
 * idle) and browser restarts.
 */
export interface StoredState {
  session?: ExtensionSession;
  connection?: ConnectionState;
  /** The server address entered in the options page, where "Sign in" goes. */
  serverAddress?: string;
  /** Until when automated actions hold back after wait_a_bit (ms since the epoch). */
  holdUntil?: number;
  /** The tab each platform's queued messages are sent in, reused from one message to the next. */
  workTabs?: Partial<Record<SocialPlatform, number>>;
  /** The texts the queue typed lately, which the safety stops never take for the user's own. */
  queueTexts?: { platform: SocialPlatform; text: string; at: number }[];
}

export async function readStored<K extends keyof StoredState>(key: K): Promise<StoredState[K]> {
  const values = await chrome.storage.local.get<StoredState>(key);
  return values[key];
}

export async function writeStored(values: StoredState): Promise<void> {
  await chrome.storage.local.set(values);
}

export async function removeStored(...keys: (keyof StoredState)[]): Promise<void> {
  await chrome.storage.local.remove(keys);
}

/** The address "Sign in" opens when none is entered: a server started on this computer with its defaults. */
export const DEFAULT_SERVER_ADDRESS = 'http://localhost:3000';

/**
 * A server address as an origin (scheme, host and port), or null when it is not an http(s) address.
 * Paths and trailing slashes are dropped: the extension calls /api/… at the origin.
 */
export function toServerOrigin(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.origin;
}

/** Whether an origin is a server on this computer, which the extension may reach without asking. */
export function isLocalOrigin(origin: string): boolean {
  const { protocol, hostname } = new URL(origin);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1');
}
