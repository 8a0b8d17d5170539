import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { QueryError } from '../../../components/query-error';
import { showUndoToast } from '../../../components/undo-toast';
import { formatErrorMessage } from '../../../lib/api-client';
import { ConfirmModal } from '../../../components/confirm-modal';
import type { Note } from '../api/notes';
import { useChangeNote, useNotes } from '../api/notes';
import { formatDateTime } from '../lib/format-date-time';

export interface NotesTabProps {
  teamUID: string;
  GTID: string;
  /** Focuses the new-note box, when the header's Add note opened this tab. */
  isComposing: boolean;
}

/** The contact's notes: add, edit and delete. */
export function NotesTab({ teamUID, GTID, isComposing }: NotesTabProps) {
  const notes = useNotes(teamUID, GTID);
  const add = useChangeNote(teamUID, GTID);
  // Lives here, not in the note's row, which is gone once the note is deleted.
  const { mutate: changeNote } = useChangeNote(teamUID, GTID);
  const offerUndo = (noteUID: string) =>
    showUndoToast({
      message: 'Note deleted.',
      label: 'Undo deleting the note',
      undo: () =>
        changeNote(
          { kind: 'restore', id: noteUID },
          {
            onError: (failure) =>
              notifications.show({
                color: 'red',
                message: `Couldn't bring the note back: ${formatErrorMessage(failure)}`,
              }),
          },
        ),
    });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return setError('Write the note');
    setError(null);
    add.mutate({ kind: 'add', text: text.trim() }, { onSuccess: () => setText('') });
  }

  return (
    <Stack maw={760}>
      <form onSubmit={handleAdd} noValidate>
        <Stack gap="xs">
          <Textarea
            label="New note"
            placeholder="What happened, what was agreed, what's next…"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error ?? (add.error ? formatErrorMessage(add.error) : null)}
            autosize
            minRows={3}
            maxLength={20_000}
            autoFocus={isComposing}
          />
          <Group>
            <Button type="submit" loading={add.isPending}>
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
      {notes.isPending ? (
        <Loader role="status" aria-label="Loading notes" />
      ) : notes.isError ? (
        <QueryError
          title="Couldn't load the notes"
          error={notes.error}
          onRetry={() => void notes.refetch()}
          isRetrying={notes.isFetching}
        />
      ) : notes.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No notes yet. Write the first one above.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Notes"
        >
          {notes.data.map((note) => (
            <NoteItem key={note.noteUID} teamUID={teamUID} GTID={GTID} note={note} onDeleted={offerUndo} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NoteItem({
  teamUID,
  GTID,
  note,
  onDeleted,
}: {
  teamUID: string;
  GTID: string;
  note: Note;
  onDeleted: (noteUID: string) => void;
}) {
  const change = useChangeNote(teamUID, GTID);
  const remove = useChangeNote(teamUID, GTID);
  const [draft, setDraft] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  return (
    <Paper component="li" withBorder p="sm" radius="md">
      {draft === null ? (
        <Stack gap={4}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.text}
          </Text>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {formatDateTime(note.createdAt)}
              {note.updatedAt !== note.createdAt ? ' · edited' : ''}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="subtle" onClick={() => setDraft(note.text)}>
                Edit note
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setIsDeleting(true)}>
                Delete note
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.trim()) return;
            change.mutate(
              { kind: 'edit', id: note.noteUID, text: draft.trim() },
              { onSuccess: () => setDraft(null) },
            );
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Edit note"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autosize
              minRows={2}
              autoFocus
              error={
                draft.trim() ? (change.error ? formatErrorMessage(change.error) : null) : 'Write the note'
              }
            />
            <Group gap="xs">
              <Button size="xs" type="submit" loading={change.isPending}>
                Save note
              </Button>
              <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {remove.error != null && !isDeleting && (
        <Alert color="red" variant="light" mt="xs">
          {formatErrorMessage(remove.error)}
        </Alert>
      )}
      <ConfirmModal
        opened={isDeleting}
        title="Delete this note?"
        confirmLabel="Delete note"
        onConfirm={() =>
          // The row goes once the list is read again, so the Undo is offered from the promise.
          void remove
            .mutateAsync({ kind: 'delete', id: note.noteUID })
            .then(() => {
              setIsDeleting(false);
              onDeleted(note.noteUID);
            })
            // A failure shows in the dialog (remove.error).
            .catch(() => undefined)
        }
        onClose={() => setIsDeleting(false)}
        isPending={remove.isPending}
        error={remove.error}
      >
        The note is removed from the contact. You can undo this for a few seconds.
      </ConfirmModal>
    </Paper>
  );
}
