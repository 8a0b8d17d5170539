import type { AppNotification } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

/** The shell invalidates this key when a notification is published live. */
export const appNotificationsQueryKey = ['app-notifications'] as const;

/** Lists the published app notifications; the client picks the ones for this surface, page and user. */
export function listAppNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  return requestData<AppNotification[]>('/api/v1/app-notifications', { signal });
}

export function useAppNotifications() {
  return useQuery({
    queryKey: appNotificationsQueryKey,
    queryFn: ({ signal }) => listAppNotifications(signal),
  });
}
