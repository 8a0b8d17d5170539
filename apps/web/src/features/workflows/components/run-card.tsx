import { Anchor, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import type { WorkflowRun } from '../api/workflows';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS } from '../lib/run-status';

interface RunCardProps {
  run: WorkflowRun;
  /** Whose run it is (in a workflow's list) or which workflow (on a contact's page). */
  heading: 'contact' | 'workflow';
  /** Retry and cancel, for owners and admins; left out where they cannot act. */
  onAction?: (action: 'retry' | 'cancel') => void;
  isActing?: boolean;
}

/** One person's run of a workflow: where it stands, each step it took, and the error of a failed one. */
export function RunCard({ run, heading, onAction, isActing = false }: RunCardProps) {
  const now = useNow().getTime();
  const title =
    heading === 'contact' ? (
      <Anchor component={Link} to={`/contact/${encodeURIComponent(run.contactId)}`} fw={600}>
        {run.contactName}
      </Anchor>
    ) : (
      <Text fw={600}>{run.workflowName}</Text>
    );
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="article"
      aria-label={`Run of ${run.workflowName} for ${run.contactName}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            {title}
            <Badge variant="dot" tt="none" color={RUN_STATUS_COLORS[run.status]}>
              {RUN_STATUS_LABELS[run.status]}
            </Badge>
          </Group>
          {onAction && run.status === 'failed' && (
            <Button size="compact-sm" variant="light" loading={isActing} onClick={() => onAction('retry')}>
              Retry
            </Button>
          )}
          {onAction && (run.status === 'running' || run.status === 'paused') && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={isActing}
              onClick={() => onAction('cancel')}
            >
              Cancel run
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Started {formatRelativeTime(run.startedAt, now)} · version {run.version}
          {run.status === 'running' &&
            ` · next: ${run.action}${run.nextAt && Date.parse(run.nextAt) > now ? ` (${formatRelativeTime(run.nextAt, now)})` : ''}`}
        </Text>
        {run.log.length > 0 && (
          <List size="sm" spacing={2}>
            {run.log.map((entry, index) => (
              <List.Item key={index} c={entry.outcome === 'failed' ? 'red' : undefined}>
                {entry.message}
              </List.Item>
            ))}
          </List>
        )}
        {run.error && (
          <Text size="sm" c="red" role="alert">
            {run.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
