import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import type { PipelineSummary } from '../components/pipeline-access';

interface PipelinesAnswer {
  pipelines: { groupUID: string; nickName: string }[];
}

export const teamPipelinesQueryKey = (teamUID: string) => ['teams', teamUID, 'pipelines'] as const;

/** The team's pipelines by name, for choosing which ones each member sees. */
export async function listTeamPipelines(teamUID: string, signal?: AbortSignal): Promise<PipelineSummary[]> {
  const answer = await requestData<PipelinesAnswer>(teamPath(teamUID, 'pipelines'), { signal });
  return answer.pipelines.map((pipeline) => ({ id: pipeline.groupUID, name: pipeline.nickName }));
}

export function useTeamPipelines(teamUID: string, enabled: boolean) {
  return useQuery({
    queryKey: teamPipelinesQueryKey(teamUID),
    queryFn: ({ signal }) => listTeamPipelines(teamUID, signal),
    enabled,
  });
}
