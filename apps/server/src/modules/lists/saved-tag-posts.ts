import { can, canSeePipelineItem, createPushId } from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { deleteTeamRow } from '../../platform/db/team-rows';
import { savedTagPosts } from '../../platform/db/team-schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { appendChange } from '../../platform/realtime';
import { findTagsWithSets } from '../contacts';
import * as repo from './lists.repository';

/** Posts saved to tag the people who comment on them (the auto responder reads them). */
export function createSavedTagPosts(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    /** Posts saved to tag their commenters; the auto responder reads them. */
    async listSavedTagPosts(member: TeamActor) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const rows = await repo.listSavedTagPosts(db, teamUID);
      // A member is shown no tag of a pipeline they cannot see.
      const hidden = await hiddenTagIds(db, teamUID, member, [...new Set(rows.flatMap((row) => row.tagIds))]);
      return rows.map((row) => ({
        postUID: row.id,
        platform: row.platform,
        url: row.url,
        title: row.title,
        tagIds: row.tagIds.filter((tagId) => !hidden.has(tagId)),
      }));
    },

    async saveTagPost(
      member: TeamActor,
      itemId: string | null,
      input: {
        platform?: string | undefined;
        url?: string | undefined;
        title?: string | undefined;
        tagIds?: string[] | undefined;
      },
    ) {
      const { teamUID } = member;
      const id = itemId ?? createPushId('post_');
      try {
        await databases.forTeam(teamUID).transaction(async (tx) => {
          if (input.tagIds?.length) {
            const found = (await findTagsWithSets(tx, teamUID, input.tagIds)).filter((tag) =>
              canSeePipelineItem(member, tag),
            );
            const unknown = input.tagIds.find((tagId) => !found.some((tag) => tag.tagId === tagId));
            if (unknown) throw new BadRequestError(`Invalid tagIds: ${unknown} is not a tag of this team.`);
          }
          if (itemId) {
            const stored = await repo.lockSavedTagPost(tx, teamUID, itemId);
            if (!stored) throw new NotFoundError('Saved post not found.');
            const tagIds =
              input.tagIds && (await keepHiddenTags(tx, teamUID, member, stored.tagIds, input.tagIds));
            const changes = {
              ...(input.platform !== undefined &&
                input.platform !== stored.platform && { platform: input.platform }),
              ...(input.url !== undefined && input.url !== stored.url && { url: input.url }),
              ...(input.title !== undefined && input.title !== stored.title && { title: input.title }),
              ...(tagIds && !sameTags(tagIds, stored.tagIds) && { tagIds }),
            };
            // Saving what is stored already writes nothing and announces nothing.
            if (Object.keys(changes).length === 0) return;
            await repo.updateSavedTagPost(tx, teamUID, itemId, changes);
          } else {
            await repo.insertSavedTagPost(tx, {
              teamId: teamUID,
              id,
              platform: input.platform!,
              url: input.url!,
              title: input.title ?? '',
              tagIds: input.tagIds ?? [],
              createdByUid: member.userId,
            });
          }
          await appendChange(tx, teamUID, {
            entity: 'saved_tag_post',
            op: itemId ? 'update' : 'create',
            ids: [id],
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('This post is saved already.');
        throw error;
      }
      return id;
    },

    async removeTagPost(member: TeamActor, itemId: string) {
      const { teamUID } = member;
      await deleteTeamRow(databases, teamUID, savedTagPosts, itemId, {
        entity: 'saved_tag_post',
        notFound: 'Saved post not found.',
      });
    },
  };
}

/** The tags among `tagIds` that belong to pipelines `member` cannot see. */
async function hiddenTagIds(db: TeamDb, teamUID: string, member: TeamActor, tagIds: string[]) {
  if (can(member.role, 'see-all-pipelines')) return new Set<string>();
  return new Set(
    (await findTagsWithSets(db, teamUID, tagIds))
      .filter((tag) => !canSeePipelineItem(member, tag))
      .map((tag) => tag.tagId),
  );
}

/**
 * A member is never shown the tags of pipelines they cannot see, so the list they send replaces only
 * the tags they can see: the hidden ones stored stay.
 */
async function keepHiddenTags(
  db: TeamDb,
  teamUID: string,
  member: TeamActor,
  stored: string[],
  sent: string[],
) {
  const hidden = await hiddenTagIds(db, teamUID, member, stored);
  return [...new Set([...sent, ...stored.filter((tagId) => hidden.has(tagId))])];
}

function sameTags(left: string[], right: string[]) {
  const rightSet = new Set(right);
  return new Set(left).size === rightSet.size && left.every((tagId) => rightSet.has(tagId));
}
