import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import type { TeamMember } from '../../../lib/team-members';
import { teamKeys } from '../../../lib/query-keys';

export interface UpdateMemberInput {
  userUID: string;
  /** admin or member; the owner's role never changes. */
  role?: 'admin' | 'member';
  /** The pipeline ids the member may see. */
  groupAccess?: string[];
}

/** Changes a member's role or pipeline access (owner or admin); answers the team's members. */
export function updateMember(
  teamUID: string,
  { userUID, ...patch }: UpdateMemberInput,
): Promise<TeamMember[]> {
  return requestData<TeamMember[]>(teamPath(teamUID, 'members', userUID), { method: 'PATCH', body: patch });
}

export function useUpdateMember(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMemberInput) => updateMember(teamUID, input),
    onSuccess: (members) => queryClient.setQueryData(teamKeys.members(teamUID), members),
  });
}
