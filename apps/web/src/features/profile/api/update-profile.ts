import type { ContactView } from '@grouptrack/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/signed-in-user';
import type { LoggedUser } from '../../../app/signed-in-user';

export interface UpdateProfileInput {
  name?: string;
  /** A photo address, or null to use the generated avatar. */
  photoURL?: string | null;
  defaultContactView?: ContactView;
  timeZone?: string;
  /** E.164, or null to remove it. */
  phoneNumber?: string | null;
}

/** Changes the signed-in user's profile; answers the updated user. */
export function updateProfile(input: UpdateProfileInput): Promise<LoggedUser> {
  return requestData<LoggedUser>('/api/v1/me', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
