import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from './api-client';

/** The public settings of this installation, as `GET /api/v1/app-config` answers. */
export interface AppConfig {
  /** The real address of the app, where the wrong-address dialog sends people. */
  appUrl: string;
  /** The version the server runs; a different one announced later means the user must refresh. */
  appVersion: string;
  /** A support widget script to load in the signed-in app, or null. */
  helpWidgetUrl: string | null;
  /** Host names of the hosting provider's default domains, where the app must not be used. */
  hostingDefaultDomains: string[];
  /** True while the operator has the app in maintenance; optional until the server sends it. */
  maintenance?: boolean;
  /** True when the server can send SMS reminders; without it the SMS choice is disabled. */
  smsEnabled?: boolean;
  /** The terms of service the sign-up links to; optional until the server sends it. */
  termsUrl?: string;
  /** Whom to write to about upgrading, or null when the operator has set no address. */
  operatorEmail?: string | null;
  /** Where to install the browser extension; optional until the server sends it. */
  extensionInstallUrl?: string | null;
}

export const appConfigQueryKey = ['app-config'] as const;

/** Loads the app's public settings. */
export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return requestData<AppConfig>('/api/v1/app-config', { signal });
}

// Read once per page load: the version in it is the one this page runs, so it must not be refreshed.
export const appConfigQueryOptions = queryOptions({
  queryKey: appConfigQueryKey,
  queryFn: ({ signal }) => fetchAppConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  meta: { isErrorShownInline: true },
});

/** The app's public settings, loading or failed. */
export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}

/** Checks whether the page is open on one of the hosting provider's default domains (SPEC §2). */
export function isHostingDefaultDomain(hostname: string, hostingDefaultDomains: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hostingDefaultDomains.some((domain) => {
    const normalized = domain.trim().toLowerCase();
    return normalized !== '' && (host === normalized || host.endsWith(`.${normalized}`));
  });
}
