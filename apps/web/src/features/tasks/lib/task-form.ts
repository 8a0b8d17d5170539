import type { Task, TaskInput } from '../api/tasks';
import type { RepeatForm } from './repeat';
import { readRepeatForm, toRepeatForm } from './repeat';

/** The task form's values. */
export interface TaskForm {
  taskName: string;
  contact: { GTID: string; name: string } | null;
  assigneeUID: string;
  dueDate: string;
  /** HH:mm, or '' for 8 am. */
  dueTime: string;
  reminder: TaskInput['reminder'];
  repeat: RepeatForm;
}

export type TaskFormErrors = Partial<Record<'taskName' | 'dueDate' | 'repeat', string>>;

/** Today's date on this device, as YYYY-MM-DD. */
export function formatLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The form for a task, or for a new one (due today, mine, reminded in the app). */
export function toTaskForm({
  task,
  contact,
  userUID,
  today,
}: {
  task?: Task | undefined;
  contact?: TaskForm['contact'] | undefined;
  userUID: string;
  today: Date;
}): TaskForm {
  if (task) {
    return {
      taskName: task.taskName,
      contact: task.GTID ? { GTID: task.GTID, name: task.contactName ?? 'Unnamed contact' } : null,
      assigneeUID: task.assigneeUID,
      dueDate: task.dueDate,
      dueTime: task.dueTime ?? '',
      reminder: task.reminder,
      repeat: toRepeatForm(task.repeatData, task.dueDate),
    };
  }
  const dueDate = formatLocalDate(today);
  return {
    taskName: '',
    contact: contact ?? null,
    assigneeUID: userUID,
    dueDate,
    dueTime: '',
    reminder: 'in-app',
    repeat: toRepeatForm(null, dueDate),
  };
}

/** Reads the form: the task to send, or what to fix in which field. */
export function readTaskForm(
  form: TaskForm,
): { ok: true; input: TaskInput } | { ok: false; errors: TaskFormErrors } {
  const errors: TaskFormErrors = {};
  const taskName = form.taskName.trim();
  if (!taskName) errors.taskName = 'Name the task';
  else if (taskName.length > 200) errors.taskName = 'A task name can be at most 200 characters.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.dueDate)) errors.dueDate = 'Pick the due date';
  const repeat = readRepeatForm(form.repeat);
  if (!repeat.ok) errors.repeat = repeat.error;
  if (!repeat.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      taskName,
      GTID: form.contact?.GTID ?? null,
      assigneeUID: form.assigneeUID,
      dueDate: form.dueDate,
      dueTime: form.dueTime || null,
      reminder: form.reminder,
      repeat: repeat.rule,
    },
  };
}
