import { can, createPushId, type SearchFilter } from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { appendChange } from '../../platform/realtime';
import { checkFilterReferences, visibleFilter } from '../search/filter-references';
import * as repo from './lists.repository';

/** Saved views: a search filter saved under a name, seen by the team, changed by who saved it. */
export function createFilterSets(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    /** Saved views (filter sets): every member sees the team's; a view belongs to who saved it. */
    async listFilterSets(member: TeamActor) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const rows = await repo.listFilterSets(db, teamUID);
      return Promise.all(
        rows.map(async (row) => ({
          filterSetUID: row.id,
          name: row.name,
          // A member never sees the ids of pipelines (or their stages and tags) outside their access.
          filter: await visibleFilter(db, member, row.filter as SearchFilter),
          ownerUID: row.ownerUid,
        })),
      );
    },

    async saveFilterSet(
      member: TeamActor,
      itemId: string | null,
      input: { name: string; filter: Record<string, unknown> },
    ) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const id = itemId ?? createPushId('fs_');
      await db.transaction(async (tx) => {
        await checkFilterReferences(tx, member, input.filter, 'filter');
        if (itemId) {
          const row = await repo.findFilterSet(tx, teamUID, itemId);
          if (!row) throw new NotFoundError('Saved view not found.');
          if (row.ownerUid !== member.userId && !can(member.role, 'manage-setup')) {
            throw new ForbiddenError('Only who saved this view, the owner or an admin can change it.');
          }
          await repo.updateFilterSet(tx, teamUID, itemId, input);
        } else {
          await repo.insertFilterSet(tx, { teamId: teamUID, id, ownerUid: member.userId, ...input });
        }
        await appendChange(tx, teamUID, {
          entity: 'filter_set',
          op: itemId ? 'update' : 'create',
          ids: [id],
        });
      });
      return id;
    },

    async removeFilterSet(member: TeamActor, itemId: string) {
      const { teamUID } = member;
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const row = await repo.findFilterSet(tx, teamUID, itemId);
        if (!row) throw new NotFoundError('Saved view not found.');
        if (row.ownerUid !== member.userId && !can(member.role, 'manage-setup')) {
          throw new ForbiddenError('Only who saved this view, the owner or an admin can delete it.');
        }
        await repo.deleteFilterSet(tx, teamUID, itemId);
        await appendChange(tx, teamUID, { entity: 'filter_set', op: 'delete', ids: [itemId] });
      });
    },
  };
}
