import type { TeamInvitation } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** An open invitation, as `GET invitations` answers (its contract is in packages/domain). */
export type { TeamInvitation };

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
