import { Badge, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { RowActions } from '../../../components/row-actions';
import { QueryError } from '../../../components/query-error';
import { ConfirmModal } from '../../pipeline-setup/components/confirm-modal';
import { ReadOnlyNote, useSetupAccess } from '../../pipeline-setup/components/setup-access';
import { useMembers } from '../../team/api/get-members';
import type { TeamMember } from '../../team/api/get-members';
import type { TaskTemplate } from '../api/task-templates';
import { useDeleteTaskTemplate, useTaskTemplates } from '../api/task-templates';
import { formatDueOffset } from '../lib/due-offset';
import { groupByCategory, listDistinctLabels } from '../lib/group-templates';
import { REMINDER_SUMMARIES } from '../../tasks/components/reminder-choice';
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
        <Select
          label="Category"
          placeholder="All categories"
          data={categories}
          value={category}
          onChange={setCategory}
          clearable
          w={200}
        />
        <Select
          label="Type"
          placeholder="All types"
          data={types}
          value={type}
          onChange={setType}
          clearable
          w={200}
        />
      </Group>
      {templates.isPending ? (
        <Loader role="status" aria-label="Loading task templates" />
      ) : templates.isError ? (
        <QueryError
          title="Couldn't load the task templates"
          error={templates.error}
          onRetry={() => void templates.refetch()}
          isRetrying={templates.isFetching}
        />
      ) : all.length === 0 ? (
        <Text c="dimmed">
          No task templates yet.
          {canEdit ? ' Add the first one with New task template.' : ' An owner or admin can add them.'}
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">No task template matches these filters.</Text>
      ) : (
        groupByCategory(shown).map((group) => (
          <Stack
            key={group.category}
            gap="xs"
            component="section"
            aria-label={group.category || 'No category'}
          >
            <Title order={2} size="h4">
              {group.category || 'No category'}
            </Title>
            {group.templates.map((template) => (
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
            ))}
          </Stack>
        ))
      )}
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
