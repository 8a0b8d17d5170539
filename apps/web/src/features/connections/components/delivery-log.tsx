import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { Link } from 'react-router';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import {
  useDeliveries,
  useDiscardDelivery,
  useRetryDeliveries,
  type Connection,
  type DeliveryView,
  type SyncDeliveryRow,
} from '../api/connections';
import { describeAnswer, describeAttempts, describeChanges, describeDeliveryStatus } from '../lib/sync-words';

interface DeliveryLogDrawerProps {
  teamUID: string;
  connection: Pick<Connection, 'connectionUID' | 'name'>;
  onClose: () => void;
}

/**
 * A connection's deliveries, newest first, all or the dead-letter list, followed every few seconds
 * while open: who, which change, where it stands, its tries and what the system answered; a failed
 * one is retried or discarded here.
 */
export function DeliveryLogDrawer({ teamUID, connection, onClose }: DeliveryLogDrawerProps) {
  const [view, setView] = useState<DeliveryView>('all');
  const deliveries = useDeliveries(teamUID, connection.connectionUID, view);
  const retry = useRetryDeliveries(teamUID);
  const discard = useDiscardDelivery(teamUID);
  const shown = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const id = connection.connectionUID;
  const actionError = retry.error ?? discard.error;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={`Delivery log of ${connection.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Group justify="space-between">
          <SegmentedControl
            aria-label="Show deliveries"
            data={[
              { value: 'all', label: 'All' },
              { value: 'dead-letter', label: 'Dead letter' },
            ]}
            value={view}
            onChange={(value) => setView(value)}
          />
          {view === 'dead-letter' && shown.length > 0 && (
            <Button
              variant="light"
              onClick={() => retry.mutate({ id })}
              loading={retry.isPending && retry.variables?.deliveryId === undefined}
            >
              Retry all
            </Button>
          )}
        </Group>
        {view === 'dead-letter' && (
          <Text size="sm" c="dimmed">
            Deliveries that failed every try, or that the system refused, wait here until you retry or discard
            them. A retry sends the same webhook-id, so a receiver can tell it already had it.
          </Text>
        )}
        {actionError && (
          <Alert color="red" role="alert">
            {formatErrorMessage(actionError)}
          </Alert>
        )}
        {deliveries.isError && (
          <QueryError
            title="The deliveries could not be loaded"
            error={deliveries.error}
            onRetry={() => void deliveries.refetch()}
            isRetrying={deliveries.isFetching}
          />
        )}
        {deliveries.isSuccess && shown.length === 0 && (
          <Text c="dimmed">
            {view === 'all'
              ? 'Nothing sent yet. Changes of the people in the pipelines that use this connection show here as they are sent.'
              : 'No failed deliveries.'}
          </Text>
        )}
        {shown.map((delivery) => (
          <DeliveryCard
            key={delivery.id}
            delivery={delivery}
            onRetry={() => retry.mutate({ id, deliveryId: delivery.id })}
            onDiscard={() => discard.mutate({ id, deliveryId: delivery.id })}
            isRetrying={retry.isPending && retry.variables?.deliveryId === delivery.id}
            isDiscarding={discard.isPending && discard.variables?.deliveryId === delivery.id}
          />
        ))}
        {deliveries.hasNextPage && (
          <Button
            variant="light"
            onClick={() => void deliveries.fetchNextPage()}
            loading={deliveries.isFetchingNextPage}
          >
            Load more
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}

interface DeliveryCardProps {
  delivery: SyncDeliveryRow;
  onRetry: () => void;
  onDiscard: () => void;
  isRetrying: boolean;
  isDiscarding: boolean;
}

function DeliveryCard({ delivery, onRetry, onDiscard, isRetrying, isDiscarding }: DeliveryCardProps) {
  const now = useNow().getTime();
  const status = describeDeliveryStatus(delivery);
  const answer = describeAnswer(delivery);
  const name = delivery.contactName ?? 'A contact without a name';
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Delivery for ${name}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Anchor component={Link} to={`/contact/${encodeURIComponent(delivery.contactId)}`} fw={600}>
              {name}
            </Anchor>
            <Badge variant="dot" tt="none" color={status.color}>
              {status.label}
            </Badge>
          </Group>
          {delivery.status === 'failed' && (
            <Group gap="xs" wrap="nowrap">
              <Button size="compact-sm" variant="light" loading={isRetrying} onClick={onRetry}>
                Retry
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={isDiscarding}
                onClick={onDiscard}
              >
                Discard
              </Button>
            </Group>
          )}
        </Group>
        <Text size="sm">
          {describeChanges(delivery.changes)} ·{' '}
          <time dateTime={delivery.createdAt} title={new Date(delivery.createdAt).toLocaleString()}>
            {formatRelativeTime(delivery.createdAt, now)}
          </time>{' '}
          · {describeAttempts(delivery.attempts)}
        </Text>
        {answer && (
          <Text
            size="sm"
            c={delivery.status === 'failed' ? 'red' : 'dimmed'}
            style={{ wordBreak: 'break-word' }}
          >
            {answer}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
