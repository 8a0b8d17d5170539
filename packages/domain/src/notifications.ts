import { NOTIFICATION_SNOOZE_MS } from './constants';

/** Where a notification shows: the web app, the extension, or both. */
export type NotificationPlatform = 'web' | 'extension' | 'any';

/** How a notification shows. */
export type NotificationType = 'toast' | 'banner' | 'modal';

/** A surface a notification can be shown on. */
export type NotificationSurface = 'web' | 'extension';

/** An app-wide notification (SPEC §3). */
export interface AppNotification {
  notificationId: string;
  published: boolean;
  platform: NotificationPlatform;
  type: NotificationType;
  title: string;
  text: string;
  link?: string;
  linkText?: string;
  fontColor?: string;
  backgroundColor?: string;
  backgroundIcon?: string;
  position?: string;
  page?: { value: string };
}

/** A parsed 'seenDate|snoozeUntilDate' value; snoozeUntil 0 means never show again. */
export interface SeenValue {
  seenAt: number;
  snoozeUntil: number;
  isNeverShowAgain: boolean;
}

/** Where and when notifications are being shown, with the user's seen values by notification id. */
export interface NotificationContext {
  surface: NotificationSurface;
  path: string;
  seen: Readonly<Record<string, string>> | undefined;
  now: number;
}

/** Input of isNotificationVisible. */
export interface NotificationVisibilityInput {
  notification: AppNotification;
  surface: NotificationSurface;
  path: string;
  seenValue: string | undefined;
  now: number;
}

/** Parses a 'seenDate|snoozeUntilDate' value, or returns null when it is missing or malformed. */
export function parseSeenValue(value: string | null | undefined): SeenValue | null {
  const match = /^\s*(\d+)\|(\d+)\s*$/.exec(value ?? '');
  if (!match) {
    return null;
  }
  const seenAt = Number(match[1]);
  const snoozeUntil = Number(match[2]);
  return { seenAt, snoozeUntil, isNeverShowAgain: snoozeUntil === 0 };
}

/** Formats the seen value that hides a notification for 24 hours from `now`. */
export function formatDismissed(now: number): string {
  return `${now}|${now + NOTIFICATION_SNOOZE_MS}`;
}

/** Formats the seen value that hides a notification for good. */
export function formatNeverShowAgain(now: number): string {
  return `${now}|0`;
}

/** Checks whether a notification shows on this surface and page now (SPEC §4). */
export function isNotificationVisible(input: NotificationVisibilityInput): boolean {
  const { notification, surface, path, now } = input;
  if (!notification.published) {
    return false;
  }
  if (notification.platform !== 'any' && notification.platform !== surface) {
    return false;
  }
  if (!isPageMatch(notification.page?.value, path)) {
    return false;
  }
  const seen = parseSeenValue(input.seenValue);
  if (!seen) {
    return true;
  }
  return !seen.isNeverShowAgain && now >= seen.snoozeUntil;
}

/** Selects the notifications to show in a context, keeping their order. */
export function selectVisibleNotifications(
  list: readonly AppNotification[],
  ctx: NotificationContext,
): AppNotification[] {
  return list.filter((notification) =>
    isNotificationVisible({
      notification,
      surface: ctx.surface,
      path: ctx.path,
      seenValue: ctx.seen?.[notification.notificationId],
      now: ctx.now,
    }),
  );
}

/** Checks whether a notification's page value matches a path: empty matches all, '/a' matches '/a' and '/a/…', '/a*' matches any path starting with '/a'. */
export function isPageMatch(pageValue: string | null | undefined, path: string): boolean {
  const pattern = (pageValue ?? '').trim();
  if (pattern === '') {
    return true;
  }
  if (pattern.endsWith('*')) {
    return path.startsWith(pattern.slice(0, -1));
  }
  const base = pattern.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}
