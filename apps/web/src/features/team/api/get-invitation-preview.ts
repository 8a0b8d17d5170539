import type { InvitationPreview } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

export const invitationPreviewQueryKey = (inviteCode: string) =>
  ['invitations', inviteCode, 'preview'] as const;

/** Loads which team an invite code joins; no sign-in needed. */
export function fetchInvitationPreview(inviteCode: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return requestData<InvitationPreview>(`/api/v1/invitations/${encodeURIComponent(inviteCode)}`, { signal });
}

export function useInvitationPreview(inviteCode: string | undefined) {
  return useQuery({
    queryKey: invitationPreviewQueryKey(inviteCode ?? ''),
    queryFn: ({ signal }) => fetchInvitationPreview(inviteCode ?? '', signal),
    enabled: inviteCode !== undefined,
  });
}
