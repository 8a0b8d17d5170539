import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/signed-in-user';
import type { AdminTeamRow, AdminTeamSubscription } from './get-admin-teams';
import { adminTeamsQueryKey } from './get-admin-teams';

/** Changes a team's plan; answers the team as the search shows it. */
export function updateTeamSubscription(
  teamUID: string,
  patch: Partial<AdminTeamSubscription>,
): Promise<AdminTeamRow> {
  return requestData(`/api/v1/admin/teams/${encodeURIComponent(teamUID)}/subscription`, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdateTeamSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamUID, patch }: { teamUID: string; patch: Partial<AdminTeamSubscription> }) =>
      updateTeamSubscription(teamUID, patch),
    onSuccess: async () => {
      // The operator may belong to the team, so their own subscription can change too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTeamsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
