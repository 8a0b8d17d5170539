import { contactPath, requestData } from '../../../lib/api-client';
import type { CardPlace } from '../lib/board-state';

/**
 * Moves a contact to a stage of a pipeline (its own, to reorder), in one write: next to the card
 * `place` names (the server ranks it between its neighbours), to `rank` (an Undo puts the card back
 * exactly where it was), or else to the end of the stage.
 */
export async function moveContactToStage(input: {
  teamUID: string;
  GTID: string;
  pipelineId: string;
  stageId: string;
  rank?: string | null;
  place?: CardPlace | undefined;
}): Promise<void> {
  const { teamUID, GTID, pipelineId, stageId, rank, place } = input;
  await requestData(contactPath(teamUID, GTID, 'pipelines', pipelineId), {
    method: 'PUT',
    body: rank ? { stageId, rank } : { stageId, ...place },
  });
}
