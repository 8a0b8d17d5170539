import { STARTER_STAGES, createPushId, pickReadableFontColor, spreadRanks } from '@grouptrack/domain';
import type { TeamDb } from '../../platform/db/databases';
import { STAGE_PALETTE } from './pipelines.service';
import { insertPipeline, insertStages } from './pipelines.repository';

/**
 * Writes a new team's starter pipeline (its default, named after the team), so the team's first
 * contact has a board to land on. Called once, as the team is created; nothing is announced, as
 * nobody is watching yet.
 */
export async function insertStarterPipeline(tx: TeamDb, teamUID: string, nickName: string): Promise<string> {
  const id = createPushId('pl_');
  await insertPipeline(tx, {
    teamId: teamUID,
    id,
    nickName,
    isDefault: true,
    rank: spreadRanks(1)[0]!,
    questions: [],
  });
  const ranks = spreadRanks(STARTER_STAGES.length);
  await insertStages(
    tx,
    STARTER_STAGES.map((name, index) => {
      const color = STAGE_PALETTE[index % STAGE_PALETTE.length]!;
      return {
        teamId: teamUID,
        id: createPushId('stg_'),
        pipelineId: id,
        name,
        color,
        fontColor: pickReadableFontColor(color),
        description: '',
        phaseId: null,
        remoteId: null,
        rank: ranks[index]!,
      };
    }),
  );
  return id;
}
