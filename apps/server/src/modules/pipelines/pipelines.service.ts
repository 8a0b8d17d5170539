import {
  DEFAULT_TAG_SET_COLOR,
  canSeePipeline,
  changedFields,
  createPushId,
  pickReadableFontColor,
  placeAmong,
  placementProblem,
  rankBetween,
  spreadRanks,
  type GroupIntegration,
  type Placement,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import type { TeamActor } from '../teams/teams.service';
import * as repo from './pipelines.repository';

/** Stage colours given in turn to stages created without one. */
export const STAGE_PALETTE = [
  '#1C7EBB',
  '#2F9E44',
  '#F59F00',
  '#E8590C',
  '#C2255C',
  '#7048E8',
  '#0C8599',
  '#5C940D',
];

export interface StageInput {
  name: string;
  color?: string | undefined;
  description?: string | undefined;
  phaseId?: string | null | undefined;
  remoteId?: string | null | undefined;
}

export type PipelinesService = ReturnType<typeof createPipelinesService>;

/** Whether an integrations entry is this group: group ids are compared without case, as addresses are. */
export function isSameGroup(
  entry: Record<string, unknown>,
  group: Pick<GroupIntegration, 'platform' | 'groupId'>,
): boolean {
  return (
    entry.type === 'group' &&
    entry.platform === group.platform &&
    typeof entry.groupId === 'string' &&
    entry.groupId.toLowerCase() === group.groupId.toLowerCase()
  );
}

export function createPipelinesService(deps: { databases: Databases }) {
  const { databases } = deps;

  /** Runs a change in one transaction on the team's shard, turning duplicate names into a 409. */
  async function write<T>(
    teamUID: string,
    duplicateMessage: string,
    work: (tx: TeamDb) => Promise<T>,
  ): Promise<T> {
    try {
      return await databases.forTeam(teamUID).transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(duplicateMessage);
      throw error;
    }
  }

  async function requirePipeline(tx: TeamDb, member: TeamActor, pipelineId: string) {
    const pipeline = await repo.findPipeline(tx, member.teamUID, pipelineId);
    // A pipeline the member may not see answers like one that does not exist.
    if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
    return pipeline;
  }

  /** Stages name only this team's phases: another team's id is refused, naming the field. */
  async function checkPhases(
    tx: TeamDb,
    teamUID: string,
    phaseIds: (string | null | undefined)[],
    field: (index: number) => string,
  ) {
    const asked = phaseIds.map((id) => id ?? null);
    const unknown = await repo.findUnknownPhases(tx, teamUID, [
      ...new Set(asked.filter((id) => id !== null)),
    ]);
    const index = asked.findIndex((id) => id !== null && unknown.includes(id));
    if (index >= 0)
      throw new BadRequestError(`Invalid ${field(index)}: ${asked[index]} is not a phase of this team.`);
  }

  /** A rank for an item placed after or before a sibling, or at the end. */
  function placeRank(
    siblings: { id: string; rank: string }[],
    placement: Placement,
    movingId?: string,
  ): string {
    const rank = placeAmong(siblings, placement, movingId);
    if (rank === null) throw new BadRequestError(placementProblem(placement));
    return rank;
  }

  function stageRow(teamUID: string, pipelineId: string, input: StageInput, rank: string, index: number) {
    const color = input.color ?? STAGE_PALETTE[index % STAGE_PALETTE.length]!;
    return {
      teamId: teamUID,
      id: createPushId('stg_'),
      pipelineId,
      name: input.name,
      color,
      fontColor: pickReadableFontColor(color),
      description: input.description ?? '',
      phaseId: input.phaseId ?? null,
      remoteId: input.remoteId ?? null,
      rank,
    };
  }

  /** Pipelines the member may see, in order, with stages and tag sets (SPEC pipelineDetails). */
  async function listPipelines(member: TeamActor) {
    const { teamUID } = member;
    const db = databases.forTeam(teamUID);
    const visible = (await repo.listPipelines(db, teamUID)).filter((pipeline) =>
      canSeePipeline(member, pipeline.id),
    );
    const ids = visible.map((pipeline) => pipeline.id);
    const [stageRows, tagSetRows] =
      ids.length === 0
        ? [[], await repo.listTagSets(db, teamUID, [])]
        : await Promise.all([repo.listStages(db, teamUID, ids), repo.listTagSets(db, teamUID, ids)]);
    return {
      pipelines: visible.map((pipeline, order) =>
        presentPipeline(
          pipeline,
          order,
          stageRows.filter((stage) => stage.pipelineId === pipeline.id),
          tagSetRows.filter((set) => set.pipelineId === pipeline.id),
        ),
      ),
      globalTagSets: tagSetRows.filter((set) => set.pipelineId === null).map(presentTagSet),
    };
  }

  return {
    listPipelines,

    async getPipeline(member: TeamActor, pipelineId: string) {
      const { pipelines } = await listPipelines(member);
      const pipeline = pipelines.find((item) => item.groupUID === pipelineId);
      if (!pipeline) throw new NotFoundError('Pipeline not found.');
      return pipeline;
    },

    async createPipeline(
      member: TeamActor,
      input: { nickName: string; stages: StageInput[]; questions?: string[] | undefined },
    ) {
      const { teamUID } = requirePermission(member, 'manage-pipelines', 'pipelines');
      const id = createPushId('pl_');
      await write(teamUID, `A pipeline named "${input.nickName}" already exists.`, async (tx) => {
        await checkPhases(
          tx,
          teamUID,
          input.stages.map((stage) => stage.phaseId),
          (index) => `stages.${index}.phaseId`,
        );
        const existing = await repo.listPipelines(tx, teamUID);
        await repo.insertPipeline(tx, {
          teamId: teamUID,
          id,
          nickName: input.nickName,
          isDefault: existing.length === 0,
          rank: rankBetween(existing.at(-1)?.rank ?? null, null),
          questions: input.questions ?? [],
        });
        const ranks = spreadRanks(input.stages.length);
        await repo.insertStages(
          tx,
          input.stages.map((stage, index) => stageRow(teamUID, id, stage, ranks[index]!, index)),
        );
        await appendChange(tx, teamUID, { entity: 'pipeline', op: 'create', ids: [id], pipelineId: id });
      });
      return id;
    },

    async updatePipeline(
      member: TeamActor,
      pipelineId: string,
      patch: {
        nickName?: string | undefined;
        questions?: string[] | undefined;
        isDefault?: true | undefined;
      } & Placement,
    ) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, `A pipeline named "${patch.nickName}" already exists.`, async (tx) => {
        const pipeline = await requirePipeline(tx, member, pipelineId);
        const moving = patch.after ?? patch.before;
        const changes = changedFields(pipeline, {
          ...(patch.nickName !== undefined && { nickName: patch.nickName }),
          ...(patch.questions !== undefined && { questions: patch.questions }),
          ...(moving && { rank: placeRank(await repo.listPipelines(tx, teamUID), patch, pipelineId) }),
        });
        const makesDefault = patch.isDefault && !pipeline.isDefault;
        if (!changes && !makesDefault) return;
        if (changes) await repo.updatePipeline(tx, teamUID, pipelineId, changes);
        if (makesDefault) await repo.setDefaultPipeline(tx, teamUID, pipelineId);
        await appendChange(tx, teamUID, { entity: 'pipeline', op: 'update', ids: [pipelineId], pipelineId });
      });
    },

    async deletePipeline(member: TeamActor, pipelineId: string) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, '', async (tx) => {
        const pipeline = await requirePipeline(tx, member, pipelineId);
        await repo.deletePipeline(tx, teamUID, pipelineId, {
          id: createPushId('del_'),
          at: new Date(),
          byUid: member.userId,
          byName: member.name,
        });
        if (pipeline.isDefault) {
          const [next] = await repo.listPipelines(tx, teamUID);
          if (next) await repo.setDefaultPipeline(tx, teamUID, next.id);
        }
        await appendChange(tx, teamUID, { entity: 'pipeline', op: 'delete', ids: [pipelineId], pipelineId });
      });
    },

    /**
     * Connects a group (its requests come to this pipeline), or renames it when it is connected
     * already. A group belongs to one pipeline of the team: connecting it to a second is refused,
     * naming the pipeline that has it.
     */
    async connectGroup(member: TeamActor, pipelineId: string, group: GroupIntegration) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, '', async (tx) => {
        const pipeline = await requirePipeline(tx, member, pipelineId);
        // Locks the team's pipelines, so two connections of one group at once cannot both pass.
        const others = await repo.lockPipelines(tx, teamUID);
        const holder = others.find(
          (other) => other.id !== pipelineId && other.integrations.some((entry) => isSameGroup(entry, group)),
        );
        if (holder) {
          throw new ConflictError(
            `This group already sends its requests to the pipeline "${holder.nickName}": disconnect it there first.`,
            { pipelineID: holder.id, nickName: holder.nickName },
          );
        }
        const kept = pipeline.integrations.filter((entry) => !isSameGroup(entry, group));
        const current = pipeline.integrations.find((entry) => isSameGroup(entry, group));
        if (current && current.name === group.name) return;
        await repo.updatePipeline(tx, teamUID, pipelineId, { integrations: [...kept, { ...group }] });
        await appendChange(tx, teamUID, { entity: 'pipeline', op: 'update', ids: [pipelineId], pipelineId });
      });
    },

    /** Disconnects a group: its requests no longer come to this pipeline. */
    async disconnectGroup(
      member: TeamActor,
      pipelineId: string,
      group: Pick<GroupIntegration, 'platform' | 'groupId'>,
    ) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, '', async (tx) => {
        const pipeline = await requirePipeline(tx, member, pipelineId);
        const kept = pipeline.integrations.filter((entry) => !isSameGroup(entry, group));
        if (kept.length === pipeline.integrations.length)
          throw new NotFoundError('This group is not connected to this pipeline.');
        await repo.updatePipeline(tx, teamUID, pipelineId, { integrations: kept });
        await appendChange(tx, teamUID, { entity: 'pipeline', op: 'update', ids: [pipelineId], pipelineId });
      });
    },

    async createStage(member: TeamActor, pipelineId: string, input: StageInput & Placement) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      const id = await write(
        teamUID,
        `A stage named "${input.name}" already exists in this pipeline.`,
        async (tx) => {
          await requirePipeline(tx, member, pipelineId);
          await checkPhases(tx, teamUID, [input.phaseId], () => 'phaseId');
          const siblings = await repo.listStages(tx, teamUID, [pipelineId]);
          const row = stageRow(teamUID, pipelineId, input, placeRank(siblings, input), siblings.length);
          await repo.insertStages(tx, [row]);
          await appendChange(tx, teamUID, { entity: 'stage', op: 'create', ids: [row.id], pipelineId });
          return row.id;
        },
      );
      return id;
    },

    async updateStage(member: TeamActor, stageId: string, patch: Partial<StageInput> & Placement) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, `A stage named "${patch.name}" already exists in this pipeline.`, async (tx) => {
        const stage = await repo.findStage(tx, teamUID, stageId);
        if (!stage || !canSeePipeline(member, stage.pipelineId)) throw new NotFoundError('Stage not found.');
        await checkPhases(tx, teamUID, [patch.phaseId], () => 'phaseId');
        const moving = patch.after ?? patch.before;
        const changes = changedFields(stage, {
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.color !== undefined && {
            color: patch.color,
            fontColor: pickReadableFontColor(patch.color),
          }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.phaseId !== undefined && { phaseId: patch.phaseId }),
          ...(patch.remoteId !== undefined && { remoteId: patch.remoteId }),
          ...(moving && {
            rank: placeRank(await repo.listStages(tx, teamUID, [stage.pipelineId]), patch, stageId),
          }),
        });
        if (!changes) return;
        await repo.updateStage(tx, teamUID, stageId, changes);
        await appendChange(tx, teamUID, {
          entity: 'stage',
          op: 'update',
          ids: [stageId],
          pipelineId: stage.pipelineId,
        });
      });
    },

    /** Deletes a stage; its contacts move to `moveTo`, which is required when it holds any. */
    async deleteStage(member: TeamActor, stageId: string, moveTo: string | undefined) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, '', async (tx) => {
        const stage = await repo.findStage(tx, teamUID, stageId);
        if (!stage || !canSeePipeline(member, stage.pipelineId)) throw new NotFoundError('Stage not found.');
        const siblings = await repo.listStages(tx, teamUID, [stage.pipelineId]);
        if (siblings.length === 1) throw new BadRequestError('A pipeline needs at least one stage.');
        const held = await repo.countStageContacts(tx, teamUID, stageId);
        if (held > 0) {
          const target = siblings.find((item) => item.id === moveTo && item.id !== stageId);
          if (!target) {
            throw new BadRequestError(
              `Invalid moveTo: this stage holds ${held.toLocaleString('en-US')} contacts; choose another stage of the pipeline to move them to.`,
            );
          }
          await repo.moveStageContacts(tx, teamUID, stageId, target.id);
        }
        await repo.deleteStage(tx, teamUID, stageId);
        await appendChange(tx, teamUID, {
          entity: 'stage',
          op: 'delete',
          ids: [stageId],
          pipelineId: stage.pipelineId,
        });
      });
    },

    async listTagSets(member: TeamActor) {
      const { pipelines, globalTagSets } = await listPipelines(member);
      return { globalTagSets, pipelineTagSets: pipelines.flatMap((pipeline) => pipeline.tagSets) };
    },

    async createTagSet(
      member: TeamActor,
      input: {
        name: string;
        color?: string | undefined;
        pipelineId?: string | null | undefined;
        tags?: string[] | undefined;
      },
    ) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      const repeated = (input.tags ?? []).filter(
        (name, index, all) => all.findIndex((other) => other.toLowerCase() === name.toLowerCase()) !== index,
      );
      if (repeated.length > 0) {
        const names = (input.tags ?? []).filter((name) =>
          repeated.some((other) => other.toLowerCase() === name.toLowerCase()),
        );
        throw new BadRequestError(
          `Invalid tags: ${names.map((name) => `"${name}"`).join(', ')} repeat; give each tag of a set its own name.`,
        );
      }
      const id = createPushId('ts_');
      await write(teamUID, `A tag set named "${input.name}" already exists here.`, async (tx) => {
        if (input.pipelineId) await requirePipeline(tx, member, input.pipelineId);
        await repo.insertTagSet(tx, {
          teamId: teamUID,
          id,
          pipelineId: input.pipelineId ?? null,
          name: input.name,
          color: input.color ?? DEFAULT_TAG_SET_COLOR,
          rank: rankBetween(await repo.lastTagSetRank(tx, teamUID), null),
        });
        for (const name of input.tags ?? []) {
          await repo.insertTag(tx, { teamId: teamUID, id: createPushId('tag_'), tagSetId: id, name });
        }
        await appendChange(tx, teamUID, {
          entity: 'tag_set',
          op: 'create',
          ids: [id],
          pipelineId: input.pipelineId ?? null,
        });
      });
      return id;
    },

    async updateTagSet(
      member: TeamActor,
      tagSetId: string,
      patch: { name?: string | undefined; color?: string | undefined },
    ) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, `A tag set named "${patch.name}" already exists here.`, async (tx) => {
        const set = await repo.findTagSet(tx, teamUID, tagSetId);
        if (!set || (set.pipelineId && !canSeePipeline(member, set.pipelineId)))
          throw new NotFoundError('Tag set not found.');
        const changes = changedFields(set, patch);
        if (!changes) return;
        await repo.updateTagSet(tx, teamUID, tagSetId, changes);
        await appendChange(tx, teamUID, {
          entity: 'tag_set',
          op: 'update',
          ids: [tagSetId],
          pipelineId: set.pipelineId,
        });
      });
    },

    async deleteTagSet(member: TeamActor, tagSetId: string) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, '', async (tx) => {
        const set = await repo.findTagSet(tx, teamUID, tagSetId);
        if (!set || (set.pipelineId && !canSeePipeline(member, set.pipelineId)))
          throw new NotFoundError('Tag set not found.');
        await repo.deleteTagSet(tx, teamUID, tagSetId);
        await appendChange(tx, teamUID, {
          entity: 'tag_set',
          op: 'delete',
          ids: [tagSetId],
          pipelineId: set.pipelineId,
        });
      });
    },

    async createTag(
      member: TeamActor,
      tagSetId: string,
      input: {
        name: string;
        color?: string | null | undefined;
        value?: string | null | undefined;
        remoteId?: string | null | undefined;
      },
    ) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      const id = createPushId('tag_');
      await write(teamUID, `A tag named "${input.name}" already exists in this set.`, async (tx) => {
        const set = await repo.findTagSet(tx, teamUID, tagSetId);
        if (!set || (set.pipelineId && !canSeePipeline(member, set.pipelineId)))
          throw new NotFoundError('Tag set not found.');
        await repo.insertTag(tx, {
          teamId: teamUID,
          id,
          tagSetId,
          name: input.name,
          color: input.color ?? null,
          value: input.value ?? null,
          remoteId: input.remoteId ?? null,
        });
        await appendChange(tx, teamUID, {
          entity: 'tag',
          op: 'create',
          ids: [id],
          pipelineId: set.pipelineId,
        });
      });
      return id;
    },

    async updateTag(
      member: TeamActor,
      tagId: string,
      patch: {
        name?: string | undefined;
        color?: string | null | undefined;
        value?: string | null | undefined;
        remoteId?: string | null | undefined;
      },
    ) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, `A tag named "${patch.name}" already exists in this set.`, async (tx) => {
        const tag = await repo.findTag(tx, teamUID, tagId);
        const set = tag && (await repo.findTagSet(tx, teamUID, tag.tagSetId));
        if (!set || (set.pipelineId && !canSeePipeline(member, set.pipelineId)))
          throw new NotFoundError('Tag not found.');
        const changes = changedFields(tag, patch);
        if (!changes) return;
        await repo.updateTag(tx, teamUID, tagId, changes);
        await appendChange(tx, teamUID, {
          entity: 'tag',
          op: 'update',
          ids: [tagId],
          pipelineId: set.pipelineId,
        });
      });
    },

    async deleteTag(member: TeamActor, tagId: string) {
      const { teamUID } = member;
      requirePermission(member, 'manage-pipelines', 'pipelines');
      await write(teamUID, '', async (tx) => {
        const tag = await repo.findTag(tx, teamUID, tagId);
        const set = tag && (await repo.findTagSet(tx, teamUID, tag.tagSetId));
        if (!set || (set.pipelineId && !canSeePipeline(member, set.pipelineId)))
          throw new NotFoundError('Tag not found.');
        await repo.deleteTag(tx, teamUID, tagId);
        await appendChange(tx, teamUID, {
          entity: 'tag',
          op: 'delete',
          ids: [tagId],
          pipelineId: set.pipelineId,
        });
      });
    },
  };
}

/**
 * The fields of `patch` that differ from the stored row, or null when none do: saving a thing as it
 * is writes nothing and tells nobody.
 */
function presentStage(stage: repo.StageRow, idx: number) {
  return {
    stageUID: stage.id,
    name: stage.name,
    remoteID: stage.remoteId,
    color: stage.color,
    fontColor: stage.fontColor,
    description: stage.description,
    phase: stage.phaseId,
    idx,
  };
}

function presentTagSet(set: repo.TagSetRow & { tags: repo.TagRow[] }) {
  return {
    tagSetUID: set.id,
    name: set.name,
    color: set.color,
    pipelineID: set.pipelineId,
    connectionUID: set.connectionId,
    integrations: set.integrations,
    tags: set.tags.map((tag) => ({
      tagUID: tag.id,
      name: tag.name,
      value: tag.value,
      color: tag.color,
      remoteID: tag.remoteId,
    })),
  };
}

function presentPipeline(
  pipeline: repo.PipelineRow,
  order: number,
  stageRows: repo.StageRow[],
  tagSetRows: (repo.TagSetRow & { tags: repo.TagRow[] })[],
) {
  return {
    groupUID: pipeline.id,
    nickName: pipeline.nickName,
    isDefault: pipeline.isDefault,
    order,
    integrations: pipeline.integrations,
    rules: pipeline.rules,
    questions: pipeline.questions,
    stages: stageRows.map(presentStage),
    tagSets: tagSetRows.map(presentTagSet),
  };
}
