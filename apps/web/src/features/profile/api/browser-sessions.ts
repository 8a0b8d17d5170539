import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, requestJson } from '../../../lib/api-client';

/** A browser the GroupTrack extension is signed in on as this user (GET /api/v1/me/browser-sessions). */
export interface BrowserSession {
  id: string;
  /** The browser as its user agent named itself when the extension signed in. */
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** When it signs out by itself unless used before. */
  expiresAt: string;
  isCurrent: boolean;
}

export const browserSessionsQueryKey = ['me', 'browser-sessions'] as const;

export function listBrowserSessions(): Promise<BrowserSession[]> {
  return requestData<BrowserSession[]>('/api/v1/me/browser-sessions');
}

export function useBrowserSessions() {
  return useQuery({ queryKey: browserSessionsQueryKey, queryFn: listBrowserSessions });
}

/** Signs the extension out on one browser: its token stops working at once. */
export async function signOutBrowser(id: string): Promise<void> {
  await requestJson<null>(`/api/v1/me/browser-sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useSignOutBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutBrowser,
    meta: { isErrorShownInline: true },
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<BrowserSession[]>(browserSessionsQueryKey, (sessions) =>
        sessions?.filter((session) => session.id !== id),
      ),
  });
}
