import {
  AUTO_RESPONDER_VISIT_MINUTES,
  buildTemplateValues,
  canSeePipelineItem,
  commenterKey,
  createPushId,
  matchesTriggerWords,
  placeAmong,
  placementProblem,
  proPlanRefusal,
  readPostAddress,
  renderTemplate,
  type AutoResponder,
  type AutoResponderCommentsAnswer,
  type AutoResponderCommentsReport,
  type AutoResponderCounts,
  type AutoResponderGroup,
  type AutoResponderGroupChange,
  type AutoResponderGroupInput,
  type AutoResponderGroupStatus,
  type AutoResponderInput,
  type AutoResponderPlatform,
  type AutoResponderReplyReport,
  type AutoResponderReplyStatus,
  type DueAutoResponder,
  type PostCommentReport,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import {
  AppError,
  BadRequestError,
  ConflictError,
  LimitReachedError,
  NotFoundError,
} from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { findTagsWithSets } from '../contacts';
import type { ContactsService } from '../contacts/contacts.service';
import type { MessageQueueService } from '../message-queue/message-queue.service';
import * as pipelineData from '../pipelines';
import type { TeamsService } from '../teams/teams.service';
import * as repo from './auto-responder.repository';

export type AutoResponderService = ReturnType<typeof createAutoResponderService>;

const JOB_NOT_FOUND = 'Auto responder not found.';
const GROUP_NOT_FOUND = 'Job group not found.';
/** The most posts one call for due jobs hands the extension. */
const DUE_LIMIT = 20;

function presentGroup(row: repo.GroupRow): AutoResponderGroup {
  return {
    id: row.id,
    name: row.name,
    status: row.status as AutoResponderGroupStatus,
    order: row.rank,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentCounts(row: repo.JobRow): AutoResponderCounts {
  const { seen, matched, replied, messaged, captured } = row;
  return { seen, matched, replied, messaged, captured };
}

function presentJob(row: repo.JobRow): AutoResponder {
  return {
    jobID: row.id,
    jobGroupId: row.groupId,
    jobName: row.name,
    platform: row.platform as AutoResponderPlatform,
    settings: { permalinkURL: row.permalinkUrl, triggerWords: row.triggerWords },
    replyTemplateId: row.replyTemplateId,
    messageTemplateId: row.messageTemplateId,
    tagIds: row.tagIds,
    pipelineId: row.pipelineId,
    stageId: row.stageId,
    order: row.rank,
    archived: row.archived,
    createdByUID: row.createdByUid,
    counts: presentCounts(row),
    lastVisitedAt: row.lastVisitedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rank among siblings where the placement says, else the one an item already has, else the end. */
function rankAmong(
  siblings: readonly { id: string; rank: string }[],
  placement: { after?: string | undefined; before?: string | undefined },
  moving?: { id: string; rank: string },
) {
  if (moving && !placement.after && !placement.before) return moving.rank;
  const rank = placeAmong(siblings, placement, moving?.id);
  if (rank === null) throw new BadRequestError(placementProblem(placement));
  return rank;
}

/** One comment the job answers now: its person's first matching comment of the reading. */
interface Claimed {
  key: string;
  comment: PostCommentReport;
}

/** What answering one person did, as their answer row keeps it. */
interface Answered {
  key: string;
  commentId: string;
  contactId: string | null;
  queueItemId: string | null;
  replyText: string | null;
  replyStatus: AutoResponderReplyStatus;
  error: string | null;
}

/**
 * The Auto Responder on /tools/postTracker: job groups and jobs (owners and admins), and the
 * extension's side: the posts due a visit, the comments it read and the replies it posted.
 */
export function createAutoResponderService(deps: {
  databases: Databases;
  teams: TeamsService;
  contacts: ContactsService;
  messageQueue: MessageQueueService;
}) {
  const { databases, teams, contacts, messageQueue } = deps;

  /** The Auto Responder is an automation: it needs the Pro plan (SPEC §6), refused with the plan named. */
  async function requirePro(teamUID: string) {
    const refusal = proPlanRefusal('The Auto Responder needs', await teams.getSubscription(teamUID));
    if (refusal) throw new LimitReachedError(refusal);
  }

  async function requireGroup(db: TeamDb, teamUID: string, groupId: string) {
    const row = await repo.findGroup(db, teamUID, groupId);
    if (!row) throw new NotFoundError(GROUP_NOT_FOUND);
    return row;
  }

  async function requireJob(db: TeamDb, teamUID: string, jobId: string) {
    const row = await repo.findJob(db, teamUID, jobId);
    if (!row) throw new NotFoundError(JOB_NOT_FOUND);
    return row;
  }

  /**
   * A job the member may report for: its pipeline is one they see, or it has none. Another's job
   * answers as an unknown one, so a member learns nothing of a pipeline they cannot see.
   */
  async function requireReportableJob(db: TeamDb, member: TeamActor, jobId: string) {
    const row = await repo.findJob(db, member.teamUID, jobId);
    if (!row || !canSeePipelineItem(member, row)) throw new NotFoundError(JOB_NOT_FOUND);
    return row;
  }

  /** Checks that what a job names is the team's, naming the field of the first that is not. */
  async function checkReferences(db: TeamDb, teamUID: string, input: AutoResponderInput) {
    if (!(await repo.findGroup(db, teamUID, input.jobGroupId)))
      throw new BadRequestError(
        `Invalid body.jobGroupId: ${input.jobGroupId} is not a job group of this team.`,
      );
    if (input.pipelineId !== null) {
      if (!(await pipelineData.findPipeline(db, teamUID, input.pipelineId)))
        throw new BadRequestError(
          `Invalid body.pipelineId: ${input.pipelineId} is not a pipeline of this team.`,
        );
      const stages = await pipelineData.listStages(db, teamUID, [input.pipelineId]);
      if (input.stageId !== null && !stages.some((stage) => stage.id === input.stageId))
        throw new BadRequestError(`Invalid body.stageId: ${input.stageId} is not a stage of that pipeline.`);
    }
    const tags = new Set((await findTagsWithSets(db, teamUID, input.tagIds)).map((tag) => tag.tagId));
    const unknownTag = input.tagIds.find((tagId) => !tags.has(tagId));
    if (unknownTag)
      throw new BadRequestError(`Invalid body.tagIds: ${unknownTag} is not a tag of this team.`);
    const templateIds = [input.replyTemplateId, input.messageTemplateId].filter((id) => id !== null);
    const templates = new Set((await repo.findMessageTemplates(db, teamUID, templateIds)).map((t) => t.id));
    for (const field of ['replyTemplateId', 'messageTemplateId'] as const) {
      const templateId = input[field];
      if (templateId !== null && !templates.has(templateId))
        throw new BadRequestError(
          `Invalid body.${field}: ${templateId} is not a message template of this team.`,
        );
    }
  }

  /** The columns a job's input sets (its rank aside). */
  function columnsOf(input: AutoResponderInput) {
    const address = readPostAddress(input.settings.permalinkURL);
    // The schema has already refused any other address.
    if (!address.ok) throw new BadRequestError(`Invalid body.settings.permalinkURL: ${address.message}`);
    return {
      groupId: input.jobGroupId,
      name: input.jobName,
      platform: address.platform,
      permalinkUrl: address.url,
      triggerWords: input.settings.triggerWords,
      replyTemplateId: input.replyTemplateId,
      messageTemplateId: input.messageTemplateId,
      tagIds: [...new Set(input.tagIds)],
      pipelineId: input.pipelineId,
      stageId: input.stageId,
      archived: input.archived,
    };
  }

  /**
   * Answers one person, in the issue's order: captures them (through the contacts service, with the
   * job's pipeline, stage and tags), queues the direct message, renders the reply. A refusal (a
   * person hidden from the member, the plan's contact limit) is kept as the answer's error: the
   * person is skipped, never retried.
   */
  async function answerPerson(
    member: TeamActor,
    job: repo.JobRow,
    person: Claimed,
    replyTemplate: string | null,
  ): Promise<Answered> {
    const { comment } = person;
    const skipped = (error: string): Answered => ({
      key: person.key,
      commentId: comment.commentId,
      contactId: null,
      queueItemId: null,
      replyText: null,
      replyStatus: 'none',
      error,
    });
    let contactId: string;
    try {
      ({ contactId } = await contacts.captureContact(member, {
        ...(comment.authorName ? { name: comment.authorName } : {}),
        sources: [
          {
            platform: job.platform,
            profileId: comment.profileId,
            username: comment.username,
            url: comment.profileUrl,
          },
        ],
        pipeline: job.pipelineId
          ? { pipelineId: job.pipelineId, stageId: job.stageId ?? undefined }
          : undefined,
        tagIds: job.tagIds,
      }));
    } catch (error) {
      if (error instanceof AppError) return skipped(error.message);
      throw error;
    }
    let queueItemId: string | null = null;
    let error: string | null = null;
    if (job.messageTemplateId) {
      try {
        const item = await messageQueue.queueForContact(member, contactId, {
          platform: job.platform as AutoResponderPlatform,
          templateId: job.messageTemplateId,
          allowSameDay: false,
        });
        if (item.status === 'skipped') error = item.reason;
        else queueItemId = item.id;
      } catch (refused) {
        if (!(refused instanceof AppError)) throw refused;
        error = refused.message;
      }
    }
    const replyText = replyTemplate === null ? '' : await renderReply(member, job, contactId, replyTemplate);
    return {
      key: person.key,
      commentId: comment.commentId,
      contactId,
      queueItemId,
      replyText: replyText || null,
      replyStatus: replyText ? 'pending' : 'none',
      error,
    };
  }

  /** The reply template filled for the captured person: their names, the job's pipeline and their stage. */
  async function renderReply(member: TeamActor, job: repo.JobRow, contactId: string, text: string) {
    const db = databases.forTeam(member.teamUID);
    const { contact, placements } = await contacts.requireVisibleContact(db, member, contactId);
    const pipeline = job.pipelineId
      ? await pipelineData.findPipeline(db, member.teamUID, job.pipelineId)
      : null;
    const stageId = placements.find((row) => row.pipelineId === job.pipelineId)?.stageId;
    const stages = pipeline ? await pipelineData.listStages(db, member.teamUID, [pipeline.id]) : [];
    return renderTemplate(
      text,
      buildTemplateValues({
        contact,
        pipeline: pipeline && {
          name: pipeline.nickName,
          stage: stages.find((stage) => stage.id === stageId)?.name ?? null,
          questions: [],
        },
        senderName: member.name,
      }),
    );
  }

  return {
    async listGroups(member: TeamActor): Promise<AutoResponderGroup[]> {
      requirePermission(member, 'manage-setup', 'auto-responder');
      return (await repo.listGroups(databases.forTeam(member.teamUID), member.teamUID)).map(presentGroup);
    },

    async createGroup(member: TeamActor, input: AutoResponderGroupInput): Promise<AutoResponderGroup> {
      requirePermission(member, 'manage-setup', 'auto-responder');
      await requirePro(member.teamUID);
      const id = createPushId('arg_');
      const db = databases.forTeam(member.teamUID);
      await db.transaction(async (tx) => {
        const rank = rankAmong(await repo.listGroups(tx, member.teamUID), {});
        await repo.insertGroup(tx, { teamId: member.teamUID, id, ...input, rank });
      });
      return presentGroup(await requireGroup(db, member.teamUID, id));
    },

    /** Renames, reorders, switches on (the Pro plan) or pauses a group, and so all its jobs. */
    async updateGroup(
      member: TeamActor,
      groupId: string,
      change: AutoResponderGroupChange,
    ): Promise<AutoResponderGroup> {
      requirePermission(member, 'manage-setup', 'auto-responder');
      if (change.status === 'running') await requirePro(member.teamUID);
      const db = databases.forTeam(member.teamUID);
      await db.transaction(async (tx) => {
        const group = await requireGroup(tx, member.teamUID, groupId);
        const rank = rankAmong(await repo.listGroups(tx, member.teamUID), change, group);
        await repo.updateGroup(tx, member.teamUID, groupId, {
          ...(change.name !== undefined && { name: change.name }),
          ...(change.status !== undefined && { status: change.status }),
          rank,
        });
      });
      return presentGroup(await requireGroup(db, member.teamUID, groupId));
    },

    /**
     * Deletes a group with its archived jobs. A group with a job still in use is refused, so a
     * delete never takes a working job (and its counts) by surprise: archive or move it first.
     */
    async deleteGroup(member: TeamActor, groupId: string) {
      requirePermission(member, 'manage-setup', 'auto-responder');
      await databases.forTeam(member.teamUID).transaction(async (tx) => {
        await requireGroup(tx, member.teamUID, groupId);
        const jobs = await repo.listJobs(tx, member.teamUID, groupId);
        const inUse = jobs.filter((job) => !job.archived).length;
        if (inUse > 0)
          throw new ConflictError(
            `This group has ${inUse === 1 ? 'a job' : `${inUse} jobs`} in use: archive, move or delete ${inUse === 1 ? 'it' : 'them'} first.`,
          );
        await repo.deleteJobs(
          tx,
          member.teamUID,
          jobs.map((job) => job.id),
        );
        await repo.deleteGroup(tx, member.teamUID, groupId);
      });
    },

    async listJobs(member: TeamActor): Promise<AutoResponder[]> {
      requirePermission(member, 'manage-setup', 'auto-responder');
      return (await repo.listJobs(databases.forTeam(member.teamUID), member.teamUID)).map(presentJob);
    },

    async createJob(member: TeamActor, input: AutoResponderInput): Promise<AutoResponder> {
      requirePermission(member, 'manage-setup', 'auto-responder');
      await requirePro(member.teamUID);
      const id = createPushId('arj_');
      const db = databases.forTeam(member.teamUID);
      await db.transaction(async (tx) => {
        await checkReferences(tx, member.teamUID, input);
        const rank = rankAmong(await repo.listJobs(tx, member.teamUID, input.jobGroupId), input);
        await repo.insertJob(tx, {
          teamId: member.teamUID,
          id,
          ...columnsOf(input),
          rank,
          createdByUid: member.userId,
        });
      });
      return presentJob(await requireJob(db, member.teamUID, id));
    },

    /**
     * Changes a job, archives it (archived: true) or moves it to another group. Its counts and the
     * people it answered stay: nobody is answered twice by the same job, even for a new post.
     */
    async updateJob(member: TeamActor, jobId: string, input: AutoResponderInput): Promise<AutoResponder> {
      requirePermission(member, 'manage-setup', 'auto-responder');
      const db = databases.forTeam(member.teamUID);
      await db.transaction(async (tx) => {
        const job = await requireJob(tx, member.teamUID, jobId);
        await checkReferences(tx, member.teamUID, input);
        const siblings = await repo.listJobs(tx, member.teamUID, input.jobGroupId);
        // A job moved to another group goes where it is placed there, else last.
        const rank = rankAmong(siblings, input, job.groupId === input.jobGroupId ? job : undefined);
        await repo.updateJob(tx, member.teamUID, jobId, { ...columnsOf(input), rank });
      });
      return presentJob(await requireJob(db, member.teamUID, jobId));
    },

    async deleteJob(member: TeamActor, jobId: string) {
      requirePermission(member, 'manage-setup', 'auto-responder');
      await databases.forTeam(member.teamUID).transaction(async (tx) => {
        await requireJob(tx, member.teamUID, jobId);
        await repo.deleteJobs(tx, member.teamUID, [jobId]);
      });
    },

    /** The posts the extension should visit now: jobs the member may report for, oldest visit first. */
    async listDue(member: TeamActor, now = new Date()): Promise<DueAutoResponder[]> {
      await requirePro(member.teamUID);
      const before = new Date(now.getTime() - AUTO_RESPONDER_VISIT_MINUTES * 60_000);
      const rows = await repo.listDueJobs(databases.forTeam(member.teamUID), member.teamUID, before);
      return rows
        .map((row) => row.job)
        .filter((job) => canSeePipelineItem(member, job))
        .slice(0, DUE_LIMIT)
        .map((job) => ({
          jobID: job.id,
          jobName: job.name,
          platform: job.platform as AutoResponderPlatform,
          permalinkURL: job.permalinkUrl,
          lastVisitedAt: job.lastVisitedAt?.toISOString() ?? null,
        }));
    },

    /**
     * The extension's reading of a job's post. Each comment not read before counts as seen, and as
     * matched when it holds a trigger word; each matching person the job never answered is claimed,
     * then captured, messaged and given a reply to post. Answers those replies and the counts.
     */
    async reportComments(
      member: TeamActor,
      jobId: string,
      report: AutoResponderCommentsReport,
    ): Promise<AutoResponderCommentsAnswer> {
      const { teamUID } = member;
      await requirePro(teamUID);
      const db = databases.forTeam(teamUID);
      const job = await requireReportableJob(db, member, jobId);
      // A comment the page shows twice is one comment; the job's own replies are none of its comments
      // (one that holds a trigger word would otherwise be answered in turn).
      const ours = new Set((await repo.listReplyTexts(db, teamUID, jobId)).map(sameText));
      const comments = [
        ...new Map(report.comments.map((comment) => [comment.commentId, comment])).values(),
      ].filter((comment) => !ours.has(sameText(comment.text)));
      // Claimed in one transaction with what was seen: the primary key of an answer is what makes
      // "nobody is answered twice" hold when two tabs report the same post at once.
      const claimed = await db.transaction(async (tx) => {
        const group = await repo.findGroup(tx, teamUID, job.groupId);
        if (job.archived || group?.status !== 'running')
          throw new ConflictError('This auto responder is paused or archived: nothing was recorded.');
        const fresh = new Set(
          await repo.insertNewComments(
            tx,
            teamUID,
            jobId,
            comments.map((comment) => comment.commentId),
          ),
        );
        const matching = comments.flatMap((comment) => {
          const word = fresh.has(comment.commentId)
            ? matchesTriggerWords(comment.text, job.triggerWords)
            : null;
          return word === null ? [] : [{ comment, word, key: commenterKey(comment) }];
        });
        // One answer per person: their first matching comment; a comment naming nobody gets none.
        const people = new Map<string, { comment: PostCommentReport; word: string }>();
        for (const { key, ...match } of matching)
          if (key !== null && !people.has(key)) people.set(key, match);
        const keys = new Set(
          await repo.claimAnswers(
            tx,
            [...people].map(([key, person]) => ({
              teamId: teamUID,
              jobId,
              commenterKey: key,
              commentId: person.comment.commentId,
              matchedWord: person.word,
            })),
          ),
        );
        await repo.addCounts(tx, teamUID, jobId, { seen: fresh.size, matched: matching.length }, new Date());
        return [...people].flatMap(([key, { comment }]): Claimed[] =>
          keys.has(key) ? [{ key, comment }] : [],
        );
      });
      // Capture and queueing run their own transactions (the contacts and queue services'), one
      // person at a time; what they did is written below in one transaction.
      const [replyTemplate] = job.replyTemplateId
        ? await repo.findMessageTemplates(db, teamUID, [job.replyTemplateId])
        : [];
      const answered: Answered[] = [];
      for (const person of claimed) {
        answered.push(await answerPerson(member, job, person, replyTemplate?.text ?? null));
      }
      const row = await db.transaction(async (tx) => {
        for (const answer of answered) {
          await repo.updateAnswer(
            tx,
            { teamId: teamUID, jobId, commenterKey: answer.key },
            {
              contactId: answer.contactId,
              queueItemId: answer.queueItemId,
              replyText: answer.replyText,
              replyStatus: answer.replyStatus,
              error: answer.error,
            },
          );
        }
        return repo.addCounts(tx, teamUID, jobId, {
          captured: answered.filter((answer) => answer.contactId !== null).length,
          messaged: answered.filter((answer) => answer.queueItemId !== null).length,
        });
      });
      // Every reply still to post: this visit's, and any an earlier visit could not post.
      const pending = await repo.listPendingReplies(db, teamUID, jobId);
      return {
        replies: pending.flatMap(({ commentId, text }) => (text === null ? [] : [{ commentId, text }])),
        counts: presentCounts(row),
      };
    },

    /** The extension posted a reply, or could not: a reply counts as replied once, however often reported. */
    async reportReply(
      member: TeamActor,
      jobId: string,
      report: AutoResponderReplyReport,
    ): Promise<AutoResponderCounts> {
      const { teamUID } = member;
      await requirePro(teamUID);
      const db = databases.forTeam(teamUID);
      await requireReportableJob(db, member, jobId);
      await db.transaction(async (tx) => {
        const answer = await repo.lockAnswerOfComment(tx, teamUID, jobId, report.commentId);
        if (!answer || answer.replyStatus === 'none')
          throw new NotFoundError('This auto responder has no reply to post under that comment.');
        // A posted reply stays posted: a second report of it counts nothing.
        if (answer.replyStatus === 'posted') return;
        const key = { teamId: teamUID, jobId, commenterKey: answer.commenterKey };
        if (report.outcome === 'failed') {
          await repo.updateAnswer(tx, key, {
            replyStatus: 'failed',
            replyError: report.reason ?? 'The extension could not post the reply.',
          });
          return;
        }
        await repo.updateAnswer(tx, key, { replyStatus: 'posted', replyError: null });
        await repo.addCounts(tx, teamUID, jobId, { replied: 1 });
      });
      return presentCounts(await requireJob(db, teamUID, jobId));
    },
  };
}

/** A text as a comment compares it: spaces collapsed, any case. */
function sameText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
}
