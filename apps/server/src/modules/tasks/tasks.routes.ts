import { completedTaskSchema, listedTaskSchema, reminderSchema, taskSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const id = z.string().min(1).max(100);
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

export function registerTaskRoutes(app: App, { auth, teams, tasks }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.get({
    path: '/tasks',
    schema: {
      tags,
      summary:
        "My tasks, the team's (owners and admins), or a contact's, with the contact's name; filtered by assignee, pipeline or text",
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
      response: z.array(listedTaskSchema),
    },
    handler: ({ member, query: { GTID, assigneeUID, pipelineID, q, ...rest } }) =>
      tasks.listTasks(member, {
        ...rest,
        contactId: GTID,
        assigneeId: assigneeUID,
        pipelineId: pipelineID,
        text: q,
      }),
  });

  routes.post({
    path: '/tasks',
    schema: {
      tags,
      summary: 'Create a task',
      response: taskSchema,
      body: z.object(taskFields).partial().required({ taskName: true, dueDate: true }).strict(),
    },
    status: 201,
    handler: ({ member, body }) => tasks.createTask(member, body),
  });

  routes.patch({
    path: '/tasks/:taskID',
    schema: {
      tags,
      summary: 'Change a task',
      response: taskSchema,
      params: taskParams,
      body: z.object(taskFields).partial().strict(),
    },
    handler: ({ member, params, body }) => tasks.updateTask(member, params.taskID, body),
  });

  routes.post({
    path: '/tasks/:taskID/complete',
    schema: {
      tags,
      summary: 'Complete a task (a repeating one comes back as its next occurrence), or reopen it',
      response: completedTaskSchema,
      params: taskParams,
      /** false reopens the task. */
      body: z.object({ completed: z.boolean().default(true) }).strict(),
    },
    handler: ({ member, params, body }) => tasks.completeTask(member, params.taskID, body.completed),
  });

  routes.post({
    path: '/tasks/:taskID/restore',
    schema: {
      tags,
      summary: 'Bring back a deleted task as it was, with its reminder (the Undo of a delete)',
      response: taskSchema,
      params: taskParams,
    },
    handler: ({ member, params }) => tasks.restoreTask(member, params.taskID),
  });

  routes.delete({
    path: '/tasks/:taskID',
    schema: { tags, summary: 'Delete a task', params: taskParams },
    status: 204,
    handler: ({ member, params }) => tasks.deleteTask(member, params.taskID),
  });

  routes.get({
    path: '/reminders',
    schema: {
      tags,
      summary: 'My task reminders in this team, newest first (the bell list)',
      response: z.array(reminderSchema),
    },
    handler: ({ member }) => tasks.listReminders(member),
  });

  routes.post({
    path: '/reminders/read',
    schema: { tags, summary: 'Mark all my reminders in this team as read' },
    status: 204,
    handler: ({ member }) => tasks.markRemindersRead(member),
  });
}
