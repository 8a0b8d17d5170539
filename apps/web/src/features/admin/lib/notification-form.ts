import { isHexColor } from '@grouptrack/domain';
import type { AppNotification, NotificationPlatform, NotificationType } from '@grouptrack/domain';
import type { NotificationBody } from '../api/save-notification';

/** What the notification form holds: every SPEC §3 field as typed. */
export interface NotificationFormValues {
  title: string;
  text: string;
  type: NotificationType;
  platform: NotificationPlatform;
  page: string;
  link: string;
  linkText: string;
  fontColor: string;
  backgroundColor: string;
  backgroundIcon: string;
  position: string;
  published: boolean;
}

export type NotificationFormErrors = Partial<Record<keyof NotificationFormValues, string>>;

export type NotificationFormResult =
  { ok: true; body: NotificationBody } | { ok: false; errors: NotificationFormErrors };

/** Where a notification may show: a toast's corner, or a centred modal. */
export const NOTIFICATION_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
  'center',
] as const;

export const NEW_NOTIFICATION: NotificationFormValues = {
  title: '',
  text: '',
  type: 'banner',
  platform: 'web',
  page: '',
  link: '',
  linkText: '',
  fontColor: '',
  backgroundColor: '',
  backgroundIcon: '',
  position: '',
  published: false,
};

/** Fills the form from a stored notification. */
export function toNotificationFormValues(notification: AppNotification): NotificationFormValues {
  return {
    title: notification.title,
    text: notification.text,
    type: notification.type,
    platform: notification.platform,
    page: notification.page?.value ?? '',
    link: notification.link ?? '',
    linkText: notification.linkText ?? '',
    fontColor: notification.fontColor ?? '',
    backgroundColor: notification.backgroundColor ?? '',
    backgroundIcon: notification.backgroundIcon ?? '',
    position: notification.position ?? '',
    published: notification.published,
  };
}

/** Checks the form the way the server does and builds the body to send; empty optional fields become null. */
export function validateNotificationForm(values: NotificationFormValues): NotificationFormResult {
  const errors: NotificationFormErrors = {};
  const title = values.title.trim();
  const text = values.text.trim();
  const page = values.page.trim();
  const link = values.link.trim();
  const linkText = values.linkText.trim();
  const backgroundIcon = values.backgroundIcon.trim();
  const position = values.position.trim();

  if (title === '') errors.title = 'Enter a title.';
  else if (title.length > 200) errors.title = 'A title can be at most 200 characters.';
  if (text === '') errors.text = 'Enter the text to show.';
  else if (text.length > 5000) errors.text = 'The text can be at most 5000 characters.';
  if (page !== '' && !page.startsWith('/')) {
    errors.page = 'Enter a path that starts with /, such as /profile, or leave it empty for every page.';
  } else if (page.length > 300) errors.page = 'A path can be at most 300 characters.';
  if (link !== '' && !isWebAddress(link)) errors.link = 'Enter a full address that starts with https://.';
  else if (link.length > 2048) errors.link = 'An address can be at most 2048 characters.';
  if (linkText.length > 100) errors.linkText = 'Link text can be at most 100 characters.';
  const fontColor = readColor(values.fontColor);
  if (fontColor === undefined) errors.fontColor = 'Enter a hex colour like #1C7EBB, or leave it empty.';
  const backgroundColor = readColor(values.backgroundColor);
  if (backgroundColor === undefined) {
    errors.backgroundColor = 'Enter a hex colour like #1C7EBB, or leave it empty.';
  }
  if (backgroundIcon.length > 100) errors.backgroundIcon = 'An icon can be at most 100 characters.';
  if (position !== '' && !(NOTIFICATION_POSITIONS as readonly string[]).includes(position)) {
    errors.position = 'Choose a position from the list.';
  }

  if (Object.keys(errors).length > 0 || fontColor === undefined || backgroundColor === undefined) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    body: {
      published: values.published,
      platform: values.platform,
      type: values.type,
      title,
      text,
      link: link || null,
      linkText: linkText || null,
      fontColor,
      backgroundColor,
      backgroundIcon: backgroundIcon || null,
      position: position || null,
      page: page ? { value: page } : null,
    },
  };
}

// undefined means "not a colour"; null means "none chosen".
function readColor(value: string): string | null | undefined {
  const typed = value.trim();
  if (typed === '') return null;
  if (!isHexColor(typed)) return undefined;
  return typed.startsWith('#') ? typed : `#${typed}`;
}

function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}
