import { canSeePipeline, type MemberRequestBatch, type MemberRequestBatchResult } from '@grouptrack/domain';
import { createHash } from 'node:crypto';
import type { Databases } from '../../platform/db/databases';
import { ConflictError, NotFoundError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { ContactsService } from '../contacts/contacts.service';
import type { PhotosService } from '../photos/photos.service';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import * as repo from './member-requests.repository';

export type MemberRequestsService = ReturnType<typeof createMemberRequestsService>;

const PLATFORM_NAMES = { facebook: 'Facebook group', skool: 'Skool community' } as const;

/** Photos downloaded at once after a batch: a few, so a large batch does not crowd the server. */
const PHOTO_DOWNLOADS_AT_ONCE = 4;

/**
 * Member requests (PRODUCT.md workflow 1): the people asking to join a group, captured with their
 * answers into the pipeline that receives that group's requests.
 */
export function createMemberRequestsService(deps: {
  databases: Databases;
  teams: TeamsService;
  contacts: ContactsService;
  photos: PhotosService;
  log: Logger;
}) {
  const { databases, teams, contacts, photos, log } = deps;

  /** Best effort, after the commit: a photo that cannot be fetched leaves the contact without one. */
  async function downloadPhotos(member: TeamActor, wanted: { contactId: string; photoURL: string }[]) {
    const queue = [...wanted];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          await photos.savePhoto(member, next.contactId, next.photoURL);
        } catch (error) {
          log.warn({ err: error, contactId: next.contactId }, 'member request photo not downloaded');
        }
      }
    };
    await Promise.all(Array.from({ length: PHOTO_DOWNLOADS_AT_ONCE }, worker));
  }

  return {
    /**
     * Captures a batch of a group's pending requests into the pipeline that receives them: see
     * ContactsService.captureBatch. Capturing the same batch again changes nothing.
     */
    async captureBatch(member: TeamActor, batch: MemberRequestBatch): Promise<MemberRequestBatchResult> {
      const { teamUID } = member;
      const [pipeline] = await repo.findGroupPipelines(databases.forTeam(teamUID), teamUID, batch);
      const groupName = batch.groupName || pipeline?.groupName || batch.groupId;
      if (!pipeline) {
        throw new ConflictError(
          `The ${PLATFORM_NAMES[batch.platform]} "${groupName}" is connected to no pipeline: connect it to a pipeline in that pipeline's setup (Setup > Pipelines), then capture its requests again.`,
          { platform: batch.platform, groupId: batch.groupId },
        );
      }
      // A pipeline the member may not see answers like one that does not exist.
      if (!canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
      const groupId = batch.groupId.toLowerCase();
      const captured = await contacts.captureBatch(member, {
        platform: batch.platform,
        pipelineId: pipeline.id,
        people: batch.requests.map((request) => ({
          name: request.name,
          profileId: request.profileId,
          username: request.username,
          url: request.url,
          answers: request.answers,
        })),
        once: {
          type: 'member_request',
          action: 'asked',
          match: { platform: batch.platform, groupId },
          data: { platform: batch.platform, groupId, group: groupName },
        },
      });
      if (captured.hiddenIds.length > 0) {
        const count = captured.hiddenIds.length;
        const people = count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`;
        // Once per member and set of people, however often the same requests are captured.
        const digest = createHash('sha256')
          .update([...captured.hiddenIds].sort().join(','))
          .digest('hex');
        await teams.tellManagers(teamUID, {
          key: `hidden-member-requests_${teamUID}_${member.userId}_${digest.slice(0, 32)}`,
          subject: `${member.name} captured requests to join ${groupName} from ${people} in pipelines they cannot see`,
          text: `${member.name} captured the member requests of ${groupName}. ${people} asking to join ${count === 1 ? 'is' : 'are'} already in GroupTrack, in pipelines ${member.name} cannot see, and ${count === 1 ? 'was' : 'were'} left unchanged. If ${member.name} should work with them, add them to the pipeline "${pipeline.nickName}":`,
          path: `/contacts/pipeline/${pipeline.id}`,
        });
      }
      const wanted = batch.requests.flatMap((request, index) => {
        const person = captured.people[index]!;
        return person.outcome === 'created' && person.contactId && request.photoURL
          ? [{ contactId: person.contactId, photoURL: request.photoURL }]
          : [];
      });
      // The answer does not wait for the photos: platforms serve them slowly, and a batch holds hundreds.
      if (wanted.length > 0) void downloadPhotos(member, wanted);
      const counts = { created: 0, updated: 0, unchanged: 0, hidden: 0 };
      for (const person of captured.people) counts[person.outcome] += 1;
      return {
        pipelineID: pipeline.id,
        counts,
        requests: captured.people.map((person) => ({ GTID: person.contactId, outcome: person.outcome })),
      };
    },
  };
}
