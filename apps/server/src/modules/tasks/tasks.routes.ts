import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireActor } from '../../platform/http/actor';
import type { App } from '../../platform/http/types';

const id = z.string().min(1).max(100);
const teamParams = z.object({ teamUID: id });
const taskParams = teamParams.extend({ taskID: id });
const tags = ['tasks'];

const repeatSchema = z
  .discriminatedUnion('every', [
    z.object({ every: z.literal('day'), interval: z.number().int().min(1).max(365) }),
    z.object({
      every: z.literal('week'),
      interval: z.number().int().min(1).max(52),
      /** 0 = Sunday … 6 = Saturday. */
      weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    }),
    z.object({
      every: z.literal('month'),
      interval: z.number().int().min(1).max(24),
      dayOfMonth: z.number().int().min(1).max(31),
    }),
  ])
  .and(z.object({ until: z.iso.date().optional(), count: z.number().int().min(1).max(1000).optional() }));

const taskFields = {
  taskName: z.string().trim().min(1, 'Name the task').max(200),
  /** The contact the task is about, if any. */
  GTID: id.nullable(),
  /** A member of the team; the creator when left out. */
  assigneeUID: id,
  /** The day, in the assignee's time zone. */
  dueDate: z.iso.date(),
  /** HH:mm; without it the task is due at 8 am. */
  dueTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm')
    .nullable(),
  reminder: z.enum(['none', 'in-app', 'email', 'sms']),
  repeat: repeatSchema.nullable(),
};

export function registerTaskRoutes(app: App, { auth, tasks }: AppContext) {
  app.get(
    '/api/v1/teams/:teamUID/tasks',
    {
      schema: {
        tags,
        summary:
          "My tasks, the team's (owners and admins), or a contact's, with the contact's name; filtered by assignee, pipeline or text",
        params: teamParams,
        querystring: z.object({
          scope: z.enum(['mine', 'team']).default('mine'),
          status: z.enum(['active', 'completed']).default('active'),
          GTID: id.optional(),
          /** Only this member's tasks (owners and admins may ask for anyone's). */
          assigneeUID: id.optional(),
          /** Only tasks whose contact is in this pipeline. */
          pipelineID: id.optional(),
          /** Words in the task's name or its contact's name. */
          q: z.string().trim().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(200),
        }),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await tasks.listTasks(actor, request.params.teamUID, request.query) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task',
        params: teamParams,
        body: z.object(taskFields).partial().required({ taskName: true, dueDate: true }).strict(),
      },
    },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      return reply
        .status(201)
        .send({ data: await tasks.createTask(actor, request.params.teamUID, request.body) });
    },
  );

  app.patch(
    '/api/v1/teams/:teamUID/tasks/:taskID',
    {
      schema: {
        tags,
        summary: 'Change a task',
        params: taskParams,
        body: z.object(taskFields).partial().strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return {
        data: await tasks.updateTask(actor, request.params.teamUID, request.params.taskID, request.body),
      };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/tasks/:taskID/complete',
    {
      schema: {
        tags,
        summary: 'Complete a task (a repeating one comes back as its next occurrence), or reopen it',
        params: taskParams,
        /** false reopens the task. */
        body: z.object({ completed: z.boolean().default(true) }).strict(),
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return {
        data: await tasks.completeTask(
          actor,
          request.params.teamUID,
          request.params.taskID,
          request.body.completed,
        ),
      };
    },
  );

  app.delete(
    '/api/v1/teams/:teamUID/tasks/:taskID',
    { schema: { tags, summary: 'Delete a task', params: taskParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await tasks.deleteTask(actor, request.params.teamUID, request.params.taskID);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/teams/:teamUID/reminders',
    {
      schema: {
        tags,
        summary: 'My task reminders in this team, newest first (the bell list)',
        params: teamParams,
      },
    },
    async (request) => {
      const actor = await requireActor(auth, request);
      return { data: await tasks.listReminders(actor, request.params.teamUID) };
    },
  );

  app.post(
    '/api/v1/teams/:teamUID/reminders/read',
    { schema: { tags, summary: 'Mark all my reminders in this team as read', params: teamParams } },
    async (request, reply) => {
      const actor = await requireActor(auth, request);
      await tasks.markRemindersRead(actor, request.params.teamUID);
      return reply.status(204).send();
    },
  );
}
