import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import type { TeamInvitation } from './get-invitations';
import { invitationsQueryKey } from './get-invitations';

/** Revokes an open invitation so its code no longer works. */
export async function revokeInvitation(teamUID: string, inviteCode: string): Promise<void> {
  await requestJson(
    `/api/v1/teams/${encodeURIComponent(teamUID)}/invitations/${encodeURIComponent(inviteCode)}`,
    { method: 'DELETE' },
  );
}

export function useRevokeInvitation(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => revokeInvitation(teamUID, inviteCode),
    onSuccess: (_nothing, inviteCode) => {
      queryClient.setQueryData<TeamInvitation[]>(invitationsQueryKey(teamUID), (open) =>
        open?.filter((item) => item.inviteCode !== inviteCode),
      );
    },
  });
}
