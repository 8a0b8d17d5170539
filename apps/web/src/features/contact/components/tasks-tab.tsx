import { Alert, Button, Group, Loader, Menu, Stack, Text } from '@mantine/core';
import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { useMembers } from '../../../lib/team-members';
import { useAddressedItem } from '../../../lib/use-addressed-item';
import { useTaskTemplates } from '../../task-templates';
import { useCreateTaskFromTemplate, useTasks, TaskFormModal, TaskItem, TaskSection } from '../../tasks';
import type { Task } from '../../tasks';
import { useNow } from '../../../lib/use-now';

export interface TasksTabProps {
  teamUID: string;
  GTID: string;
  /** The contact's name, for new tasks about them. */
  contactName: string;
}

/** The contact's tasks, open and completed: add one, make one from a template, complete, edit, delete. */
export function TasksTab({ teamUID, GTID, contactName }: TasksTabProps) {
  const now = useNow();
  const active = useTasks(teamUID, { scope: 'mine', status: 'active', GTID });
  const completed = useTasks(teamUID, { scope: 'mine', status: 'completed', GTID });
  const members = useMembers(teamUID);
  const [isTemplateMenuOpen, setIsTemplateMenuOpen] = useState(false);
  const templates = useTaskTemplates(teamUID);
  const fromTemplate = useCreateTaskFromTemplate(teamUID);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const nameOf = (uid: string) => members.data?.find((member) => member.uid === uid)?.name ?? null;
  const withName = (task: Task): Task => ({ ...task, contactName: task.contactName ?? contactName });
  // A link to one task (the home page's) opens its form here once both lists have been read.
  const isSettled = active.data && completed.data && !active.isFetching && !completed.isFetching;
  const addressed = useAddressedItem({
    param: 'task',
    items: isSettled ? [...active.data, ...completed.data] : undefined,
    idOf: (task) => task.taskUID,
  });
  const shown = editing ?? addressed.item;

  function createFromTemplate(templateUID: string, name: string) {
    fromTemplate.mutate(
      { templateUID, GTID },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: 'Task added',
            message: `“${name}” is on ${contactName}'s tasks.`,
            autoClose: TOAST_TIMEOUT_MS,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: "Couldn't add the task",
            message: formatErrorMessage(error),
            autoClose: TOAST_TIMEOUT_MS,
          }),
      },
    );
  }

  const renderTask = (task: Task) => (
    <TaskItem
      key={task.taskUID}
      teamUID={teamUID}
      task={withName(task)}
      now={now}
      isContactShown={false}
      assigneeName={nameOf(task.assigneeUID)}
      onEdit={(chosen) => setEditing(withName(chosen))}
    />
  );

  return (
    <Stack maw={760}>
      {addressed.isMissing && (
        <Alert
          color="yellow"
          title="This task is no longer there"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={addressed.close}
        >
          It was deleted, or it is no longer about this contact.
        </Alert>
      )}
      <Group gap="xs">
        <Button onClick={() => setEditing('new')}>New task</Button>
        <Menu
          opened={isTemplateMenuOpen}
          onChange={setIsTemplateMenuOpen}
          position="bottom-start"
          withinPortal
        >
          <Menu.Target>
            <Button variant="default" loading={fromTemplate.isPending}>
              New task from template
            </Button>
          </Menu.Target>
          <Menu.Dropdown aria-label="Task templates">
            {templates.isPending ? (
              <Menu.Label>
                <Loader size="xs" role="status" aria-label="Loading task templates" />
              </Menu.Label>
            ) : templates.isError ? (
              <Menu.Label>Couldn't load the templates: {formatErrorMessage(templates.error)}</Menu.Label>
            ) : templates.data.length === 0 ? (
              <Menu.Item component={Link} to="/setup/tasks">
                No templates yet. Set them up…
              </Menu.Item>
            ) : (
              templates.data.map((template) => (
                <Menu.Item
                  key={template.templateUID}
                  onClick={() => createFromTemplate(template.templateUID, template.name)}
                >
                  {template.name}
                  {template.category ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {template.category}
                    </Text>
                  ) : null}
                </Menu.Item>
              ))
            )}
          </Menu.Dropdown>
        </Menu>
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
      ) : (
        <TaskSection
          title="Open tasks"
          tasks={active.data}
          emptyText="No open tasks for this contact. Add one, or make one from a template."
          renderTask={renderTask}
        />
      )}
      {completed.isError ? (
        <QueryError
          title="Couldn't load the completed tasks"
          error={completed.error}
          onRetry={() => void completed.refetch()}
          isRetrying={completed.isFetching}
        />
      ) : completed.data ? (
        <TaskSection title="Completed" tasks={completed.data} renderTask={renderTask} />
      ) : null}
      {shown && (
        <TaskFormModal
          key={shown === 'new' ? 'new' : shown.taskUID}
          teamUID={teamUID}
          task={shown === 'new' ? undefined : withName(shown)}
          contact={{ GTID, name: contactName }}
          onClose={() => {
            setEditing(null);
            addressed.close();
          }}
        />
      )}
    </Stack>
  );
}
