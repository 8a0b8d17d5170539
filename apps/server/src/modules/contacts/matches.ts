import {
  CONTACT_MATCH_REASONS,
  canSeePipeline,
  isSamePersonMatch,
  type ContactMatches,
  type ContactMatchReason,
} from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../teams/teams.service';
import { canSeeContact } from './contact-changes';
import * as repo from './contacts.repository';

/** Contacts shown at most for each way of matching. */
const MATCHES_PER_REASON = 5;

/** What the contact form knows of the person being added. */
export interface MatchQuery {
  name?: string | undefined;
  profile?: repo.SourceInput | undefined;
  emailAddress?: string | undefined;
  phoneNumber?: string | undefined;
}

/**
 * Who already looks like a person about to be added by hand. A profile or the email finds them the
 * way capture does (the same repository query), so "the same person" here is the one capture would
 * change; a name or a phone number only suggests someone. Reads only: asking writes nothing.
 */
export function createMatches(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    async findContactMatches(member: TeamActor, query: MatchQuery): Promise<ContactMatches> {
      const teamId = member.teamUID;
      const db = databases.forTeam(teamId);
      const name = query.name?.trim().replace(/\s+/g, ' ');
      const [identity, byName, byPhone] = await Promise.all([
        repo.findContactsByIdentity(
          db,
          teamId,
          { sources: query.profile ? [query.profile] : [], emailAddress: query.emailAddress },
          MATCHES_PER_REASON,
        ),
        name ? repo.findContactIdsByName(db, teamId, name, MATCHES_PER_REASON) : [],
        query.phoneNumber
          ? repo.findContactIdsByPhone(db, teamId, query.phoneNumber, MATCHES_PER_REASON)
          : [],
      ]);

      const reasons = new Map<string, Set<ContactMatchReason>>();
      const note = (contactId: string, reason: ContactMatchReason) =>
        reasons.set(contactId, (reasons.get(contactId) ?? new Set()).add(reason));
      for (const match of identity) note(match.contactId, match.by);
      for (const contactId of byName) note(contactId, 'name');
      for (const contactId of byPhone) note(contactId, 'phone');

      const ids = [...reasons.keys()];
      const [rows, placements] = await Promise.all([
        repo.listContactsByIds(db, teamId, ids),
        repo.listPlacementsOfContacts(db, teamId, ids),
      ]);
      let hidden = false;
      const matches: ContactMatches['matches'] = [];
      for (const contactId of ids) {
        const contact = rows.find((row) => row.id === contactId);
        if (!contact) continue;
        const matchedBy = CONTACT_MATCH_REASONS.filter((reason) => reasons.get(contactId)!.has(reason));
        const samePerson = isSamePersonMatch(matchedBy);
        const theirs = placements.filter((row) => row.contactId === contactId);
        // Someone the member may not see stays unnamed; only that the same person exists is said,
        // as capture would say it.
        if (
          !canSeeContact(
            member,
            theirs.map((row) => row.pipelineId),
          )
        ) {
          hidden ||= samePerson;
          continue;
        }
        matches.push({
          GTID: contact.id,
          name: contact.name,
          emailAddress: contact.emailAddress,
          phoneNumber: contact.phoneNumber,
          photoURL: contact.photoUrl,
          pipelines: theirs
            .filter((row) => canSeePipeline(member, row.pipelineId))
            .map((row) => ({ pipelineID: row.pipelineId, stageUID: row.stageId })),
          matchedBy,
          samePerson,
        });
      }
      // The same person first; then as found.
      matches.sort((a, b) => Number(b.samePerson) - Number(a.samePerson));
      return { matches, hidden };
    },
  };
}
