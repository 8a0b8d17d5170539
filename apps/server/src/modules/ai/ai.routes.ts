import {
  AI_CALLS,
  AI_CLIENT_TOKEN_HEADER,
  AI_CLIENT_TOKENS,
  aiAnswerSchemas,
  aiContextSchema,
  aiRequestSchemas,
  aiSettingsSchema,
  aiUsageSchema,
  type AiCall,
} from '@grouptrack/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, BadRequestError } from '../../platform/errors';
import { requireActor } from '../../platform/http/actor';
import { teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';
import type { AiService } from './ai.service';
import { AiStoppedError } from './writer';

const tags = ['ai'];

const SUMMARIES: Record<AiCall, string> = {
  'next-best-message':
    "The next message to send a contact, from their data, history and the team's AI context",
  'new-message-from-prompt': 'A message written from what the member asks for',
  'analyze-writing-style': "Reads the member's style from pasted or recently sent messages and saves it",
  'new-message-final': "A draft polished into the message to send, in the member's style",
  'new-post-from-prompt': 'A group post written from what the member asks for',
  'generate-message-template-prompt': 'A prompt for a message template, from its goal',
  'generate-message-template':
    'A message template from a prompt, with the fields it uses and any the renderer refuses',
};

const KNOWN_CLIENT_TOKENS = new Set<string>(Object.values(AI_CLIENT_TOKENS));

const clientQuery = z.object({
  /**
   * The client token, for a client that cannot set headers: the extension's frames, whose calls the
   * extension relays as a method, a path and a body. The header wins when both are sent.
   */
  clientToken: z.string().max(100).optional(),
});

/** SPEC §7: the API service's calls carry the client token header of the web app or the extension. */
function checkClientToken(request: FastifyRequest) {
  const header = request.headers[AI_CLIENT_TOKEN_HEADER];
  const token = header ?? (request.query as z.infer<typeof clientQuery>).clientToken;
  if (typeof token !== 'string' || !KNOWN_CLIENT_TOKENS.has(token)) {
    throw new BadRequestError(
      `Invalid ${AI_CLIENT_TOKEN_HEADER} header: send the client token of the GroupTrack web app or extension.`,
    );
  }
}

/**
 * Runs one call and answers it: as Server-Sent Events when the client accepts them (`text` events
 * as the answer is written, then `done` with the whole answer, or `error`), else as JSON. The
 * stream opens with the first piece of text, so a refusal before it (bad input, a limit) is a
 * plain JSON error; a browser that goes away stops the writer.
 */
async function answer(
  service: AiService,
  call: AiCall,
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const actor = await requireActor(context.auth, request);
  const body = request.body as { teamUID: string };
  const member = await context.teams.requireMember(actor, body.teamUID);
  const streaming = (request.headers.accept ?? '').includes('text/event-stream');
  const stopped = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) stopped.abort();
  });
  let open = false;
  const send = (event: string, data: unknown) =>
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const onText = (text: string) => {
    if (!streaming) return;
    if (!open) {
      open = true;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
    }
    send('text', { text });
  };
  try {
    // Another team's or a hidden contact's id answers 404 whatever the client; the header is checked next.
    const data = await service.write(member, call, body, {
      signal: stopped.signal,
      onText,
      beforeSpending: () => checkClientToken(request),
    });
    if (!open) return reply.send({ data });
    send('done', { data });
    reply.raw.end();
    return reply;
  } catch (error) {
    if (!open) {
      if (error instanceof AiStoppedError)
        return reply.status(499).send({ error: { code: 'stopped', message: error.message } });
      throw error;
    }
    if (!(error instanceof AiStoppedError)) {
      const known = error instanceof AppError;
      if (!known) request.log.error({ err: error }, 'AI answer failed while streaming');
      send('error', {
        error: known
          ? { code: error.code, message: error.message }
          : { code: 'ai-unavailable', message: 'The AI answer failed. Try again.' },
      });
    }
    reply.raw.end();
    return reply;
  }
}

export function registerAiRoutes(app: App, context: AppContext) {
  const { ai } = context;

  for (const call of AI_CALLS) {
    app.post(
      `/api/v2/ai/${call}`,
      {
        schema: {
          tags,
          summary: SUMMARIES[call],
          description: `Needs the session (web app or extension) and the ${AI_CLIENT_TOKEN_HEADER} header (or the clientToken query value). With Accept: text/event-stream the answer streams as \`text\` events, then \`done\` with the JSON below.`,
          querystring: clientQuery,
          body: aiRequestSchemas[call],
          response: { 200: z.object({ data: aiAnswerSchemas[call] }) },
        },
      },
      (request, reply) => answer(ai, call, context, request, reply),
    );
  }

  const routes = teamRoutes(app, context);
  routes.get({
    path: '/ai/settings',
    schema: {
      tags,
      summary: "The team's AI context and the signed-in member's writing style",
      response: aiSettingsSchema,
    },
    handler: ({ member }) => ai.getSettings(member),
  });
  routes.put({
    path: '/ai/context',
    schema: { tags, summary: "Save the team's AI context (owner or admin)", body: aiContextSchema.strict() },
    status: 204,
    handler: ({ member, body }) => ai.saveContext(member, body),
  });
  routes.put({
    path: '/ai/style',
    schema: {
      tags,
      summary: "Save the signed-in member's writing style as they corrected it",
      body: z.object({ profile: z.string().trim().max(4000) }).strict(),
    },
    status: 204,
    handler: ({ member, body }) => ai.saveStyle(member, body.profile),
  });
  routes.get({
    path: '/ai/usage',
    schema: {
      tags,
      summary: "The team's AI requests and tokens this month against its allowance",
      response: aiUsageSchema,
    },
    handler: ({ member }) => ai.getUsage(member),
  });
}
