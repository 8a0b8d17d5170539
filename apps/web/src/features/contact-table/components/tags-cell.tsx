import { Checkbox, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { listTagOptions } from '../../contact-filters';

type TagOption = ReturnType<typeof listTagOptions>[number];

export interface TagsCellProps {
  /** The row's contact: rows are reused as the table scrolls, and an open picker belongs to its contact. */
  subject: string;
  name: string;
  tagIds: readonly string[];
  /** Every known tag, to name the ones the contact has. */
  labels: ReadonlyMap<string, TagOption>;
  /** The tags the picker offers: the global ones and those of the pipeline in view. */
  options: readonly TagOption[];
  /** Adds or removes one tag in one write; rejects when it was refused (the toast says why). */
  onToggle: (tagId: string, isAdding: boolean) => Promise<void>;
}

/** A contact's tags as badges, with a picker that tags and untags them in place. */
export function TagsCell({ subject, name, tagIds, labels, options, onToggle }: TagsCellProps) {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const known = tagIds.flatMap((id) => labels.get(id) ?? []);
  const editLabel = `Edit tags of ${name || 'this contact'}`;
  const badges = (
    // One title for the cell, naming every tag with its set (the +N ones too); an attribute on each
    // badge would restyle each badge whenever its row is reused for another contact.
    <span
      className="gt-cell-tags"
      title={known.map((tag) => `${tag.setName}: ${tag.name}`).join(', ') || undefined}
    >
      {/* Index keys: a row reused for another contact keeps its badges and changes their text. */}
      {known.slice(0, 3).map((tag, index) => (
        <span key={index} className="gt-cell-badge">
          {tag.name}
        </span>
      ))}
      {known.length > 3 && <span className="gt-cell-more">+{known.length - 3}</span>}
    </span>
  );
  // A plain button until used: a Mantine popover on each row would cost every scroll.
  const button = (
    <button
      type="button"
      className="gt-cell-pencil"
      aria-label={editLabel}
      aria-haspopup="dialog"
      title="Edit tags"
      onClick={() => setOpenFor(openFor === subject ? null : subject)}
    >
      ✎
    </button>
  );
  return (
    <span className="gt-cell-linked">
      {badges}
      {openFor === subject ? (
        <Popover
          opened
          onChange={(opened) => !opened && setOpenFor(null)}
          position="bottom-start"
          shadow="md"
          trapFocus
          returnFocus
          withinPortal
        >
          <Popover.Target>{button}</Popover.Target>
          <Popover.Dropdown>
            <TagPicker name={name} tagIds={tagIds} options={options} onToggle={onToggle} />
          </Popover.Dropdown>
        </Popover>
      ) : (
        button
      )}
    </span>
  );
}

function TagPicker({
  name,
  tagIds,
  options,
  onToggle,
}: Pick<TagsCellProps, 'name' | 'tagIds' | 'options' | 'onToggle'>) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const wanted = text.trim().toLowerCase();
  const shown = options.filter(
    (tag) => wanted === '' || `${tag.setName} ${tag.name}`.toLowerCase().includes(wanted),
  );
  function toggle(tagId: string, isAdding: boolean) {
    setSaving((current) => new Set(current).add(tagId));
    onToggle(tagId, isAdding)
      .catch(() => undefined)
      .finally(() =>
        setSaving((current) => {
          const next = new Set(current);
          next.delete(tagId);
          return next;
        }),
      );
  }
  return (
    <Stack gap="xs" w={260} role="group" aria-label={`Tags of ${name || 'this contact'}`}>
      {options.length > 8 && (
        <TextInput
          size="xs"
          aria-label="Find a tag"
          placeholder="Find a tag"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
      )}
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tags yet. Add tag sets in Setup → Tags.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260}>
          <Stack gap={6}>
            {shown.map((tag) => (
              <Checkbox
                key={tag.tagUID}
                size="xs"
                label={`${tag.setName}: ${tag.name}`}
                checked={tagIds.includes(tag.tagUID)}
                disabled={saving.has(tag.tagUID)}
                onChange={(event) => toggle(tag.tagUID, event.currentTarget.checked)}
              />
            ))}
            {shown.length === 0 && (
              <Text size="sm" c="dimmed">
                No tag matches.
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
