import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CONNECTION_TYPE_LABELS } from '@grouptrack/domain';
import { formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useContactSync, type ContactSyncState } from '../api/connections';
import { describeSyncState } from '../lib/sync-words';

/** On a contact's page: whether they were sent to each connection, when, and why not; nothing when none. */
export function ContactConnections({ teamUID, GTID }: { teamUID: string; GTID: string }) {
  const states = useContactSync(teamUID, GTID);
  if (!states.data || states.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Connections">
      <Title order={2} size="h4">
        Connections
      </Title>
      {states.data.map((state) => (
        <SyncStateRow key={state.connectionUID} state={state} />
      ))}
    </Stack>
  );
}

function SyncStateRow({ state }: { state: ContactSyncState }) {
  const now = useNow().getTime();
  const status = describeSyncState(state.lastStatus);
  const at = state.lastAt ?? state.syncedAt;
  // A delivered one's answer says nothing; a waiting one's is the try that failed before.
  const message = state.lastStatus === 'delivered' ? null : state.lastMessage;
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={`Sync with ${state.name}`}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={600}>{state.name}</Text>
          <Text size="sm" c="dimmed">
            {CONNECTION_TYPE_LABELS[state.type]}
          </Text>
          <Badge variant="dot" tt="none" color={status.color}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {at && (
            <time dateTime={at} title={new Date(at).toLocaleString()}>
              {formatRelativeTime(at, now)}
            </time>
          )}
          {at && state.remoteId && ' · '}
          {state.remoteId && `Their id there: ${state.remoteId}`}
        </Text>
        {message && (
          <Text
            size="sm"
            c={state.lastStatus === 'failed' ? 'red' : undefined}
            style={{ wordBreak: 'break-word' }}
          >
            {message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
