import type { TeamRole } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData } from './api-client';

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

export const membersQueryKey = (teamUID: string) => ['teams', teamUID, 'members'] as const;

/** Lists the members of a team. */
export function listMembers(teamUID: string, signal?: AbortSignal): Promise<TeamMember[]> {
  return requestData<TeamMember[]>(`/api/v1/teams/${encodeURIComponent(teamUID)}/members`, { signal });
}

export function useMembers(teamUID: string) {
  return useQuery({
    queryKey: membersQueryKey(teamUID),
    queryFn: ({ signal }) => listMembers(teamUID, signal),
  });
}
