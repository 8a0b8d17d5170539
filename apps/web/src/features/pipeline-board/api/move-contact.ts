import { contactPath, requestData } from '../../../lib/api-client';

/**
 * Moves a contact to another stage of a pipeline, in one write: to the end of the stage, or to
 * `rank` (an Undo puts the card back exactly where it was).
 */
export async function moveContactToStage(input: {
  teamUID: string;
  GTID: string;
  pipelineId: string;
  stageId: string;
  rank?: string | null;
}): Promise<void> {
  const { teamUID, GTID, pipelineId, stageId, rank } = input;
  await requestData(contactPath(teamUID, GTID, 'pipelines', pipelineId), {
    method: 'PUT',
    body: rank ? { stageId, rank } : { stageId },
  });
}
