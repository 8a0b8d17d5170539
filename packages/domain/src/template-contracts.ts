import { z } from 'zod';

// What the template routes answer: the server declares these as their response schemas (so the
// OpenAPI document describes the answers) and the web app takes its types from them.

/** A message template (snippet), as `GET …/message-templates` lists it. */
export const messageTemplateSchema = z.object({
  templateUID: z.string(),
  name: z.string(),
  /**
   * Text with fields such as {firstName}, {emailAddress}, {senderName}, {answer:Question} and
   * fallbacks such as {firstName|there}.
   */
  text: z.string(),
  category: z.string(),
  type: z.string(),
  tags: z.array(z.string()),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const TASK_REMINDERS = ['none', 'in-app', 'email', 'sms'] as const;

/** A task template, as `GET …/task-templates` lists it. */
export const taskTemplateSchema = z.object({
  templateUID: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.string(),
  /** The member who always gets the task; null gives it to whoever creates it. */
  assigneeUID: z.string().nullable(),
  /** Due this many days after it is made. */
  dueInDays: z.number().int(),
  /** HH:mm; null means 8 am. */
  dueTime: z.string().nullable(),
  reminder: z.enum(TASK_REMINDERS),
});
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;

/** What creating a template answers: its id. */
export const createdTemplateSchema = z.object({ templateUID: z.string() });

/** What logging a copied message answers: the activity that records it in the contact's history. */
export const loggedMessageSchema = z.object({ activityUID: z.string() });
export type LoggedMessage = z.infer<typeof loggedMessageSchema>;
