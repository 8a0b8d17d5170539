import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor, type Actor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const id = z.string().min(1).max(100);
const teamParams = z.object({ teamUID: id });
const itemParams = teamParams.extend({ templateID: id });
const label = z.string().trim().max(60);

const messageFields = {
  name: z.string().trim().min(1, 'Name the template').max(100),
  /** Text with fields such as {firstName}, {lastName}, {name}, {pipeline}, {stage}. */
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
  create: z.ZodType<Input>;
  change: z.ZodType<Partial<Input>>;
  list(actor: Actor, teamUID: string): Promise<unknown>;
  save(actor: Actor, teamUID: string, templateId: string | null, input: Partial<Input>): Promise<string>;
  remove(actor: Actor, teamUID: string, templateId: string): Promise<void>;
}

/**
 * List, add, change and delete for one kind of template. The bodies are the kind's schemas
 * (validated before the handler runs); the casts only name that type, which the generic hides.
 */
function registerTemplateKind<Input>(app: App, auth: AppContext['auth'], kind: TemplateKind<Input>) {
  const tags = ['templates'];
  const listPath = `/api/v1/teams/:teamUID/${kind.segment}`;
  const itemPath = `${listPath}/:templateID`;

  app.get(
    listPath,
    { schema: { tags, summary: `The team's ${kind.noun}s`, params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await kind.list(actor, request.params.teamUID) };
    },
  );

  app.post(
    listPath,
    { schema: { tags, summary: kind.addSummary, params: teamParams, body: kind.create } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const templateId = await kind.save(actor, request.params.teamUID, null, request.body as Input);
      return reply.status(201).send({ data: { templateUID: templateId } });
    },
  );

  app.patch(
    itemPath,
    { schema: { tags, summary: `Change a ${kind.noun}`, params: itemParams, body: kind.change } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await kind.save(
        actor,
        request.params.teamUID,
        request.params.templateID,
        request.body as Partial<Input>,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    itemPath,
    { schema: { tags, summary: `Delete a ${kind.noun}`, params: itemParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await kind.remove(actor, request.params.teamUID, request.params.templateID);
      return reply.status(204).send();
    },
  );
}

export function registerTemplateRoutes(app: App, { auth, templates }: AppContext) {
  const tags = ['templates'];

  registerTemplateKind(app, auth, {
    segment: 'message-templates',
    noun: 'message template',
    addSummary: 'Add a message template; unknown {fields} are refused (owner or admin)',
    create: z.object(messageFields).partial({ category: true, type: true, tags: true }).strict(),
    change: z.object(messageFields).partial().strict(),
    list: (actor, teamUID) => templates.listMessageTemplates(actor, teamUID),
    save: (actor, teamUID, templateId, input) =>
      templates.saveMessageTemplate(actor, teamUID, templateId, input),
    remove: (actor, teamUID, templateId) => templates.deleteMessageTemplate(actor, teamUID, templateId),
  });

  registerTemplateKind(app, auth, {
    segment: 'task-templates',
    noun: 'task template',
    addSummary: 'Add a task template (owner or admin)',
    create: z.object(taskFields).partial().required({ name: true }).strict(),
    change: z.object(taskFields).partial().strict(),
    list: (actor, teamUID) => templates.listTaskTemplates(actor, teamUID),
    save: (actor, teamUID, templateId, input) =>
      templates.saveTaskTemplate(actor, teamUID, templateId, input),
    remove: (actor, teamUID, templateId) => templates.deleteTaskTemplate(actor, teamUID, templateId),
  });

  app.post(
    '/api/v1/teams/:teamUID/task-templates/:templateID/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task from a template, for a contact',
        params: itemParams,
        body: z.object({ GTID: id.nullable().default(null) }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const task = await templates.createTaskFromTemplate(
        actor,
        request.params.teamUID,
        request.params.templateID,
        request.body.GTID,
      );
      return reply.status(201).send({ data: task });
    },
  );
}
