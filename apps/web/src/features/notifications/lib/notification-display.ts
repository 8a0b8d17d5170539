import { parseSeenValue, selectVisibleNotifications } from '@grouptrack/domain';
import type { AppNotification, NotificationContext } from '@grouptrack/domain';

/** The user's seen values by notification id ('seenDate|snoozeUntilDate', SPEC §3). */
export type SeenNotifications = Readonly<Record<string, string>>;

/** The notifications to show now, by how they show. */
export interface NotificationsByType {
  toasts: AppNotification[];
  banners: AppNotification[];
  modals: AppNotification[];
}

/** Toast positions Mantine knows; anything else falls back to the app's default corner. */
export const TOAST_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;

export type ToastPosition = (typeof TOAST_POSITIONS)[number];

/** Reads the seen values of `GET /api/v1/me`, ignoring anything that is not a string. */
export function readSeenNotifications(user: unknown): SeenNotifications | undefined {
  if (!isRecord(user) || !isRecord(user.notifications)) return undefined;
  const seen: Record<string, string> = {};
  for (const [notificationId, value] of Object.entries(user.notifications)) {
    if (typeof value === 'string') seen[notificationId] = value;
  }
  return seen;
}

/** Gives back the user with one more seen value, leaving the original untouched. */
export function withSeenValue<User extends object>(
  user: User | undefined,
  notificationId: string,
  value: string,
): User | undefined {
  if (!user) return user;
  return { ...user, notifications: { ...readSeenNotifications(user), [notificationId]: value } };
}

/** Selects the notifications visible in a context (SPEC §4) and sorts them by type, keeping their order. */
export function selectNotificationsByType(
  list: readonly AppNotification[],
  ctx: NotificationContext,
): NotificationsByType {
  const grouped: NotificationsByType = { toasts: [], banners: [], modals: [] };
  for (const notification of selectVisibleNotifications(list, ctx)) {
    switch (notification.type) {
      case 'toast':
        grouped.toasts.push(notification);
        break;
      case 'banner':
        grouped.banners.push(notification);
        break;
      case 'modal':
        grouped.modals.push(notification);
        break;
    }
  }
  return grouped;
}

/**
 * Finds when the next snoozed notification of this context comes back (its snoozeUntil), or null when
 * none will, so the page can show it without a reload.
 */
export function findNextVisibilityChange(
  list: readonly AppNotification[],
  ctx: NotificationContext,
): number | null {
  let next: number | null = null;
  for (const notification of list) {
    const seen = parseSeenValue(ctx.seen?.[notification.notificationId]);
    if (!seen || seen.isNeverShowAgain || seen.snoozeUntil <= ctx.now) continue;
    // Ask the domain rule whether it would show once the snooze is over, so page and platform still count.
    const wouldShow =
      selectVisibleNotifications([notification], { ...ctx, now: seen.snoozeUntil }).length === 1;
    if (wouldShow && (next === null || seen.snoozeUntil < next)) next = seen.snoozeUntil;
  }
  return next;
}

/** Picks the toasts not yet shown in this page view. */
export function selectToastsToShow(
  toasts: readonly AppNotification[],
  shownIds: ReadonlySet<string>,
): AppNotification[] {
  return toasts.filter((toast) => !shownIds.has(toast.notificationId));
}

/** Reads a notification's position as a toast position, or undefined for the default corner. */
export function toToastPosition(position: string | undefined): ToastPosition | undefined {
  return (TOAST_POSITIONS as readonly (string | undefined)[]).includes(position)
    ? (position as ToastPosition)
    : undefined;
}

/** Reads a link as a path inside the app (a path, or an address on the app's own origin), or null for another site. */
export function toInAppPath(link: string, appOrigin: string): string | null {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  return url.origin === appOrigin ? `${url.pathname}${url.search}${url.hash}` : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
