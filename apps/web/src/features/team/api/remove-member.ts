import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson, teamPath } from '../../../lib/api-client';
import { meQueryKey } from '../../../app/signed-in-user';
import type { TeamMember } from '../../../lib/team-members';
import { teamKeys } from '../../../lib/query-keys';

/** Removes a member from a team; a member removing themselves leaves it. */
export async function removeMember(teamUID: string, userUID: string): Promise<void> {
  await requestJson(teamPath(teamUID, 'members', userUID), {
    method: 'DELETE',
  });
}

export function useRemoveMember(teamUID: string, currentUserUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUID: string) => removeMember(teamUID, userUID),
    onSuccess: async (_nothing, userUID) => {
      queryClient.setQueryData<TeamMember[]>(teamKeys.members(teamUID), (members) =>
        members?.filter((member) => member.uid !== userUID),
      );
      // Leaving changes the user's teams and current team, which the server decides.
      if (userUID === currentUserUID) await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
