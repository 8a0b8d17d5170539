import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { SocialPlatform } from '@grouptrack/domain';
import { Link } from 'react-router';
import { useLoggedUser } from '../../../app/signed-in-user';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatPlatformName } from '../../../lib/platform-names';
import { usePauseQueue, useQueueStatus } from '../api/queue-settings';
import { formatConversationsPath } from '../lib/conversation-tabs';
import { describeQueuePlanGate } from '../lib/plan-gate';

/**
 * Where the member's queue on a platform stands, in the server's words (when the next message may
 * go out, or why the queue stopped and when it resumes), today's count against the maximum, what
 * waits, pause and resume, and the way to the queue processor, or why the plan does not allow it.
 */
export function QueueStatusCard({ teamUID, platform }: { teamUID: string; platform: SocialPlatform }) {
  const status = useQueueStatus(teamUID, platform);
  const pause = usePauseQueue(teamUID, platform);
  const { subscription } = useLoggedUser();
  const gate = describeQueuePlanGate({ subscription, platform, use: 'The queue processor' });
  const name = formatPlatformName(platform);

  return (
    <Paper withBorder p="md" radius="md" aria-label={`${name} queue now`} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {name} queue now
          </Title>
          {status.data?.paused && <Badge color="orange">Paused</Badge>}
        </Group>
        {status.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the queue" />
        ) : status.isError ? (
          <QueryError
            title="Couldn't load the queue"
            error={status.error}
            onRetry={() => void status.refetch()}
            isRetrying={status.isFetching}
          />
        ) : (
          <>
            <Text fw={500} aria-live="polite">
              {status.data.sentence}
            </Text>
            <Stack gap={4}>
              <Text size="sm">
                {status.data.sentToday.toLocaleString()} of {status.data.dailyMax.toLocaleString()} sent today
              </Text>
              <Progress
                aria-label="Sent today against the daily maximum"
                value={Math.min(100, (status.data.sentToday / Math.max(status.data.dailyMax, 1)) * 100)}
                color={status.data.sentToday >= status.data.dailyMax ? 'orange' : 'blue'}
              />
            </Stack>
            <Group gap="md">
              <Anchor component={Link} to={formatConversationsPath('scheduled', platform)} size="sm">
                {status.data.scheduled.toLocaleString()} scheduled
              </Anchor>
              <Anchor component={Link} to={formatConversationsPath('review', platform)} size="sm">
                {status.data.pending.toLocaleString()} in review
              </Anchor>
            </Group>
            <Group gap="xs">
              {status.data.paused ? (
                <Button size="xs" onClick={() => pause.mutate({ resume: true })} loading={pause.isPending}>
                  Resume the queue
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => pause.mutate({ resume: false, minutes: null })}
                  loading={pause.isPending}
                >
                  Pause the queue
                </Button>
              )}
              {gate === null && (
                <Button
                  size="xs"
                  variant="subtle"
                  component="a"
                  href={`/queue/${platform}`}
                  target="_blank"
                  rel="noopener"
                >
                  Open the queue processor
                </Button>
              )}
            </Group>
            {pause.error != null && (
              <Alert color="red" variant="light" role="alert">
                {formatErrorMessage(pause.error)}
              </Alert>
            )}
          </>
        )}
        {gate !== null && (
          <Alert color="yellow" variant="light" title="The queue does not send on this plan">
            {gate}{' '}
            <Anchor component={Link} to="/profile/billing" inherit>
              Open Billing
            </Anchor>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
