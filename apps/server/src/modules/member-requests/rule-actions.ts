import { createPushId, ranksAfter, type MemberRequestRule } from '@grouptrack/domain';
import type { TeamDb } from '../../platform/db/databases';
import { addTagPairs, insertStageHistory, moveToStage } from '../bulk';
import { findTagsWithSets, lastCardRank } from '../contacts';
import type { BatchHistory } from '../contacts/contacts.service';
import * as pipelineData from '../pipelines';
import type { TeamActor } from '../teams/teams.service';

/** The tags and stages a pipeline's rules give the people they decide, read once before a batch's transaction. */
export interface PreparedRuleActions {
  tags: Map<string, { name: string; pipelineId: string | null }>;
  stages: Map<string, string>;
}

/**
 * Reads the tags and stages the rules name. One deleted since the rules were saved is left out: the
 * rest of what the rule does still happens.
 */
export async function prepareRuleActions(
  db: TeamDb,
  member: TeamActor,
  pipelineId: string,
  rules: readonly MemberRequestRule[],
): Promise<PreparedRuleActions> {
  const { teamUID } = member;
  const tagIds = [...new Set(rules.flatMap((rule) => rule.tagIds))];
  const tags = new Map(
    (await findTagsWithSets(db, teamUID, tagIds))
      .filter((tag) => tag.pipelineId === null || tag.pipelineId === pipelineId)
      .map((tag) => [tag.tagId, { name: tag.name, pipelineId: tag.pipelineId }]),
  );
  const stages = new Map(
    rules.some((rule) => rule.stageId)
      ? (await pipelineData.listStages(db, teamUID, [pipelineId])).map((stage) => [stage.id, stage.name])
      : [],
  );
  return { tags, stages };
}

/**
 * Gives the people a batch's rules decided their rule's tags and stage, a statement per tag set and
 * stage rather than per person, inside the batch's transaction: 2,000 requests are ruled in the time
 * of a few. Answers the history to write with the batch; a tag they had or a stage they are in
 * already writes none.
 */
export async function carryOutRuleActions(
  tx: TeamDb,
  member: TeamActor,
  pipelineId: string,
  decided: readonly { contactId: string; rule: MemberRequestRule }[],
  prepared: PreparedRuleActions,
): Promise<BatchHistory[]> {
  const { teamUID } = member;
  const history: BatchHistory[] = [];

  const pairs = decided.flatMap(({ contactId, rule }) =>
    rule.tagIds.filter((tagId) => prepared.tags.has(tagId)).map((tagId) => ({ contactId, tagId })),
  );
  for (const { contactId, tagId } of await addTagPairs(tx, teamUID, pairs)) {
    const tag = prepared.tags.get(tagId)!;
    history.push({
      contactId,
      type: 'tag',
      action: 'added',
      pipelineId: tag.pipelineId,
      data: { tagUID: tagId, tag: tag.name },
    });
  }

  for (const [stageId, contactIds] of groupBy(decided, (entry) => entry.rule.stageId)) {
    const stage = prepared.stages.get(stageId);
    if (stage === undefined) continue;
    const ranks = ranksAfter(await lastCardRank(tx, teamUID, pipelineId, stageId), contactIds.length);
    const moved = await moveToStage(tx, teamUID, pipelineId, stageId, contactIds, ranks);
    await insertStageHistory(
      tx,
      moved.map((row) => ({
        teamId: teamUID,
        contactId: row.contactId,
        pipelineId,
        id: createPushId('sh_'),
        stageId,
        byUid: member.userId,
      })),
    );
    for (const row of moved) {
      history.push({
        contactId: row.contactId,
        type: 'stage',
        action: 'changed',
        pipelineId,
        data: { from: row.fromStageId, to: stageId, stage },
      });
    }
  }

  return history;
}

/** The contacts of the decided entries by a key of their rule, leaving out those without one. */
function groupBy(
  decided: readonly { contactId: string; rule: MemberRequestRule }[],
  keyOf: (entry: { rule: MemberRequestRule }) => string | null,
): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const entry of decided) {
    const key = keyOf(entry);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), entry.contactId]);
  }
  return groups;
}
