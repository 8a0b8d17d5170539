import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { PipelineList, TagSet } from '@grouptrack/domain';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useLinkTagSet, useRemoteTags, type Connection } from '../api/connections';
import { listTagSets, tagSetLinkFormOf, toTagSetConnectionInput } from '../lib/link-forms';

interface TagSetLinksModalProps {
  teamUID: string;
  connection: Connection;
  pipelines: PipelineList;
  onClose: () => void;
}

/**
 * Which tag sets map their tags to a system that keeps tags by id (ActiveCampaign, ClickFunnels), and
 * which of its tags each of ours stands for. A tag not mapped is not sent.
 */
export function TagSetLinksModal({ teamUID, connection, pipelines, onClose }: TagSetLinksModalProps) {
  const link = useLinkTagSet(teamUID);
  const remote = useRemoteTags(teamUID, connection.connectionUID);
  const [adding, setAdding] = useState<string | null>(null);
  const id = connection.connectionUID;
  const tagSets = listTagSets(pipelines);
  const linked = tagSets.filter(({ tagSet }) => tagSet.connectionUID === id);
  const others = tagSets.filter(({ tagSet }) => tagSet.connectionUID !== id);
  const busyWith = (tagSetId: string) =>
    link.isPending && link.variables.tagSetId === tagSetId
      ? link.variables.input
        ? 'saving'
        : 'removing'
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Tag sets of ${connection.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {connection.name} keeps its own tags: pick which of them each of our tags stands for. A tag left
          unmapped is not sent.
        </Text>
        {link.error && (
          <Alert color="red" role="alert">
            {formatErrorMessage(link.error)}
          </Alert>
        )}
        {remote.isError && (
          <Alert color="red" role="alert" title="Its tags could not be read">
            {formatErrorMessage(remote.error)}
          </Alert>
        )}
        {linked.length === 0 && <Text>No tag set is mapped to it yet.</Text>}
        {linked.map(({ tagSet, label }) => (
          <TagSetLinkEditor
            key={tagSet.tagSetUID}
            tagSet={tagSet}
            label={label}
            initial={tagSetLinkFormOf(tagSet, id)}
            remoteTags={remote.data ?? []}
            busy={busyWith(tagSet.tagSetUID)}
            onSave={(form) =>
              link.mutate({ id, tagSetId: tagSet.tagSetUID, input: toTagSetConnectionInput(form) })
            }
            onRemove={() => link.mutate({ id, tagSetId: tagSet.tagSetUID, input: null })}
          />
        ))}
        {others.length > 0 && (
          <Group align="flex-end">
            <Select
              label="Add a tag set"
              placeholder="Pick a tag set"
              description="A set mapped to another connection moves to this one."
              data={others.map(({ tagSet, label }) => ({ value: tagSet.tagSetUID, label }))}
              value={adding}
              onChange={setAdding}
              style={{ flex: 1 }}
            />
            <Button
              disabled={!adding}
              loading={adding !== null && busyWith(adding) !== null}
              onClick={() => {
                const entry = others.find(({ tagSet }) => tagSet.tagSetUID === adding);
                if (!entry) return;
                link.mutate(
                  {
                    id,
                    tagSetId: entry.tagSet.tagSetUID,
                    input: toTagSetConnectionInput(tagSetLinkFormOf(entry.tagSet, id)),
                  },
                  { onSuccess: () => setAdding(null) },
                );
              }}
            >
              Map this tag set
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface TagSetLinkEditorProps {
  tagSet: TagSet;
  label: string;
  initial: Record<string, string | null>;
  remoteTags: { id: string; name: string }[];
  busy: 'saving' | 'removing' | null;
  onSave: (form: Record<string, string | null>) => void;
  onRemove: () => void;
}

function TagSetLinkEditor({
  tagSet,
  label,
  initial,
  remoteTags,
  busy,
  onSave,
  onRemove,
}: TagSetLinkEditorProps) {
  const [form, setForm] = useState(initial);
  const options = remoteTags.map((tag) => ({ value: tag.id, label: tag.name }));
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={`Tag set ${label}`}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {label}
        </Title>
        {tagSet.tags.length === 0 && <Text size="sm">This set has no tags yet.</Text>}
        {tagSet.tags.map((tag) => (
          <Select
            key={tag.tagUID}
            label={`Tag ${tag.name} is`}
            placeholder="Not sent"
            clearable
            searchable
            data={options}
            value={form[tag.tagUID] ?? null}
            onChange={(value) => setForm({ ...form, [tag.tagUID]: value })}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="subtle" color="red" loading={busy === 'removing'} onClick={onRemove}>
            Stop mapping
          </Button>
          <Button variant="light" loading={busy === 'saving'} onClick={() => onSave(form)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
