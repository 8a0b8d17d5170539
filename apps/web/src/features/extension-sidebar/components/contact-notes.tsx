import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatRelativeTime } from '../../../lib/format';
import type { VisibleCoreData } from '../api/core-data';
import { useAddNote } from '../api/contact-changes';
import { ErrorAlert } from './error-alert';
import { Section } from './section';

const NOTE_MAX_LENGTH = 10_000;

/** The contact's latest notes and a box to add one. */
export function ContactNotes({ teamUID, coreData }: { teamUID: string; coreData: VisibleCoreData }) {
  const addNote = useAddNote(teamUID, coreData.contact.GTID);
  const [text, setText] = useState('');

  function handleAdd() {
    const trimmed = text.trim();
    if (!trimmed) return;
    addNote.mutate(trimmed, { onSuccess: () => setText('') });
  }

  return (
    <Section title="Notes">
      {coreData.notes.length === 0 ? (
        <Text size="xs" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {coreData.notes.map((note) => (
            <Paper key={note.noteUID} component="li" withBorder p={6} radius="sm">
              <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={6}>
                {note.text}
              </Text>
              <Text size="xs" c="dimmed">
                {formatRelativeTime(note.createdAt)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Textarea
        label="Note"
        size="xs"
        placeholder="Write a note"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={NOTE_MAX_LENGTH}
      />
      <ErrorAlert title="Couldn't add the note" error={addNote.error} />
      <Button
        size="xs"
        variant="light"
        onClick={handleAdd}
        loading={addNote.isPending}
        disabled={!text.trim()}
      >
        Add note
      </Button>
    </Section>
  );
}
