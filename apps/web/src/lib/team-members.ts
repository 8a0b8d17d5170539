import type { TeamMember } from '@grouptrack/domain';
import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from './api-client';
import { teamKeys } from './query-keys';

/** A member of a team, as `GET members` answers (its contract is in packages/domain). */
export type { TeamMember };

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
