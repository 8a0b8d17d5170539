import type { AppNotification } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

/** An app notification as operators see it, published or not. */
export type AdminNotification = AppNotification & { createdAt: string; updatedAt: string };

export const adminNotificationsQueryKey = ['admin', 'app-notifications'] as const;

/** Lists every app notification, newest first (super permission). */
export function listAdminNotifications(signal?: AbortSignal): Promise<AdminNotification[]> {
  return requestData('/api/v1/admin/app-notifications', { signal });
}

export function useAdminNotifications() {
  return useQuery({
    queryKey: adminNotificationsQueryKey,
    queryFn: ({ signal }) => listAdminNotifications(signal),
  });
}
