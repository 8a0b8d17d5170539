import { VERSION_POLL_DEBOUNCE_MS } from '@grouptrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { fetchAppConfig, useAppConfig } from '../../../lib/app-config';
import { subscribeToAppEvents } from '../../../lib/app-events';

/** Query key of the app notifications, which the notification center reads. */
const APP_NOTIFICATIONS_KEY = ['app-notifications'] as const;

/** Finds the version to announce: the latest one when it differs from the one this page loaded with. */
export function findUpdatedVersion(loaded: string | undefined, latest: string | null): string | null {
  return loaded !== undefined && latest !== null && latest !== loaded ? latest : null;
}

/** Checks whether a path is a queue processor page, which reloads itself on a new version (SPEC §4). */
export function isQueueProcessorPath(pathname: string): boolean {
  return pathname.startsWith('/queue/');
}

/**
 * Listens to the server's app-wide events: a new app version (SPEC §4 and §8) and changed app
 * notifications. Answers the new version once it differs from the one this page was loaded with.
 */
export function useAppUpdates(): { updatedVersion: string | null } {
  const queryClient = useQueryClient();
  const loadedVersion = useAppConfig().data?.appVersion;
  const [latestVersion, setLatestVersion] = useState<string | null>(null);
  const { pathname } = useLocation();

  useEffect(
    () =>
      subscribeToAppEvents({
        onEvent: (event) => {
          if (event.kind === 'app-version') setLatestVersion(event.version);
          else if (event.kind === 'app-notification')
            void queryClient.invalidateQueries({ queryKey: APP_NOTIFICATIONS_KEY });
        },
        // Whatever changed while the stream was down is read again.
        onReconnect: () => {
          fetchAppConfig().then(
            (config) => setLatestVersion(config.appVersion),
            () => undefined,
          );
          void queryClient.invalidateQueries({ queryKey: APP_NOTIFICATIONS_KEY });
        },
      }),
    [queryClient],
  );

  const updatedVersion = findUpdatedVersion(loadedVersion, latestVersion);
  const shouldReload = updatedVersion !== null && isQueueProcessorPath(pathname);
  useEffect(() => {
    if (!shouldReload) return;
    // Debounced, so a burst of version changes reloads the queue processor once.
    const timer = window.setTimeout(() => window.location.reload(), VERSION_POLL_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [shouldReload, updatedVersion]);

  return { updatedVersion };
}
