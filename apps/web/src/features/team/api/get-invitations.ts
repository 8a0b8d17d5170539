import { useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

/** An open invitation: by email for one person, or a shareable link (email null). */
export interface TeamInvitation {
  inviteCode: string;
  link: string;
  email: string | null;
  role: 'admin' | 'member';
  groupAccess: string[];
  expiresAt: string;
  createdAt: string;
}

export const invitationsQueryKey = (teamUID: string) => ['teams', teamUID, 'invitations'] as const;

/** Lists a team's open invitations (owner or admin). */
export function listInvitations(teamUID: string, signal?: AbortSignal): Promise<TeamInvitation[]> {
  return requestData<TeamInvitation[]>(`/api/v1/teams/${encodeURIComponent(teamUID)}/invitations`, {
    signal,
  });
}

export function useInvitations(teamUID: string) {
  return useQuery({
    queryKey: invitationsQueryKey(teamUID),
    queryFn: ({ signal }) => listInvitations(teamUID, signal),
  });
}
