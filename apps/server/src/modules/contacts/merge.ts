import { BadRequestError } from '../../platform/errors';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../../platform/http/actor';
import type { ContactChanges } from './contact-changes';
import { refreshHandles } from './contact-fields';
import * as repo from './contacts.repository';

/** Merging two contacts that are one person. */
export function createMerge(deps: { databases: Databases; changes: ContactChanges }) {
  const { databases, changes } = deps;
  const { activity, announce, requireContact } = changes;

  return {
    /**
     * Joins `otherId` into `contactId`: all history, tags, deals, notes and pipeline data move over,
     * empty fields are filled from the other contact, and the other contact is gone.
     */
    async mergeContacts(member: TeamActor, contactId: string, otherId: string) {
      const { teamUID } = member;
      if (contactId === otherId)
        throw new BadRequestError('Invalid otherGTID: a contact cannot be merged with itself.');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const survivor = await requireContact(tx, member, contactId);
        const other = await requireContact(tx, member, otherId);
        const fill = {
          ...(!survivor.contact.emailAddress &&
            other.contact.emailAddress && { emailAddress: other.contact.emailAddress }),
          ...(!survivor.contact.phoneNumber &&
            other.contact.phoneNumber && { phoneNumber: other.contact.phoneNumber }),
          ...(!survivor.contact.photoUrl && other.contact.photoUrl && { photoUrl: other.contact.photoUrl }),
          ...(!survivor.contact.name &&
            other.contact.name && {
              name: other.contact.name,
              firstName: other.contact.firstName,
              lastName: other.contact.lastName,
            }),
        };
        await repo.moveContactData(tx, teamUID, otherId, contactId);
        await repo.updateContact(tx, teamUID, contactId, fill);
        await refreshHandles(tx, teamUID, contactId);
        await repo.insertActivities(tx, [
          activity(member, contactId, {
            type: 'contact',
            action: 'merged',
            data: { mergedGTID: otherId, mergedName: other.contact.name },
          }),
        ]);
        await announce(
          tx,
          member,
          otherId,
          'delete',
          other.placements.map((row) => row.pipelineId),
        );
        const placements = await repo.listContactPipelines(tx, teamUID, contactId);
        await announce(
          tx,
          member,
          contactId,
          'update',
          placements.map((row) => row.pipelineId),
        );
      });
    },
  };
}
