import { useMutation } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

export interface ImpersonateUserInput {
  uid: string;
  /** Why, kept in the record (3 to 500 characters). */
  reason: string;
}

/** Signs the operator in as another user; the answer sets the new session cookie. */
export function impersonateUser(
  input: ImpersonateUserInput,
): Promise<{ user: { uid: string; name: string; email: string } }> {
  return requestData('/api/v1/admin/impersonations', { method: 'POST', body: input });
}

export function useImpersonateUser() {
  return useMutation({
    mutationFn: impersonateUser,
    // Every cached answer belongs to the operator, so the app starts again as the other user.
    onSuccess: () => window.location.assign('/'),
  });
}
