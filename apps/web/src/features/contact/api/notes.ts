import type { Note } from '@grouptrack/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { useInvalidateContact } from './get-contact';

export type { Note } from '@grouptrack/domain';

/** The contact's notes, newest first. */
export function useNotes(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: teamKeys.contactNotes(teamUID, GTID),
    queryFn: ({ signal }) => requestData<Note[]>(contactPath(teamUID, GTID, 'notes'), { signal }),
  });
}

type NoteChange =
  | { kind: 'add'; text: string }
  | { kind: 'edit'; id: string; text: string }
  | { kind: 'delete'; id: string }
  | { kind: 'restore'; id: string };

/** Adds, edits, deletes or restores a note (the Undo of a delete brings back the same note). */
export function useChangeNote(teamUID: string, GTID: string) {
  const invalidate = useInvalidateContact(teamUID, GTID);
  return useMutation({
    mutationFn: (change: NoteChange) => {
      switch (change.kind) {
        case 'add':
          return requestData<unknown>(contactPath(teamUID, GTID, 'notes'), {
            method: 'POST',
            body: { text: change.text },
          });
        case 'edit':
          return requestData<unknown>(contactPath(teamUID, GTID, 'notes', change.id), {
            method: 'PATCH',
            body: { text: change.text },
          });
        case 'delete':
          return requestData<unknown>(contactPath(teamUID, GTID, 'notes', change.id), {
            method: 'DELETE',
          });
        case 'restore':
          return requestData<unknown>(contactPath(teamUID, GTID, 'notes', change.id, 'restore'), {
            method: 'POST',
          });
      }
    },
    onSettled: invalidate,
  });
}
