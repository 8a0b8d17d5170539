import { describe, expect, it } from 'vitest';
import {
  formatDismissed,
  formatNeverShowAgain,
  isNotificationVisible,
  isPageMatch,
  parseSeenValue,
  selectVisibleNotifications,
} from './notifications';
import type { AppNotification, NotificationVisibilityInput } from './notifications';

const NOW = 1_700_000_000_000;
const DAY = 86_400_000;

function buildNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    notificationId: 'n1',
    published: true,
    platform: 'any',
    type: 'banner',
    title: 'New feature',
    text: 'Try the table view.',
    ...overrides,
  };
}

function buildInput(overrides: Partial<NotificationVisibilityInput> = {}): NotificationVisibilityInput {
  return {
    notification: buildNotification(),
    surface: 'web',
    path: '/contacts/pipeline',
    seenValue: undefined,
    now: NOW,
    ...overrides,
  };
}

describe('parseSeenValue', () => {
  it.each([
    {
      value: `${NOW}|${NOW + DAY}`,
      expected: { seenAt: NOW, snoozeUntil: NOW + DAY, isNeverShowAgain: false },
    },
    { value: `${NOW}|0`, expected: { seenAt: NOW, snoozeUntil: 0, isNeverShowAgain: true } },
    { value: ` ${NOW}|5 `, expected: { seenAt: NOW, snoozeUntil: 5, isNeverShowAgain: false } },
    { value: undefined, expected: null },
    { value: null, expected: null },
    { value: '', expected: null },
    { value: `${NOW}`, expected: null },
    { value: 'yesterday|tomorrow', expected: null },
    { value: '1|2|3', expected: null },
  ])('reads seenDate|snoozeUntilDate and ignores anything else ($value)', ({ value, expected }) => {
    expect(parseSeenValue(value)).toEqual(expected);
  });
});

describe('formatDismissed and formatNeverShowAgain', () => {
  it('hides a dismissed notification for 24 hours', () => {
    expect(formatDismissed(NOW)).toBe(`${NOW}|${NOW + DAY}`);
  });

  it('writes snooze 0 for never show again', () => {
    expect(formatNeverShowAgain(NOW)).toBe(`${NOW}|0`);
  });
});

describe('isNotificationVisible', () => {
  it.each<{ name: string; input: Partial<NotificationVisibilityInput>; expected: boolean }>([
    { name: 'shows a published notification for any platform', input: {}, expected: true },
    {
      name: 'does not show an unpublished notification',
      input: { notification: buildNotification({ published: false }) },
      expected: false,
    },
    {
      name: 'shows a web notification on the web',
      input: { notification: buildNotification({ platform: 'web' }) },
      expected: true,
    },
    {
      name: 'does not show an extension notification on the web',
      input: { notification: buildNotification({ platform: 'extension' }) },
      expected: false,
    },
    {
      name: 'does not show a web notification in the extension',
      input: { notification: buildNotification({ platform: 'web' }), surface: 'extension' },
      expected: false,
    },
    {
      name: 'shows an extension notification in the extension',
      input: { notification: buildNotification({ platform: 'extension' }), surface: 'extension' },
      expected: true,
    },
    {
      name: 'does not show a notification meant for another page',
      input: { notification: buildNotification({ page: { value: '/tasks' } }) },
      expected: false,
    },
    {
      name: 'shows a notification on its own page',
      input: { notification: buildNotification({ page: { value: '/contacts' } }) },
      expected: true,
    },
    {
      name: 'does not show a snoozed notification before its snooze ends',
      input: { seenValue: formatDismissed(NOW - 1000) },
      expected: false,
    },
    {
      name: 'shows a dismissed notification again once the snooze ends',
      input: { seenValue: formatDismissed(NOW - DAY) },
      expected: true,
    },
    {
      name: 'never shows a notification again after "Don\'t show again"',
      input: { seenValue: formatNeverShowAgain(NOW - 365 * DAY) },
      expected: false,
    },
    {
      name: 'shows a notification whose seen value is unreadable',
      input: { seenValue: 'garbage' },
      expected: true,
    },
  ])('$name', ({ input, expected }) => {
    expect(isNotificationVisible(buildInput(input))).toBe(expected);
  });
});

describe('isPageMatch', () => {
  it.each([
    { page: undefined, path: '/tasks', expected: true },
    { page: '', path: '/tasks', expected: true },
    { page: '  ', path: '/tasks', expected: true },
    { page: '/tasks', path: '/tasks', expected: true },
    { page: '/contacts', path: '/contacts/table/p1', expected: true },
    { page: '/contacts/', path: '/contacts/table', expected: true },
    { page: '/contacts', path: '/contactsimport', expected: false },
    { page: '/contact', path: '/contacts/pipeline', expected: false },
    { page: '/setup/tags', path: '/setup', expected: false },
    { page: '/', path: '/dashboard/kpi', expected: true },
    { page: '/setup/*', path: '/setup/tags', expected: true },
    { page: '/setup*', path: '/setup-wizard', expected: true },
    { page: '/setup/*', path: '/tasks', expected: false },
    { page: '*', path: '/anything', expected: true },
  ])('matches page "$page" against path $path at "/" boundaries', ({ page, path, expected }) => {
    expect(isPageMatch(page, path)).toBe(expected);
  });
});

describe('selectVisibleNotifications', () => {
  it("keeps only the visible notifications, in order, using each one's seen value", () => {
    const list = [
      buildNotification({ notificationId: 'a' }),
      buildNotification({ notificationId: 'b' }),
      buildNotification({ notificationId: 'c', platform: 'extension' }),
      buildNotification({ notificationId: 'd', type: 'toast' }),
    ];
    const seen = { b: formatNeverShowAgain(NOW) };
    const visible = selectVisibleNotifications(list, { surface: 'web', path: '/tasks', seen, now: NOW });
    expect(visible.map((notification) => notification.notificationId)).toEqual(['a', 'd']);
  });

  it('shows everything eligible when the user has seen nothing', () => {
    const list = [buildNotification({ notificationId: 'a' })];
    const visible = selectVisibleNotifications(list, {
      surface: 'web',
      path: '/',
      seen: undefined,
      now: NOW,
    });
    expect(visible).toHaveLength(1);
  });
});
