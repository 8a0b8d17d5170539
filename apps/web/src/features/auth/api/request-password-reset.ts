import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/** Asks for a mail with a link to choose a new password; the link opens /password-reset. */
export async function requestPasswordReset(email: string): Promise<void> {
  await requestJson('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/password-reset' },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { isErrorShownInline: true } });
}
