import { Autocomplete, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { TeamMember } from '../../../lib/team-members';
import type { TaskTemplate } from '../api/task-templates';
import { ReminderChoice } from '../../tasks';
import { useSaveTaskTemplate } from '../api/task-templates';
import { formatDueOffset } from '../lib/due-offset';
import { toTaskTemplateFormValues, validateTaskTemplateForm } from '../lib/task-template-form';
import type { TaskTemplateFormErrors, TaskTemplateFormValues } from '../lib/task-template-form';
import { FormActions } from '../../../components/form-actions';
import { keepEnterInField, useFieldErrors } from '../../../lib/validate';

const CREATOR_OPTION = 'creator';

/** The choice that gives the task to whoever creates it. */
export const CREATOR_ASSIGNEE_LABEL = 'Whoever creates the task';

export interface TaskTemplateModalProps {
  teamUID: string;
  /** The template to edit, or null to add one. */
  template: TaskTemplate | null;
  members: readonly TeamMember[];
  categories: readonly string[];
  types: readonly string[];
  onClose: () => void;
}

/** Adds or edits a task template. Mount it only while open, so it starts fresh. */
export function TaskTemplateModal({
  teamUID,
  template,
  members,
  categories,
  types,
  onClose,
}: TaskTemplateModalProps) {
  const [values, setValues] = useState<TaskTemplateFormValues>(() => toTaskTemplateFormValues(template));
  const checked = validateTaskTemplateForm(values);
  const [errors, showErrors] = useFieldErrors<keyof TaskTemplateFormErrors>(checked.ok ? {} : checked.errors);
  const save = useSaveTaskTemplate(teamUID);
  const set = <Field extends keyof TaskTemplateFormValues>(
    field: Field,
    value: TaskTemplateFormValues[Field],
  ) => setValues((current) => ({ ...current, [field]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    showErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    save.mutate(
      { templateUID: template?.templateUID ?? null, fields: checked.fields },
      { onSuccess: onClose },
    );
  }

  const dueInDays = typeof values.dueInDays === 'number' ? values.dueInDays : null;
  const title = template ? `Edit task template ${template.name}` : 'New task template';
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput
            label="Task name"
            description="The name each task made from this template gets. Fields such as {firstName} are filled in for the contact."
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            maxLength={200}
            data-autofocus
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Autocomplete
              label="Category"
              placeholder="e.g. Onboarding"
              data={[...categories]}
              value={values.category}
              onChange={(value) => set('category', value)}
              onKeyDown={keepEnterInField()}
              error={errors.category}
              maxLength={60}
            />
            <Autocomplete
              label="Type"
              placeholder="e.g. Call"
              data={[...types]}
              value={values.type}
              onChange={(value) => set('type', value)}
              onKeyDown={keepEnterInField()}
              error={errors.type}
              maxLength={60}
            />
          </SimpleGrid>
          <Select
            label="Assign to"
            data={[
              { value: CREATOR_OPTION, label: CREATOR_ASSIGNEE_LABEL },
              ...members.map((member) => ({ value: member.uid, label: member.name || member.email })),
            ]}
            value={values.assigneeUID || CREATOR_OPTION}
            onChange={(value) => set('assigneeUID', value && value !== CREATOR_OPTION ? value : '')}
            allowDeselect={false}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Due after (days)"
              description="0 means the day the task is made."
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              value={values.dueInDays}
              onChange={(value) => set('dueInDays', value)}
              error={errors.dueInDays}
            />
            <TextInput
              type="time"
              label="Time"
              description="Leave empty for 8:00."
              value={values.dueTime}
              onChange={(event) => set('dueTime', event.currentTarget.value)}
              error={errors.dueTime}
            />
          </SimpleGrid>
          {dueInDays !== null && !errors.dueInDays && (
            <Text size="sm" c="dimmed">
              A task made from this template is due{' '}
              {formatDueOffset({ dueInDays, dueTime: values.dueTime || null })}.
            </Text>
          )}
          <ReminderChoice value={values.reminder} onChange={(reminder) => set('reminder', reminder)} />
          <FormActions
            error={save.error}
            isPending={save.isPending}
            submitLabel="Save template"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
