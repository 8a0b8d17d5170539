import { useMutation } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

export interface StartImpersonationInput {
  /** Email of the user to help. */
  email: string;
  /** Why, kept with the record of the impersonation. */
  reason: string;
}

/** Signs the calling super user in as another user; the server replaces the session cookie. */
export async function startImpersonation(input: StartImpersonationInput): Promise<void> {
  await requestData('/api/v1/admin/impersonations', { method: 'POST', body: input });
}

/** Ends "sign in as" and restores the super user's own session. */
export async function stopImpersonation(): Promise<void> {
  await requestData('/api/v1/me/stop-impersonation', { method: 'POST', body: {} });
}

export function useStartImpersonation() {
  return useMutation({ mutationFn: startImpersonation, meta: { isErrorShownInline: true } });
}

export function useStopImpersonation() {
  return useMutation({
    mutationFn: stopImpersonation,
    meta: { errorTitle: 'Could not stop signing in as this user' },
  });
}
