import {
  canSeePipeline,
  canSeePipelineItem,
  readProfileAddress,
  type CoreDataQuery,
  type SocialPlatform,
} from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError } from '../../platform/errors';
import * as pipelineData from '../pipelines';
import type { TeamActor } from '../teams/teams.service';
import { canSeeContact } from './contact-changes';
import { presentActivity, presentContact, presentDeal, presentNote } from './contact-presenter';
import * as repo from './contacts.repository';

/** How many of the contact's notes the sidebar shows, newest first. */
const NOTES_SHOWN = 5;
/** Lines of history read to find the newest the reader may see. */
const HISTORY_READ = 20;

/** The profile the page names: its id or username, read from a profile address when only that is given. */
function profileOf(platform: SocialPlatform, contact: CoreDataQuery['contact']) {
  if (contact.profileId || contact.username) {
    return { platform, profileId: contact.profileId ?? null, username: contact.username ?? null };
  }
  if (!contact.url) {
    throw new BadRequestError('Invalid body.contact: give the profileId, username or url of the person.');
  }
  const reading = readProfileAddress(contact.url, platform);
  if (!reading.ok) throw new BadRequestError(`Invalid body.contact.url: ${reading.message}`);
  if (reading.profile.platform !== platform) {
    throw new BadRequestError(
      `Invalid body.contact.url: this is a ${reading.profile.platform} address, not ${platform}.`,
    );
  }
  return reading.profile;
}

/**
 * SPEC §7 v2-contacts-getCoreData: the person on screen in the extension's sidebar, found by platform
 * and profile id or username as capture finds them, with only what the reader's pipeline access shows.
 */
export function createCoreData(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    /**
     * `{found: false}`; `{found: true, hidden: true}` for a person only in pipelines the member
     * cannot see (nothing else of them); or the contact with its pipelines, tags, deals, latest
     * notes and last visible activity. Open tasks are the tasks module's to add.
     */
    async findCoreData(member: TeamActor, query: CoreDataQuery) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const profile = profileOf(query.platform, query.contact);
      const [match] = await repo.findContactsByIdentity(db, teamUID, { sources: [profile] }, 1);
      if (!match) return { found: false as const };
      const contactId = match.contactId;
      const placements = await repo.listContactPipelines(db, teamUID, contactId);
      if (
        !canSeeContact(
          member,
          placements.map((row) => row.pipelineId),
        )
      ) {
        return { found: true as const, hidden: true as const };
      }
      const visible = placements.filter((row) => canSeePipeline(member, row.pipelineId));
      const visibleIds = visible.map((row) => row.pipelineId);
      // One wave of indexed reads (each by team and contact, or team and pipeline ids).
      const [contact, sources, tagRows, history, dealRows, notes, activities, pipelines, stages] =
        await Promise.all([
          repo.findContact(db, teamUID, contactId),
          repo.listSources(db, teamUID, contactId),
          repo.listContactTags(db, teamUID, contactId),
          repo.listStageHistory(db, teamUID, contactId),
          repo.listDeals(db, teamUID, contactId),
          repo.listNotes(db, teamUID, contactId),
          repo.listActivities(db, teamUID, contactId, { limit: HISTORY_READ }),
          visibleIds.length > 0 ? pipelineData.listPipelines(db, teamUID) : [],
          visibleIds.length > 0 ? pipelineData.listStages(db, teamUID, visibleIds) : [],
        ]);
      if (!contact) return { found: false as const };
      const presented = presentContact({ contact, visible, sources, tagRows, history, dealRows });
      const lastActivity = activities.find((row) => canSeePipelineItem(member, row));
      return {
        found: true as const,
        hidden: false as const,
        contact: presented,
        pipelines: visible.flatMap((row) => {
          const pipeline = pipelines.find((item) => item.id === row.pipelineId);
          const stage = stages.find((item) => item.id === row.stageId);
          // A pipeline in Recently deleted is not one the contact is shown in.
          if (!pipeline || !stage) return [];
          return [
            {
              pipelineUID: pipeline.id,
              name: pipeline.nickName,
              stage: { id: stage.id, name: stage.name, color: stage.color },
            },
          ];
        }),
        tags: tagRows
          .filter((row) => canSeePipelineItem(member, row))
          .map((row) => ({
            tagUID: row.tagId,
            name: row.tagName,
            tagSetUID: row.tagSetId,
            pipelineID: row.pipelineId,
          })),
        deals: dealRows.filter((deal) => canSeePipelineItem(member, deal)).map(presentDeal),
        notes: notes.slice(0, NOTES_SHOWN).map(presentNote),
        lastActivity: lastActivity ? presentActivity(lastActivity) : null,
      };
    },
  };
}
