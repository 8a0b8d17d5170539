import { NOTIFICATION_SNOOZE_MS, formatDismissed, formatNeverShowAgain } from '@grouptrack/domain';
import type { AppNotification, NotificationContext } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  findNextVisibilityChange,
  readSeenNotifications,
  selectNotificationsByType,
  selectToastsToShow,
  toInAppPath,
  toToastPosition,
  withSeenValue,
} from './notification-display';

const NOW = Date.UTC(2025, 0, 15, 12);

function buildNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    notificationId: 'ntf_1',
    published: true,
    platform: 'web',
    type: 'banner',
    title: 'New pipelines',
    text: 'Pipelines are here.',
    page: { value: '/profile' },
    ...overrides,
  };
}

function buildContext(overrides: Partial<NotificationContext> = {}): NotificationContext {
  return { surface: 'web', path: '/profile/profile', seen: {}, now: NOW, ...overrides };
}

describe('selectNotificationsByType', () => {
  it('sorts visible notifications into toasts, banners and modals, keeping their order', () => {
    const list = [
      buildNotification({ notificationId: 'a', type: 'toast' }),
      buildNotification({ notificationId: 'b', type: 'modal' }),
      buildNotification({ notificationId: 'c', type: 'banner' }),
      buildNotification({ notificationId: 'd', type: 'toast' }),
    ];
    const grouped = selectNotificationsByType(list, buildContext());
    expect(grouped.toasts.map((item) => item.notificationId)).toEqual(['a', 'd']);
    expect(grouped.banners.map((item) => item.notificationId)).toEqual(['c']);
    expect(grouped.modals.map((item) => item.notificationId)).toEqual(['b']);
  });

  it.each([
    ['an unpublished notification', buildNotification({ published: false }), {}],
    ['an extension-only notification', buildNotification({ platform: 'extension' }), {}],
    ['a notification for another page', buildNotification({ page: { value: '/admin' } }), {}],
    [
      'a dismissed notification before 24 hours pass',
      buildNotification(),
      { ntf_1: formatDismissed(NOW - 1000) },
    ],
    [
      'a notification the user never wants again',
      buildNotification(),
      { ntf_1: formatNeverShowAgain(NOW - 1000) },
    ],
  ])('leaves out %s', (_name, notification, seen) => {
    const grouped = selectNotificationsByType([notification], buildContext({ seen }));
    expect([...grouped.toasts, ...grouped.banners, ...grouped.modals]).toEqual([]);
  });

  it('shows a dismissed notification again once its 24 hours are over', () => {
    const seen = { ntf_1: formatDismissed(NOW - NOTIFICATION_SNOOZE_MS - 60_000) };
    expect(selectNotificationsByType([buildNotification()], buildContext({ seen })).banners).toHaveLength(1);
  });

  it('shows a notification for any platform on the web', () => {
    const notification = buildNotification({ platform: 'any' });
    expect(selectNotificationsByType([notification], buildContext()).banners).toHaveLength(1);
  });
});

describe('findNextVisibilityChange', () => {
  it('names the moment the earliest snoozed notification of this page comes back', () => {
    const list = [buildNotification({ notificationId: 'a' }), buildNotification({ notificationId: 'b' })];
    const seen = { a: formatDismissed(NOW - 5000), b: formatDismissed(NOW - 1000) };
    expect(findNextVisibilityChange(list, buildContext({ seen }))).toBe(NOW - 5000 + NOTIFICATION_SNOOZE_MS);
  });

  it.each([
    ['nothing is snoozed', buildNotification(), {}],
    ['the snooze is for good', buildNotification(), { ntf_1: formatNeverShowAgain(NOW) }],
    [
      'the snoozed notification is for another page',
      buildNotification({ page: { value: '/admin' } }),
      { ntf_1: formatDismissed(NOW) },
    ],
    [
      'the snoozed notification is unpublished',
      buildNotification({ published: false }),
      { ntf_1: formatDismissed(NOW) },
    ],
    [
      'the snooze is already over',
      buildNotification(),
      { ntf_1: formatDismissed(NOW - NOTIFICATION_SNOOZE_MS) },
    ],
  ])('is null when %s', (_name, notification, seen) => {
    expect(findNextVisibilityChange([notification], buildContext({ seen }))).toBeNull();
  });
});

describe('selectToastsToShow', () => {
  it('does not show a toast twice in one page view', () => {
    const toasts = [buildNotification({ notificationId: 'a' }), buildNotification({ notificationId: 'b' })];
    expect(selectToastsToShow(toasts, new Set(['a'])).map((item) => item.notificationId)).toEqual(['b']);
  });
});

describe('withSeenValue', () => {
  it('adds a seen value without touching the original user', () => {
    const user = { uid: 'u1', notifications: { old: '1|0' } };
    const updated = withSeenValue(user, 'ntf_1', '5|10');
    expect(updated).toEqual({ uid: 'u1', notifications: { old: '1|0', ntf_1: '5|10' } });
    expect(user.notifications).toEqual({ old: '1|0' });
  });

  it('starts the seen values of a user who has none', () => {
    expect(readSeenNotifications(withSeenValue({ uid: 'u1' }, 'ntf_1', '5|10'))).toEqual({ ntf_1: '5|10' });
  });

  it('leaves a missing user missing', () => {
    expect(withSeenValue(undefined, 'ntf_1', '5|10')).toBeUndefined();
  });
});

describe('readSeenNotifications', () => {
  it('ignores values that are not strings', () => {
    expect(readSeenNotifications({ notifications: { a: '1|2', b: 3 } })).toEqual({ a: '1|2' });
  });
});

describe('toToastPosition', () => {
  it.each([
    ['top-right', 'top-right'],
    ['bottom-center', 'bottom-center'],
    ['center', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (position, expected) => {
    expect(toToastPosition(position)).toBe(expected);
  });
});

describe('toInAppPath', () => {
  const origin = 'https://app.grouptrack.example';
  it.each([
    ['/setup/tags', '/setup/tags'],
    ['https://app.grouptrack.example/setup/tags?x=1#top', '/setup/tags?x=1#top'],
    ['//evil.example.com/setup', null],
    ['https://grouptrack.example.com/pricing', null],
    ['not a link', null],
  ])('reads %s as %s', (link, expected) => {
    expect(toInAppPath(link, origin)).toBe(expected);
  });
});
