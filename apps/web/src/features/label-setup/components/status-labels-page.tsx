import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { QueryError } from '../../../components/query-error';
import { formatErrorMessage } from '../../../lib/api-client';
import { ColorField } from '../../../components/color-field';
import { ConfirmModal } from '../../../components/confirm-modal';
import { NameColorModal } from '../../../components/name-color-modal';
import { ReadOnlyNote, useSetupAccess } from '../../../app/setup-access';
import { SortableList } from '../../../components/sortable-list';
import { StatusLabelBadge } from '../../../components/status-label-badge';
import type { StatusLabel } from '../api/status-labels';
import { useChangeStatusLabel, useStatusLabels } from '../api/status-labels';
import { formatCount } from '../../../lib/format';

/** /setup/labels: status labels to add, edit, reorder and delete. */
export function StatusLabelsPage() {
  const { teamUID, canEdit } = useSetupAccess();
  const labels = useStatusLabels(teamUID);
  const change = useChangeStatusLabel(teamUID);
  const [display, setDisplay] = useState('');
  const [color, setColor] = useState('#1C7EBB');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<StatusLabel | null>(null);
  const [deleting, setDeleting] = useState<StatusLabel | null>(null);
  const remove = useChangeStatusLabel(teamUID);

  function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = display.trim();
    if (!trimmed) return setError('Enter the label');
    if ((labels.data ?? []).some((label) => label.display.trim().toLowerCase() === trimmed.toLowerCase()))
      return setError(`"${trimmed}" already exists`);
    setError(null);
    change.mutate({ kind: 'create', display: trimmed, color }, { onSuccess: () => setDisplay('') });
  }

  return (
    <Stack maw={720}>
      <Title order={1}>Status labels</Title>
      <Text c="dimmed">
        Labels show the state of a conversation with a contact, in the order listed here. Give a contact a
        label on their page; it shows on their card and in the Table, where you can filter by it.
      </Text>
      {!canEdit && <ReadOnlyNote />}
      {canEdit && (
        <form onSubmit={handleCreate} noValidate>
          <Group align="flex-start">
            <TextInput
              label="New label"
              value={display}
              onChange={(event) => setDisplay(event.currentTarget.value)}
              error={error}
              maxLength={60}
            />
            <ColorField label="Label colour" value={color} onChange={setColor} previewText={display} />
            <Button type="submit" mt={25} loading={change.isPending && change.variables.kind === 'create'}>
              Add label
            </Button>
          </Group>
        </form>
      )}
      {change.error != null && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(change.error)}
        </Alert>
      )}
      {labels.isPending ? (
        <Loader role="status" aria-label="Loading status labels" />
      ) : labels.isError ? (
        <QueryError
          title="Couldn't load the status labels"
          error={labels.error}
          onRetry={() => void labels.refetch()}
          isRetrying={labels.isFetching}
        />
      ) : labels.data.length === 0 ? (
        <Text c="dimmed">No status labels yet.{canEdit ? ' Add the first one above.' : ''}</Text>
      ) : (
        <SortableList
          items={labels.data}
          getId={(label) => label.labelUID}
          getLabel={(label) => label.display}
          canMove={canEdit}
          onMove={(id, placement) => change.mutateAsync({ kind: 'move', id, placement })}
          renderItem={(label) => (
            <Group justify="space-between">
              <Group gap="sm">
                <StatusLabelBadge label={label} size="lg" />
                <Text size="sm" c="dimmed">
                  {label.contactCount === 0
                    ? 'On no contact'
                    : `On ${formatCount(label.contactCount, 'contact')}`}
                </Text>
              </Group>
              {canEdit && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Edit label ${label.display}`}
                    onClick={() => setEditing(label)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete label ${label.display}`}
                    onClick={() => setDeleting(label)}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Group>
          )}
        />
      )}
      {editing && (
        <NameColorModal
          title={`Edit label ${editing.display}`}
          initialName={editing.display}
          initialColor={editing.color}
          takenNames={(labels.data ?? [])
            .filter((label) => label.labelUID !== editing.labelUID)
            .map((label) => label.display)}
          onSave={({ name, color: nextColor }) =>
            change.mutateAsync({ kind: 'update', id: editing.labelUID, display: name, color: nextColor })
          }
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete label ${deleting?.display ?? ''}?`}
        confirmLabel="Delete label"
        onConfirm={() =>
          deleting &&
          remove.mutate({ kind: 'delete', id: deleting.labelUID }, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        {deleting && deleting.contactCount > 0
          ? `${formatCount(deleting.contactCount, 'contact')} ${deleting.contactCount === 1 ? 'has' : 'have'} this label; deleting it takes it off them.`
          : 'No contact has this label. It is removed from the list.'}
      </ConfirmModal>
    </Stack>
  );
}
