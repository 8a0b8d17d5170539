import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { followDueDate } from '@grouptrack/domain';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/validate';
import { useLoggedUser } from '../../../app/signed-in-user';
import { useMembers } from '../../../lib/team-members';
import type { Task } from '../api/tasks';
import { useChangeTask } from '../api/tasks';
import type { TaskForm, TaskFormErrors } from '../lib/task-form';
import { readTaskForm, toTaskForm } from '../lib/task-form';
import type { PickedContact } from './contact-picker';
import { ContactPicker } from './contact-picker';
import { ReminderChoice } from './reminder-choice';
import { RepeatEditor } from './repeat-editor';

export interface TaskFormModalProps {
  teamUID: string;
  /** The task to edit; a new task without it. */
  task?: Task | undefined;
  /** The contact a new task is about, when made from the contact's page. */
  contact?: PickedContact | undefined;
  onClose: () => void;
}

/** Creates or edits a task: name, contact, assignee, due date and time, reminder and repeat. */
export function TaskFormModal({ teamUID, task, contact, onClose }: TaskFormModalProps) {
  const user = useLoggedUser();
  const members = useMembers(teamUID);
  const change = useChangeTask(teamUID);
  const [form, setForm] = useState<TaskForm>(() =>
    toTaskForm({ task, contact, userUID: user.uid, today: new Date() }),
  );
  const read = readTaskForm(form);
  const [errors, showErrors] = useFieldErrors<keyof TaskFormErrors>(read.ok ? {} : read.errors);
  const set = (patch: Partial<TaskForm>) => setForm((current) => ({ ...current, ...patch }));

  const assignees = (members.data ?? []).map((member) => ({ value: member.uid, label: member.name }));
  if (!assignees.some((option) => option.value === form.assigneeUID)) {
    assignees.unshift({
      value: form.assigneeUID,
      label: form.assigneeUID === user.uid ? user.name : 'A former member',
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(read.ok ? {} : read.errors);
    if (!read.ok) return;
    change.mutate(
      task ? { kind: 'update', task, input: read.input } : { kind: 'create', input: read.input },
      {
        onSuccess: onClose,
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={task ? 'Edit task' : 'New task'} size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Task name"
            placeholder="Call back about the workshop"
            value={form.taskName}
            onChange={(event) => set({ taskName: event.currentTarget.value })}
            error={errors.taskName}
            maxLength={200}
            required
            data-autofocus
          />
          <ContactPicker
            teamUID={teamUID}
            value={form.contact}
            onChange={(picked) => set({ contact: picked })}
          />
          <Select
            label="Assignee"
            data={assignees}
            value={form.assigneeUID}
            onChange={(uid) => uid && set({ assigneeUID: uid })}
            allowDeselect={false}
            searchable
            error={members.isError ? `Couldn't load the team: ${formatErrorMessage(members.error)}` : null}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Due date"
              value={form.dueDate}
              onChange={(event) => {
                const dueDate = event.currentTarget.value;
                // A weekly or monthly repeat falls on the due date chosen, not the day the dialog opened.
                setForm((current) => ({
                  ...current,
                  dueDate,
                  repeat: followDueDate(current.repeat, current.dueDate, dueDate),
                }));
              }}
              error={errors.dueDate}
              required
            />
            <TextInput
              type="time"
              label="Time"
              description="Optional: without it, 8 am in the assignee's time zone."
              value={form.dueTime}
              onChange={(event) => set({ dueTime: event.currentTarget.value })}
            />
          </Group>
          <ReminderChoice value={form.reminder} onChange={(reminder) => set({ reminder })} />
          <RepeatEditor
            value={form.repeat}
            onChange={(repeat) => set({ repeat })}
            error={errors.repeat ?? null}
          />
          {change.error != null && (
            <Alert color="red" variant="light" role="alert">
              {formatErrorMessage(change.error)}
            </Alert>
          )}
          {form.repeat.every !== 'never' && (
            <Text size="xs" c="dimmed">
              When you complete a repeating task, its next occurrence appears.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              {task ? 'Save task' : 'Create task'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
