import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson, teamPath } from '../../../lib/api-client';
import type { TeamInvitation } from './get-invitations';
import { teamKeys } from '../../../lib/query-keys';

/** Revokes an open invitation so its code no longer works. */
export async function revokeInvitation(teamUID: string, inviteCode: string): Promise<void> {
  await requestJson(teamPath(teamUID, 'invitations', inviteCode), { method: 'DELETE' });
}

export function useRevokeInvitation(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => revokeInvitation(teamUID, inviteCode),
    onSuccess: (_nothing, inviteCode) => {
      queryClient.setQueryData<TeamInvitation[]>(teamKeys.invitations(teamUID), (open) =>
        open?.filter((item) => item.inviteCode !== inviteCode),
      );
    },
  });
}
