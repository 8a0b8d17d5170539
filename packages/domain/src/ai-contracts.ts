import { z } from 'zod';

// AI writing (SPEC §7 "API service"): the seven calls under POST /api/v2/ai/<name>, the team's
// aiContext (SPEC §3) and each member's writing style. The server validates with these schemas and
// declares them in the OpenAPI document; the web app takes its types from them.

/** SPEC §7: every API service call carries a fixed client token header naming the client. */
export const AI_CLIENT_TOKEN_HEADER = 'x-client-token';

/** The fixed tokens of the clients that call the API service: the web app and the extension. */
export const AI_CLIENT_TOKENS = {
  web: 'grouptrack-web-2',
  extension: 'grouptrack-extension-2',
} as const;

/** The seven calls, in the order of SPEC §7. */
export const AI_CALLS = [
  'next-best-message',
  'new-message-from-prompt',
  'analyze-writing-style',
  'new-message-final',
  'new-post-from-prompt',
  'generate-message-template-prompt',
  'generate-message-template',
] as const;
export type AiCall = (typeof AI_CALLS)[number];

const line = (max: number) => z.string().trim().max(max);
const words = z.array(z.string().trim().min(1).max(40)).max(30);

/** The team's aiContext: what every AI call knows about the team. */
export const aiContextSchema = z.object({
  /** What the community (group) is. */
  community: line(500),
  /** What the team offers its members. */
  offer: line(500),
  /** Who the audience is. */
  audience: line(500),
  /** How messages should sound (friendly, direct…). */
  tone: line(200),
  wordsToUse: words,
  wordsToAvoid: words,
  /** Added at the end of messages. */
  signature: line(300),
});
export type AiContext = z.infer<typeof aiContextSchema>;

/** The aiContext of a team that has written none yet. */
export const EMPTY_AI_CONTEXT: AiContext = {
  community: '',
  offer: '',
  audience: '',
  tone: '',
  wordsToUse: [],
  wordsToAvoid: [],
  signature: '',
};

/** A member's writing style profile, as analyze-writing-style saves it and they may edit it. */
export const aiWritingStyleSchema = z.object({
  profile: z.string(),
  /** How many messages it was read from; 0 when written by hand. */
  sampleCount: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AiWritingStyle = z.infer<typeof aiWritingStyleSchema>;

/** What GET …/ai/settings answers: the team's context and the signed-in member's style. */
export const aiSettingsSchema = z.object({
  context: aiContextSchema,
  style: aiWritingStyleSchema,
  /** Whether the signed-in member may change the team's context (owners and admins). */
  canEditContext: z.boolean(),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** The team's use of AI writing this month against its tier's allowance. */
export const aiUsageSchema = z.object({
  /** YYYY-MM, in UTC. */
  month: z.string(),
  requests: z.number().int(),
  tokens: z.number().int(),
  allowance: z.number().int(),
  /** 'offline' (drafts written here, no outside service) or 'openai-compatible'. */
  provider: z.enum(['offline', 'openai-compatible']),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

const id = z.string().trim().min(1).max(100);
const request = { teamUID: id };
const prompt = z.string().trim().min(1, 'Write what the message should do').max(2000);

/** The body of each call. */
export const aiRequestSchemas = {
  'next-best-message': z.object({
    ...request,
    GTID: id,
    /** The pipeline the message is about; the contact's first visible one when left out. */
    pipelineID: id.optional(),
    /** A message template to start from. */
    templateUID: id.optional(),
  }),
  'new-message-from-prompt': z.object({ ...request, prompt, GTID: id.optional(), pipelineID: id.optional() }),
  'analyze-writing-style': z
    .object({
      ...request,
      /** Messages the member pasted; left out, their recent sent or copied messages are read. */
      messages: z.array(z.string().trim().min(1).max(4000)).min(1).max(50).optional(),
    })
    .strict(),
  'new-message-final': z.object({
    ...request,
    draft: z.string().trim().min(1, 'Write a draft to polish').max(4000),
    GTID: id.optional(),
  }),
  'new-post-from-prompt': z.object({
    ...request,
    prompt: z.string().trim().min(1, 'Say what the post is about').max(2000),
  }),
  'generate-message-template-prompt': z.object({
    ...request,
    goal: z.string().trim().min(1, 'Say what the template is for').max(1000),
  }),
  'generate-message-template': z.object({ ...request, prompt }),
} as const satisfies Record<AiCall, z.ZodType>;
export type AiRequest<Call extends AiCall> = z.infer<(typeof aiRequestSchemas)[Call]>;

/** What every call answers in `data`. */
export const aiAnswerSchema = z.object({
  text: z.string(),
  /** True when the offline writer composed it: a draft to read and change before use. */
  draft: z.boolean(),
  provider: z.enum(['offline', 'openai-compatible']),
  tokens: z.number().int(),
});
export type AiAnswer = z.infer<typeof aiAnswerSchema>;

/** A template answer also lists the fields it uses and those the template renderer refuses. */
export const aiTemplateAnswerSchema = aiAnswerSchema.extend({
  fields: z.array(z.string()),
  unknownFields: z.array(z.string()),
});
export type AiTemplateAnswer = z.infer<typeof aiTemplateAnswerSchema>;

/** The answer of analyze-writing-style: the profile, already saved as the member's style. */
export const aiStyleAnswerSchema = aiAnswerSchema.extend({ sampleCount: z.number().int() });

export const aiAnswerSchemas = {
  'next-best-message': aiAnswerSchema,
  'new-message-from-prompt': aiAnswerSchema,
  'analyze-writing-style': aiStyleAnswerSchema,
  'new-message-final': aiAnswerSchema,
  'new-post-from-prompt': aiAnswerSchema,
  'generate-message-template-prompt': aiAnswerSchema,
  'generate-message-template': aiTemplateAnswerSchema,
} as const satisfies Record<AiCall, z.ZodType>;
