import { orphanKey } from '@grouptrack/domain';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { appendChange } from '../../platform/realtime';
import type { Databases } from '../../platform/db/databases';
import type { TeamActor } from '../../platform/http/actor';
import { addContactTags, canSeeAll, insertActivities, NO_PIPELINE, type ContactChanges } from '../contacts';
import * as repo from './tag-reconciliation.repository';

/** Tag names that came with captured or imported contacts and matched no tag, until a manager decides. */
export function createOrphanedTags(deps: { databases: Databases; changes: ContactChanges }) {
  const { databases, changes } = deps;
  const { activity, checkTags } = changes;

  return {
    /** Tag names that arrived with contacts and matched no tag, with how many contacts carry each. */
    async listOrphanedTags(member: TeamActor) {
      const { teamUID } = member;
      if (!canSeeAll(member)) throw new ForbiddenError('Only the team owner or an admin can reconcile tags.');
      return repo.listOrphanedTags(databases.forTeam(teamUID), teamUID);
    },

    /** Gives every contact that carried an orphaned tag name the chosen tag (or none: dismiss). */
    async resolveOrphanedTag(member: TeamActor, key: string, tagId: string | null) {
      const { teamUID } = member;
      if (!canSeeAll(member)) throw new ForbiddenError('Only the team owner or an admin can reconcile tags.');
      return databases.forTeam(teamUID).transaction(async (tx) => {
        const [tag] = tagId ? await checkTags(tx, member, [tagId]) : [];
        const contactIds = await repo.takeOrphanedTag(tx, teamUID, orphanKey(key));
        if (contactIds.length === 0) throw new NotFoundError('Orphaned tag not found.');
        if (!tag) return { contacts: contactIds.length, tagged: 0 };
        let tagged = 0;
        for (const contactId of contactIds) {
          if ((await addContactTags(tx, teamUID, contactId, [tag.tagId])).length === 0) continue;
          tagged += 1;
          await insertActivities(tx, [
            activity(member, contactId, {
              type: 'tag',
              action: 'added',
              pipelineId: tag.pipelineId,
              data: { tagUID: tag.tagId, tag: tag.name, from: key },
            }),
          ]);
        }
        await appendChange(tx, teamUID, {
          entity: 'orphaned_tag',
          op: 'delete',
          ids: [orphanKey(key)],
          pipelineId: NO_PIPELINE,
        });
        return { contacts: contactIds.length, tagged };
      });
    },
  };
}
