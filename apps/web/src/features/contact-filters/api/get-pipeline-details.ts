import { useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';

/** A stage of a pipeline, as `GET /api/v1/teams/:teamUID/pipelines` answers it. */
export interface PipelineStage {
  stageUID: string;
  name: string;
  color: string;
  fontColor: string;
  idx: number;
}

/** A tag of a tag set. */
export interface PipelineTag {
  tagUID: string;
  name: string;
  color: string | null;
}

/** A tag set, global or of one pipeline. */
export interface PipelineTagSet {
  tagSetUID: string;
  name: string;
  color: string;
  pipelineID: string | null;
  tags: PipelineTag[];
}

/** A pipeline the member may see, with its stages and tag sets. */
export interface PipelineDetail {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  order: number;
  stages: PipelineStage[];
  tagSets: PipelineTagSet[];
}

/** The pipelines the member sees and the team's global tag sets. */
export interface PipelineDetails {
  pipelines: PipelineDetail[];
  globalTagSets: PipelineTagSet[];
}

// Under the team's pipelines key, so invalidating the team's pipelines refreshes these too.
export const pipelineDetailsQueryKey = (teamUID: string) =>
  ['teams', teamUID, 'pipelines', 'details'] as const;

/** Loads the pipelines the member sees, with stages and tag sets, and the global tag sets. */
export function fetchPipelineDetails(teamUID: string, signal?: AbortSignal): Promise<PipelineDetails> {
  return requestData<PipelineDetails>(teamPath(teamUID, 'pipelines'), { signal });
}

export function usePipelineDetails(teamUID: string) {
  return useQuery({
    queryKey: pipelineDetailsQueryKey(teamUID),
    queryFn: ({ signal }) => fetchPipelineDetails(teamUID, signal),
    staleTime: 60_000,
  });
}
