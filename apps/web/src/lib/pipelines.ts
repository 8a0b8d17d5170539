import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from './api-client';
import { teamKeys } from './query-keys';

/** A stage of a pipeline, as the server presents it. */
export interface Stage {
  stageUID: string;
  name: string;
  remoteID: string | null;
  color: string;
  fontColor: string;
  description: string | null;
  phase: string | null;
  idx: number;
}

/** A tag in a tag set. */
export interface Tag {
  tagUID: string;
  name: string;
  value: string | null;
  color: string | null;
  remoteID: string | null;
}

/** A global tag set (pipelineID null) or one of a pipeline. */
export interface TagSet {
  tagSetUID: string;
  name: string;
  color: string;
  pipelineID: string | null;
  tags: Tag[];
}

/** A pipeline with its stages, tag sets and membership questions. */
export interface Pipeline {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  order: number;
  questions: string[];
  stages: Stage[];
  tagSets: TagSet[];
}

/** The pipelines the user sees, in order, and the team's global tag sets. */
export interface PipelineList {
  pipelines: Pipeline[];
  globalTagSets: TagSet[];
}

/** Where an item goes: after or before a sibling. */
export type Placement = { after: string } | { before: string };

/** Loads the pipelines with stages and tag sets, and the global tag sets. */
export function fetchPipelineList(teamUID: string, signal?: AbortSignal): Promise<PipelineList> {
  return requestData<PipelineList>(teamPath(teamUID, 'pipelines'), { signal });
}

/**
 * The pipelines the member sees, in full, and the global tag sets: one cached list for every screen,
 * refetched when a teammate changes a pipeline, stage, tag set or tag (lib/change-events.ts).
 */
export function usePipelines(teamUID: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: teamKeys.pipelines(teamUID),
    queryFn: ({ signal }) => fetchPipelineList(teamUID, signal),
    enabled,
  });
}

/** A mutation that refetches the pipeline list when done. */
export function usePipelineMutation<TInput, TData = unknown>(
  teamUID: string,
  mutationFn: (input: TInput) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.pipelines(teamUID) }),
  });
}

export interface StageFields {
  name: string;
  color?: string;
  description?: string;
  phaseId?: string | null;
}

/** Creates a pipeline with its stages. */
export function createPipeline(teamUID: string, input: { nickName: string; stages: StageFields[] }) {
  return requestData<Pipeline>(teamPath(teamUID, 'pipelines'), { method: 'POST', body: input });
}

/** Renames, reorders, sets the questions of, or makes default a pipeline. */
export function updatePipeline(
  teamUID: string,
  pipelineID: string,
  patch: { nickName?: string; questions?: string[]; isDefault?: true } | Placement,
) {
  return requestData<Pipeline>(teamPath(teamUID, 'pipelines', pipelineID), {
    method: 'PATCH',
    body: patch,
  });
}

/** Deletes a pipeline. */
export function deletePipeline(teamUID: string, pipelineID: string) {
  return requestData<undefined>(teamPath(teamUID, 'pipelines', pipelineID), {
    method: 'DELETE',
  });
}

/** Adds a stage at the end of a pipeline. */
export function createStage(teamUID: string, pipelineID: string, input: StageFields) {
  return requestData<Pipeline>(teamPath(teamUID, 'pipelines', pipelineID, 'stages'), {
    method: 'POST',
    body: input,
  });
}

/** Changes or moves a stage. */
export function updateStage(teamUID: string, stageID: string, patch: Partial<StageFields> | Placement) {
  return requestData<undefined>(teamPath(teamUID, 'stages', stageID), {
    method: 'PATCH',
    body: patch,
  });
}

/** Deletes a stage; `moveTo` receives its contacts. */
export function deleteStage(teamUID: string, stageID: string, moveTo?: string) {
  const query = moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : '';
  return requestData<undefined>(`${teamPath(teamUID, 'stages', stageID)}${query}`, {
    method: 'DELETE',
  });
}
