import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { RowActions } from '../../../components/row-actions';
import { LabelFilter, TemplateGroups } from '../../../components/template-groups';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { useMembers } from '../../../lib/team-members';
import type { TeamMember } from '../../../lib/team-members';
import type { TaskTemplate } from '../api/task-templates';
import { useDeleteTaskTemplate, useTaskTemplates } from '../api/task-templates';
import { formatDueOffset } from '../lib/due-offset';
import { listDistinctLabels } from '../../../lib/group-templates';
import { REMINDER_SUMMARIES } from '../../tasks';
import { CREATOR_ASSIGNEE_LABEL, TaskTemplateModal } from './task-template-modal';

/** /setup/tasks: task templates by category, filterable by category and type. */
export function TaskTemplatesPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const templates = useTaskTemplates(teamUID);
  const members = useMembers(teamUID);
  const remove = useDeleteTaskTemplate(teamUID);
  const [category, setCategory] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [editing, setEditing] = useState<TaskTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaskTemplate | null>(null);

  const all = useMemo(() => templates.data ?? [], [templates.data]);
  const categories = useMemo(() => listDistinctLabels(all.map((each) => each.category)), [all]);
  const types = useMemo(() => listDistinctLabels(all.map((each) => each.type)), [all]);
  const shown = all.filter(
    (template) =>
      (category === null || template.category.trim() === category) &&
      (type === null || template.type.trim() === type),
  );

  return (
    <Stack maw={900}>
      <Title order={1}>Task templates</Title>
      <Text c="dimmed">
        A task template fills in a task&apos;s name, who gets it, when it is due and how it reminds, so a
        recurring follow-up is added to any contact in one step.
      </Text>
      {!canEdit && <ReadOnlyNote />}
      <Group align="flex-end">
        {canEdit && <Button onClick={() => setEditing('new')}>New task template</Button>}
        <LabelFilter
          label="Category"
          placeholder="All categories"
          options={categories}
          value={category}
          onChange={setCategory}
        />
        <LabelFilter label="Type" placeholder="All types" options={types} value={type} onChange={setType} />
      </Group>
      <TemplateGroups
        noun="task template"
        templates={templates}
        shown={shown}
        canEdit={canEdit}
        noMatch="No task template matches these filters."
      >
        {(template) => (
          <TaskTemplateRow
            key={template.templateUID}
            template={template}
            members={members.data}
            canEdit={canEdit}
            onEdit={() => setEditing(template)}
            onDelete={() => {
              remove.reset();
              setDeleting(template);
            }}
          />
        )}
      </TemplateGroups>
      {editing !== null && (
        <TaskTemplateModal
          teamUID={teamUID}
          template={editing === 'new' ? null : editing}
          members={members.data ?? []}
          categories={categories}
          types={types}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete task template ${deleting?.name ?? ''}?`}
        confirmLabel="Delete template"
        onConfirm={() =>
          deleting && remove.mutate(deleting.templateUID, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        Tasks already made from it stay as they are.
      </ConfirmModal>
    </Stack>
  );
}

interface TaskTemplateRowProps {
  template: TaskTemplate;
  /** The team's members; undefined while they load. */
  members: readonly TeamMember[] | undefined;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function TaskTemplateRow({ template, members, canEdit, onEdit, onDelete }: TaskTemplateRowProps) {
  const assignee = !template.assigneeUID
    ? CREATOR_ASSIGNEE_LABEL
    : !members
      ? 'A chosen member'
      : (members.find((member) => member.uid === template.assigneeUID)?.name ?? 'A former member');
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Task template ${template.name}`} component="article">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{template.name}</Text>
            {template.type && <Badge variant="light">{template.type}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            Due {formatDueOffset(template)} · {assignee} ·{' '}
            {REMINDER_SUMMARIES[template.reminder] ?? 'No reminder'}
          </Text>
        </Stack>
        {canEdit && (
          <RowActions itemLabel={`task template ${template.name}`} onEdit={onEdit} onDelete={onDelete} />
        )}
      </Group>
    </Paper>
  );
}
