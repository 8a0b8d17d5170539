import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { pickReadableFontColor } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import {
  useMergeTags,
  useRenameTag,
  type DuplicateGroup,
  type DuplicateTag,
} from '../api/tag-reconciliation';
import {
  canKeepTag,
  countContactsToMove,
  describeTagPlace,
  formatContactCount,
  pickTagToKeep,
} from '../lib/merge-plan';
import type { StartedMerge } from './merge-progress';
import { FormActions } from '../../../components/form-actions';

export interface DuplicateGroupCardProps {
  teamUID: string;
  group: DuplicateGroup;
  canEdit: boolean;
  /** True while a merge of this group runs. */
  isMerging: boolean;
  onMergeStarted: (merge: StartedMerge) => void;
}

/** Tags that differ only in case or spaces: see where each is used, merge them into one, or rename one. */
export function DuplicateGroupCard({
  teamUID,
  group,
  canEdit,
  isMerging,
  onMergeStarted,
}: DuplicateGroupCardProps) {
  const [isChoosing, setIsChoosing] = useState(false);
  const [renaming, setRenaming] = useState<DuplicateTag | null>(null);
  const title = group.tags[0]?.name.trim() ?? group.key;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Duplicates of ${title}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {group.tags.length} tags named like “{title}”
          </Title>
          {canEdit && (
            <Button
              size="xs"
              onClick={() => setIsChoosing(true)}
              disabled={isMerging || pickTagToKeep(group) === null}
            >
              Merge into…
            </Button>
          )}
        </Group>
        {canEdit && !isMerging && pickTagToKeep(group) === null && (
          <Text size="sm" c="dimmed">
            These tags belong to different pipelines, so none of them can take the others. Rename one, or add
            a global tag with this name and merge them into it.
          </Text>
        )}
        {isMerging && (
          <Text size="sm" c="dimmed">
            A merge of these tags is running; they disappear from this list when it is done.
          </Text>
        )}
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tag</Table.Th>
              <Table.Th>Tag set</Table.Th>
              <Table.Th>Contacts</Table.Th>
              {canEdit && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.tags.map((tag) => {
              const color = tag.color ?? tag.tagSetColor;
              return (
                <Table.Tr key={tag.tagUID}>
                  <Table.Td>
                    <Badge
                      tt="none"
                      style={{ background: color, color: pickReadableFontColor(color), whiteSpace: 'pre' }}
                    >
                      {tag.name}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{describeTagPlace(tag)}</Table.Td>
                  <Table.Td>{formatContactCount(tag.contacts)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        disabled={isMerging}
                        aria-label={`Rename ${tag.name} in ${tag.tagSetName}`}
                        onClick={() => setRenaming(tag)}
                      >
                        Rename
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
      {isChoosing && (
        <MergeModal
          teamUID={teamUID}
          group={group}
          onClose={() => setIsChoosing(false)}
          onStarted={(merge) => {
            setIsChoosing(false);
            onMergeStarted(merge);
          }}
        />
      )}
      {renaming && <RenameModal teamUID={teamUID} tag={renaming} onClose={() => setRenaming(null)} />}
    </Paper>
  );
}

interface MergeModalProps {
  teamUID: string;
  group: DuplicateGroup;
  onClose: () => void;
  onStarted: (merge: StartedMerge) => void;
}

/** Picks the tag to keep and confirms with the number of contacts the merge moves. */
function MergeModal({ teamUID, group, onClose, onStarted }: MergeModalProps) {
  const merge = useMergeTags(teamUID);
  const [keep, setKeep] = useState<string>(pickTagToKeep(group)?.tagUID ?? '');
  const kept = group.tags.find((tag) => tag.tagUID === keep);
  const others = group.tags.filter((tag) => tag.tagUID !== keep);
  const moving = countContactsToMove(group, keep);

  function handleConfirm() {
    if (!kept) return;
    merge.mutate(
      { sourceTagIds: others.map((tag) => tag.tagUID), targetTagId: kept.tagUID },
      {
        onSuccess: (started) =>
          onStarted({
            jobId: started.jobId,
            groupKey: group.key,
            from: others.map((tag) => tag.name),
            into: kept.name,
            total: started.total,
          }),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Merge the tags named like “${group.tags[0]?.name.trim() ?? ''}”`}
      centered
    >
      <Stack>
        <Radio.Group label="Tag to keep" value={keep} onChange={setKeep}>
          <Stack gap="xs" mt="xs">
            {group.tags.map((tag) => (
              <Radio
                key={tag.tagUID}
                value={tag.tagUID}
                disabled={!canKeepTag(tag, group)}
                label={`${tag.name} – ${describeTagPlace(tag)}`}
                description={
                  canKeepTag(tag, group)
                    ? formatContactCount(tag.contacts)
                    : 'A tag of one pipeline can only be kept when every tag here belongs to that pipeline.'
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {kept && (
          <Text size="sm">
            {formatContactCount(moving)} will get the tag{' '}
            <Code style={{ whiteSpace: 'pre' }}>{kept.name}</Code> of {describeTagPlace(kept)}.{' '}
            {others.length === 1 ? 'The other tag is' : `The other ${others.length} tags are`} deleted, and
            contacts that had more than one of them keep just this one.
          </Text>
        )}
        {merge.error != null && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(merge.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={handleConfirm} loading={merge.isPending} disabled={!kept}>
            Merge {formatContactCount(moving)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface RenameModalProps {
  teamUID: string;
  tag: DuplicateTag;
  onClose: () => void;
}

/** Renames one tag; the server refuses a name its set already has, and says so. */
function RenameModal({ teamUID, tag, onClose }: RenameModalProps) {
  const rename = useRenameTag(teamUID);
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Enter a name');
    setError(null);
    rename.mutate({ tagId: tag.tagUID, name: trimmed }, { onSuccess: onClose });
  }

  return (
    <Modal opened onClose={onClose} title={`Rename ${tag.name.trim()}`} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            In {describeTagPlace(tag)}.
          </Text>
          <TextInput
            label="New name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={100}
            data-autofocus
            required
          />
          <FormActions
            error={rename.error}
            isPending={rename.isPending}
            submitLabel="Save"
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
