import {
  AI_REQUESTS_PER_MONTH,
  EMPTY_AI_CONTEXT,
  TEMPLATE_FIELDS,
  aiContextSchema,
  buildTemplateValues,
  can,
  canSeePipeline,
  canSeePipelineItem,
  findUnknownTemplateFields,
  listTemplateFields,
  renderTemplate,
  type AiCall,
  type AiContext,
  type AiRequest,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { appendChange } from '../../platform/realtime';
import type { ContactsService } from '../contacts/contacts.service';
import type { TeamsService } from '../teams/teams.service';
import * as repo from './ai.repository';
import type { AiWriter, WriteOptions, WriterContact, WriterInput } from './writer';

export type AiService = ReturnType<typeof createAiService>;

/** How many of a contact's latest history entries a message is written from. */
const HISTORY_ENTRIES = 10;
/** How many recent sent or copied messages a style is read from when none are pasted. */
const STYLE_SAMPLES = 20;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const monthOf = (now: number) => new Date(now).toISOString().slice(0, 7);

/** "December 1" of the month after `month` (YYYY-MM), when the allowance starts again. */
function nextMonthName(month: string) {
  const index = Number(month.slice(5, 7)) % 12;
  return `${MONTHS[index]!} 1`;
}

/** Too many calls: the month's allowance, or one user's calls per minute. */
class TooManyRequestsError extends AppError {
  constructor(code: string, message: string) {
    super(429, code, message);
  }
}

/**
 * AI writing for a team: the seven calls of SPEC §7 through one writer (an OpenAI-compatible
 * server or the offline one), the team's aiContext, each member's writing style, the month's usage
 * against the tier's allowance and a per-user rate limit. Only the fields a call needs are read and
 * handed to the writer.
 */
export function createAiService(deps: {
  databases: Databases;
  teams: TeamsService;
  contacts: ContactsService;
  writer: AiWriter;
  ratePerMinute: number;
  now?: () => number;
}) {
  const { databases, teams, contacts, writer, ratePerMinute } = deps;
  const now = deps.now ?? Date.now;
  const recentCalls = new Map<string, number[]>();

  async function readContext(db: TeamDb, teamUID: string): Promise<AiContext> {
    const row = await repo.findContext(db, teamUID);
    const parsed = aiContextSchema.safeParse(row?.context ?? EMPTY_AI_CONTEXT);
    return parsed.success ? parsed.data : EMPTY_AI_CONTEXT;
  }

  async function readStyle(db: TeamDb, member: TeamActor) {
    return (await repo.findStyle(db, member.teamUID, member.userId))?.profile ?? '';
  }

  async function allowanceOf(teamUID: string) {
    const subscription = await teams.getSubscription(teamUID);
    return AI_REQUESTS_PER_MONTH[subscription.tier.value];
  }

  /** SPEC-free rate limit: at most `ratePerMinute` calls per user in any minute. */
  function takeRateSlot(userId: string) {
    const at = now();
    const calls = (recentCalls.get(userId) ?? []).filter((time) => time > at - 60_000);
    if (calls.length >= ratePerMinute) {
      const wait = Math.max(1, Math.ceil((calls[0]! + 60_000 - at) / 1000));
      throw new TooManyRequestsError(
        'rate-limited',
        `You have asked for ${ratePerMinute} AI answers in the last minute. Try again in ${wait} seconds.`,
      );
    }
    calls.push(at);
    recentCalls.set(userId, calls);
  }

  /** The contact as a writer sees them: first name, name, where they stand and their answers. */
  async function readContact(db: TeamDb, member: TeamActor, GTID: string, pipelineID: string | undefined) {
    const { contact, placements } = await contacts.requireVisibleContact(db, member, GTID);
    const visible = placements.filter((row) => canSeePipeline(member, row.pipelineId));
    const place = pipelineID ? visible.find((row) => row.pipelineId === pipelineID) : visible[0];
    if (pipelineID && !place)
      throw new BadRequestError('Invalid body.pipelineID: the contact is not in that pipeline.');
    const names = await repo.findPlaceNames(
      db,
      member.teamUID,
      place ? [place.pipelineId] : [],
      place ? [place.stageId] : [],
    );
    const writerContact: WriterContact = {
      firstName: contact.firstName,
      name: contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' '),
      pipeline: place ? (names.pipelines.get(place.pipelineId) ?? null) : null,
      stage: place ? (names.stages.get(place.stageId) ?? null) : null,
      answers: place?.questions.filter((each) => each.answer.trim()) ?? [],
    };
    return { contact, writerContact };
  }

  /** The writer's input for a call: read here, before anything is counted or spent. */
  async function prepare(member: TeamActor, call: AiCall, body: AiRequest<AiCall>): Promise<WriterInput> {
    const db = databases.forTeam(member.teamUID);
    if (call === 'analyze-writing-style') {
      const { messages } = body as AiRequest<'analyze-writing-style'>;
      return { call, messages: messages ?? (await recentMessages(db, member)) };
    }
    const [context, style] = await Promise.all([readContext(db, member.teamUID), readStyle(db, member)]);
    switch (call) {
      case 'next-best-message': {
        const { GTID, pipelineID, templateUID } = body as AiRequest<'next-best-message'>;
        const { contact, writerContact } = await readContact(db, member, GTID, pipelineID);
        const rows = await repo.listRecentActivities(db, member.teamUID, GTID, HISTORY_ENTRIES);
        const history = rows
          .filter((row) => canSeePipelineItem(member, row))
          .map((row) => ({
            type: row.type,
            action: row.action,
            note: row.note,
            at: row.createdAt.toISOString(),
          }));
        let template: string | null = null;
        if (templateUID) {
          const text = await repo.findMessageTemplateText(db, member.teamUID, templateUID);
          if (text === null) throw new NotFoundError('Template not found.');
          template = renderTemplate(
            text,
            buildTemplateValues({
              contact,
              pipeline: writerContact.pipeline
                ? {
                    name: writerContact.pipeline,
                    stage: writerContact.stage,
                    questions: writerContact.answers,
                  }
                : null,
              senderName: member.name,
            }),
          );
        }
        return { call, context, style, contact: writerContact, history, template, senderName: member.name };
      }
      case 'new-message-from-prompt': {
        const { prompt, GTID, pipelineID } = body as AiRequest<'new-message-from-prompt'>;
        const contact = GTID ? (await readContact(db, member, GTID, pipelineID)).writerContact : null;
        return { call, context, style, prompt, contact, senderName: member.name };
      }
      case 'new-message-final': {
        const { draft, GTID } = body as AiRequest<'new-message-final'>;
        const contact = GTID ? (await readContact(db, member, GTID, undefined)).writerContact : null;
        return { call, context, style, draft, contact };
      }
      case 'new-post-from-prompt':
        return { call, context, style, prompt: (body as AiRequest<'new-post-from-prompt'>).prompt };
      case 'generate-message-template-prompt':
        return { call, context, goal: (body as AiRequest<'generate-message-template-prompt'>).goal };
      case 'generate-message-template':
        return {
          call,
          context,
          style,
          prompt: (body as AiRequest<'generate-message-template'>).prompt,
          fields: [...TEMPLATE_FIELDS],
        };
    }
  }

  /** The member's recent sent or copied messages, in pipelines they may see. */
  async function recentMessages(db: TeamDb, member: TeamActor) {
    const rows = await repo.listRecentMessagesBy(db, member.teamUID, member.userId, STYLE_SAMPLES);
    const texts = rows
      .filter((row) => canSeePipelineItem(member, row))
      .map((row) => {
        const text = typeof row.data.text === 'string' ? row.data.text : row.note;
        return text?.trim() ?? '';
      })
      .filter(Boolean);
    if (texts.length === 0) {
      throw new BadRequestError(
        'You have no sent or copied messages in GroupTrack yet: paste a few messages you wrote to read your style from.',
      );
    }
    return texts;
  }

  return {
    provider: writer.provider,

    async getSettings(member: TeamActor) {
      const db = databases.forTeam(member.teamUID);
      const [context, style] = await Promise.all([
        readContext(db, member.teamUID),
        repo.findStyle(db, member.teamUID, member.userId),
      ]);
      return {
        context,
        style: {
          profile: style?.profile ?? '',
          sampleCount: style?.sampleCount ?? 0,
          updatedAt: style?.updatedAt.toISOString() ?? null,
        },
        canEditContext: can(member.role, 'manage-setup'),
      };
    },

    async saveContext(member: TeamActor, context: AiContext) {
      const { teamUID } = member;
      if (!can(member.role, 'manage-setup')) {
        throw new ForbiddenError("Only the team owner or an admin can change the team's AI context.");
      }
      await databases.forTeam(teamUID).transaction(async (tx) => {
        await repo.saveContext(tx, teamUID, context, member.userId);
        await appendChange(tx, teamUID, { entity: 'ai_context', op: 'update', ids: [teamUID] });
      });
    },

    /** The member's own style, written or corrected by hand. */
    async saveStyle(member: TeamActor, profile: string) {
      const { teamUID } = member;
      await databases.forTeam(teamUID).transaction(async (tx) => {
        await repo.saveStyle(tx, { teamId: teamUID, userUid: member.userId, profile, sampleCount: 0 });
        await appendChange(tx, teamUID, { entity: 'ai_context', op: 'update', ids: [member.userId] });
      });
    },

    async getUsage(member: TeamActor) {
      const month = monthOf(now());
      const [row, allowance] = await Promise.all([
        repo.findUsage(databases.forTeam(member.teamUID), member.teamUID, month),
        allowanceOf(member.teamUID),
      ]);
      return {
        month,
        requests: row?.requests ?? 0,
        tokens: row?.tokens ?? 0,
        allowance,
        provider: writer.provider,
      };
    },

    /**
     * One call: reads what it needs (a 4xx before anything is spent), counts the request against the
     * month's allowance, writes (streaming through `onText`) and keeps the result. A writer that
     * fails or is stopped gives the request back and saves nothing.
     */
    async write(
      member: TeamActor,
      call: AiCall,
      body: AiRequest<AiCall>,
      options: WriteOptions & {
        /** Checks of the request itself, run once access to what it names is settled. */
        beforeSpending?: () => void;
      },
    ) {
      const { teamUID } = member;
      const input = await prepare(member, call, body);
      options.beforeSpending?.();
      takeRateSlot(member.userId);
      const db = databases.forTeam(teamUID);
      const month = monthOf(now());
      const allowance = await allowanceOf(teamUID);
      if (!(await repo.reserveRequest(db, teamUID, month, allowance))) {
        throw new TooManyRequestsError(
          'limit-reached',
          `Your team has used its ${allowance} AI requests for ${MONTHS[Number(month.slice(5, 7)) - 1]!}. More come on ${nextMonthName(month)}, or move to a higher plan.`,
        );
      }
      let written;
      try {
        written = await writer.write(input, options);
      } catch (error) {
        await repo.releaseRequest(db, teamUID, month);
        throw error;
      }
      const answer = {
        text: written.text,
        draft: writer.provider === 'offline',
        provider: writer.provider,
        tokens: written.tokens,
      };
      if (call === 'analyze-writing-style') {
        const sampleCount = input.call === 'analyze-writing-style' ? input.messages.length : 0;
        await db.transaction(async (tx) => {
          await repo.addTokens(tx, teamUID, month, written.tokens);
          await repo.saveStyle(tx, {
            teamId: teamUID,
            userUid: member.userId,
            profile: written.text,
            sampleCount,
          });
          await appendChange(tx, teamUID, { entity: 'ai_context', op: 'update', ids: [member.userId] });
        });
        return { ...answer, sampleCount };
      }
      await repo.addTokens(db, teamUID, month, written.tokens);
      if (call === 'generate-message-template') {
        return {
          ...answer,
          fields: listTemplateFields(written.text),
          unknownFields: findUnknownTemplateFields(written.text),
        };
      }
      return answer;
    },
  };
}
