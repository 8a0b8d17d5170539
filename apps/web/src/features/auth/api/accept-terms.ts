import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/signed-in-user';
import type { LoggedUser } from '../../../app/signed-in-user';

/** Records that the signed-in user accepted a version of the terms of service. */
export async function acceptTerms(termsVersion: string): Promise<void> {
  await requestData('/api/v1/me/accept-terms', { method: 'POST', body: { termsVersion } });
}

/** Accepts the terms and records the version on the cached user, so the route guard lets them on. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    meta: { isErrorShownInline: true },
    onSuccess: (_result, termsVersion) => {
      queryClient.setQueryData<LoggedUser>(meQueryKey, (user) => user && { ...user, termsVersion });
    },
  });
}
