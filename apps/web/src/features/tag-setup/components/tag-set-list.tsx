import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { pickReadableFontColor } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Tag, TagSet } from '../../../lib/pipelines';
import { ConfirmModal } from '../../../components/confirm-modal';
import { NameColorModal } from '../../../components/name-color-modal';
import { useTagSetMutations } from '../api/tag-sets';

const DEFAULT_COLOR = '#1C7EBB';

export interface TagSetListProps {
  teamUID: string;
  tagSets: readonly TagSet[];
  /** The pipeline the sets belong to; null for the team's global tag sets. */
  pipelineId: string | null;
  canEdit: boolean;
}

/** Tag sets with their tags: create, rename, recolour and delete both. */
export function TagSetList({ teamUID, tagSets, pipelineId, canEdit }: TagSetListProps) {
  const mutations = useTagSetMutations(teamUID);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Enter a name for the tag set');
    if (tagSets.some((set) => set.name.trim().toLowerCase() === trimmed.toLowerCase()))
      return setError(`A tag set named "${trimmed}" already exists`);
    setError(null);
    mutations.createTagSet.mutate({ name: trimmed, pipelineId }, { onSuccess: () => setName('') });
  }

  return (
    <Stack>
      {canEdit && (
        <form onSubmit={handleCreate} noValidate>
          <Group align="flex-start">
            <TextInput
              label="New tag set"
              placeholder="e.g. Interests"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={
                error ??
                (mutations.createTagSet.error ? formatErrorMessage(mutations.createTagSet.error) : null)
              }
            />
            <Button type="submit" mt={25} loading={mutations.createTagSet.isPending}>
              Add tag set
            </Button>
          </Group>
        </form>
      )}
      {tagSets.length === 0 ? (
        <Text c="dimmed" size="sm">
          No tag sets yet. {canEdit ? 'Add one above, then add its tags.' : 'An owner or admin can add them.'}
        </Text>
      ) : (
        tagSets.map((set) => (
          <TagSetCard key={set.tagSetUID} teamUID={teamUID} set={set} siblings={tagSets} canEdit={canEdit} />
        ))
      )}
    </Stack>
  );
}

interface TagSetCardProps {
  teamUID: string;
  set: TagSet;
  siblings: readonly TagSet[];
  canEdit: boolean;
}

function TagSetCard({ teamUID, set, siblings, canEdit }: TagSetCardProps) {
  const mutations = useTagSetMutations(teamUID);
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [editingTag, setEditingTag] = useState<Tag | null>(null);
  const [deletingTag, setDeletingTag] = useState<Tag | null>(null);
  const [tagName, setTagName] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);

  function handleAddTag(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = tagName.trim();
    if (!trimmed) return setTagError('Enter a tag name');
    if (set.tags.some((tag) => tag.name.trim().toLowerCase() === trimmed.toLowerCase()))
      return setTagError(`"${trimmed}" is already in this set`);
    setTagError(null);
    mutations.createTag.mutate(
      { tagSetId: set.tagSetUID, name: trimmed },
      { onSuccess: () => setTagName('') },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Tag set ${set.name}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <span
              aria-hidden
              style={{
                width: 14,
                height: 14,
                borderRadius: 4,
                background: set.color,
                display: 'inline-block',
              }}
            />
            <Title order={3} size="h5">
              {set.name}
            </Title>
          </Group>
          {canEdit && (
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setIsEditing(true)}>
                Edit {set.name}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setIsDeleting(true)}>
                Delete {set.name}
              </Button>
            </Group>
          )}
        </Group>
        {set.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tags in this set yet.
          </Text>
        ) : (
          <Group gap="xs">
            {set.tags.map((tag) => {
              const color = tag.color ?? set.color;
              return (
                <Group key={tag.tagUID} gap={2} wrap="nowrap">
                  <Badge style={{ background: color, color: pickReadableFontColor(color) }}>{tag.name}</Badge>
                  {canEdit && (
                    <>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={`Edit tag ${tag.name}`}
                        onClick={() => setEditingTag(tag)}
                      >
                        <span aria-hidden>✎</span>
                      </ActionIcon>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete tag ${tag.name}`}
                        onClick={() => setDeletingTag(tag)}
                      >
                        <span aria-hidden>×</span>
                      </ActionIcon>
                    </>
                  )}
                </Group>
              );
            })}
          </Group>
        )}
        {canEdit && (
          <form onSubmit={handleAddTag} noValidate>
            <Group align="flex-start" gap="xs">
              <TextInput
                size="xs"
                aria-label={`New tag in ${set.name}`}
                placeholder="New tag"
                value={tagName}
                onChange={(event) => setTagName(event.currentTarget.value)}
                error={
                  tagError ??
                  (mutations.createTag.error ? formatErrorMessage(mutations.createTag.error) : null)
                }
              />
              <Button size="xs" type="submit" variant="light" loading={mutations.createTag.isPending}>
                Add tag
              </Button>
            </Group>
          </form>
        )}
        {mutations.updateTag.error != null && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(mutations.updateTag.error)}
          </Alert>
        )}
      </Stack>
      {isEditing && (
        <NameColorModal
          title={`Edit tag set ${set.name}`}
          initialName={set.name}
          initialColor={set.color}
          takenNames={siblings
            .filter((other) => other.tagSetUID !== set.tagSetUID)
            .map((other) => other.name)}
          onSave={(values) => mutations.updateTagSet.mutateAsync({ id: set.tagSetUID, ...values })}
          onClose={() => setIsEditing(false)}
        />
      )}
      {editingTag && (
        <NameColorModal
          title={`Edit tag ${editingTag.name}`}
          initialName={editingTag.name}
          initialColor={editingTag.color ?? set.color ?? DEFAULT_COLOR}
          takenNames={set.tags.filter((tag) => tag.tagUID !== editingTag.tagUID).map((tag) => tag.name)}
          onSave={(values) => mutations.updateTag.mutateAsync({ id: editingTag.tagUID, ...values })}
          onClose={() => setEditingTag(null)}
        />
      )}
      <ConfirmModal
        opened={isDeleting}
        title={`Delete tag set ${set.name}?`}
        confirmLabel="Delete tag set"
        onConfirm={() =>
          mutations.deleteTagSet.mutate(set.tagSetUID, { onSuccess: () => setIsDeleting(false) })
        }
        onClose={() => setIsDeleting(false)}
        isPending={mutations.deleteTagSet.isPending}
        error={mutations.deleteTagSet.error}
      >
        Its {set.tags.length} tags are taken off every contact. This cannot be undone.
      </ConfirmModal>
      <ConfirmModal
        opened={deletingTag !== null}
        title={`Delete tag ${deletingTag?.name ?? ''}?`}
        confirmLabel="Delete tag"
        onConfirm={() =>
          deletingTag &&
          mutations.deleteTag.mutate(deletingTag.tagUID, { onSuccess: () => setDeletingTag(null) })
        }
        onClose={() => setDeletingTag(null)}
        isPending={mutations.deleteTag.isPending}
        error={mutations.deleteTag.error}
      >
        The tag is taken off every contact that has it. This cannot be undone.
      </ConfirmModal>
    </Paper>
  );
}
