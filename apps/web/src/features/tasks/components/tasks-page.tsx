import { can } from '@grouptrack/domain';
import {
  Alert,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { usePageScrollMemory, type ListOrigin } from '../../../lib/list-origin';
import { usePageTitle } from '../../../lib/page-title';
import { useLoggedUser } from '../../../app/signed-in-user';
import { usePipelines } from '../../../lib/pipelines';
import { useMembers } from '../../../lib/team-members';
import { useAddressedItem } from '../../../lib/use-addressed-item';
import type { Task, TaskListQuery } from '../api/tasks';
import { useTasks } from '../api/tasks';
import { groupTasks, TASK_GROUP_LABELS } from '../lib/task-groups';
import { useNow } from '../../../lib/use-now';
import { TaskFormModal } from './task-form-modal';
import { TaskItem } from './task-item';
import { TaskSection } from './task-section';

const DEBOUNCE_MS = 250;

/** /tasks: my tasks or the team's, grouped by when they are due, filtered, changed in place and live. */
export function TasksPage() {
  usePageTitle('Tasks');
  const user = useLoggedUser();
  const teamUID = user.currentTeam.teamUID;
  const canSeeTeam = can(user.currentTeam.role, 'see-all-pipelines');
  const [params, setParams] = useSearchParams();
  const scope = canSeeTeam && params.get('scope') === 'team' ? 'team' : 'mine';
  const assigneeUID = scope === 'team' ? (params.get('assignee') ?? '') : '';
  const pipelineID = params.get('pipeline') ?? '';
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const now = useNow();

  const members = useMembers(teamUID);
  const pipelines = usePipelines(teamUID);
  const listQuery = (status: TaskListQuery['status']): TaskListQuery => ({
    scope,
    status,
    ...(assigneeUID && { assigneeUID }),
    ...(pipelineID && { pipelineID }),
    ...(q && { q }),
  });
  const active = useTasks(teamUID, listQuery('active'));
  const completed = useTasks(teamUID, listQuery('completed'));
  const groups = useMemo(() => groupTasks(active.data ?? [], now), [active.data, now]);
  const memberNames = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.uid, member.name])),
    [members.data],
  );
  const isFiltered = Boolean(assigneeUID || pipelineID || q);
  // A link to one task (the home page's) opens its form here once both lists have been read.
  const isSettled = active.data && completed.data && !active.isFetching && !completed.isFetching;
  const addressed = useAddressedItem({
    param: 'task',
    items: isSettled ? [...active.data, ...completed.data] : undefined,
    idOf: (task) => task.taskUID,
  });
  const shown = editing ?? addressed.item;

  // A task's contact comes back here with these filters, and walks the contacts in the order shown.
  const location = useLocation();
  const listUrl = `${location.pathname}${location.search}`;
  const origin = useMemo<ListOrigin>(() => {
    const shown = [...groups.overdue, ...groups.today, ...groups.upcoming, ...(completed.data ?? [])];
    const ids = [...new Set(shown.flatMap((task) => (task.GTID ? [task.GTID] : [])))];
    return { kind: 'tasks', url: listUrl, ids };
  }, [groups, completed.data, listUrl]);
  usePageScrollMemory(listUrl, !active.isPending && !completed.isPending);

  // The filters live in the address, so a filtered list can be bookmarked and shared.
  function setFilter(key: 'scope' | 'assignee' | 'pipeline' | 'q', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === 'scope' && value !== 'team') next.delete('assignee');
        return next;
      },
      { replace: true },
    );
  }

  function clearFilters() {
    setText('');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['assignee', 'pipeline', 'q']) next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  const renderTask = (task: Task) => (
    <TaskItem
      key={task.taskUID}
      teamUID={teamUID}
      task={task}
      now={now}
      isContactShown
      assigneeName={scope === 'team' ? (memberNames.get(task.assigneeUID) ?? null) : null}
      onEdit={setEditing}
      origin={origin}
    />
  );

  return (
    <Stack maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Tasks</Title>
          <Text c="dimmed">Follow-ups, sorted by when they are due.</Text>
        </Stack>
        <Button onClick={() => setEditing('new')}>New task</Button>
      </Group>
      {addressed.isMissing && (
        <Alert
          color="yellow"
          title="This task is no longer there"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={addressed.close}
        >
          It was deleted, or it is not one of the tasks this list shows.
        </Alert>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        {canSeeTeam && (
          <SegmentedControl
            aria-label="Whose tasks"
            data={[
              { value: 'mine', label: 'My tasks' },
              { value: 'team', label: 'Team' },
            ]}
            value={scope}
            onChange={(value) => setFilter('scope', value === 'team' ? 'team' : '')}
          />
        )}
        {scope === 'team' && (
          <Select
            label="Assignee"
            placeholder="Anyone"
            data={(members.data ?? []).map((member) => ({ value: member.uid, label: member.name }))}
            value={assigneeUID || null}
            onChange={(uid) => setFilter('assignee', uid ?? '')}
            clearable
            searchable
            w={200}
          />
        )}
        <Select
          label="Pipeline"
          placeholder="Any pipeline"
          data={(pipelines.data?.pipelines ?? []).map((pipeline) => ({
            value: pipeline.groupUID,
            label: pipeline.nickName,
          }))}
          value={pipelineID || null}
          onChange={(id) => setFilter('pipeline', id ?? '')}
          clearable
          w={200}
        />
        <TextInput
          label="Search tasks"
          placeholder="Task or contact name"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setFilter('q', event.currentTarget.value.trim());
          }}
          w={240}
        />
        {isFiltered && (
          <Button variant="subtle" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </Group>

      {active.isPending ? (
        <Loader role="status" aria-label="Loading tasks" />
      ) : active.isError ? (
        <QueryError
          title="Couldn't load the tasks"
          error={active.error}
          onRetry={() => void active.refetch()}
          isRetrying={active.isFetching}
        />
      ) : active.data.length === 0 ? (
        isFiltered ? (
          <Text c="dimmed">No open task matches these filters. Clear them to see every task.</Text>
        ) : (
          <EmptyState
            title={scope === 'team' ? 'No open tasks in the team' : 'No open tasks'}
            icon="tasks"
            headingLevel={2}
            description="Add a follow-up with New task, or open a contact and use its Tasks tab to make one from a template."
          />
        )
      ) : (
        <Stack gap="lg">
          {(['overdue', 'today', 'upcoming'] as const).map((group) => (
            <TaskSection
              key={group}
              title={TASK_GROUP_LABELS[group]}
              tasks={groups[group]}
              renderTask={renderTask}
            />
          ))}
        </Stack>
      )}

      {completed.isPending ? null : completed.isError ? (
        <QueryError
          title="Couldn't load the completed tasks"
          error={completed.error}
          onRetry={() => void completed.refetch()}
          isRetrying={completed.isFetching}
        />
      ) : (
        <TaskSection
          title="Completed"
          tasks={completed.data}
          emptyText={
            isFiltered
              ? 'No completed task matches these filters.'
              : 'Tasks you complete show here, latest first.'
          }
          renderTask={renderTask}
        />
      )}

      {shown && (
        <TaskFormModal
          key={shown === 'new' ? 'new' : shown.taskUID}
          teamUID={teamUID}
          task={shown === 'new' ? undefined : shown}
          onClose={() => {
            setEditing(null);
            addressed.close();
          }}
        />
      )}
    </Stack>
  );
}
