import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

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

/** Lists a team's open invitations (owner or admin). */
export function listInvitations(teamUID: string, signal?: AbortSignal): Promise<TeamInvitation[]> {
  return requestData<TeamInvitation[]>(teamPath(teamUID, 'invitations'), {
    signal,
  });
}

export function useInvitations(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.invitations(teamUID),
    queryFn: ({ signal }) => listInvitations(teamUID, signal),
  });
}
