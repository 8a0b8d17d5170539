import { z } from 'zod';
import { TASK_REMINDERS } from './template-contracts';

// What the task and reminder routes answer: the server declares these as response schemas, and the
// web app takes its types from them.

/** A reminder channel of a task. */
export type ReminderChannel = (typeof TASK_REMINDERS)[number];

/** How a task repeats (SPEC repeatData), as stored: the rule and when it stops. */
export const repeatRuleSchema = z
  .discriminatedUnion('every', [
    z.object({ every: z.literal('day'), interval: z.number().int() }),
    z.object({
      every: z.literal('week'),
      interval: z.number().int(),
      /** 0 = Sunday … 6 = Saturday. */
      weekdays: z.array(z.number().int()),
    }),
    z.object({ every: z.literal('month'), interval: z.number().int(), dayOfMonth: z.number().int() }),
  ])
  .and(z.object({ until: z.string().optional(), count: z.number().int().optional() }));

/** A task (SPEC Task). */
export const taskSchema = z.object({
  taskUID: z.string(),
  taskName: z.string(),
  /** The contact it is about, if any. */
  GTID: z.string().nullable(),
  assigneeUID: z.string(),
  /** The calendar date in the assignee's time zone. */
  dueDate: z.string(),
  /** HH:mm, or null for 8 am. */
  dueTime: z.string().nullable(),
  timeZone: z.string(),
  /** The moment the task is due. */
  actualDueDate: z.string(),
  status: z.enum(['active', 'completed']),
  reminder: z.enum(TASK_REMINDERS),
  repeatData: repeatRuleSchema.nullable(),
  /** Which occurrence of its series this is, from 1. */
  occurrence: z.number().int(),
  completedAt: z.string().nullable(),
  createdByUID: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** A task in a list: with its contact's name as the app shows it (null without a contact). */
export const listedTaskSchema = taskSchema.extend({ contactName: z.string().nullable() });
export type ListedTask = z.infer<typeof listedTaskSchema>;

/** What completing or reopening answers: the task, and a repeating task's next occurrence. */
export const completedTaskSchema = z.object({ task: taskSchema, next: taskSchema.nullable() });
export type CompletedTask = z.infer<typeof completedTaskSchema>;

/** A task reminder sent to the signed-in member (the bell list). */
export const reminderSchema = z.object({
  reminderUID: z.string(),
  taskUID: z.string(),
  taskName: z.string(),
  dueAt: z.string(),
  channel: z.enum(TASK_REMINDERS),
  readAt: z.string().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;
