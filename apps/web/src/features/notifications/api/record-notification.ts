import { formatDismissed, formatNeverShowAgain, type NotificationSeen } from '@grouptrack/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/signed-in-user';
import type { LoggedUser } from '../../../app/signed-in-user';
import { withSeenValue } from '../lib/notification-display';

/** Dismiss hides a notification for 24 hours; never hides it for good (SPEC §4). */
export type NotificationAction = 'dismiss' | 'never';

export interface RecordNotificationInput {
  notificationId: string;
  action: NotificationAction;
}

/** Records that the user dismissed a notification, or never wants to see it again; answers the stored seen value. */
export function recordNotification({
  notificationId,
  action,
}: RecordNotificationInput): Promise<NotificationSeen> {
  return requestData(`/api/v1/me/notifications/${encodeURIComponent(notificationId)}`, {
    method: 'PUT',
    body: { action },
  });
}

/** Records a dismissal, hiding the notification at once through the ['me'] cache and rolling back on failure. */
export function useRecordNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordNotification,
    onMutate: async ({ notificationId, action }) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<LoggedUser>(meQueryKey);
      const now = Date.now();
      const value = action === 'dismiss' ? formatDismissed(now) : formatNeverShowAgain(now);
      queryClient.setQueryData<LoggedUser>(meQueryKey, (user) => withSeenValue(user, notificationId, value));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: ({ notificationId, value }) => {
      queryClient.setQueryData<LoggedUser>(meQueryKey, (user) => withSeenValue(user, notificationId, value));
    },
  });
}
