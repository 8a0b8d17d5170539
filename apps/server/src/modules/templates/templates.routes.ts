import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
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

export function registerTemplateRoutes(app: App, { auth, templates }: AppContext) {
  const tags = ['templates'];

  app.get(
    '/api/v1/teams/:teamUID/message-templates',
    { schema: { tags, summary: 'Message templates', params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await templates.listMessageTemplates(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/message-templates',
    {
      schema: {
        tags,
        summary: 'Add a message template; unknown {fields} are refused (owner or admin)',
        params: teamParams,
        body: z.object(messageFields).partial({ category: true, type: true, tags: true }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const templateId = await templates.saveMessageTemplate(
        actor,
        request.params.teamUID,
        null,
        request.body,
      );
      return reply.status(201).send({ data: { templateUID: templateId } });
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/message-templates/:templateID',
    {
      schema: {
        tags,
        summary: 'Change a message template',
        params: itemParams,
        body: z.object(messageFields).partial().strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await templates.saveMessageTemplate(
        actor,
        request.params.teamUID,
        request.params.templateID,
        request.body,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/message-templates/:templateID',
    { schema: { tags, summary: 'Delete a message template', params: itemParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await templates.deleteMessageTemplate(actor, request.params.teamUID, request.params.templateID);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/task-templates',
    { schema: { tags, summary: 'Task templates', params: teamParams } },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await templates.listTaskTemplates(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/task-templates',
    {
      schema: {
        tags,
        summary: 'Add a task template (owner or admin)',
        params: teamParams,
        body: z.object(taskFields).partial().required({ name: true }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      const templateId = await templates.saveTaskTemplate(actor, request.params.teamUID, null, request.body);
      return reply.status(201).send({ data: { templateUID: templateId } });
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/task-templates/:templateID',
    {
      schema: {
        tags,
        summary: 'Change a task template',
        params: itemParams,
        body: z.object(taskFields).partial().strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await templates.saveTaskTemplate(
        actor,
        request.params.teamUID,
        request.params.templateID,
        request.body,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/task-templates/:templateID',
    { schema: { tags, summary: 'Delete a task template', params: itemParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await templates.deleteTaskTemplate(actor, request.params.teamUID, request.params.templateID);
      return reply.status(204).send();
    },
  );

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
