import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { patchLoadedRow } from './update-contact';

/** Moves a row's contact to a stage of the pipeline in view, in one write, then shows it in that row. */
export function useSetRowStage(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ GTID, pipelineId, stageId }: { GTID: string; pipelineId: string; stageId: string }) =>
      requestData(contactPath(teamUID, GTID, 'pipelines', pipelineId), { method: 'PUT', body: { stageId } }),
    // The cell goes back to the stored stage; the toast says why.
    meta: { errorTitle: "Couldn't change the stage" },
    onSuccess: (_answer, { GTID, stageId }) =>
      patchLoadedRow(queryClient, teamUID, GTID, (hit) => ({ ...hit, stage: stageId })),
  });
}

/** Tags or untags a row's contact, one write per tag, then shows the change in that row. */
export function useToggleRowTag(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ GTID, tagId, isAdding }: { GTID: string; tagId: string; isAdding: boolean }) =>
      requestData<undefined>(contactPath(teamUID, GTID, 'tags', tagId), {
        method: isAdding ? 'PUT' : 'DELETE',
      }),
    meta: { errorTitle: "Couldn't change the tags" },
    onSuccess: (_answer, { GTID, tagId, isAdding }) =>
      patchLoadedRow(queryClient, teamUID, GTID, (hit) => ({
        ...hit,
        tags: isAdding
          ? [...hit.tags.filter((id) => id !== tagId), tagId]
          : hit.tags.filter((id) => id !== tagId),
      })),
  });
}
