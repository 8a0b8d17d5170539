import { z } from 'zod';
import { declareJob } from './job';

/**
 * Reminds a task's assignee at its due moment (in the app, by mail or by text), handled by the tasks
 * service. Safe to run twice: the reminder row and the outbox key make a second run a no-op, and a
 * task moved, completed or deleted since is left alone.
 */
export const sendTaskReminderJob = declareJob({
  name: 'send-task-reminder',
  version: 1,
  payload: z.object({ teamUID: z.string(), taskId: z.string(), dueAt: z.string() }),
  retryLimit: 5,
});
