import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { useAdminNotifications } from '../api/get-admin-notifications';
import type { AdminNotification } from '../api/get-admin-notifications';
import { useDeleteNotification, useUpdateNotification } from '../api/save-notification';
import { formatDateTime } from '../lib/format-date';
import { NotificationFormDrawer } from './notification-form-drawer';

const TYPE_LABELS = { toast: 'Toast', banner: 'Banner', modal: 'Modal' } as const;
const PLATFORM_LABELS = { web: 'Web app', extension: 'Extension', any: 'Both' } as const;

/** Operators write the app's notifications, publish them and take them down. */
export function NotificationsTab() {
  const list = useAdminNotifications();
  const [form, setForm] = useState<{ notification: AdminNotification | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminNotification | null>(null);
  const update = useUpdateNotification();
  const remove = useDeleteNotification();

  const setPublished = (notification: AdminNotification, published: boolean) =>
    update.mutate(
      { notificationId: notification.notificationId, patch: { published } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: published ? 'Notification published' : 'Notification unpublished',
            message: published
              ? `Users now see “${notification.title}”.`
              : `“${notification.title}” is hidden.`,
            autoClose: TOAST_TIMEOUT_MS,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Could not change the notification',
            message: formatErrorMessage(error),
            autoClose: TOAST_TIMEOUT_MS,
          }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Toasts, banners and modals users see in the web app or the extension.
        </Text>
        <Button onClick={() => setForm({ notification: null })}>New notification</Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        {list.isPending && <Skeleton height={120} />}
        {list.isError && (
          <QueryError
            title="Could not load the notifications"
            error={list.error}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          />
        )}
        {list.isSuccess && list.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No notifications yet. Write one with New notification.
          </Text>
        )}
        {list.isSuccess && list.data.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" aria-label="App notifications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Platform</Table.Th>
                  <Table.Th>Page</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>Changed</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((notification) => (
                  <Table.Tr key={notification.notificationId}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {notification.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="default" tt="none">
                        {TYPE_LABELS[notification.type]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{PLATFORM_LABELS[notification.platform]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {notification.page?.value || 'Every page'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Published: ${notification.title}`}
                        checked={notification.published}
                        disabled={
                          update.isPending && update.variables.notificationId === notification.notificationId
                        }
                        onChange={(event) => setPublished(notification, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(notification.updatedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Edit ${notification.title}`}
                          onClick={() => setForm({ notification })}
                        >
                          Edit
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${notification.title}`}
                          onClick={() => {
                            remove.reset();
                            setDeleting(notification);
                          }}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <NotificationFormDrawer
        opened={form !== null}
        notification={form?.notification ?? null}
        onClose={() => setForm(null)}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">It disappears for every user at once. This cannot be undone.</Text>
          {remove.isError && (
            <Text size="sm" c="red" role="alert">
              {formatErrorMessage(remove.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.notificationId, { onSuccess: () => setDeleting(null) });
              }}
            >
              Delete notification
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
