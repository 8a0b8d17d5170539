import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { LoggedUser } from '../../../app/signed-in-user';
import { meQueryKey } from '../../../app/signed-in-user';

export interface SetPasswordInput {
  newPassword: string;
  /** Needed only when the user already has a password. */
  currentPassword?: string;
}

/** Sets or changes the signed-in user's password. */
export async function setPassword(input: SetPasswordInput): Promise<void> {
  await requestData('/api/v1/me/password', { method: 'POST', body: input });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    meta: { isErrorShownInline: true },
    onSuccess: () => {
      queryClient.setQueryData<LoggedUser>(meQueryKey, (user) => user && { ...user, passwordSet: true });
    },
  });
}
