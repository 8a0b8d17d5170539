import type { TaskReminder, TaskTemplate, TaskTemplateFields } from '../api/task-templates';

/** What the task template form holds while the user types. */
export interface TaskTemplateFormValues {
  name: string;
  category: string;
  type: string;
  /** A member's uid, or '' for whoever creates the task. */
  assigneeUID: string;
  /** As the number field gives it: a number, or '' while empty. */
  dueInDays: number | string;
  /** HH:mm, or '' for the default 8:00. */
  dueTime: string;
  reminder: TaskReminder;
}

export type TaskTemplateFormErrors = Partial<Record<keyof TaskTemplateFormValues, string>>;

const NAME_MAX_LENGTH = 200;
const LABEL_MAX_LENGTH = 60;
const MAX_DUE_IN_DAYS = 365;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form's starting values: a template's, or those of a new one. */
export function toTaskTemplateFormValues(template: TaskTemplate | null): TaskTemplateFormValues {
  return {
    name: template?.name ?? '',
    category: template?.category ?? '',
    type: template?.type ?? '',
    assigneeUID: template?.assigneeUID ?? '',
    dueInDays: template?.dueInDays ?? 0,
    dueTime: template?.dueTime ?? '',
    reminder: template?.reminder ?? 'in-app',
  };
}

/** Checks the form; answers the fields to save, or a message per wrong field. */
export function validateTaskTemplateForm(
  values: TaskTemplateFormValues,
): { ok: true; fields: TaskTemplateFields } | { ok: false; errors: TaskTemplateFormErrors } {
  const errors: TaskTemplateFormErrors = {};
  const name = values.name.trim();
  const category = values.category.trim();
  const type = values.type.trim();
  const dueTime = values.dueTime.trim();
  const dueInDays = typeof values.dueInDays === 'number' ? values.dueInDays : Number.NaN;
  if (!name) errors.name = 'Name the task';
  else if (name.length > NAME_MAX_LENGTH)
    errors.name = `A task name can be at most ${NAME_MAX_LENGTH} characters`;
  if (category.length > LABEL_MAX_LENGTH)
    errors.category = `A category can be at most ${LABEL_MAX_LENGTH} characters`;
  if (type.length > LABEL_MAX_LENGTH) errors.type = `A type can be at most ${LABEL_MAX_LENGTH} characters`;
  if (!Number.isInteger(dueInDays) || dueInDays < 0 || dueInDays > MAX_DUE_IN_DAYS)
    errors.dueInDays = `Enter a whole number of days from 0 to ${MAX_DUE_IN_DAYS}`;
  if (dueTime && !TIME.test(dueTime)) errors.dueTime = 'Enter a time such as 10:00';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      name,
      category,
      type,
      assigneeUID: values.assigneeUID || null,
      dueInDays,
      dueTime: dueTime || null,
      reminder: values.reminder,
    },
  };
}
