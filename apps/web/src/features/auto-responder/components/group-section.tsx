import { ActionIcon, Alert, Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { RowActions } from '../../../components/row-actions';
import type { AutoResponderGroup } from '../api/auto-responder';

interface GroupSectionProps {
  group: AutoResponderGroup;
  /** The status the switch shows: the one on its way while a switch is saved. */
  isRunning: boolean;
  isFirst: boolean;
  isLast: boolean;
  /** Set while a switch or move of this group is on its way. */
  isChanging: boolean;
  /** Why the last switch or move of this group was refused (the plan, for one), shown under its name. */
  error: string | null;
  onRun: (running: boolean) => void;
  onMove: (by: -1 | 1) => void;
  onRename: () => void;
  onDelete: () => void;
  /** Its jobs, or what says it has none. */
  children: ReactNode;
}

/** A job group: its name, its Running/Paused switch, and its jobs. */
export function GroupSection({
  group,
  isRunning,
  isFirst,
  isLast,
  isChanging,
  error,
  onRun,
  onMove,
  onRename,
  onDelete,
  children,
}: GroupSectionProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Group ${group.name}`}>
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} size="h4">
              {group.name}
            </Title>
            <Badge variant="dot" tt="none" color={isRunning ? 'green' : 'gray'}>
              {isRunning ? 'Running' : 'Paused'}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Switch
              aria-label={`Run ${group.name}`}
              checked={isRunning}
              disabled={isChanging}
              onChange={(event) => onRun(event.currentTarget.checked)}
            />
            <ActionIcon
              variant="subtle"
              aria-label={`Move group ${group.name} up`}
              disabled={isFirst || isChanging}
              onClick={() => onMove(-1)}
            >
              <Icon name="chevronUp" size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move group ${group.name} down`}
              disabled={isLast || isChanging}
              onClick={() => onMove(1)}
            >
              <Icon name="chevronDown" size={16} />
            </ActionIcon>
            <RowActions itemLabel={`group ${group.name}`} onEdit={onRename} onDelete={onDelete} />
          </Group>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" title={`${group.name} was not changed`}>
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** What a group with no jobs (shown) says. */
export function NoJobs({ hasArchived }: { hasArchived: boolean }) {
  return (
    <Text size="sm" c="dimmed">
      {hasArchived
        ? 'Only archived auto responders here: turn on Show archived to see them.'
        : 'No auto responders in this group yet: track a post in it with New auto responder.'}
    </Text>
  );
}
