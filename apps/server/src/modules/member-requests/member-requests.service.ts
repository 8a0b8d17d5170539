import {
  canSeePipeline,
  createPushId,
  decideMemberRequest,
  isGroupIntegration,
  DEFAULT_MEMBER_REQUEST_PACING,
  memberRequestRulesSchema,
  scoreMemberRequest,
  startOfLocalDay,
  type CapturedMemberRequest,
  type MemberRequestBatch,
  type MemberRequestBatchResult,
  type MemberRequestDecision,
  type MemberRequestDryRun,
  type MemberRequestOutcomeReport,
  type MemberRequestPlatform,
  type MemberRequestRule,
  type MemberRequestRules,
  type MemberRequestStatus,
  type MemberRequestWork,
  type RequestFacts,
} from '@grouptrack/domain';
import { createHash } from 'node:crypto';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import { requirePermission } from '../../platform/http/permission';
import type { Logger } from '../../platform/logger';
import { appendChange } from '../../platform/realtime';
import type { BatchHistory, ContactsService } from '../contacts/contacts.service';
import * as pipelineData from '../pipelines';
import type { PhotosService } from '../photos/photos.service';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import type { TemplatesService } from '../templates/templates.service';
import type { MessageQueueService, PreparedQueueing } from '../message-queue/message-queue.service';
import * as repo from './member-requests.repository';
import { carryOutRuleActions, prepareRuleActions } from './rule-actions';

export type MemberRequestsService = ReturnType<typeof createMemberRequestsService>;

/** The status a rule's decision gives a request. */
const STATUS_OF_DECISION = { approve: 'to_approve', decline: 'to_decline', flag: 'flagged' } as const;

/** The requests a review list shows for `review`: those waiting for a person. */
const REVIEW_STATUSES: readonly MemberRequestStatus[] = ['pending', 'flagged'];

/** At most this many waiting requests are dry-run, the newest. */
const DRY_RUN_MAX = 500;

/** Stored answers come back from jsonb with their keys reordered: compare them by content. */
const answersOf = (list: { question: string; answer: string }[]) =>
  JSON.stringify(list.map((item) => [item.question, item.answer]));

/** A pipeline's stored rules; none, at the default pace, where it has not set them. */
export function readRules(stored: unknown): MemberRequestRules {
  const parsed = memberRequestRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : { rules: [], pacing: DEFAULT_MEMBER_REQUEST_PACING };
}

/** A stored request as the review list shows it. */
function presentRequest(row: repo.MemberRequestRow): CapturedMemberRequest {
  return {
    id: row.id,
    GTID: row.contactId,
    pipelineID: row.pipelineId,
    platform: row.platform,
    groupId: row.groupId,
    name: row.name,
    profileId: row.profileId,
    username: row.username,
    photoURL: row.photoUrl,
    answers: row.answers.map((item) => ({ question: item.question, answer: item.answer })),
    agreedToRules: row.agreedToRules,
    requestedAt: row.requestedAt?.toISOString() ?? null,
    capturedAt: row.capturedAt.toISOString(),
    leadScore: row.leadScore,
    status: row.status,
    ruleId: row.ruleId,
  };
}

function factsOf(row: repo.MemberRequestRow): RequestFacts {
  return {
    request: { answers: row.answers, agreedToRules: row.agreedToRules, photoURL: row.photoUrl },
    emailAddress: row.emailAddress,
    phoneNumber: row.phoneNumber,
  };
}

const encodeCursor = (row: repo.MemberRequestRow) =>
  Buffer.from(JSON.stringify([row.capturedAt.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string) {
  try {
    const [capturedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof capturedAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(capturedAt)))
      return { capturedAt, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw new BadRequestError('Invalid querystring.cursor: not a cursor this list gave.');
}

const PLATFORM_NAMES = { facebook: 'Facebook group', skool: 'Skool community' } as const;

/** Photos downloaded at once after a batch: a few, so a large batch does not crowd the server. */
const PHOTO_DOWNLOADS_AT_ONCE = 4;

/**
 * Member requests (PRODUCT.md workflow 1): the people asking to join a group, captured with their
 * answers into the pipeline that receives that group's requests.
 */
export function createMemberRequestsService(deps: {
  databases: Databases;
  teams: TeamsService;
  contacts: ContactsService;
  photos: PhotosService;
  templates: TemplatesService;
  messageQueue: MessageQueueService;
  log: Logger;
}) {
  const { databases, teams, contacts, photos, templates, messageQueue, log } = deps;

  /** Best effort, after the commit: a photo that cannot be fetched leaves the contact without one. */
  async function downloadPhotos(member: TeamActor, wanted: { contactId: string; photoURL: string }[]) {
    const queue = [...wanted];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          await photos.savePhoto(member, next.contactId, next.photoURL);
        } catch (error) {
          log.warn({ err: error, contactId: next.contactId }, 'member request photo not downloaded');
        }
      }
    };
    await Promise.all(Array.from({ length: PHOTO_DOWNLOADS_AT_ONCE }, worker));
  }

  /**
   * A rule's task, made after the batch's commit for each person it decided, as a person making it
   * would: the assignee is told and reminded. (Tags and stage go with the batch: rule-actions.ts.)
   */
  async function createRuleTasks(
    member: TeamActor,
    decided: { contactId: string; rule: MemberRequestRule }[],
  ) {
    for (const { contactId, rule } of decided) {
      if (!rule.taskTemplateId) continue;
      try {
        await templates.createTaskFromTemplate(member, rule.taskTemplateId, contactId);
      } catch (error) {
        // A template deleted since the rule was saved leaves the rest of the batch as it is.
        log.warn({ err: error, contactId, ruleId: rule.id }, 'member request rule task not made');
      }
    }
  }

  /**
   * The messages the rules queue, checked before the batch: the plan and each template. One the
   * team may no longer queue (its plan changed, the template was deleted) is left out and logged;
   * saving the rules refused it in the first place.
   */
  async function prepareRuleMessages(
    member: TeamActor,
    platform: MemberRequestPlatform,
    rules: readonly MemberRequestRule[],
  ) {
    const prepared = new Map<string, PreparedQueueing>();
    for (const templateId of new Set(rules.flatMap((rule) => rule.messageTemplateId ?? []))) {
      try {
        prepared.set(
          templateId,
          await messageQueue.prepareQueueing(member, { templateId, platform, allowSameDay: false }),
        );
      } catch (error) {
        log.warn({ err: error, templateId }, 'member request rule message not queued');
      }
    }
    return prepared;
  }

  /**
   * A rule that queues a message needs a message template of the team, and the plan that queues to
   * many on each platform of the pipeline's connected groups.
   */
  async function requireRuleMessages(
    member: TeamActor,
    pipelineId: string,
    rules: readonly MemberRequestRule[],
  ) {
    const db = databases.forTeam(member.teamUID);
    const pipeline = await requireVisiblePipeline(db, member, pipelineId);
    const found = new Set(
      await repo.listTemplateIds(
        db,
        member.teamUID,
        'message_templates',
        rules.flatMap((rule) => rule.messageTemplateId ?? []),
      ),
    );
    const platforms = new Set(
      pipeline.integrations.filter(isGroupIntegration).map((group) => group.platform),
    );
    for (const [index, rule] of rules.entries()) {
      const templateId = rule.messageTemplateId;
      if (!templateId) continue;
      if (!found.has(templateId))
        throw new BadRequestError(
          `Invalid body.rules.${index}.messageTemplateId: no such message template in this team.`,
        );
      for (const platform of platforms)
        await messageQueue.prepareQueueing(member, { templateId, platform, allowSameDay: false });
    }
  }

  /** Queues the rules' messages to the people they decided, in the member's queue, with the batch. */
  async function queueRuleMessages(
    tx: TeamDb,
    teamUID: string,
    decided: readonly { contactId: string; rule: MemberRequestRule }[],
    prepared: ReadonlyMap<string, PreparedQueueing>,
  ) {
    const byTemplate = new Map<string, string[]>();
    for (const { contactId, rule } of decided) {
      if (!rule.messageTemplateId || !prepared.has(rule.messageTemplateId)) continue;
      byTemplate.set(rule.messageTemplateId, [...(byTemplate.get(rule.messageTemplateId) ?? []), contactId]);
    }
    for (const [templateId, contactIds] of byTemplate)
      await messageQueue.queueBatch(tx, teamUID, prepared.get(templateId)!, contactIds);
  }

  /** The pipeline's request, if the member sees its pipeline. */
  async function requireRequest(db: TeamDb, member: TeamActor, requestId: string) {
    const request = await repo.findRequest(db, member.teamUID, requestId);
    if (!request || !canSeePipeline(member, request.pipelineId))
      throw new NotFoundError('Member request not found.');
    return request;
  }

  /** The pipeline connected to a group, if the member sees it. */
  async function requireGroupPipeline(
    db: TeamDb,
    member: TeamActor,
    group: { platform: MemberRequestPlatform; groupId: string },
  ) {
    const [pipeline] = await repo.findGroupPipelines(db, member.teamUID, group);
    if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
    return pipeline;
  }

  async function requireVisiblePipeline(db: TeamDb, member: TeamActor, pipelineId: string) {
    const pipeline = await pipelineData.findPipeline(db, member.teamUID, pipelineId);
    if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
    return pipeline;
  }

  /** Writes a person's decision or the page's outcome to the request and the contact's history. */
  async function changeStatus(
    member: TeamActor,
    requestId: string,
    decide: (
      request: repo.MemberRequestRow,
    ) => { change: Parameters<typeof repo.updateRequestStatus>[3]; action: string | null } | null,
  ) {
    const { teamUID } = member;
    await databases.forTeam(teamUID).transaction(async (tx) => {
      const request = await requireRequest(tx, member, requestId);
      const decided = decide(request);
      if (!decided) return;
      if (!(await repo.updateRequestStatus(tx, teamUID, request.id, decided.change))) return;
      if (decided.action) {
        const group = { platform: request.platform, groupId: request.groupId };
        const [pipeline] = await repo.findGroupPipelines(tx, teamUID, group);
        const feedback = decided.change.feedback ?? null;
        await contacts.writeHistory(tx, member, request.contactId, [
          {
            type: 'member_request',
            action: decided.action,
            // The group's pipeline: a workflow on "a member request approved" listens by pipeline.
            pipelineId: pipeline?.id ?? null,
            data: {
              ...group,
              group: pipeline?.groupName ?? request.groupId,
              decidedBy: member.userId,
              ...(feedback ? { feedback } : {}),
            },
          },
        ]);
      }
      await appendChange(tx, teamUID, {
        entity: 'contact',
        op: 'update',
        ids: [request.contactId],
        pipelineId: request.pipelineId,
      });
    });
  }

  return {
    /**
     * Captures a batch of a group's pending requests into the pipeline that receives them: see
     * ContactsService.captureBatch. Capturing the same batch again changes nothing.
     */
    async captureBatch(member: TeamActor, batch: MemberRequestBatch): Promise<MemberRequestBatchResult> {
      const { teamUID } = member;
      const [pipeline] = await repo.findGroupPipelines(databases.forTeam(teamUID), teamUID, batch);
      const groupName = batch.groupName || pipeline?.groupName || batch.groupId;
      if (!pipeline) {
        throw new ConflictError(
          `The ${PLATFORM_NAMES[batch.platform]} "${groupName}" is connected to no pipeline: connect it to a pipeline in that pipeline's setup (Setup > Pipelines), then capture its requests again.`,
          { platform: batch.platform, groupId: batch.groupId },
        );
      }
      // A pipeline the member may not see answers like one that does not exist.
      if (!canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
      const groupId = batch.groupId.toLowerCase();
      const { rules } = readRules(pipeline.rules);
      const actions = await prepareRuleActions(databases.forTeam(teamUID), member, pipeline.id, rules);
      const messages = await prepareRuleMessages(member, batch.platform, rules);
      const decided: { contactId: string; rule: MemberRequestRule }[] = [];
      const captured = await contacts.captureBatch(member, {
        platform: batch.platform,
        pipelineId: pipeline.id,
        people: batch.requests.map((request) => ({
          name: request.name,
          profileId: request.profileId,
          username: request.username,
          url: request.url,
          answers: request.answers,
        })),
        once: {
          type: 'member_request',
          action: 'asked',
          match: { platform: batch.platform, groupId },
          data: { platform: batch.platform, groupId, group: groupName },
        },
        within: async (tx, people) => {
          const first = new Map<string, number>();
          people.forEach((person, index) => {
            if (person.contactId && !first.has(person.contactId)) first.set(person.contactId, index);
          });
          const group = { platform: batch.platform, groupId };
          const stored = new Map(
            (await repo.listGroupRequestsOf(tx, teamUID, group, [...first.keys()])).map((row) => [
              row.contactId,
              row,
            ]),
          );
          const now = new Date();
          const rows: repo.MemberRequestInsert[] = [];
          const history: BatchHistory[] = [];
          for (const [contactId, index] of first) {
            const person = people[index]!;
            const request = batch.requests[index]!;
            const facts: RequestFacts = {
              request: {
                answers: person.answers,
                agreedToRules: request.agreedToRules,
                photoURL: request.photoURL,
              },
              emailAddress: person.emailAddress,
              phoneNumber: person.phoneNumber,
            };
            const leadScore = scoreMemberRequest(facts);
            const before = stored.get(contactId);
            // A request decided by a rule or a person keeps its decision when captured again.
            const rule = !before || before.status === 'pending' ? decideMemberRequest(facts, rules) : null;
            const status: MemberRequestStatus = rule ? STATUS_OF_DECISION[rule.decision] : 'pending';
            const isSame =
              !!before &&
              !rule &&
              before.pipelineId === pipeline.id &&
              before.name === request.name &&
              before.profileId === request.profileId &&
              before.username === request.username &&
              // Platforms sign photo addresses anew on each page load: only having one counts.
              (before.photoUrl !== null) === (request.photoURL !== null) &&
              answersOf(before.answers) === answersOf(person.answers) &&
              before.agreedToRules === request.agreedToRules &&
              before.emailAddress === person.emailAddress &&
              before.phoneNumber === person.phoneNumber &&
              before.leadScore === leadScore;
            if (isSame) continue;
            rows.push({
              teamId: teamUID,
              platform: batch.platform,
              groupId,
              contactId,
              id: before?.id ?? createPushId('mr_'),
              pipelineId: pipeline.id,
              name: request.name,
              profileId: request.profileId,
              username: request.username,
              photoUrl: request.photoURL,
              answers: person.answers,
              agreedToRules: request.agreedToRules,
              requestedAt: request.requestedAt ? new Date(request.requestedAt) : null,
              emailAddress: person.emailAddress,
              phoneNumber: person.phoneNumber,
              capturedAt: now,
              leadScore,
              status,
              ruleId: rule?.id ?? null,
              decidedAt: rule ? now : null,
              feedback: rule?.decision === 'decline' ? rule.feedback : null,
            });
            if (rule) {
              decided.push({ contactId, rule });
              history.push({
                contactId,
                type: 'member_request',
                action: rule.decision,
                pipelineId: pipeline.id,
                data: {
                  ruleId: rule.id,
                  rule: rule.name,
                  platform: batch.platform,
                  groupId,
                  group: groupName,
                  ...(rule.decision === 'decline' && rule.feedback ? { feedback: rule.feedback } : {}),
                },
              });
            }
          }
          await repo.upsertRequests(tx, rows);
          await queueRuleMessages(tx, teamUID, decided, messages);
          return [...history, ...(await carryOutRuleActions(tx, member, pipeline.id, decided, actions))];
        },
      });
      await createRuleTasks(member, decided);
      if (captured.hiddenIds.length > 0) {
        const count = captured.hiddenIds.length;
        const people = count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`;
        // Once per member and set of people, however often the same requests are captured.
        const digest = createHash('sha256')
          .update([...captured.hiddenIds].sort().join(','))
          .digest('hex');
        await teams.tellManagers(teamUID, {
          key: `hidden-member-requests_${teamUID}_${member.userId}_${digest.slice(0, 32)}`,
          subject: `${member.name} captured requests to join ${groupName} from ${people} in pipelines they cannot see`,
          text: `${member.name} captured the member requests of ${groupName}. ${people} asking to join ${count === 1 ? 'is' : 'are'} already in GroupTrack, in pipelines ${member.name} cannot see, and ${count === 1 ? 'was' : 'were'} left unchanged. If ${member.name} should work with them, add them to the pipeline "${pipeline.nickName}":`,
          path: `/contacts/pipeline/${pipeline.id}`,
        });
      }
      const wanted = batch.requests.flatMap((request, index) => {
        const person = captured.people[index]!;
        return person.outcome === 'created' && person.contactId && request.photoURL
          ? [{ contactId: person.contactId, photoURL: request.photoURL }]
          : [];
      });
      // The answer does not wait for the photos: platforms serve them slowly, and a batch holds hundreds.
      if (wanted.length > 0) void downloadPhotos(member, wanted);
      const counts = { created: 0, updated: 0, unchanged: 0, hidden: 0 };
      for (const person of captured.people) counts[person.outcome] += 1;
      return {
        pipelineID: pipeline.id,
        counts,
        requests: captured.people.map((person) => ({ GTID: person.contactId, outcome: person.outcome })),
      };
    },

    /** A pipeline's member-request rules and pace; none, at the default pace, until they are set. */
    async getRules(member: TeamActor, pipelineId: string): Promise<MemberRequestRules> {
      const pipeline = await requireVisiblePipeline(databases.forTeam(member.teamUID), member, pipelineId);
      return readRules(pipeline.rules);
    },

    /** Saves a pipeline's rules (owner or admin): their tags, stage and task template must be its own. */
    async saveRules(member: TeamActor, pipelineId: string, input: MemberRequestRules) {
      const { teamUID } = requirePermission(member, 'manage-pipelines', 'pipelines');
      // Checked before the transaction: the plan is read from the directory.
      await requireRuleMessages(member, pipelineId, input.rules);
      return databases.forTeam(teamUID).transaction(async (tx) => {
        const pipeline = await requireVisiblePipeline(tx, member, pipelineId);
        const tagIds = [...new Set(input.rules.flatMap((rule) => rule.tagIds))];
        const tagsFound = new Set(await repo.listUsableTagIds(tx, teamUID, pipeline.id, tagIds));
        const stagesFound = new Set(
          (await pipelineData.listStages(tx, teamUID, [pipeline.id])).map((stage) => stage.id),
        );
        const templatesFound = new Set(
          await repo.listTemplateIds(
            tx,
            teamUID,
            'task_templates',
            input.rules.flatMap((rule) => rule.taskTemplateId ?? []),
          ),
        );
        for (const [index, rule] of input.rules.entries()) {
          const field = `Invalid body.rules.${index}`;
          const tagAt = rule.tagIds.findIndex((tagId) => !tagsFound.has(tagId));
          if (tagAt >= 0)
            throw new BadRequestError(`${field}.tagIds.${tagAt}: no such tag for this pipeline.`);
          if (rule.stageId && !stagesFound.has(rule.stageId))
            throw new BadRequestError(`${field}.stageId: no such stage in this pipeline.`);
          if (rule.taskTemplateId && !templatesFound.has(rule.taskTemplateId))
            throw new BadRequestError(`${field}.taskTemplateId: no such task template in this team.`);
        }
        const ids = input.rules.map((rule) => rule.id);
        const twice = ids.findIndex((id, index) => ids.indexOf(id) !== index);
        if (twice >= 0)
          throw new BadRequestError(`Invalid body.rules.${twice}.id: another rule has this id.`);
        if (JSON.stringify(readRules(pipeline.rules)) !== JSON.stringify(input)) {
          await pipelineData.updatePipeline(tx, teamUID, pipeline.id, { rules: input });
          await appendChange(tx, teamUID, {
            entity: 'pipeline',
            op: 'update',
            ids: [pipeline.id],
            pipelineId,
          });
        }
        return input;
      });
    },

    /**
     * What rules would do to the pipeline's waiting requests (the newest DRY_RUN_MAX), changing
     * nothing. Rules that are off are tried as if on: the dry run is how one decides to switch them on.
     */
    async dryRun(
      member: TeamActor,
      pipelineId: string,
      rules: MemberRequestRule[],
    ): Promise<MemberRequestDryRun> {
      const db = databases.forTeam(member.teamUID);
      const pipeline = await requireVisiblePipeline(db, member, pipelineId);
      const waiting = await repo.listPipelineRequests(db, member.teamUID, {
        pipelineIds: [pipeline.id],
        statuses: REVIEW_STATUSES,
        limit: DRY_RUN_MAX,
      });
      const tried = rules.map((rule) => ({ ...rule, enabled: true }));
      return {
        results: waiting.map((row) => {
          const facts = factsOf(row);
          const rule = decideMemberRequest(facts, tried);
          return {
            requestId: row.id,
            GTID: row.contactId,
            name: row.name,
            leadScore: scoreMemberRequest(facts),
            ruleId: rule?.id ?? null,
            decision: rule?.decision ?? null,
          };
        }),
      };
    },

    /** The requests of a status (or `review`: pending and flagged) in the pipelines the member sees, newest first. */
    async listRequests(
      member: TeamActor,
      options: {
        pipelineId?: string | undefined;
        status: MemberRequestStatus | 'review';
        limit: number;
        cursor?: string | undefined;
      },
    ) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const before = options.cursor ? decodeCursor(options.cursor) : undefined;
      const pipelineIds = options.pipelineId
        ? [(await requireVisiblePipeline(db, member, options.pipelineId)).id]
        : (await pipelineData.listPipelines(db, teamUID))
            .map((pipeline) => pipeline.id)
            .filter((id) => canSeePipeline(member, id));
      const rows = await repo.listPipelineRequests(db, teamUID, {
        pipelineIds,
        statuses: options.status === 'review' ? REVIEW_STATUSES : [options.status],
        limit: options.limit + 1,
        before,
      });
      const page = rows.slice(0, options.limit);
      return {
        requests: page.map(presentRequest),
        nextCursor: rows.length > options.limit ? encodeCursor(page[page.length - 1]!) : null,
      };
    },

    /** A person's decision in the review list; a request already carried out on the page answers 409. */
    async decide(member: TeamActor, requestId: string, input: MemberRequestDecision) {
      const status = ({ approve: 'to_approve', decline: 'to_decline', skip: 'skipped' } as const)[
        input.decision
      ];
      const feedback = input.decision === 'decline' ? (input.feedback ?? null) : null;
      await changeStatus(member, requestId, (request) => {
        if (request.status === 'approved' || request.status === 'declined') {
          throw new ConflictError(`This request was already ${request.status} on the group's page.`, {
            status: request.status,
          });
        }
        if (request.status === status && request.feedback === feedback) return null;
        return {
          change: {
            from: request.status,
            status,
            decidedBy: member.userId,
            decidedAt: new Date(),
            ruleId: null,
            feedback,
          },
          action: input.decision,
        };
      });
    },

    /**
     * The decisions waiting to be carried out on a group's page, oldest first, up to what is left of
     * the day's cap (a day of the extension's time zone: the admin's day, not the server's), none
     * while the group is paused.
     */
    async getWork(
      member: TeamActor,
      group: { platform: MemberRequestPlatform; groupId: string; timeZone?: string },
      now = new Date(),
    ): Promise<MemberRequestWork> {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const key = { platform: group.platform, groupId: group.groupId.toLowerCase() };
      const pipeline = await requireGroupPipeline(db, member, key);
      const { pacing } = readRules(pipeline.rules);
      const dayStart = startOfLocalDay(now, group.timeZone ?? 'UTC');
      const doneToday = await repo.countGroupDone(db, teamUID, key, dayStart);
      const paused = await repo.findPause(db, teamUID, key);
      const pausedUntil = paused && paused > now ? paused : null;
      const left = pausedUntil ? 0 : Math.max(0, pacing.dailyCap - doneToday);
      const rows = left > 0 ? await repo.listGroupDecided(db, teamUID, key, left) : [];
      return {
        requests: rows.map((row) => ({
          requestId: row.id,
          profileId: row.profileId,
          username: row.username,
          name: row.name,
          decision: row.status === 'to_approve' ? 'approve' : 'decline',
          feedback: row.feedback,
        })),
        pacing,
        doneToday,
        pausedUntil: pausedUntil?.toISOString() ?? null,
      };
    },

    /** What the extension found on the page; the same outcome reported twice changes nothing. */
    async reportOutcome(member: TeamActor, requestId: string, { outcome }: MemberRequestOutcomeReport) {
      const { teamUID } = member;
      if (outcome === 'blocked') {
        const db = databases.forTeam(teamUID);
        const request = await requireRequest(db, member, requestId);
        const group = { platform: request.platform, groupId: request.groupId };
        const [pipeline] = await repo.findGroupPipelines(db, teamUID, group);
        const { pacing } = readRules(pipeline?.rules);
        const until = new Date(Date.now() + pacing.pauseMinutesWhenBlocked * 60_000);
        if (!(await repo.pauseGroup(db, teamUID, group, until))) return;
        const name = `${PLATFORM_NAMES[request.platform]} ${request.groupId}`;
        await teams.tellManagers(teamUID, {
          key: `member-requests-blocked_${teamUID}_${request.platform}_${request.groupId}_${until.toISOString()}`,
          subject: `${member.name}'s account was temporarily blocked in the ${name}`,
          text: `While carrying out approvals and declines in the ${name}, the platform told ${member.name} that the account is temporarily blocked or limited. GroupTrack paused the group's decisions until ${until.toUTCString()}; they resume on their own then.`,
          path: `/contacts/pipeline/${request.pipelineId}`,
        });
        return;
      }
      await changeStatus(member, requestId, (request) => {
        if (outcome === 'not_found') {
          if (request.status !== 'to_approve' && request.status !== 'to_decline') return null;
          // The request left the page (someone handled it there): it waits for a person again.
          return { change: { from: request.status, status: 'pending' }, action: null };
        }
        if (request.status === 'approved' || request.status === 'declined') return null;
        return {
          change: { from: request.status, status: outcome, doneAt: new Date() },
          action: outcome === 'approved' ? 'approved' : 'declined',
        };
      });
    },
  };
}
