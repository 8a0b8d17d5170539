import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { QueryError } from '../../../components/query-error';
import type { Pipeline } from '../../../lib/pipelines';
import { useActivities } from '../api/activities';
import { describeActivity } from '../lib/describe-activity';
import { formatDateTime } from '../lib/format-date-time';

export interface ActivityTabProps {
  teamUID: string;
  GTID: string;
  pipelines: readonly Pipeline[];
}

/** The contact's timeline, newest first, with Load more for older entries. */
export function ActivityTab({ teamUID, GTID, pipelines }: ActivityTabProps) {
  const activities = useActivities(teamUID, GTID);
  if (activities.isPending) return <Loader role="status" aria-label="Loading activity" />;
  if (activities.isError) {
    return (
      <QueryError
        title="Couldn't load the activity"
        error={activities.error}
        onRetry={() => void activities.refetch()}
        isRetrying={activities.isFetching}
      />
    );
  }
  const items = activities.data.pages.flatMap((page) => page.items);
  const pipelineName = (id: string | null) =>
    pipelines.find((pipeline) => pipeline.groupUID === id)?.nickName ?? null;
  return (
    <Stack maw={760}>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing has happened with this contact yet.
        </Text>
      ) : (
        <Stack
          component="ol"
          gap="xs"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Activity"
        >
          {items.map((activity) => (
            <Paper component="li" key={activity.activityUID} withBorder p="sm" radius="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {describeActivity({ activity, pipelineName: pipelineName(activity.pipelineID) })}
                  </Text>
                  {activity.note && (
                    <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                      {activity.note}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(activity.createdAt)}
                    {activity.createdBy ? ` · ${activity.createdBy}` : ''}
                  </Text>
                </Stack>
                <Badge variant="light" size="sm">
                  {activity.type}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {activities.hasNextPage && (
        <Group>
          <Button
            variant="default"
            onClick={() => void activities.fetchNextPage()}
            loading={activities.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      )}
      {activities.isFetchNextPageError && (
        <Text c="red" size="sm" role="alert">
          Couldn&apos;t load older activity. Try Load more again.
        </Text>
      )}
    </Stack>
  );
}
