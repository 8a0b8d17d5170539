import type { AppNotification } from '@grouptrack/domain';
import { Anchor, Button, Group } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { NotificationAction } from '../api/record-notification';
import { toInAppPath } from '../lib/notification-display';

export interface NotificationActionsProps {
  notification: AppNotification;
  onAction: (notification: AppNotification, action: NotificationAction) => void;
  /** Opens a path inside the app without reloading it. */
  onOpenPath: (path: string) => void;
  /** Text colour of the notification, so the quiet button stays readable on its background. */
  color?: string;
}

/** The link of a notification and its "Dismiss" and "Don't show again" buttons. */
export function NotificationActions({ notification, onAction, onOpenPath, color }: NotificationActionsProps) {
  const { link } = notification;
  const linkText = notification.linkText?.trim() || 'Learn more';
  const inAppPath = link ? toInAppPath(link, window.location.origin) : null;
  const openInApp = (event: MouseEvent<HTMLAnchorElement>) => {
    if (inAppPath === null) return;
    event.preventDefault();
    onOpenPath(inAppPath);
  };
  return (
    <Group gap="xs" wrap="wrap">
      {link && (
        <Anchor
          href={link}
          onClick={openInApp}
          size="sm"
          fw={600}
          underline="always"
          c={color ?? 'inherit'}
          {...(inAppPath === null && { target: '_blank', rel: 'noreferrer' })}
        >
          {linkText}
        </Anchor>
      )}
      <Button size="compact-sm" variant="default" onClick={() => onAction(notification, 'dismiss')}>
        Dismiss
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        style={color ? { color } : undefined}
        onClick={() => onAction(notification, 'never')}
      >
        Don&apos;t show again
      </Button>
    </Group>
  );
}
