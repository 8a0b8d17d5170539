import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import type { AppNotification } from '@grouptrack/domain';
import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { useMe } from '../../../app/signed-in-user';
import { useAppNotifications } from '../api/get-app-notifications';
import { useRecordNotification } from '../api/record-notification';
import type { NotificationAction } from '../api/record-notification';
import {
  findNextVisibilityChange,
  readSeenNotifications,
  selectNotificationsByType,
  selectToastsToShow,
  toToastPosition,
} from '../lib/notification-display';
import { NotificationActions } from './notification-actions';
import { NotificationBanner } from './notification-banner';

const NO_NOTIFICATIONS: AppNotification[] = [];
// setTimeout runs at once for delays above 2^31 - 1 ms, so far-off changes are re-checked in steps.
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

const toastId = (notification: AppNotification) => `app-notification-${notification.notificationId}`;

/**
 * Shows the app notifications that apply to the signed-in user on the current page (SPEC §4): toasts
 * once per page view, banners at the top of the main area, one modal at a time.
 */
export function NotificationCenter() {
  const { pathname, key: pageViewKey } = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const appNotifications = useAppNotifications();
  const { mutate: recordNotification } = useRecordNotification();
  const [now, setNow] = useState(() => Date.now());

  const list = appNotifications.data ?? NO_NOTIFICATIONS;
  const seen = useMemo(() => readSeenNotifications(me.data), [me.data]);
  const context = useMemo(
    () => ({ surface: 'web' as const, path: pathname, seen, now }),
    [pathname, seen, now],
  );
  const { toasts, banners, modals } = useMemo(
    () => selectNotificationsByType(list, context),
    [list, context],
  );
  const nextChange = useMemo(() => findNextVisibilityChange(list, context), [list, context]);

  // A dismissed notification comes back when its 24 hours are over, without a reload.
  useEffect(() => {
    if (nextChange === null) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.min(MAX_TIMER_DELAY_MS, Math.max(0, nextChange - now)),
    );
    return () => window.clearTimeout(timer);
  }, [nextChange, now]);

  const openPath = useCallback((path: string) => void navigate(path), [navigate]);

  const act = useCallback(
    (notification: AppNotification, action: NotificationAction) => {
      notifications.hide(toastId(notification));
      recordNotification(
        { notificationId: notification.notificationId, action },
        {
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Could not hide the notification',
              message: formatErrorMessage(error),
              autoClose: TOAST_TIMEOUT_MS,
            }),
        },
      );
    },
    [recordNotification],
  );

  // Without the user's seen values every toast would look new, so none shows until they load.
  useToasts({
    toasts: me.data ? toasts : NO_NOTIFICATIONS,
    pageViewKey,
    onAction: act,
    onOpenPath: openPath,
  });
  const bannerSlot = useMainAreaSlot();

  if (!me.data) return null;
  const modal = modals[0];
  return (
    <>
      {banners.length > 0 &&
        bannerSlot &&
        createPortal(
          <Stack gap="sm" mb="lg">
            {banners.map((banner) => (
              <NotificationBanner
                key={banner.notificationId}
                notification={banner}
                onAction={act}
                onOpenPath={openPath}
              />
            ))}
          </Stack>,
          bannerSlot,
        )}
      <Modal
        opened={modal !== undefined}
        onClose={() => modal && act(modal, 'dismiss')}
        title={modal?.title}
        centered={modal?.position === 'center'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {modal && (
          <Stack gap="md">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {modal.text}
            </Text>
            <NotificationActions
              notification={modal}
              onAction={act}
              onOpenPath={(path) => {
                act(modal, 'dismiss');
                openPath(path);
              }}
            />
          </Stack>
        )}
      </Modal>
    </>
  );
}

/**
 * A container at the top of the page's main area for banners, wherever the layout mounts the
 * center (the header holds it, so the banners must go elsewhere).
 */
function useMainAreaSlot(): HTMLElement | null {
  const [slot] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    const mainArea = document.querySelector('main') ?? document.body;
    mainArea.prepend(slot);
    return () => slot.remove();
  }, [slot]);
  return slot;
}

interface UseToastsOptions {
  toasts: AppNotification[];
  pageViewKey: string;
  onAction: (notification: AppNotification, action: NotificationAction) => void;
  onOpenPath: (path: string) => void;
}

/** Shows each toast once per page view, closing after TOAST_TIMEOUT_MS; leaving the page closes them. */
function useToasts({ toasts, pageViewKey, onAction, onOpenPath }: UseToastsOptions) {
  // One object for the component's life, so the unmount cleanup sees what the last page view showed.
  const shown = useRef<{ pageViewKey: string; notifications: Map<string, AppNotification> }>({
    pageViewKey,
    notifications: new Map(),
  });

  useEffect(() => {
    const current = shown.current;
    if (current.pageViewKey !== pageViewKey) {
      hideAll(current.notifications);
      current.pageViewKey = pageViewKey;
    }
    const shownIds = new Set(current.notifications.keys());
    for (const toast of selectToastsToShow(toasts, shownIds)) {
      current.notifications.set(toast.notificationId, toast);
      notifications.show({
        id: toastId(toast),
        title: toast.title,
        position: toToastPosition(toast.position),
        autoClose: TOAST_TIMEOUT_MS,
        closeButtonProps: { 'aria-label': 'Close' },
        style: toast.backgroundColor ? { backgroundColor: toast.backgroundColor } : undefined,
        styles: {
          title: { color: toast.fontColor || undefined },
          description: { color: toast.fontColor || 'var(--mantine-color-text)' },
        },
        message: (
          <Stack gap={8} mt={4}>
            <Text size="sm" c="inherit" style={{ whiteSpace: 'pre-line' }}>
              {toast.text}
            </Text>
            <NotificationActions
              notification={toast}
              onAction={onAction}
              onOpenPath={onOpenPath}
              color={toast.fontColor || undefined}
            />
          </Stack>
        ),
      });
    }
  }, [toasts, pageViewKey, onAction, onOpenPath]);

  useEffect(() => {
    const current = shown.current;
    return () => hideAll(current.notifications);
  }, []);
}

function hideAll(shownToasts: Map<string, AppNotification>) {
  for (const notification of shownToasts.values()) notifications.hide(toastId(notification));
  shownToasts.clear();
}
