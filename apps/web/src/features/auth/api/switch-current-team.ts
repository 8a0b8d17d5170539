import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { LoggedUser } from '../../../app/signed-in-user';
import { meQueryKey } from '../../../app/signed-in-user';

/** Makes another of the user's teams the current one; answers the updated user. */
export function switchCurrentTeam(teamUID: string): Promise<LoggedUser> {
  return requestData<LoggedUser>('/api/v1/me/current-team', { method: 'POST', body: { teamUID } });
}

export function useSwitchCurrentTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCurrentTeam,
    meta: { errorTitle: 'Could not switch team' },
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
