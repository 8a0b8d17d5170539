import { canSeePipeline, type KnownPeople, type KnownPeopleQuery } from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../teams/teams.service';
import * as repo from './contacts.repository';

type Place = Awaited<ReturnType<typeof repo.listPlacesOfProfiles>>[number];

/**
 * The extension's overlay: which people of a list page (members, commenters, conversations) are in
 * GroupTrack, with the stage the reader may see them in, read in one statement for the whole page.
 */
export function createKnownPeople(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    /**
     * A badge for each person found by profile id (first) or username without case, as capture finds
     * them, whose contact has a place in a pipeline the member may see: the stage of the visible place
     * they were last put in or moved in. No badge for the others, nor for a contact in no pipeline.
     */
    async listKnownPeople(member: TeamActor, query: KnownPeopleQuery): Promise<KnownPeople> {
      const { teamUID } = member;
      const { platform, people } = query;
      const places = await repo.listPlacesOfProfiles(databases.forTeam(teamUID), teamUID, {
        platform,
        profileIds: [...new Set(people.flatMap((person) => (person.profileId ? [person.profileId] : [])))],
        usernames: [
          ...new Set(people.flatMap((person) => (person.username ? [person.username.toLowerCase()] : []))),
        ],
      });
      const byProfileId = new Map<string, string>();
      const byUsername = new Map<string, string>();
      const newestVisible = new Map<string, Place>();
      // Places come newest first, so the first visible one of a contact is the badge's.
      for (const place of places) {
        if (place.profileId) byProfileId.set(place.profileId, place.contactId);
        if (place.username) byUsername.set(place.username.toLowerCase(), place.contactId);
        if (!newestVisible.has(place.contactId) && canSeePipeline(member, place.pipelineId)) {
          newestVisible.set(place.contactId, place);
        }
      }
      return {
        badges: people.flatMap((person) => {
          const contactId =
            (person.profileId ? byProfileId.get(person.profileId) : undefined) ??
            (person.username ? byUsername.get(person.username.toLowerCase()) : undefined);
          const place = contactId ? newestVisible.get(contactId) : undefined;
          if (!place) return [];
          return [
            {
              key: person.key,
              GTID: place.contactId,
              name: place.name,
              stageName: place.stageName,
              color: place.color,
              fontColor: place.fontColor,
              pipelineName: place.pipelineName,
            },
          ];
        }),
      };
    },
  };
}
