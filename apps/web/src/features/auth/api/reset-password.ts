import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** Sets a new password with the token of a reset mail. */
export async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  await requestJson('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { isErrorShownInline: true } });
}
