import {
  SOCIAL_PLATFORMS,
  createdTemplateSchema,
  loggedMessageSchema,
  messageTemplateSchema,
  taskSchema,
  taskTemplateSchema,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { TeamActor } from '../../platform/http/actor';
import { declareTeamList } from '../../platform/http/team-list-routes';
import { teamParams, teamRoutes, type TeamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['templates'];
const id = z.string().min(1).max(100);
const itemParams = teamParams.extend({ templateID: id });
const label = z.string().trim().max(60);
/** A message as it was copied: filled in for the contact, and perhaps edited. */
const copiedText = z.string().trim().min(1, 'Write the message').max(5000);

const messageFields = {
  name: z.string().trim().min(1, 'Name the template').max(100),
  /** Text with fields such as {firstName}, {senderName}, {answer:Question} and fallbacks ({firstName|there}). */
  text: z.string().trim().min(1, 'Write the message').max(5000),
  category: label,
  type: label,
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
};

const taskFields = {
  name: z.string().trim().min(1, 'Name the task').max(200),
  category: label,
  type: label,
  /** A member who always gets the task; null gives it to whoever creates it. */
  assigneeUID: id.nullable(),
  /** Due this many days after it is made. */
  dueInDays: z.number().int().min(0).max(365),
  /** HH:mm; without it, 8 am. */
  dueTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm')
    .nullable(),
  reminder: z.enum(['none', 'in-app', 'email', 'sms']),
};

/** What the four routes of one kind of template need: its path, names, schemas and service calls. */
interface TemplateKind<Input> {
  /** The path segment: message-templates or task-templates. */
  segment: string;
  /** "message template" or "task template", in summaries. */
  noun: string;
  addSummary: string;
  /** One template as the list answers it. */
  item: z.ZodType;
  create: z.ZodType<Input>;
  change: z.ZodType<Partial<Input>>;
  list(member: TeamActor): Promise<unknown>;
  save(member: TeamActor, templateId: string | null, input: Partial<Input>): Promise<string>;
  remove(member: TeamActor, templateId: string): Promise<void>;
}

/** List, add, change and delete for one kind of template; the bodies are the kind's schemas. */
function declareTemplateKind<Input>(routes: TeamRoutes, kind: TemplateKind<Input>) {
  declareTeamList(routes, {
    tags,
    path: `/${kind.segment}`,
    itemParam: 'templateID',
    itemParams,
    list: {
      summary: `The team's ${kind.noun}s`,
      response: z.array(kind.item),
      handler: ({ member }) => kind.list(member),
    },
    create: {
      summary: kind.addSummary,
      body: kind.create,
      response: createdTemplateSchema,
      handler: async ({ member, body }) => ({
        templateUID: await kind.save(member, null, body),
      }),
    },
    update: {
      summary: `Change a ${kind.noun}`,
      body: kind.change,
      noContent: true,
      handler: ({ member, params, body }) => kind.save(member, params.templateID, body),
    },
    remove: {
      summary: `Delete a ${kind.noun}`,
      handler: ({ member, params }) => kind.remove(member, params.templateID),
    },
  });
}

export function registerTemplateRoutes(app: App, { auth, teams, templates }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  declareTemplateKind(routes, {
    segment: 'message-templates',
    noun: 'message template',
    addSummary: 'Add a message template; unknown {fields} are refused (owner or admin)',
    item: messageTemplateSchema,
    create: z.object(messageFields).partial({ category: true, type: true, tags: true }).strict(),
    change: z.object(messageFields).partial().strict(),
    list: (member) => templates.listMessageTemplates(member),
    save: (member, templateId, input) => templates.saveMessageTemplate(member, templateId, input),
    remove: (member, templateId) => templates.deleteMessageTemplate(member, templateId),
  });

  declareTemplateKind(routes, {
    segment: 'task-templates',
    noun: 'task template',
    addSummary: 'Add a task template (owner or admin)',
    item: taskTemplateSchema,
    create: z.object(taskFields).partial().required({ name: true }).strict(),
    change: z.object(taskFields).partial().strict(),
    list: (member) => templates.listTaskTemplates(member),
    save: (member, templateId, input) => templates.saveTaskTemplate(member, templateId, input),
    remove: (member, templateId) => templates.deleteTaskTemplate(member, templateId),
  });

  routes.post({
    path: '/message-templates/:templateID/copies',
    schema: {
      tags,
      summary: "Log a message copied from a template for a contact, in the contact's history",
      response: loggedMessageSchema,
      params: itemParams,
      body: z.object({ GTID: id, text: copiedText }).strict(),
    },
    status: 201,
    handler: ({ member, params, body }) =>
      templates.logMessageCopy(member, { ...body, templateUID: params.templateID }),
  });

  routes.post({
    path: '/contacts/:GTID/messages/copies',
    schema: {
      tags,
      summary:
        "Log a message copied or put in a message box for a contact, from a template or written from scratch, in the contact's history",
      response: loggedMessageSchema,
      params: teamParams.extend({ GTID: id }),
      body: z
        .object({
          text: copiedText,
          /** The template the message started from, if any. */
          templateUID: id.nullable().default(null),
          /** The platform it went out on, where known: the Daily Goal counts it there. */
          platform: z.enum(SOCIAL_PLATFORMS).optional(),
        })
        .strict(),
    },
    status: 201,
    handler: ({ member, params, body }) => templates.logMessageCopy(member, { ...body, GTID: params.GTID }),
  });

  routes.post({
    path: '/task-templates/:templateID/tasks',
    schema: {
      tags,
      summary: 'Create a task from a template, for a contact',
      response: taskSchema,
      params: itemParams,
      body: z.object({ GTID: id.nullable().default(null) }).strict(),
    },
    status: 201,
    handler: ({ member, params, body }) =>
      templates.createTaskFromTemplate(member, params.templateID, body.GTID),
  });
}
