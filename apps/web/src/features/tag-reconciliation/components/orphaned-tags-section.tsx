import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { usePipelines } from '../../../lib/pipelines';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useResolveOrphanedTag, type OrphanedTag } from '../api/tag-reconciliation';
import { formatContactCount } from '../lib/merge-plan';
import { FormActions } from '../../../components/form-actions';

export interface OrphanedTagsSectionProps {
  teamUID: string;
  orphanedTags: readonly OrphanedTag[];
  canEdit: boolean;
}

/** Tag names that came in with contacts but are in no tag set: give their contacts a real tag, or dismiss them. */
export function OrphanedTagsSection({ teamUID, orphanedTags, canEdit }: OrphanedTagsSectionProps) {
  const [adding, setAdding] = useState<OrphanedTag | null>(null);
  const [dismissing, setDismissing] = useState<OrphanedTag | null>(null);
  const resolve = useResolveOrphanedTag(teamUID);

  function handleDismiss(orphan: OrphanedTag) {
    resolve.mutate(
      { key: orphan.key, tagId: null },
      {
        onSuccess: () => {
          setDismissing(null);
          notifications.show({
            color: 'teal',
            title: 'Tag name dismissed',
            message: `"${orphan.name}" will no longer show here.`,
            autoClose: TOAST_TIMEOUT_MS,
          });
        },
      },
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="orphaned-tags-heading">
      <Title order={2} size="h4" id="orphaned-tags-heading">
        Tags missing from a set
      </Title>
      <Text size="sm" c="dimmed">
        These tag names came in with contacts (from the extension or an import) but match no tag in any tag
        set.
      </Text>
      {orphanedTags.length === 0 ? (
        <Text size="sm">Every tag on your contacts is in a tag set.</Text>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag name</Table.Th>
                <Table.Th>Contacts</Table.Th>
                {canEdit && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orphanedTags.map((orphan) => (
                <Table.Tr key={orphan.key}>
                  <Table.Td>{orphan.name}</Table.Td>
                  <Table.Td>{formatContactCount(orphan.contacts)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Add ${orphan.name} to a tag`}
                          onClick={() => setAdding(orphan)}
                        >
                          Add to a tag
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Dismiss ${orphan.name}`}
                          onClick={() => {
                            resolve.reset();
                            setDismissing(orphan);
                          }}
                        >
                          Dismiss
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {adding && <AddToTagModal teamUID={teamUID} orphan={adding} onClose={() => setAdding(null)} />}
      <ConfirmModal
        opened={dismissing !== null}
        title={`Dismiss ${dismissing?.name ?? ''}?`}
        confirmLabel="Dismiss"
        onConfirm={() => dismissing && handleDismiss(dismissing)}
        onClose={() => setDismissing(null)}
        isPending={resolve.isPending}
        error={resolve.error}
      >
        GroupTrack forgets this name, and the contacts that came in with it (
        {formatContactCount(dismissing?.contacts ?? 0)}) get no tag for it. Their other tags stay as they are.
      </ConfirmModal>
    </Stack>
  );
}

interface AddToTagModalProps {
  teamUID: string;
  orphan: OrphanedTag;
  onClose: () => void;
}

/** Picks the tag the orphaned name stands for; its contacts get that tag. */
function AddToTagModal({ teamUID, orphan, onClose }: AddToTagModalProps) {
  const list = usePipelines(teamUID);
  const resolve = useResolveOrphanedTag(teamUID);
  const [tagId, setTagId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const groups = list.data
    ? [
        ...list.data.globalTagSets.map((set) => ({ set, where: 'global' })),
        ...list.data.pipelines.flatMap((pipeline) =>
          pipeline.tagSets.map((set) => ({ set, where: pipeline.nickName })),
        ),
      ]
        .filter(({ set }) => set.tags.length > 0)
        .map(({ set, where }) => ({
          group: `${set.name} (${where})`,
          items: set.tags.map((tag) => ({ value: tag.tagUID, label: tag.name })),
        }))
    : [];

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tagId) return setError('Choose a tag');
    setError(null);
    resolve.mutate(
      { key: orphan.key, tagId },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'teal',
            title: 'Tag added',
            message: `${formatContactCount(result.tagged)} got the tag for "${orphan.name}".`,
            autoClose: TOAST_TIMEOUT_MS,
          });
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Add ${orphan.name} to a tag`} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text size="sm">
            Contacts that came in with &quot;{orphan.name}&quot; ({formatContactCount(orphan.contacts)}) get
            the tag you choose.
          </Text>
          {list.isError ? (
            <Alert color="red" variant="light" role="alert">
              {formatErrorMessage(list.error)}
            </Alert>
          ) : (
            <Select
              label="Tag"
              placeholder={list.isPending ? 'Loading tags…' : 'Choose a tag'}
              data={groups}
              value={tagId}
              onChange={setTagId}
              searchable
              nothingFoundMessage="No tag by that name. Add it on the Tags page first."
              error={error}
              data-autofocus
            />
          )}
          <FormActions
            error={resolve.error}
            isPending={resolve.isPending}
            submitLabel="Add tag"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
