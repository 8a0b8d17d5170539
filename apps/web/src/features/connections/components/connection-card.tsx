import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { CONNECTION_TYPE_LABELS, TAG_MAPPED_TYPES } from '@grouptrack/domain';
import { formatErrorMessage } from '../../../lib/api-client';
import { useTestConnection, useUpdateConnection, type Connection } from '../api/connections';
import { describePipelineLink, summarizeTotals } from '../lib/sync-words';
import { TestAnswer } from './test-answer';

/** What a card's buttons open, handled by the page. */
export type CardAction = 'edit' | 'pipelines' | 'tag-sets' | 'log' | 'rotate' | 'remove';

interface ConnectionCardProps {
  teamUID: string;
  connection: Connection;
  onAction: (action: CardAction) => void;
}

/**
 * One connection: its system, whether it is on, the pipelines and tag sets that use it, its delivery
 * totals and a warning while deliveries keep failing; its test answers on the card.
 */
export function ConnectionCard({ teamUID, connection, onAction }: ConnectionCardProps) {
  const update = useUpdateConnection(teamUID);
  const test = useTestConnection(teamUID);
  const { name, type } = connection;
  // The switch shows where it is going while the server is asked, and the stored state after.
  const isActive = update.isPending
    ? update.variables.patch.status === 'active'
    : connection.status === 'active';
  const isTagMapped = TAG_MAPPED_TYPES.includes(type);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Connection ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {connection.failuresInRow > 0 && (
                <Badge variant="dot" tt="none" color="red">
                  {connection.failuresInRow === 1
                    ? '1 delivery failed'
                    : `${connection.failuresInRow} deliveries failed in a row`}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {CONNECTION_TYPE_LABELS[type]}
            </Text>
          </Stack>
          <Switch
            label="Active"
            checked={isActive}
            onChange={(event) =>
              update.mutate({
                id: connection.connectionUID,
                patch: { status: event.currentTarget.checked ? 'active' : 'paused' },
              })
            }
          />
        </Group>
        <Text size="sm">
          {connection.usedInPipelines.length === 0
            ? 'No pipeline syncs to it yet: add one under Pipelines.'
            : `Pipelines: ${connection.usedInPipelines
                .map((link) => `${link.name} (${describePipelineLink(link)})`)
                .join('; ')}`}
        </Text>
        {isTagMapped && (
          <Text size="sm">
            {connection.usedInTagSets.length === 0
              ? 'No tag set is mapped to it yet: its tags are not sent.'
              : `Tag sets: ${connection.usedInTagSets.map((set) => set.name).join(', ')}`}
          </Text>
        )}
        <Group gap="xs" aria-label="Deliveries" role="group">
          {summarizeTotals(connection.totals).map((total) => (
            <Badge key={total.key} variant="dot" tt="none" color={total.color}>
              {total.count.toLocaleString('en-US')} {total.label}
            </Badge>
          ))}
        </Group>
        {update.error && (
          <Alert color="red" role="alert" title="The connection was not switched">
            {formatErrorMessage(update.error)}
          </Alert>
        )}
        <TestAnswer
          answer={test.data ?? null}
          problem={test.error ? formatErrorMessage(test.error) : null}
          onClose={() => test.reset()}
        />
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onAction('edit')}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            onClick={() =>
              test.mutate({ connectionUID: connection.connectionUID, type, settings: {}, secrets: {} })
            }
          >
            Test
          </Button>
          <Button size="xs" variant="default" onClick={() => onAction('pipelines')}>
            Pipelines
          </Button>
          {isTagMapped && (
            <Button size="xs" variant="default" onClick={() => onAction('tag-sets')}>
              Tag sets
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => onAction('log')}>
            Delivery log
          </Button>
          {type === 'webhooks' && (
            <Button size="xs" variant="default" onClick={() => onAction('rotate')}>
              Rotate secret
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={() => onAction('remove')}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
