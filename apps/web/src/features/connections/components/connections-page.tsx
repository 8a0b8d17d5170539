import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { PipelineList } from '@grouptrack/domain';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { useConnections, useDeleteConnection, useRotateSecret, type Connection } from '../api/connections';
import { ConnectionCard, type CardAction } from './connection-card';
import { ConnectionEditor } from './connection-editor';
import { DeliveryLogDrawer } from './delivery-log';
import { PipelineLinksModal } from './pipeline-links';
import { SigningSecretModal } from './signing-secret-modal';
import { TagSetLinksModal } from './tag-set-links';

interface ConnectionsPageProps {
  teamUID: string;
  canEdit: boolean;
  /** The team's pipelines with their stages and tag sets, to link; undefined while they load. */
  pipelines: PipelineList | undefined;
}

/** What the page has open: the editor, one of a connection's dialogs, or a secret shown once. */
type Opened =
  | { kind: 'new' }
  | { kind: CardAction; connectionUID: string }
  | { kind: 'secret'; connectionName: string; secret: string };

/** /setup/connections: the outside systems the team's contacts are sent to, and how each is doing. */
export function ConnectionsPage({ teamUID, canEdit, pipelines }: ConnectionsPageProps) {
  const connections = useConnections(teamUID, { enabled: canEdit });
  const remove = useDeleteConnection(teamUID);
  const rotate = useRotateSecret(teamUID);
  const [opened, setOpened] = useState<Opened | null>(null);
  const close = () => setOpened(null);
  // Dialogs read the connection from the list, so they show it as it is now.
  const current =
    opened && 'connectionUID' in opened
      ? connections.data?.find((each) => each.connectionUID === opened.connectionUID)
      : undefined;
  const isOpen = (kind: Opened['kind']): Connection | undefined =>
    opened?.kind === kind ? current : undefined;

  if (!canEdit) {
    return (
      <EmptyState
        title="Connections"
        icon="setup"
        description="Only the team's owner and admins can see and change connections. Whether a contact was sent to them shows on the contact's page."
      />
    );
  }
  const editing = isOpen('edit');
  const linkingPipelines = isOpen('pipelines');
  const linkingTagSets = isOpen('tag-sets');
  const watching = isOpen('log');
  const rotating = isOpen('rotate');
  const removing = isOpen('remove');
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1}>Connections</Title>
        <Button onClick={() => setOpened({ kind: 'new' })}>Add connection</Button>
      </Group>
      <Text c="dimmed">
        A connection sends your contacts to another system as they change: a webhook of your own, a Google
        Sheet, or a marketing or CRM system. Choose which changes each receives and which pipelines use it;
        failed deliveries are tried again, then wait in its delivery log.
      </Text>
      {connections.isError && (
        <QueryError
          title="The connections could not be loaded"
          error={connections.error}
          onRetry={() => void connections.refetch()}
          isRetrying={connections.isFetching}
        />
      )}
      {connections.data?.length === 0 && (
        <EmptyState
          headingLevel={2}
          title="No connections yet"
          icon="setup"
          description="Add one with Add connection: a webhook posts each change, signed, to an address of yours; the others keep the contact up to date in their system."
        />
      )}
      {connections.data?.map((connection) => (
        <ConnectionCard
          key={connection.connectionUID}
          teamUID={teamUID}
          connection={connection}
          onAction={(kind) => {
            remove.reset();
            rotate.reset();
            setOpened({ kind, connectionUID: connection.connectionUID });
          }}
        />
      ))}
      {(opened?.kind === 'new' || editing) && (
        <ConnectionEditor
          teamUID={teamUID}
          connection={editing ?? null}
          onClose={close}
          onCreated={({ connection, signingSecret }) =>
            setOpened(
              signingSecret
                ? { kind: 'secret', connectionName: connection.name, secret: signingSecret }
                : null,
            )
          }
        />
      )}
      {opened?.kind === 'secret' && (
        <SigningSecretModal connectionName={opened.connectionName} secret={opened.secret} onClose={close} />
      )}
      {linkingPipelines && pipelines && (
        <PipelineLinksModal
          teamUID={teamUID}
          connection={linkingPipelines}
          pipelines={pipelines}
          onClose={close}
        />
      )}
      {linkingTagSets && pipelines && (
        <TagSetLinksModal
          teamUID={teamUID}
          connection={linkingTagSets}
          pipelines={pipelines}
          onClose={close}
        />
      )}
      {watching && <DeliveryLogDrawer teamUID={teamUID} connection={watching} onClose={close} />}
      <ConfirmModal
        opened={rotating !== undefined}
        title={`Rotate the signing secret of ${rotating?.name ?? ''}?`}
        confirmLabel="Rotate secret"
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.connectionUID, {
            onSuccess: ({ connection, signingSecret }) =>
              setOpened(
                signingSecret
                  ? { kind: 'secret', connectionName: connection.name, secret: signingSecret }
                  : null,
              ),
          })
        }
        onClose={close}
        isPending={rotate.isPending}
        error={rotate.error}
      >
        A new secret signs every webhook from now on, shown to you once. The old one keeps signing beside it
        for a day, so your receiver can switch over.
      </ConfirmModal>
      <ConfirmModal
        opened={removing !== undefined}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove connection"
        onConfirm={() => removing && remove.mutate(removing.connectionUID, { onSuccess: close })}
        onClose={close}
        isPending={remove.isPending}
        error={remove.error}
      >
        Its pipelines and tag sets stop sending to it, and its delivery log goes with it. What it already
        received stays in that system.
      </ConfirmModal>
    </Stack>
  );
}
