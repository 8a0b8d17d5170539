import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import type { TeamInvitation } from './get-invitations';
import { teamKeys } from '../../../lib/query-keys';

export interface CreateInvitationInput {
  /** Mail the invitation to this address; leave out for a shareable link. */
  email?: string;
  role: 'admin' | 'member';
  /** Pipelines a member invitee will see once they join. */
  groupAccess?: string[];
}

/** Invites someone by email, or creates a shareable invite link. */
export function createInvitation(teamUID: string, input: CreateInvitationInput): Promise<TeamInvitation> {
  return requestData<TeamInvitation>(teamPath(teamUID, 'invitations'), {
    method: 'POST',
    body: input,
  });
}

export function useCreateInvitation(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(teamUID, input),
    onSuccess: (invitation) => {
      queryClient.setQueryData<TeamInvitation[]>(teamKeys.invitations(teamUID), (open) =>
        open ? [invitation, ...open.filter((item) => item.inviteCode !== invitation.inviteCode)] : open,
      );
    },
  });
}
