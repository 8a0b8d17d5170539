import { changedFields, createPushId, placeAmong, placementProblem } from '@grouptrack/domain';
import type { Databases } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { deleteTeamRow } from '../../platform/db/team-rows';
import { phases, statusLabels, teamQuestions } from '../../platform/db/team-schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import * as repo from './lists.repository';

/** The ordered team lists that owners and admins manage in setup: status labels, phases, questions. */
const RANKED = {
  'status-labels': {
    table: statusLabels,
    entity: 'status_label',
    prefix: 'lbl_',
    present: (row: typeof statusLabels.$inferSelect) => ({
      labelUID: row.id,
      display: row.display,
      color: row.color,
    }),
  },
  phases: {
    table: phases,
    entity: 'phase',
    prefix: 'ph_',
    present: (row: typeof phases.$inferSelect) => ({ phaseUID: row.id, name: row.name }),
  },
  questions: {
    table: teamQuestions,
    entity: 'question',
    prefix: 'q_',
    present: (row: typeof teamQuestions.$inferSelect) => ({
      questionUID: row.id,
      text: row.text,
      answerField: row.answerField,
    }),
  },
} as const;

export type RankedListName = keyof typeof RANKED;
export const RANKED_LIST_NAMES = Object.keys(RANKED) as RankedListName[];

export function createRankedLists(deps: { databases: Databases }) {
  const { databases } = deps;

  return {
    async list(member: TeamActor, list: RankedListName) {
      const { teamUID } = member;
      const rows = await repo.listRanked(databases.forTeam(teamUID), RANKED[list].table, teamUID);
      return rows.map((row, order) => ({ ...RANKED[list].present(row as never), order }));
    },

    /** Adds an item, or changes one (fields and/or its place after or before another). */
    async save(
      member: TeamActor,
      list: RankedListName,
      itemId: string | null,
      fields: Record<string, string>,
      placement: { after?: string | undefined; before?: string | undefined },
    ) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'lists');
      const { table, entity, prefix } = RANKED[list];
      try {
        return await databases.forTeam(teamUID).transaction(async (tx) => {
          const all = await repo.listRanked(tx, table, teamUID);
          const current = all.find((row) => row.id === itemId);
          if (itemId && !current) throw new NotFoundError('Item not found.');
          // An item saved without a placement keeps its place; a new one goes at the end.
          const moving = Boolean(placement.after ?? placement.before) || !itemId;
          const rank = moving ? placeAmong(all, placement, itemId ?? undefined) : undefined;
          if (rank === null) throw new BadRequestError(placementProblem(placement));
          const id = itemId ?? createPushId(prefix);
          if (itemId) {
            // Saving an item as it is changes nothing: nothing written, nobody told.
            if (!changedFields(current as Record<string, unknown>, fields) && !rank) return id;
            await repo.updateRanked(tx, table, teamUID, itemId, { ...fields, ...(rank && { rank }) });
          } else {
            await repo.insertRanked(tx, table, { teamId: teamUID, id, rank: rank!, ...fields });
          }
          await appendChange(tx, teamUID, { entity, op: itemId ? 'update' : 'create', ids: [id] });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('An item with that name is in this list already.');
        throw error;
      }
    },

    async remove(member: TeamActor, list: RankedListName, itemId: string) {
      const { teamUID } = requirePermission(member, 'manage-setup', 'lists');
      const { table, entity } = RANKED[list];
      await deleteTeamRow(databases, teamUID, table, itemId, { entity, notFound: 'Item not found.' });
    },
  };
}
