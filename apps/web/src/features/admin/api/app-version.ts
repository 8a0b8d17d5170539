import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

// Its own key: the shell's ['app-config'] keeps the version this page was loaded with, on purpose.
export const currentAppVersionQueryKey = ['admin', 'app-version'] as const;

/** Loads the version the server announces now. */
export async function getCurrentAppVersion(signal?: AbortSignal): Promise<string> {
  const config = await requestData<{ appVersion: string }>('/api/v1/app-config', { signal });
  return config.appVersion;
}

export function useCurrentAppVersion() {
  return useQuery({
    queryKey: currentAppVersionQueryKey,
    queryFn: ({ signal }) => getCurrentAppVersion(signal),
    staleTime: 0,
  });
}

/** Sets the app version; every open client is told to refresh. */
export function setAppVersion(version: string): Promise<{ version: string }> {
  return requestData('/api/v1/admin/app-version', { method: 'PUT', body: { version } });
}

export function useSetAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAppVersion,
    onSuccess: ({ version }) => queryClient.setQueryData(currentAppVersionQueryKey, version),
  });
}
