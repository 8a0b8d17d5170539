import type { TeamRole } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from './api-client';
import { teamKeys } from './query-keys';

/** A member of a team, with their role and the pipelines they may see. */
export interface TeamMember {
  uid: string;
  name: string;
  email: string;
  photoURL: string | null;
  role: TeamRole;
  teamOwner: boolean;
  groupAccess: string[];
  joinedAt: string;
}

/** Lists the members of a team. */
export function listMembers(teamUID: string, signal?: AbortSignal): Promise<TeamMember[]> {
  return requestData<TeamMember[]>(teamPath(teamUID, 'members'), { signal });
}

export function useMembers(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.members(teamUID),
    queryFn: ({ signal }) => listMembers(teamUID, signal),
  });
}
