import { contactPath, requestData } from '../../../lib/api-client';

/** Moves a contact to another stage of a pipeline, in one write. */
export async function moveContactToStage(input: {
  teamUID: string;
  GTID: string;
  pipelineId: string;
  stageId: string;
}): Promise<void> {
  const { teamUID, GTID, pipelineId, stageId } = input;
  await requestData(contactPath(teamUID, GTID, 'pipelines', pipelineId), {
    method: 'PUT',
    body: { stageId },
  });
}
