import type { AppNotification } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { NEW_NOTIFICATION, toNotificationFormValues, validateNotificationForm } from './notification-form';
import type { NotificationFormValues } from './notification-form';

const filled = (overrides: Partial<NotificationFormValues> = {}): NotificationFormValues => ({
  ...NEW_NOTIFICATION,
  title: 'Pipelines are here',
  text: 'Open setup to add one.',
  ...overrides,
});

describe('validateNotificationForm', () => {
  it('sends empty optional fields as null', () => {
    const result = validateNotificationForm(filled());
    expect(result).toEqual({
      ok: true,
      body: {
        published: false,
        platform: 'web',
        type: 'banner',
        title: 'Pipelines are here',
        text: 'Open setup to add one.',
        link: null,
        linkText: null,
        fontColor: null,
        backgroundColor: null,
        backgroundIcon: null,
        position: null,
        page: null,
      },
    });
  });

  it('sends every field that is filled, trimmed, with colours given their #', () => {
    const result = validateNotificationForm(
      filled({
        type: 'toast',
        platform: 'any',
        page: ' /profile ',
        link: 'https://grouptrack.example/news',
        linkText: 'Read more',
        fontColor: 'fff',
        backgroundColor: '#1C7EBB',
        backgroundIcon: '🎉',
        position: 'top-right',
        published: true,
      }),
    );
    expect(result.ok && result.body).toMatchObject({
      type: 'toast',
      platform: 'any',
      page: { value: '/profile' },
      link: 'https://grouptrack.example/news',
      linkText: 'Read more',
      fontColor: '#fff',
      backgroundColor: '#1C7EBB',
      backgroundIcon: '🎉',
      position: 'top-right',
      published: true,
    });
  });

  it.each<[string, Partial<NotificationFormValues>, keyof NotificationFormValues]>([
    ['a missing title', { title: '  ' }, 'title'],
    ['a missing text', { text: '' }, 'text'],
    ['a page that is not a path', { page: 'profile' }, 'page'],
    ['a link that is not an address', { link: 'grouptrack.example' }, 'link'],
    ['a link to a script', { link: 'javascript:alert(1)' }, 'link'],
    ['a font colour that is not hex', { fontColor: 'blue' }, 'fontColor'],
    ['a background colour that is not hex', { backgroundColor: '#12345' }, 'backgroundColor'],
    ['an unknown position', { position: 'middle' }, 'position'],
  ])('refuses %s', (_name, overrides, field) => {
    const result = validateNotificationForm(filled(overrides));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field]).toEqual(expect.any(String));
  });
});

describe('toNotificationFormValues', () => {
  it('fills every field of a stored notification, and empties the missing ones', () => {
    const stored: AppNotification = {
      notificationId: 'ntf_1',
      published: true,
      platform: 'extension',
      type: 'modal',
      title: 'Hello',
      text: 'World',
      page: { value: '/tasks' },
      backgroundColor: '#000000',
    };
    expect(toNotificationFormValues(stored)).toEqual({
      ...NEW_NOTIFICATION,
      published: true,
      platform: 'extension',
      type: 'modal',
      title: 'Hello',
      text: 'World',
      page: '/tasks',
      backgroundColor: '#000000',
    });
  });
});
