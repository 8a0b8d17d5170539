import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { NotificationActions } from './notification-actions';
import type { NotificationActionsProps } from './notification-actions';

export type NotificationBannerProps = NotificationActionsProps;

/** A banner notification: a bar at the top of the page that stays until the user dismisses it. */
export function NotificationBanner({ notification, onAction, onOpenPath }: NotificationBannerProps) {
  const icon = notification.backgroundIcon?.trim();
  const isIconImage = icon !== undefined && /^(https?:\/\/|\/)/.test(icon);
  const style: CSSProperties = {
    backgroundColor: notification.backgroundColor || 'var(--mantine-color-brand-0)',
    color: notification.fontColor || 'var(--mantine-color-dark-7)',
    ...(isIconImage && {
      backgroundImage: `url("${encodeURI(icon)}")`,
      backgroundRepeat: 'no-repeat',
      backgroundPosition: 'right 16px center',
      backgroundSize: 'auto 70%',
      paddingRight: 96,
    }),
  };
  return (
    <Paper component="section" aria-label={notification.title} withBorder radius="md" p="md" style={style}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        {icon && !isIconImage && (
          <Box fz={28} lh={1} aria-hidden>
            {icon}
          </Box>
        )}
        <Stack gap={6} style={{ flex: 1 }}>
          <Text fw={700} size="sm" c="inherit">
            {notification.title}
          </Text>
          <Text size="sm" c="inherit" style={{ whiteSpace: 'pre-line' }}>
            {notification.text}
          </Text>
          <NotificationActions
            notification={notification}
            onAction={onAction}
            onOpenPath={onOpenPath}
            color={notification.fontColor || undefined}
          />
        </Stack>
      </Group>
    </Paper>
  );
}
