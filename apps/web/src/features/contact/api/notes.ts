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
  { kind: 'add'; text: string } | { kind: 'edit'; id: string; text: string } | { kind: 'delete'; id: string };

/** Adds, edits or deletes a note. */
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
      }
    },
    onSettled: invalidate,
  });
}
