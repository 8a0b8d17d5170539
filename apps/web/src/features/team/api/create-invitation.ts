import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { TeamInvitation } from './get-invitations';
import { invitationsQueryKey } from './get-invitations';

export interface CreateInvitationInput {
  /** Mail the invitation to this address; leave out for a shareable link. */
  email?: string;
  role: 'admin' | 'member';
}

/** Invites someone by email, or creates a shareable invite link. */
export function createInvitation(teamUID: string, input: CreateInvitationInput): Promise<TeamInvitation> {
  return requestData<TeamInvitation>(`/api/v1/teams/${encodeURIComponent(teamUID)}/invitations`, {
    method: 'POST',
    body: input,
  });
}

export function useCreateInvitation(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(teamUID, input),
    onSuccess: (invitation) => {
      queryClient.setQueryData<TeamInvitation[]>(invitationsQueryKey(teamUID), (open) =>
        open ? [invitation, ...open.filter((item) => item.inviteCode !== invitation.inviteCode)] : open,
      );
    },
  });
}
