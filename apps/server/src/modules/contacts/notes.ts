import { createPushId } from '@grouptrack/domain';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../../platform/http/actor';
import { canSeeAll, type ContactChanges } from './contact-changes';
import { presentNote } from './contact-presenter';
import * as repo from './contacts.repository';

/** Notes on a contact: anyone who sees the contact adds them; the author or a manager changes them. */
export function createNotes(deps: { databases: Databases; changes: ContactChanges }) {
  const { databases, changes } = deps;
  const { activity, changeContact, requireContact } = changes;

  return {
    async listNotes(member: TeamActor, contactId: string) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      await requireContact(db, member, contactId);
      return (await repo.listNotes(db, teamUID, contactId)).map(presentNote);
    },

    async addNote(member: TeamActor, contactId: string, text: string) {
      const { teamUID } = member;
      const added = await changeContact(member, contactId, async (tx) => {
        const note = await repo.insertNote(tx, {
          teamId: teamUID,
          id: createPushId('note_'),
          contactId,
          text,
          createdByUid: member.userId,
        });
        const entry = activity(member, contactId, {
          type: 'note',
          action: 'added',
          note: text,
          data: { noteUID: note.id },
        });
        return { history: [entry], result: presentNote(note) };
      });
      return added!;
    },

    async editNote(member: TeamActor, contactId: string, noteId: string, text: string | null) {
      const { teamUID } = member;
      await changeContact(member, contactId, async (tx) => {
        const note = await repo.findNote(tx, teamUID, contactId, noteId);
        if (!note) throw new NotFoundError('Note not found.');
        if (note.createdByUid !== member.userId && !canSeeAll(member)) {
          throw new ForbiddenError('Only the author, the team owner or an admin can change this note.');
        }
        if (text === note.text) return { history: [] };
        if (text === null) await repo.deleteNote(tx, teamUID, noteId);
        else await repo.updateNote(tx, teamUID, noteId, text);
        const action = text === null ? 'deleted' : 'updated';
        // A deleted note's history keeps the note itself, so an Undo restores exactly it.
        const deletedNote = text === null && {
          deletedNote: {
            text: note.text,
            createdByUid: note.createdByUid,
            createdAt: note.createdAt.toISOString(),
            updatedAt: note.updatedAt.toISOString(),
          },
        };
        return {
          history: [
            activity(member, contactId, {
              type: 'note',
              action,
              note: text,
              data: { noteUID: noteId, ...deletedNote },
            }),
          ],
        };
      });
    },

    /**
     * Brings back a deleted note with its id, text, author and dates (the Undo of a delete), as its
     * history kept it. Whoever could delete it may restore it.
     */
    async restoreNote(member: TeamActor, contactId: string, noteId: string) {
      const { teamUID } = member;
      const restored = await changeContact(member, contactId, async (tx) => {
        if (await repo.findNote(tx, teamUID, contactId, noteId))
          throw new ConflictError('This note is not deleted.');
        const kept = await repo.findDeletedNote(tx, teamUID, contactId, noteId);
        if (!kept) throw new NotFoundError('Note not found.');
        if (kept.createdByUid !== member.userId && !canSeeAll(member)) {
          throw new ForbiddenError('Only the author, the team owner or an admin can change this note.');
        }
        const note = await repo.insertNote(tx, {
          teamId: teamUID,
          id: noteId,
          contactId,
          text: kept.text,
          createdByUid: kept.createdByUid,
          createdAt: new Date(kept.createdAt),
          updatedAt: new Date(kept.updatedAt),
        });
        const entry = activity(member, contactId, {
          type: 'note',
          action: 'added',
          note: kept.text,
          data: { noteUID: noteId, restored: true },
        });
        return { history: [entry], result: presentNote(note) };
      });
      return restored!;
    },
  };
}
