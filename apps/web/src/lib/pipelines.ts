import type { Pipeline, PipelineList, Stage, Tag, TagSet } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from './api-client';
import { teamKeys } from './query-keys';

/** The pipeline list's types come from its contract in packages/domain, which the server answers by. */
export type { Pipeline, PipelineList, Stage, Tag, TagSet };

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

/** Every tag of the list, the global sets' and the pipelines', with its set's name. */
export function listAllTags(list: PipelineList) {
  const sets = [...list.globalTagSets, ...list.pipelines.flatMap((pipeline) => pipeline.tagSets)];
  return sets.flatMap((set) => set.tags.map((tag) => ({ ...tag, setName: set.name })));
}

/** The tags as a picker offers them, each named with its set: "Interests: Fitness". */
export function tagOptions(list: PipelineList) {
  return listAllTags(list).map((tag) => ({ value: tag.tagUID, label: `${tag.setName}: ${tag.name}` }));
}

export function pipelineOptions(list: PipelineList) {
  return list.pipelines.map((pipeline) => ({ value: pipeline.groupUID, label: pipeline.nickName }));
}

/** A pipeline's stages as a picker offers them; none for no pipeline. */
export function stageOptions(list: PipelineList, pipelineId: string | null) {
  const pipeline = list.pipelines.find((item) => item.groupUID === pipelineId);
  return (pipeline?.stages ?? []).map((stage) => ({ value: stage.stageUID, label: stage.name }));
}
