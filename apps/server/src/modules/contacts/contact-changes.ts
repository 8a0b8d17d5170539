import {
  can,
  canSeePipeline,
  canSeePipelineItem,
  CONTACT_ADDED_BACKDATE_MS,
  createPushId,
  rankBetween,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors';
import { appendChange } from '../../platform/realtime';
import * as pipelineData from '../pipelines';
import type { TeamActor } from '../teams/teams.service';
import * as repo from './contacts.repository';

/** Events about contacts in no pipeline carry this, which only owners and admins may see. */
export const NO_PIPELINE = '_none';

/** What a member capturing or importing someone they may not see is told, and nothing more. */
export const HIDDEN_CONTACT_MESSAGE =
  'This person is already in GroupTrack, in a pipeline you cannot see. The team owner and admins have been told, so they can add them to your pipeline.';

/** 409 `contact-hidden`: the person exists, but in no pipeline the member works in. */
export class HiddenContactError extends AppError {
  constructor() {
    super(409, 'contact-hidden', HIDDEN_CONTACT_MESSAGE);
  }
}

/** Whether a member sees a contact placed in these pipelines: owners and admins see every contact. */
export function canSeeContact(
  member: Pick<TeamActor, 'role' | 'groupAccess'>,
  pipelineIds: readonly string[],
): boolean {
  return (
    can(member.role, 'see-all-pipelines') ||
    pipelineIds.some((pipelineId) => canSeePipeline(member, pipelineId))
  );
}

export const canSeeAll = (member: TeamActor) => can(member.role, 'see-all-pipelines');

export interface PipelinePlacement {
  pipelineId: string;
  stageId?: string | undefined;
  questions?: { question: string; answer: string }[] | undefined;
  /** Where in the stage the card goes; the end of the stage when left out. */
  rank?: string | undefined;
  /** Or the card it is dropped next to (a contact id in that stage), after or before it. */
  after?: string | undefined;
  before?: string | undefined;
}

/** What one change did: its history, and whether it changed something the history leaves out. */
export interface ChangeOutcome<T> {
  history: repo.ActivityInsert[];
  /** A change without an activity of its own (answers to questions) still tells open clients. */
  changed?: boolean;
  result?: T;
}

export type ContactChanges = ReturnType<typeof createContactChanges>;

/**
 * The one door every change to a contact goes through: the member must see the contact, the change
 * and its history are written in one transaction, and every pipeline the contact was or is in hears
 * of it. A change that changes nothing writes nothing.
 */
export function createContactChanges(deps: { databases: Databases }) {
  const { databases } = deps;

  /** An activity (a line of the contact's history) written by the member, now or at `at`. */
  function activity(
    member: TeamActor,
    contactId: string,
    entry: {
      type: string;
      action: string;
      pipelineId?: string | null;
      note?: string | null;
      data?: Record<string, unknown>;
      at?: Date;
    },
  ): repo.ActivityInsert {
    return {
      teamId: member.teamUID,
      id: createPushId('act_', entry.at?.getTime()),
      contactId,
      pipelineId: entry.pipelineId ?? null,
      type: entry.type,
      action: entry.action,
      createdAt: entry.at ?? new Date(),
      note: entry.note ?? null,
      data: entry.data ?? {},
      createdBy: member.name,
      createdByUid: member.userId,
    };
  }

  /** One change event per pipeline the contact is in, so each member hears only of theirs. */
  async function announce(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    op: 'create' | 'update' | 'delete',
    pipelineIds: string[],
  ) {
    for (const pipelineId of pipelineIds.length > 0 ? pipelineIds : [NO_PIPELINE]) {
      await appendChange(tx, member.teamUID, { entity: 'contact', op, ids: [contactId], pipelineId });
    }
  }

  /** The contact if the member may see it: owners and admins see all, members those in their pipelines. */
  async function requireContact(tx: TeamDb, member: TeamActor, contactId: string) {
    const contact = await repo.findContact(tx, member.teamUID, contactId);
    if (!contact) throw new NotFoundError('Contact not found.');
    const placements = await repo.listContactPipelines(tx, member.teamUID, contactId);
    if (
      !canSeeContact(
        member,
        placements.map((row) => row.pipelineId),
      )
    ) {
      throw new NotFoundError('Contact not found.');
    }
    return { contact, placements };
  }

  /**
   * Stores a change's history and announces it to every pipeline the contact was or is in. A change
   * that changed nothing writes nothing: no activity, no event.
   */
  async function recordChange(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    before: { pipelineId: string }[],
    outcome: Pick<ChangeOutcome<unknown>, 'history' | 'changed'>,
    op: 'create' | 'update' = 'update',
  ) {
    if (outcome.history.length === 0 && !outcome.changed) return;
    await repo.insertActivities(tx, outcome.history);
    const after = await repo.listContactPipelines(tx, member.teamUID, contactId);
    const pipelineIds = new Set([...before, ...after].map((row) => row.pipelineId));
    await announce(tx, member, contactId, op, [...pipelineIds]);
  }

  /**
   * One change to a contact the member may see, in one transaction: `work` writes and answers the
   * history it made, which is stored and announced to every pipeline the contact was or is in.
   */
  async function changeContact<T>(
    member: TeamActor,
    contactId: string,
    work: (tx: TeamDb, contact: repo.ContactRow) => Promise<ChangeOutcome<T>>,
  ): Promise<T | undefined> {
    const { teamUID } = member;
    return databases.forTeam(teamUID).transaction(async (tx) => {
      const before = await requireContact(tx, member, contactId);
      const outcome = await work(tx, before.contact);
      await recordChange(tx, member, contactId, before.placements, outcome);
      return outcome.result;
    });
  }

  /**
   * The pipeline and the stage a placement asks for: the one named, else where the contact already
   * is in that pipeline, else its first stage.
   */
  async function requirePipelineStage(
    tx: TeamDb,
    member: TeamActor,
    placement: PipelinePlacement,
    currentStageId?: string,
  ) {
    const pipeline = await pipelineData.findPipeline(tx, member.teamUID, placement.pipelineId);
    if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
    const stages = await pipelineData.listStages(tx, member.teamUID, [pipeline.id]);
    const stage = stages.find((item) => item.id === (placement.stageId ?? currentStageId)) ?? stages[0];
    if (!stage || (placement.stageId && stage.id !== placement.stageId))
      throw new BadRequestError(
        `Invalid stageId: ${placement.stageId ?? '(none)'} is not a stage of this pipeline.`,
      );
    return { pipeline, stage };
  }

  /** The rank between the card a drop names and its neighbour; undefined when no card is named. */
  async function rankNextTo(
    tx: TeamDb,
    teamId: string,
    contactId: string,
    pipelineId: string,
    stageId: string,
    placement: PipelinePlacement,
  ): Promise<string | undefined> {
    const anchorId = placement.after ?? placement.before;
    if (!anchorId || anchorId === contactId) return undefined;
    const side = placement.after ? 'after' : 'before';
    const ranks = await repo.cardNeighbourRanks(tx, teamId, {
      pipelineId,
      stageId,
      anchorId,
      side,
      movingId: contactId,
    });
    if (!ranks) throw new BadRequestError(`Invalid ${side}: ${anchorId} is not a card of this stage.`);
    return side === 'after'
      ? rankBetween(ranks.anchor, ranks.neighbour)
      : rankBetween(ranks.neighbour, ranks.anchor);
  }

  /**
   * Puts a contact in a pipeline's stage, or moves it there; writes history and the activity.
   * `changed` says whether anything changed, history or not (new answers to the questions).
   */
  async function placeInPipeline(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    placement: PipelinePlacement,
    options: { addedAt?: Date } = {},
  ): Promise<{ activities: repo.ActivityInsert[]; changed: boolean }> {
    const teamId = member.teamUID;
    const existing = await repo.findContactPipeline(tx, teamId, contactId, placement.pipelineId);
    const { pipeline, stage } = await requirePipelineStage(tx, member, placement, existing?.stageId);
    const now = new Date();
    const history = {
      teamId,
      contactId,
      pipelineId: pipeline.id,
      id: createPushId('sh_'),
      stageId: stage.id,
      byUid: member.userId,
    };
    if (!existing) {
      await repo.insertContactPipeline(tx, {
        teamId,
        contactId,
        pipelineId: pipeline.id,
        stageId: stage.id,
        questions: placement.questions ?? [],
        rank: rankBetween(await repo.lastCardRank(tx, teamId, pipeline.id, stage.id), null),
      });
      await repo.insertStageHistory(tx, history);
      const at = options.addedAt ?? new Date(now.getTime() - CONTACT_ADDED_BACKDATE_MS.pipelineAdd);
      return {
        changed: true,
        activities: [
          activity(member, contactId, {
            type: 'pipeline',
            action: 'added',
            pipelineId: pipeline.id,
            at,
            data: { pipeline: pipeline.nickName, stage: stage.name, stageUID: stage.id },
          }),
        ],
      };
    }
    const moved = existing.stageId !== stage.id;
    const rank =
      placement.rank ?? (await rankNextTo(tx, teamId, contactId, pipeline.id, stage.id, placement));
    // A card dropped elsewhere in its stage, or put back in its place (an Undo): a new order only.
    const reranked = rank !== undefined && rank !== existing.rank;
    // Stored answers come back from jsonb with their keys reordered: compare them by content.
    const answersOf = (list: { question: string; answer: string }[]) =>
      JSON.stringify(list.map((item) => [item.question, item.answer]));
    const answered =
      placement.questions !== undefined && answersOf(placement.questions) !== answersOf(existing.questions);
    await repo.updateContactPipeline(tx, teamId, contactId, pipeline.id, {
      ...(moved && {
        stageId: stage.id,
        stageChangedAt: now,
        rank: rank ?? rankBetween(await repo.lastCardRank(tx, teamId, pipeline.id, stage.id), null),
      }),
      ...(!moved && reranked && { rank }),
      ...(answered && { questions: placement.questions }),
    });
    if (!moved) return { activities: [], changed: answered || reranked };
    await repo.insertStageHistory(tx, history);
    return {
      changed: true,
      activities: [
        activity(member, contactId, {
          type: 'stage',
          action: 'changed',
          pipelineId: pipeline.id,
          data: { from: existing.stageId, to: stage.id, stage: stage.name },
        }),
      ],
    };
  }

  async function checkTags(tx: TeamDb, member: TeamActor, tagIds: string[]) {
    const found = await repo.findTagsWithSets(tx, member.teamUID, tagIds);
    for (const tagId of tagIds) {
      const tag = found.find((row) => row.tagId === tagId);
      if (!tag || !canSeePipelineItem(member, tag)) {
        throw new BadRequestError(`Invalid tagIds: ${tagId} is not a tag of this team.`);
      }
    }
    return found;
  }

  return {
    activity,
    announce,
    requireContact,
    recordChange,
    changeContact,
    placeInPipeline,
    checkTags,
  };
}
