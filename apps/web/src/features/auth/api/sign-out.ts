import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** Ends the session in this browser. */
export async function signOut(): Promise<void> {
  await requestJson('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Signs out and forgets everything cached for the previous user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.clear(),
  });
}
