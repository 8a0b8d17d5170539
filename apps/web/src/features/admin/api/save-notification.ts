import type { NotificationPlatform, NotificationType } from '@grouptrack/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { requestData, requestJson } from '../../../lib/api-client';
import { appNotificationsQueryKey } from '../../notifications';
import type { AdminNotification } from './get-admin-notifications';
import { adminNotificationsQueryKey } from './get-admin-notifications';

/** The fields an operator writes; null clears an optional one. */
export interface NotificationBody {
  published: boolean;
  platform: NotificationPlatform;
  type: NotificationType;
  title: string;
  text: string;
  link: string | null;
  linkText: string | null;
  fontColor: string | null;
  backgroundColor: string | null;
  backgroundIcon: string | null;
  position: string | null;
  page: { value: string } | null;
}

/** Creates an app notification. */
export function createNotification(body: NotificationBody): Promise<AdminNotification> {
  return requestData('/api/v1/admin/app-notifications', { method: 'POST', body });
}

/** Changes, publishes or unpublishes an app notification. */
export function updateNotification(
  notificationId: string,
  patch: Partial<NotificationBody>,
): Promise<AdminNotification> {
  return requestData(`/api/v1/admin/app-notifications/${encodeURIComponent(notificationId)}`, {
    method: 'PATCH',
    body: patch,
  });
}

/** Deletes an app notification. */
export async function deleteNotification(notificationId: string): Promise<void> {
  await requestJson(`/api/v1/admin/app-notifications/${encodeURIComponent(notificationId)}`, {
    method: 'DELETE',
  });
}

// The operator's own app shows published notifications too, so both lists change together.
async function refreshNotificationLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminNotificationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: appNotificationsQueryKey }),
  ]);
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    onSuccess: () => refreshNotificationLists(queryClient),
  });
}

export function useUpdateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId, patch }: { notificationId: string; patch: Partial<NotificationBody> }) =>
      updateNotification(notificationId, patch),
    onSuccess: () => refreshNotificationLists(queryClient),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => refreshNotificationLists(queryClient),
  });
}
