import { randomUUID } from 'node:crypto';
import {
  buildTemplateValues,
  can,
  canSendMessages,
  createPushId,
  defaultQueueSettings,
  describeQueueMoment,
  findMissingTemplateFields,
  nextQueueMoment,
  QUEUE_BLOCK_PAUSE_MINUTES,
  QUEUE_FAILURES_TO_PAUSE,
  QUEUE_LEASE_SECONDS,
  PLATFORM_NAMES,
  proPlanRefusal,
  queueSettingsSchema,
  rankBetween,
  ranksAfter,
  renderTemplate,
  startOfLocalDay,
  type NewQueueItem,
  type QueueItem,
  type QueueItemListQuery,
  type QueueItemMove,
  type QueueItemPage,
  type QueueItemsBulk,
  type QueueItemsBulkResult,
  type QueueItemStatus,
  type QueueLease,
  type QueueReport,
  type QueueReportResult,
  type QueueSettings,
  type QueueSettingsAnswer,
  type QueueStatus,
  type QueueWaitReason,
  type SocialPlatform,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { BadRequestError, ConflictError, LimitReachedError, NotFoundError } from '../../platform/errors';
import { appendChange } from '../../platform/realtime';
import { createContactChanges } from '../contacts';
import type { ContactsService } from '../contacts/contacts.service';
import type { TasksService } from '../tasks/tasks.service';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import * as repo from './message-queue.repository';

export type MessageQueueService = ReturnType<typeof createMessageQueueService>;

/** Where "now" and randomness come from: the real ones, or a test's fixed clock and seeded draws. */
export interface QueueClock {
  now: () => Date;
  random: () => number;
}

const systemClock: QueueClock = { now: () => new Date(), random: Math.random };

/** The schedule looks back this far for sends (the day's count and a break need no more). */
const SENT_HORIZON_MS = 48 * 3_600_000;

/** Statuses an item can be edited, moved or cancelled in: it has not gone to the extension yet. */
const WAITING: readonly QueueItemStatus[] = ['pending', 'scheduled'];

const NOT_FOUND = 'Queued message not found.';

/** The most items a change event names; a larger change (a bulk queueing) names none. */
const EVENT_IDS_MAX = 100;

/** Who queues messages: their name fills {senderName}, their access picks the pipeline fields come from. */
export interface QueueMaker {
  teamUID: string;
  userId: string;
  name: string;
  role: TeamActor['role'];
  groupAccess: string[];
}

/** What a bulk queueing job keeps from its start: the template as it was and the queue's time zone. */
export interface PreparedQueueing {
  platform: SocialPlatform;
  allowSameDay: boolean;
  template: { id: string; text: string };
  maker: Omit<QueueMaker, 'teamUID'>;
  timeZone: string;
}

const pipelineIdsOf = (member: Pick<TeamActor, 'role' | 'groupAccess'>) =>
  can(member.role, 'see-all-pipelines') ? null : member.groupAccess;

const listFields = (fields: readonly string[]) => fields.map((field) => `{${field}}`).join(', ');

function present(row: repo.QueueItemRow): QueueItem {
  return {
    id: row.id,
    GTID: row.contactId,
    contactName: row.contactName,
    platform: row.platform as SocialPlatform,
    queuedToUID: row.queuedTo,
    queuedByUID: row.queuedBy,
    templateId: row.templateId,
    text: row.text,
    status: row.status,
    reason: row.reason,
    position: row.position,
    allowSameDay: row.allowSameDay,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const LIST_ORDER = {
  pending: 'position',
  scheduled: 'position',
  sending: 'position',
  sent: 'sent',
  failed: 'updated',
  skipped: 'updated',
  cancelled: 'updated',
} as const satisfies Record<QueueItemStatus, 'position' | 'sent' | 'updated'>;

function encodeCursor(row: repo.QueueItemRow, order: 'position' | 'sent' | 'updated') {
  const key =
    order === 'position' ? row.position : (order === 'sent' ? row.sentAt! : row.updatedAt).toISOString();
  return Buffer.from(JSON.stringify([key, row.id])).toString('base64url');
}

function decodeCursor(cursor: string, order: 'position' | 'sent' | 'updated') {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof key === 'string' &&
      typeof id === 'string' &&
      (order === 'position' || !Number.isNaN(Date.parse(key)))
    )
      return { key, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw new BadRequestError('Invalid querystring.cursor: not a cursor this list gave.');
}

/** The template values of a contact, with each missing field written back as itself: the gap stays visible. */
function valuesOf(source: repo.SendSourceRow, senderName: string) {
  return buildTemplateValues({
    contact: source,
    pipeline:
      source.pipelineName === null
        ? null
        : { name: source.pipelineName, stage: source.stageName, questions: source.questions ?? [] },
    senderName,
  });
}

function renderKeepingGaps(text: string, values: Record<string, string | null>, missing: string[]) {
  const shown = { ...values };
  for (const field of missing) shown[field] = `{${field}}`;
  return renderTemplate(text, shown);
}

/**
 * The message queue (issue 17): messages queued for contacts, one member's queue per platform, the
 * review of those a template left gaps in, the queue's settings and pauses, and the lease through
 * which the extension's processor tab sends them one at a time at the schedule's pace.
 */
export function createMessageQueueService(deps: {
  databases: Databases;
  teams: TeamsService;
  contacts: ContactsService;
  tasks: TasksService;
}) {
  const { databases, teams, contacts, tasks } = deps;
  const changes = createContactChanges({ databases });

  const keyOf = (member: Pick<TeamActor, 'teamUID' | 'userId'>, platform: string): repo.QueueKey => ({
    teamId: member.teamUID,
    userId: member.userId,
    platform,
  });

  /**
   * A queue's settings: those saved, else the defaults in the member's time zone. Inside a team
   * transaction pass the zone, read before it: the user directory may share PGlite's one connection.
   */
  async function readSettings(db: TeamDb, key: repo.QueueKey, zone?: string) {
    const row = await repo.findSettings(db, key);
    const parsed = row?.settings ? queueSettingsSchema.safeParse(row.settings) : null;
    const settings: QueueSettings = parsed?.success
      ? parsed.data
      : defaultQueueSettings(key.platform as SocialPlatform, zone ?? (await tasks.timeZoneOf(key.userId)));
    return { row, settings, isSaved: parsed?.success === true };
  }

  /**
   * The queue processor and bulk queueing need the Pro plan, and sending on a platform that platform's
   * Pro plan where it has one (SPEC §5, §6). Queueing one message from a contact needs neither: it
   * only waits in the queue, and nothing is sent until the processor runs.
   */
  async function requireSendingPlan(teamUID: string, platform: SocialPlatform, doing: string) {
    const subscription = await teams.getSubscription(teamUID);
    const refusal = proPlanRefusal(`${doing} needs`, subscription);
    if (refusal) throw new LimitReachedError(refusal);
    if (!canSendMessages(subscription, platform)) {
      const name = PLATFORM_NAMES[platform];
      const plan = subscription.platforms[platform as 'facebook' | 'instagram'];
      throw new LimitReachedError(
        `Sending ${name} messages needs the Pro ${name} plan; this team's ${name} plan is ${plan}. Change it in Billing.`,
      );
    }
  }

  /** A member's own item, if they still see its contact; 404 otherwise, as if it did not exist. */
  async function requireItem(db: TeamDb, member: TeamActor, itemId: string) {
    const [item] = await repo.findItems(db, member.teamUID, [itemId]);
    if (!item || item.queuedTo !== member.userId) throw new NotFoundError(NOT_FOUND);
    const visible = await repo.listVisibleContactIds(
      db,
      member.teamUID,
      [item.contactId],
      pipelineIdsOf(member),
    );
    if (!visible.has(item.contactId)) throw new NotFoundError(NOT_FOUND);
    return item;
  }

  /**
   * Writes items for these contacts to the maker's queue, at its end, in one statement: the text is
   * rendered for each person; a person without a profile on the platform, or with a message waiting
   * or sent today (unless allowed), is skipped with the reason; one a template's field is missing
   * for waits in review with the fields named. Answers the rows, in the contacts' order.
   */
  async function enqueue(
    tx: TeamDb,
    maker: QueueMaker,
    input: {
      platform: SocialPlatform;
      text: string;
      templateId: string | null;
      allowSameDay: boolean;
      timeZone: string;
    },
    contactIds: readonly string[],
    now: Date,
  ) {
    const key = keyOf(maker, input.platform);
    const sources = new Map(
      (await repo.listSendSources(tx, maker.teamUID, contactIds, input.platform, pipelineIdsOf(maker))).map(
        (source) => [source.contactId, source],
      ),
    );
    const people = [...new Set(contactIds)].filter((contactId) => sources.has(contactId));
    if (people.length === 0) return [];
    const earlier = input.allowSameDay
      ? new Map<string, QueueItemStatus>()
      : await repo.findSameDayItems(tx, maker.teamUID, people, startOfLocalDay(now, input.timeZone));
    const ranks = ranksAfter(await repo.findLastPosition(tx, key), people.length);
    const platformName = PLATFORM_NAMES[input.platform];
    const rows: repo.QueueItemInsert[] = people.map((contactId, index) => {
      const source = sources.get(contactId)!;
      const values = valuesOf(source, maker.name);
      const missing = findMissingTemplateFields(input.text, values);
      const text = renderKeepingGaps(input.text, values, missing);
      const before = earlier.get(contactId);
      let status: QueueItemStatus = 'scheduled';
      let reason: string | null = null;
      if (!source.hasProfile) {
        status = 'skipped';
        reason = `No ${platformName} profile: add one to the contact to message them there.`;
      } else if (before) {
        status = 'skipped';
        reason =
          before === 'sent'
            ? 'Already sent a message today: queue it with "allow the same day" to send another.'
            : 'Already has a message waiting to be sent: queue it with "allow the same day" to send another.';
      } else if (missing.length > 0) {
        status = 'pending';
        reason = `Needs ${listFields(missing)}: this person has no value for ${missing.length === 1 ? 'it' : 'them'}. Edit the text, then approve it.`;
      } else if (text === '') {
        status = 'skipped';
        reason = 'The template leaves nothing to send to this person.';
      }
      return {
        teamId: maker.teamUID,
        id: createPushId('mq_', now.getTime()),
        platform: input.platform,
        contactId,
        queuedTo: maker.userId,
        queuedBy: maker.userId,
        templateId: input.templateId,
        text: text || input.text,
        status,
        reason,
        position: ranks[index]!,
        allowSameDay: input.allowSameDay,
        attempts: 0,
        createdAt: now,
        scheduledAt: status === 'scheduled' ? now : null,
        updatedAt: now,
      };
    });
    await repo.insertItems(tx, rows);
    return rows;
  }

  /**
   * When a queue's next message may go out and, if not now, why not, in words: its pause, the
   * schedule (hours, breaks, the day's maximum), a message being sent, or the gap drawn after the
   * last send (next_at).
   */
  async function readWait(db: TeamDb, key: repo.QueueKey, now: Date) {
    const [{ row, settings }, sent] = await Promise.all([
      readSettings(db, key),
      repo.listSentSince(db, key, new Date(now.getTime() - SENT_HORIZON_MS)),
    ]);
    const dayStart = startOfLocalDay(now, settings.timeZone).getTime();
    const base = { row, settings, sentToday: sent.filter((at) => at.getTime() >= dayStart).length };
    const pausedUntil = row?.pausedUntil ?? null;
    if (row?.pauseReason && (pausedUntil === null || pausedUntil > now)) {
      return {
        ...base,
        nextAt: pausedUntil?.toISOString() ?? null,
        waitReason: 'paused' as const,
        sentence: row.pauseReason,
        paused: { until: pausedUntil?.toISOString() ?? null, reason: row.pauseReason },
      };
    }
    // The gap was drawn once, after the last send (next_at): the schedule is asked with the shortest
    // gap only for the hours, the breaks and the day's maximum.
    const moment = nextQueueMoment({ settings, sent, now, random: () => 0 });
    if (moment.kind === 'stopped') {
      return {
        ...base,
        nextAt: moment.until?.toISOString() ?? null,
        waitReason: moment.reason,
        sentence: describeQueueMoment(moment, settings, now),
        paused: null,
      };
    }
    const at = row?.nextAt && row.nextAt > moment.at ? row.nextAt : moment.at;
    const waitReason: QueueWaitReason | null =
      at <= now ? null : (await repo.hasLiveLease(db, key, now)) ? 'sending' : 'gap';
    return {
      ...base,
      nextAt: at.toISOString(),
      waitReason,
      sentence:
        waitReason === 'sending'
          ? 'A message is being sent; the next one follows once it is done.'
          : describeQueueMoment({ kind: 'send', at }, settings, now),
      paused: null,
    };
  }

  /** Where a queue stands now, with what waits in it. */
  async function computeStatus(db: TeamDb, key: repo.QueueKey, now: Date): Promise<QueueStatus> {
    const [wait, counts] = await Promise.all([readWait(db, key, now), repo.countWaiting(db, key, now)]);
    return {
      platform: key.platform as SocialPlatform,
      nextAt: wait.nextAt,
      waitReason: wait.waitReason,
      sentence: wait.sentence,
      sentToday: wait.sentToday,
      dailyMax: wait.settings.dailyMax,
      scheduled: counts.scheduled,
      pending: counts.pending,
      paused: wait.paused,
    };
  }

  /**
   * Tells the clients of the members whose queues these items are in, inside the change's
   * transaction: their Conversations and processor tabs read the queue again.
   */
  async function announce(tx: TeamDb, teamUID: string, items: readonly { id: string; queuedTo: string }[]) {
    if (items.length === 0) return;
    await appendChange(tx, teamUID, {
      entity: 'queue_item',
      op: 'update',
      ids: items.length <= EVENT_IDS_MAX ? items.map((item) => item.id) : [],
      data: { queuedTo: [...new Set(items.map((item) => item.queuedTo))] },
    });
  }

  /** Pauses a queue (until null: until resumed) with the reason the user reads. */
  async function pauseQueue(db: TeamDb, key: repo.QueueKey, until: Date | null, reason: string, now: Date) {
    await repo.writeSettings(db, key, { pause: { until, reason }, now });
  }

  return {
    /** Queues one message for a contact the member sees; any plan may (see requireSendingPlan). */
    async queueForContact(
      member: TeamActor,
      GTID: string,
      input: NewQueueItem,
      clock: QueueClock = systemClock,
    ): Promise<QueueItem> {
      const { teamUID } = member;
      const now = clock.now();
      const zone = await tasks.timeZoneOf(member.userId);
      const id = await databases.forTeam(teamUID).transaction(async (tx) => {
        await contacts.requireVisibleContact(tx, member, GTID);
        const template = input.templateId
          ? await repo.findMessageTemplate(tx, teamUID, input.templateId)
          : null;
        if (input.templateId && !template)
          throw new BadRequestError(
            `Invalid body.templateId: ${input.templateId} is no message template of this team.`,
          );
        const { settings } = await readSettings(tx, keyOf(member, input.platform), zone);
        const [row] = await enqueue(
          tx,
          member,
          {
            platform: input.platform,
            text: input.text ?? template!.text,
            templateId: template?.id ?? null,
            allowSameDay: input.allowSameDay,
            timeZone: settings.timeZone,
          },
          [GTID],
          now,
        );
        await announce(tx, teamUID, [row!]);
        return row!.id;
      });
      const [item] = await repo.findItems(databases.forTeam(teamUID), teamUID, [id]);
      return present(item!);
    },

    /**
     * Checks a bulk queueing before its job starts: the plan, the template; answers what every batch
     * uses, so they all queue the same text in the same time zone.
     */
    async prepareQueueing(
      member: TeamActor,
      action: { templateId: string; platform: SocialPlatform; allowSameDay: boolean },
    ): Promise<PreparedQueueing> {
      await requireSendingPlan(member.teamUID, action.platform, 'Queueing messages to many contacts');
      const db = databases.forTeam(member.teamUID);
      const template = await repo.findMessageTemplate(db, member.teamUID, action.templateId);
      if (!template)
        throw new BadRequestError(
          `Invalid action.templateId: ${action.templateId} is no message template of this team.`,
        );
      const { settings } = await readSettings(db, keyOf(member, action.platform));
      return {
        platform: action.platform,
        allowSameDay: action.allowSameDay,
        template: { id: template.id, text: template.text },
        maker: {
          userId: member.userId,
          name: member.name,
          role: member.role,
          groupAccess: member.groupAccess,
        },
        timeZone: settings.timeZone,
      };
    },

    /** One batch of a bulk queueing, inside the bulk job's transaction; answers how many were queued. */
    async queueBatch(tx: TeamDb, teamUID: string, prepared: PreparedQueueing, contactIds: string[]) {
      const rows = await enqueue(
        tx,
        { ...prepared.maker, teamUID },
        {
          platform: prepared.platform,
          text: prepared.template.text,
          templateId: prepared.template.id,
          allowSameDay: prepared.allowSameDay,
          timeZone: prepared.timeZone,
        },
        contactIds,
        new Date(),
      );
      await announce(tx, teamUID, rows);
      return rows.length;
    },

    /** A page of the member's own items of a status, of contacts they see. */
    async listItems(member: TeamActor, query: QueueItemListQuery): Promise<QueueItemPage> {
      const order = LIST_ORDER[query.status];
      const rows = await repo.listItems(
        databases.forTeam(member.teamUID),
        { teamId: member.teamUID, userId: member.userId, platform: query.platform },
        {
          status: query.status,
          order,
          limit: query.limit + 1,
          after: query.cursor ? decodeCursor(query.cursor, order) : undefined,
          pipelineIds: pipelineIdsOf(member),
        },
      );
      const page = rows.slice(0, query.limit);
      return {
        items: page.map(present),
        nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!, order) : null,
      };
    },

    /** A new text for a pending or scheduled item; a pending one stays in review until approved. */
    async editItem(member: TeamActor, itemId: string, text: string, clock: QueueClock = systemClock) {
      const db = databases.forTeam(member.teamUID);
      await db.transaction(async (tx) => {
        const item = await requireItem(tx, member, itemId);
        if (
          !WAITING.includes(item.status) ||
          !(await repo.updateItem(tx, member.teamUID, item.id, WAITING, { text, now: clock.now() }))
        )
          throw new ConflictError(
            `This message is ${item.status}: only pending or scheduled messages can be edited.`,
          );
        await announce(tx, member.teamUID, [item]);
      });
      const [item] = await repo.findItems(db, member.teamUID, [itemId]);
      return present(item!);
    },

    /** Moves a waiting item just before or after another of the same queue: one write. */
    async moveItem(
      member: TeamActor,
      itemId: string,
      placement: QueueItemMove,
      clock: QueueClock = systemClock,
    ) {
      const db = databases.forTeam(member.teamUID);
      const side = placement.after !== undefined ? 'after' : 'before';
      const anchorId = placement.after ?? placement.before;
      await db.transaction(async (tx) => {
        const item = await requireItem(tx, member, itemId);
        if (!WAITING.includes(item.status))
          throw new ConflictError(
            `This message is ${item.status}: only pending or scheduled messages can be moved.`,
          );
        const key = keyOf(member, item.platform);
        let position: string;
        if (anchorId === undefined) {
          position = rankBetween(await repo.findLastPosition(tx, key), null);
        } else {
          const [anchor] = anchorId === item.id ? [] : await repo.findItems(tx, member.teamUID, [anchorId]);
          if (
            !anchor ||
            anchor.queuedTo !== member.userId ||
            anchor.platform !== item.platform ||
            !['pending', 'scheduled', 'sending'].includes(anchor.status)
          )
            throw new BadRequestError(
              `Invalid body.${side}: ${anchorId} is no other message waiting in this queue.`,
            );
          const neighbour = await repo.findNeighbourPosition(tx, key, {
            anchor: anchor.position,
            side,
            movingId: item.id,
          });
          position =
            side === 'after'
              ? rankBetween(anchor.position, neighbour)
              : rankBetween(neighbour, anchor.position);
        }
        if (!(await repo.updateItem(tx, member.teamUID, item.id, WAITING, { position, now: clock.now() })))
          throw new ConflictError('This message changed meanwhile: reload the queue and move it again.');
        await announce(tx, member.teamUID, [item]);
      });
      const [item] = await repo.findItems(db, member.teamUID, [itemId]);
      return present(item!);
    },

    /**
     * Approves (pending: scheduled once no field is missing from its text, filled for the person
     * now), rejects (pending: cancelled with the reason) or cancels (pending or scheduled) the
     * member's items by id; answers what changed and, for each left alone, why.
     */
    async changeItems(
      member: TeamActor,
      input: QueueItemsBulk,
      clock: QueueClock = systemClock,
    ): Promise<QueueItemsBulkResult> {
      const { teamUID } = member;
      const now = clock.now();
      return databases.forTeam(teamUID).transaction(async (tx) => {
        const ids = [...new Set(input.ids)];
        const found = await repo.findItems(tx, teamUID, ids);
        const visible = await repo.listVisibleContactIds(
          tx,
          teamUID,
          found.map((item) => item.contactId),
          pipelineIdsOf(member),
        );
        const items = new Map(
          found
            .filter((item) => item.queuedTo === member.userId && visible.has(item.contactId))
            .map((item) => [item.id, item]),
        );
        const refused: QueueItemsBulkResult['refused'] = [];
        const wanted: Parameters<typeof repo.setItemStatuses>[2] = [];
        const from: readonly QueueItemStatus[] = input.action === 'cancel' ? WAITING : ['pending'];
        const sources = new Map<string, repo.SendSourceRow>();
        if (input.action === 'approve') {
          const byPlatform = new Map<string, string[]>();
          for (const item of items.values())
            byPlatform.set(item.platform, [...(byPlatform.get(item.platform) ?? []), item.contactId]);
          for (const [platform, contactIds] of byPlatform)
            for (const source of await repo.listSendSources(
              tx,
              teamUID,
              contactIds,
              platform,
              pipelineIdsOf(member),
            ))
              sources.set(source.contactId, source);
        }
        for (const id of ids) {
          const item = items.get(id);
          if (!item) {
            refused.push({ id, reason: NOT_FOUND });
            continue;
          }
          if (!from.includes(item.status)) {
            refused.push({ id, reason: `It is ${item.status}.` });
            continue;
          }
          if (input.action === 'cancel' || input.action === 'reject') {
            const said = input.reason ? `: ${input.reason.replace(/[.!?]?$/, (end) => end || '.')}` : '.';
            wanted.push({
              id,
              from: item.status,
              status: 'cancelled',
              text: item.text,
              reason: input.action === 'reject' ? `Rejected in review${said}` : `Cancelled${said}`,
            });
            continue;
          }
          const source = sources.get(item.contactId);
          if (!source) {
            refused.push({ id, reason: 'The contact is no longer in GroupTrack.' });
            continue;
          }
          const values = valuesOf(source, member.name);
          const missing = findMissingTemplateFields(item.text, values);
          if (missing.length > 0) {
            refused.push({ id, reason: `Still needs ${listFields(missing)}: edit the text first.` });
            continue;
          }
          wanted.push({
            id,
            from: 'pending',
            status: 'scheduled',
            text: renderTemplate(item.text, values),
            reason: null,
          });
        }
        const changed = new Set(await repo.setItemStatuses(tx, teamUID, wanted, now));
        for (const change of wanted)
          if (!changed.has(change.id)) refused.push({ id: change.id, reason: 'It changed meanwhile.' });
        await announce(
          tx,
          teamUID,
          [...changed].map((id) => items.get(id)!),
        );
        return {
          changed: wanted.filter((change) => changed.has(change.id)).map((change) => change.id),
          refused,
        };
      });
    },

    /**
     * The extension saw the person reply, or the user write to them by hand: their waiting messages
     * on that platform are cancelled, in every member's queue. One already with the extension is left
     * to finish.
     */
    async cancelForContact(
      member: TeamActor,
      GTID: string,
      input: { platform: SocialPlatform; reason: 'replied' | 'wrote-by-hand' },
      clock: QueueClock = systemClock,
    ) {
      const { teamUID } = member;
      return databases.forTeam(teamUID).transaction(async (tx) => {
        await contacts.requireVisibleContact(tx, member, GTID);
        const reason =
          input.reason === 'replied' ? 'Cancelled: they replied.' : 'Cancelled: you wrote to them by hand.';
        const cancelled = await repo.cancelContactItems(
          tx,
          teamUID,
          GTID,
          input.platform,
          reason,
          clock.now(),
        );
        await announce(tx, teamUID, cancelled);
        // A reply is a line of the person's history: workflows start on it, or stop for it.
        if (input.reason === 'replied') {
          await changes.recordChange(tx, member, GTID, [], {
            history: [
              changes.activity(member, GTID, {
                type: 'message',
                action: 'replied',
                at: clock.now(),
                data: { platform: input.platform },
              }),
            ],
          });
        }
        return { cancelled: cancelled.length };
      });
    },

    /** The member's settings for a platform: saved, or the defaults in their time zone. */
    async getSettings(member: TeamActor, platform: SocialPlatform): Promise<QueueSettingsAnswer> {
      const { settings, isSaved } = await readSettings(
        databases.forTeam(member.teamUID),
        keyOf(member, platform),
      );
      return { platform, settings, isSaved };
    },

    async saveSettings(
      member: TeamActor,
      platform: SocialPlatform,
      settings: QueueSettings,
      clock: QueueClock = systemClock,
    ): Promise<QueueSettingsAnswer> {
      await repo.writeSettings(databases.forTeam(member.teamUID), keyOf(member, platform), {
        settings,
        now: clock.now(),
      });
      return { platform, settings, isSaved: true };
    },

    /** Where the member's queue on a platform stands. */
    async getStatus(member: TeamActor, platform: SocialPlatform, clock: QueueClock = systemClock) {
      return computeStatus(databases.forTeam(member.teamUID), keyOf(member, platform), clock.now());
    },

    /** Pauses the member's queue for some minutes, or until resumed. */
    async pause(
      member: TeamActor,
      platform: SocialPlatform,
      minutes: number | null,
      clock: QueueClock = systemClock,
    ) {
      const db = databases.forTeam(member.teamUID);
      const now = clock.now();
      const until = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
      await pauseQueue(
        db,
        keyOf(member, platform),
        until,
        until ? 'Paused by you.' : 'Paused by you until you resume it.',
        now,
      );
      return computeStatus(db, keyOf(member, platform), now);
    },

    /** Resumes the member's queue: the pause and the failures in a row are cleared. */
    async resume(member: TeamActor, platform: SocialPlatform, clock: QueueClock = systemClock) {
      const db = databases.forTeam(member.teamUID);
      const now = clock.now();
      await repo.writeSettings(db, keyOf(member, platform), { pause: null, consecutiveFailures: 0, now });
      return computeStatus(db, keyOf(member, platform), now);
    },

    /**
     * Hands the member's next due item on a platform to a processor tab, with a lease of
     * QUEUE_LEASE_SECONDS; or says what the queue waits for. See repo.leaseNext for why two tabs never
     * get the same item, and why nothing else goes out while one is being sent.
     */
    async lease(
      member: TeamActor,
      platform: SocialPlatform,
      clock: QueueClock = systemClock,
    ): Promise<QueueLease> {
      const db = databases.forTeam(member.teamUID);
      const key = keyOf(member, platform);
      const now = clock.now();
      // Nothing to wait for when nothing is due, unless a pause or a send in flight says otherwise.
      const answer = async (wait: Awaited<ReturnType<typeof readWait>>): Promise<QueueLease> =>
        wait.waitReason !== null &&
        (wait.waitReason === 'paused' || wait.waitReason === 'sending' || (await repo.hasDue(db, key, now)))
          ? { status: 'waiting', until: wait.nextAt, reason: wait.waitReason, sentence: wait.sentence }
          : { status: 'empty', sentence: `No ${PLATFORM_NAMES[platform]} message is scheduled.` };
      // The plan (directory) and the queue (team shard) are read side by side: leasing is the hot path.
      const [, wait] = await Promise.all([
        requireSendingPlan(member.teamUID, platform, 'The queue processor'),
        readWait(db, key, now),
      ]);
      if (wait.waitReason !== null) return answer(wait);
      // The gate row must exist for the lease's one statement to lock it; a queue with nothing due needs none.
      if (!wait.row) {
        if (!(await repo.hasDue(db, key, now))) return answer(wait);
        await repo.writeSettings(db, key, { now });
      }
      const lease = { id: randomUUID(), until: new Date(now.getTime() + QUEUE_LEASE_SECONDS * 1000), now };
      const leased = await repo.leaseNext(db, key, lease);
      if (!leased) return answer(await readWait(db, key, now));
      const profile = await repo.findProfile(db, member.teamUID, leased.contactId, platform);
      return {
        status: 'leased',
        leaseId: lease.id,
        leaseUntil: lease.until.toISOString(),
        checkThreadFirst: leased.wasSending,
        item: {
          id: leased.id,
          GTID: leased.contactId,
          contactName: profile?.contactName ?? '',
          platform,
          text: leased.text,
          profile: {
            profileId: profile?.profileId ?? null,
            username: profile?.username ?? null,
            url: profile?.url ?? null,
          },
        },
      };
    },

    /**
     * What the extension found sending a leased item. Sent (or found already sent): the contact's
     * history says so, and the next moment is drawn. Failed: the reason is kept, and the queue pauses
     * after QUEUE_FAILURES_TO_PAUSE in a row. Blocked: the item waits its turn again and the queue
     * pauses QUEUE_BLOCK_PAUSE_MINUTES. Not sent: the item is handed back at once, rather than when
     * its lease runs out, and may go out again now. The same report twice changes nothing.
     */
    async report(
      member: TeamActor,
      itemId: string,
      report: QueueReport,
      clock: QueueClock = systemClock,
    ): Promise<QueueReportResult> {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const now = clock.now();
      const zone = await tasks.timeZoneOf(member.userId);
      const itemStatus = await db.transaction(async (tx): Promise<QueueItemStatus> => {
        const [item] = await repo.findItems(tx, teamUID, [itemId]);
        if (!item || item.queuedTo !== member.userId) throw new NotFoundError(NOT_FOUND);
        const key = keyOf(member, item.platform);
        const outcome = {
          sent: 'sent',
          'already-sent': 'sent',
          failed: 'failed',
          blocked: 'scheduled',
          'not-sent': 'scheduled',
        } as const;
        if (item.leaseId === report.leaseId && item.status === outcome[report.outcome]) return item.status;
        const platformName = PLATFORM_NAMES[item.platform as SocialPlatform];
        const status = outcome[report.outcome];
        const reason =
          report.outcome === 'failed'
            ? report.reason
            : report.outcome === 'already-sent'
              ? 'Found already sent in the conversation.'
              : report.outcome === 'blocked'
                ? `${platformName} showed a block notice; it goes out once the queue resumes.`
                : null;
        const ended = await repo.endLease(tx, teamUID, item.id, report.leaseId, {
          status,
          reason,
          sentAt: status === 'sent' ? now : null,
          now,
          handedBack: report.outcome === 'not-sent',
        });
        if (!ended)
          throw new ConflictError(
            'This lease is no longer yours: the message was handed out again or changed. Lease the next one.',
          );
        await announce(tx, teamUID, [item]);
        if (report.outcome === 'not-sent') {
          // The lease held the queue's next moment at its end: the queue may go on now.
          await repo.writeSettings(tx, key, { nextAt: now, now });
          return status;
        }
        if (report.outcome === 'blocked') {
          const until = new Date(now.getTime() + QUEUE_BLOCK_PAUSE_MINUTES * 60_000);
          await pauseQueue(
            tx,
            key,
            until,
            `Paused for ${QUEUE_BLOCK_PAUSE_MINUTES} minutes: ${platformName} showed a block notice${report.reason ? ` (${report.reason})` : ''}.`,
            now,
          );
          await repo.writeSettings(tx, key, { nextAt: null, now });
          return status;
        }
        const template = item.templateId
          ? await repo.findMessageTemplate(tx, teamUID, item.templateId)
          : null;
        const data = {
          platform: item.platform,
          queueItemId: item.id,
          ...(template && { templateUID: template.id, templateName: template.name }),
        };
        if (status === 'sent') {
          const { settings } = await readSettings(tx, key, zone);
          const sent = await repo.listSentSince(tx, key, new Date(now.getTime() - SENT_HORIZON_MS));
          const next = nextQueueMoment({ settings, sent, now, random: clock.random });
          await repo.writeSettings(tx, key, {
            consecutiveFailures: 0,
            nextAt: next.kind === 'send' ? next.at : next.until,
            now,
          });
          await changes.recordChange(tx, member, item.contactId, [], {
            history: [
              changes.activity(member, item.contactId, {
                type: 'message',
                action: 'sent',
                note: item.text,
                at: now,
                data: { ...data, ...(report.outcome === 'already-sent' && { foundInThread: true }) },
              }),
            ],
          });
          return status;
        }
        const { settings } = await readSettings(tx, key, zone);
        const failures = await repo.countFailure(tx, key, now);
        await repo.writeSettings(tx, key, {
          nextAt: new Date(now.getTime() + settings.minGapSeconds * 1000),
          now,
        });
        if (failures >= QUEUE_FAILURES_TO_PAUSE) {
          await pauseQueue(
            tx,
            key,
            null,
            `Paused after ${QUEUE_FAILURES_TO_PAUSE} messages in a row failed; the last: ${reason}. Resume the queue once it is fixed.`,
            now,
          );
        }
        await changes.recordChange(tx, member, item.contactId, [], {
          history: [
            changes.activity(member, item.contactId, {
              type: 'queued_message',
              action: 'failed',
              note: reason,
              at: now,
              data: { ...data, reason },
            }),
          ],
        });
        return status;
      });
      const [item] = await repo.findItems(db, teamUID, [itemId]);
      return { itemStatus, queue: await computeStatus(db, keyOf(member, item!.platform), now) };
    },
  };
}
