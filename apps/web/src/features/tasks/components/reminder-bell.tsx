import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { ActionIcon, Anchor, Button, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { subscribeToAppEvents } from '../../../lib/app-events';
import {
  FinishedImportsList,
  formatImportOutcome,
  isImportOnScreen,
  useFinishedImports,
  useMarkFinishedImportsRead,
} from '../../contact-import';
import { useMarkRemindersRead, useReminders } from '../api/reminders';
import { createReminderBurst } from '../lib/reminder-burst';
import { formatDue } from '../lib/task-groups';
import { teamKeys } from '../../../lib/query-keys';

const MERGED_TOAST_ID = 'reminder-burst';

/**
 * The header's bell: my task reminders and my finished imports with an unread count, and a toast when
 * a reminder arrives or an import whose window was closed ends.
 */
export function ReminderBell({ teamUID }: { teamUID: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reminders = useReminders(teamUID);
  const markRead = useMarkRemindersRead(teamUID);
  const finishedImports = useFinishedImports(teamUID);
  const markImportsRead = useMarkFinishedImportsRead(teamUID);
  const [isOpen, setIsOpen] = useState(false);
  const unreadReminders = (reminders.data ?? []).filter((reminder) => reminder.readAt === null).length;
  const unreadImports = (finishedImports.data ?? []).filter((item) => item.readAt === null).length;
  const unread = unreadReminders + unreadImports;

  useEffect(() => {
    const nextToast = createReminderBurst();
    const openTasks = (toastId: string) => {
      notifications.hide(toastId);
      void navigate('/tasks');
    };
    return subscribeToAppEvents({
      onEvent: (event) => {
        if (event.kind === 'import-finished') {
          void queryClient.invalidateQueries({ queryKey: teamKeys.finishedImports(event.teamUID) });
          if (isImportOnScreen(event.importId)) return;
          notifications.show({
            id: `import-${event.importId}`,
            title: event.status === 'failed' ? 'Import stopped' : 'Import finished',
            message: `${event.fileName}: ${
              event.status === 'failed' ? 'open the bell to see why' : formatImportOutcome(event)
            }`,
            autoClose: TOAST_TIMEOUT_MS * 2,
          });
          return;
        }
        if (event.kind !== 'reminder') return;
        void queryClient.invalidateQueries({ queryKey: teamKeys.reminders(event.teamUID) });
        const toast = nextToast(Date.now());
        const id = toast.kind === 'separate' ? `reminder-${event.reminderUID}` : MERGED_TOAST_ID;
        const shown = {
          id,
          title: toast.kind === 'separate' ? 'Task reminder' : 'Task reminders',
          message: (
            <Anchor component="button" type="button" size="sm" onClick={() => openTasks(id)}>
              {toast.kind === 'separate'
                ? `${event.taskName} is due now`
                : `${toast.count} more ${toast.count === 1 ? 'task is' : 'tasks are'} due now`}
            </Anchor>
          ),
          autoClose: TOAST_TIMEOUT_MS * 2,
        };
        if (toast.kind === 'merged' && toast.count > 1) notifications.update(shown);
        else notifications.show(shown);
      },
      onReconnect: () => {
        void queryClient.invalidateQueries({ queryKey: teamKeys.reminders(teamUID) });
        void queryClient.invalidateQueries({ queryKey: teamKeys.finishedImports(teamUID) });
      },
    });
  }, [queryClient, navigate, teamUID]);

  function handleChange(opened: boolean) {
    setIsOpen(opened);
    // Opening the list reads what is in it.
    if (opened && unreadReminders > 0) markRead.mutate();
    if (opened && unreadImports > 0) markImportsRead.mutate();
  }

  const now = new Date();
  return (
    <Popover
      opened={isOpen}
      onChange={handleChange}
      position="bottom-end"
      width={320}
      withinPortal
      shadow="md"
    >
      {/* The target is the button itself, which takes the popover's aria attributes. */}
      <Indicator label={unread} size={16} disabled={unread === 0} offset={4} color="red.9">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => handleChange(!isOpen)}
            aria-label={unread > 0 ? `Reminders, ${unread} unread` : 'Reminders'}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600}>Reminders</Text>
          {reminders.isPending ? (
            <Loader size="sm" role="status" aria-label="Loading reminders" />
          ) : reminders.isError ? (
            <Text size="sm" c="red.9">
              Couldn't load the reminders: {formatErrorMessage(reminders.error)}
            </Text>
          ) : reminders.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No reminders yet. Tasks due with an in-app reminder show here.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={6}
              aria-label="Reminders"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {reminders.data.map((reminder) => (
                <li key={reminder.reminderUID}>
                  <Text size="sm" fw={reminder.readAt ? 400 : 600}>
                    {reminder.taskName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Due {formatDue({ actualDueDate: reminder.dueAt, now })}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
          {finishedImports.data && finishedImports.data.length > 0 && (
            <>
              <Text fw={600}>Imports</Text>
              <FinishedImportsList teamUID={teamUID} imports={finishedImports.data} />
            </>
          )}
          <Button component={Link} to="/tasks" variant="light" size="xs" onClick={() => setIsOpen(false)}>
            Open tasks
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function BellIcon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}
