import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatErrorMessage } from '../../../lib/api-client';
import { subscribeToAppEvents } from '../../../lib/app-events';
import { teamKeys } from '../../../lib/query-keys';
import {
  FinishedImportItem,
  formatImportOutcome,
  isImportOnScreen,
  useFinishedImports,
} from '../../contact-import';
import { createReminderBurst, formatDue, useReminders } from '../../tasks';
import { inboxKey, useInbox, useMarkBellRead } from '../api/inbox';
import { describeInboxItem } from '../lib/inbox-words';

const MERGED_TOAST_ID = 'reminder-burst';

/** One line of the bell: when it happened, whether it is new, and how it reads. */
interface BellEntry {
  key: string;
  at: string;
  unread: boolean;
  content: ReactNode;
}

/**
 * The header's bell: one list, newest first, of my task reminders, finished imports and inbox
 * (teammates joined, tasks given to me, my bulk actions done), with an unread count across them,
 * read in one call when opened; a toast when a reminder arrives or an import whose window was closed ends.
 */
export function NotificationBell({ teamUID }: { teamUID: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reminders = useReminders(teamUID);
  const finishedImports = useFinishedImports(teamUID);
  const inbox = useInbox(teamUID);
  const markRead = useMarkBellRead(teamUID);
  const [isOpen, setIsOpen] = useState(false);

  const unread =
    (reminders.data ?? []).filter((reminder) => reminder.readAt === null).length +
    (finishedImports.data ?? []).filter((item) => item.readAt === null).length +
    (inbox.data?.pages[0]?.unread ?? 0);

  useEffect(() => {
    const nextToast = createReminderBurst();
    const openTasks = (toastId: string) => {
      notifications.hide(toastId);
      void navigate('/tasks');
    };
    return subscribeToAppEvents({
      onEvent: (event) => {
        if (event.kind === 'inbox') {
          void queryClient.invalidateQueries({ queryKey: inboxKey(event.teamUID) });
          return;
        }
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
        for (const queryKey of [
          teamKeys.reminders(teamUID),
          teamKeys.finishedImports(teamUID),
          inboxKey(teamUID),
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      },
    });
  }, [queryClient, navigate, teamUID]);

  function handleChange(opened: boolean) {
    setIsOpen(opened);
    // Opening the list reads what is in it: one call, whatever kinds are unread.
    if (opened && unread > 0) markRead.mutate();
  }

  const close = () => setIsOpen(false);
  const now = new Date();
  const entries: BellEntry[] = [
    ...(reminders.data ?? []).map((reminder) => ({
      key: `reminder-${reminder.reminderUID}`,
      at: reminder.dueAt,
      unread: reminder.readAt === null,
      content: (
        <>
          <Anchor component={Link} to="/tasks" size="sm" fw={reminder.readAt ? 400 : 600} onClick={close}>
            {reminder.taskName}
          </Anchor>
          <Text size="xs" c="dimmed">
            Due {formatDue({ actualDueDate: reminder.dueAt, now })}
          </Text>
        </>
      ),
    })),
    ...(finishedImports.data ?? []).map((item) => ({
      key: `import-${item.importId}`,
      at: item.finishedAt,
      unread: item.readAt === null,
      content: <FinishedImportItem teamUID={teamUID} item={item} />,
    })),
    ...(inbox.data?.pages ?? [])
      .flatMap((page) => page.items)
      .map((item) => {
        const words = describeInboxItem(item);
        return {
          key: item.itemUID,
          at: item.createdAt,
          unread: item.readAt === null,
          content: (
            <>
              <Anchor component={Link} to={words.to} size="sm" fw={item.readAt ? 400 : 600} onClick={close}>
                {words.title}
              </Anchor>
              {words.detail && (
                <Text size="xs" c="dimmed">
                  {words.detail}
                </Text>
              )}
            </>
          ),
        };
      }),
  ].sort((a, b) => b.at.localeCompare(a.at));

  const failed = [reminders, finishedImports, inbox].find((query) => query.isError);
  const isLoading = reminders.isPending || finishedImports.isPending || inbox.isPending;

  return (
    <Popover
      opened={isOpen}
      onChange={handleChange}
      position="bottom-end"
      width={340}
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
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600}>Notifications</Text>
          {failed?.error && (
            <Text size="sm" c="red.9">
              Couldn't load the notifications: {formatErrorMessage(failed.error)}
            </Text>
          )}
          {isLoading && !failed ? (
            <Loader size="sm" role="status" aria-label="Loading notifications" />
          ) : entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing yet. Task reminders, finished imports and bulk actions, teammates joining and tasks
              given to you show here.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420} type="auto">
              <Stack
                component="ul"
                gap={8}
                aria-label="Notifications"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {entries.map((entry) => (
                  <li key={entry.key}>{entry.content}</li>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {inbox.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              loading={inbox.isFetchingNextPage}
              onClick={() => void inbox.fetchNextPage()}
            >
              Show older
            </Button>
          )}
          <Button component={Link} to="/tasks" variant="light" size="xs" onClick={close}>
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
