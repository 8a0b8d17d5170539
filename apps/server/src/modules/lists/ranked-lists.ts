import { can, changedFields, createPushId, placeAmong, placementProblem } from '@grouptrack/domain';
import { and, eq } from 'drizzle-orm';
import type { Databases } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { deleteTeamRow } from '../../platform/db/team-rows';
import { phases, statusLabels, teamQuestions } from '../../platform/db/team-schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import * as repo from './lists.repository';
import { clearStatusLabel, countLabelledContacts } from './status-label-use';

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

  /** Deletes a label and, in the same transaction, takes it off the contacts that carried it. */
  async function removeStatusLabel(teamUID: string, labelId: string) {
    await databases.forTeam(teamUID).transaction(async (tx) => {
      const deleted = await tx
        .delete(statusLabels)
        .where(and(eq(statusLabels.teamId, teamUID), eq(statusLabels.id, labelId)))
        .returning({ id: statusLabels.id });
      if (deleted.length === 0) throw new NotFoundError('Item not found.');
      await clearStatusLabel(tx, teamUID, labelId);
      // One event for the label, none per contact: clients drop it wherever they show it. Its count
      // stays out of the event, which members of every pipeline receive.
      await appendChange(tx, teamUID, { entity: 'status_label', op: 'delete', ids: [labelId] });
    });
  }

  return {
    async list(member: TeamActor, list: RankedListName) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const rows = await repo.listRanked(db, RANKED[list].table, teamUID);
      const items = rows.map((row, order) => ({ ...RANKED[list].present(row as never), order }));
      if (list !== 'status-labels') return items;
      const visible = can(member.role, 'see-all-pipelines') ? 'all' : member.groupAccess;
      const counts = await countLabelledContacts(db, teamUID, visible);
      return items.map((item) => ({
        ...item,
        contactCount: ('labelUID' in item && counts.get(item.labelUID)) || 0,
      }));
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
      if (list === 'status-labels') return removeStatusLabel(teamUID, itemId);
      await deleteTeamRow(databases, teamUID, table, itemId, { entity, notFound: 'Item not found.' });
    },
  };
}
