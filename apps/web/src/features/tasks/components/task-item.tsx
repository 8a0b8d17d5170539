import { can, TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { withListOrigin, type ListOrigin } from '../../../lib/list-origin';
import { useLoggedUser } from '../../../app/signed-in-user';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showUndoToast } from '../../../components/undo-toast';
import type { Task, TaskChange } from '../api/tasks';
import { useChangeTask } from '../api/tasks';
import { describeRepeat } from '../lib/repeat';
import { findTaskGroup, formatDue } from '../lib/task-groups';
import { REMINDER_SUMMARIES } from './reminder-choice';

const FAILURES: Record<TaskChange['kind'], string> = {
  create: "Couldn't create the task",
  update: "Couldn't save the task",
  complete: "Couldn't complete the task",
  reopen: "Couldn't reopen the task",
  delete: "Couldn't delete the task",
  restore: "Couldn't bring the task back",
};

export interface TaskItemProps {
  teamUID: string;
  task: Task;
  now: Date;
  /** Links the task's contact; off on the contact's own page. */
  isContactShown: boolean;
  /** The assignee's name, when the list holds other people's tasks. */
  assigneeName: string | null;
  onEdit: (task: Task) => void;
  /** The list the task's contact is opened from, for the contact page's "Back", previous and next. */
  origin?: ListOrigin | null;
}

/** One task: complete or reopen it with its checkbox, edit or delete it from its menu. */
export function TaskItem({
  teamUID,
  task,
  now,
  isContactShown,
  assigneeName,
  onEdit,
  origin = null,
}: TaskItemProps) {
  const user = useLoggedUser();
  const change = useChangeTask(teamUID);
  // Members work their own tasks and those they made; owners and admins every task (as the server checks).
  const canChange =
    can(user.currentTeam.role, 'see-all-pipelines') ||
    task.assigneeUID === user.uid ||
    task.createdByUID === user.uid;
  const [isDeleting, setIsDeleting] = useState(false);
  const isCompleted = task.status === 'completed';
  const isOverdue = !isCompleted && findTaskGroup({ actualDueDate: task.actualDueDate, now }) === 'overdue';

  /**
   * Deletes the task and offers its Undo. The row leaves the list at once (and this component with
   * it), so the toast follows the request's promise rather than this component's callbacks.
   */
  function deleteWithUndo() {
    const { mutateAsync } = change;
    mutateAsync({ kind: 'delete', task })
      .then(() =>
        showUndoToast({
          message: `Task “${task.taskName}” deleted.`,
          label: `Undo deleting the task ${task.taskName}`,
          undo: () => void mutateAsync({ kind: 'restore', task }).catch(showFailure('restore')),
        }),
      )
      .catch(showFailure('delete'));
  }

  function showFailure(kind: TaskChange['kind']) {
    return (error: unknown) =>
      notifications.show({
        color: 'red',
        title: FAILURES[kind],
        message: formatErrorMessage(error),
        autoClose: TOAST_TIMEOUT_MS,
      });
  }

  function run(next: TaskChange) {
    change.mutate(next, {
      onSuccess: (answer) => {
        const following = (answer as { next?: Task | null } | undefined)?.next;
        if (next.kind === 'complete' && following) {
          notifications.show({
            color: 'teal',
            title: 'Task completed',
            message: `The next one is due ${formatDue({ actualDueDate: following.actualDueDate, now: new Date() })}.`,
            autoClose: TOAST_TIMEOUT_MS,
          });
        }
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: FAILURES[next.kind],
          message: formatErrorMessage(error),
          autoClose: TOAST_TIMEOUT_MS,
        }),
    });
  }

  const reminder = REMINDER_SUMMARIES[task.reminder];
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={task.taskName}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          mt={2}
          checked={isCompleted}
          disabled={!canChange}
          onChange={() => run({ kind: isCompleted ? 'reopen' : 'complete', task })}
          aria-label={isCompleted ? `Reopen ${task.taskName}` : `Complete ${task.taskName}`}
        />
        <Stack gap={2} flex={1} miw={0}>
          <Text fw={500} td={isCompleted ? 'line-through' : undefined} c={isCompleted ? 'dimmed' : undefined}>
            {task.taskName}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c={isOverdue ? 'red' : 'dimmed'}>
              {isCompleted && task.completedAt
                ? `Completed ${formatDue({ actualDueDate: task.completedAt, now })}`
                : `Due ${formatDue({ actualDueDate: task.actualDueDate, now })}`}
            </Text>
            {isContactShown && task.GTID && (
              <Anchor
                component={Link}
                to={`/contact/${encodeURIComponent(task.GTID)}`}
                state={withListOrigin(null, origin)}
                size="sm"
              >
                {task.contactName ?? 'Unnamed contact'}
              </Anchor>
            )}
            {assigneeName && (
              <Text size="sm" c="dimmed">
                · {assigneeName}
              </Text>
            )}
          </Group>
          {(task.repeatData ?? reminder) && (
            <Group gap={6}>
              {task.repeatData && (
                <Badge variant="light" size="sm">
                  {describeRepeat(task.repeatData)}
                </Badge>
              )}
              {reminder && !isCompleted && (
                <Badge variant="outline" color="gray" size="sm">
                  {reminder}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        {canChange && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${task.taskName}`}>
                <Text component="span" aria-hidden fw={700}>
                  ⋯
                </Text>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onEdit(task)}>Edit task</Menu.Item>
              <Menu.Item color="red" onClick={() => setIsDeleting(true)}>
                Delete task
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <ConfirmModal
        opened={isDeleting}
        title="Delete this task?"
        confirmLabel="Delete task"
        onConfirm={() => {
          setIsDeleting(false);
          deleteWithUndo();
        }}
        onClose={() => setIsDeleting(false)}
        isPending={false}
        error={null}
      >
        “{task.taskName}” is removed{task.repeatData ? ', and it will not come back' : ''}. You can undo this
        for a few seconds.
      </ConfirmModal>
    </Paper>
  );
}
