import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** The session better-auth holds for this browser, without loading the user's teams. */
export interface AuthSession {
  user: { id: string; name: string; email: string };
}

export const sessionQueryKey = ['session'] as const;

/** Loads the current session, or null when signed out. */
export async function fetchSession(signal?: AbortSignal): Promise<AuthSession | null> {
  const session = await requestJson<AuthSession | null | undefined>('/api/auth/get-session', { signal });
  return session ?? null;
}

/** Whether someone is signed in in this browser; used by the sign-in page. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: ({ signal }) => fetchSession(signal), staleTime: 0 });
}
