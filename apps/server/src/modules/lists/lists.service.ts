import {
  can,
  canSeePipelineItem,
  changedFields,
  createPushId,
  extractContactDetails,
  placeAmong,
  placementProblem,
  type SearchFilter,
} from '@grouptrack/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { deleteTeamRow } from '../../platform/db/team-rows';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import { findTagsWithSets } from '../contacts';
import type { Actor, TeamActor } from '../../platform/http/actor';
import { requirePermission } from '../../platform/http/permission';
import { appendChange } from '../../platform/realtime';
import {
  filterSets,
  phases,
  savedTagPosts,
  statusLabels,
  teamQuestions,
  testQuestions,
} from '../../platform/db/team-schema';
import { checkFilterReferences, visibleFilter } from '../search/filter-references';
import type { TeamsService } from '../teams/teams.service';

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

export type ListsService = ReturnType<typeof createListsService>;

export function createListsService(deps: { databases: Databases; teams: TeamsService }) {
  const { databases, teams } = deps;

  async function listRows(db: TeamDb, list: RankedListName, teamId: string) {
    const { table } = RANKED[list];
    return db.select().from(table).where(eq(table.teamId, teamId)).orderBy(asc(table.rank));
  }

  return {
    async list(actor: Actor, teamUID: string, list: RankedListName) {
      await teams.requireMember(actor, teamUID);
      const rows = await listRows(databases.forTeam(teamUID), list, teamUID);
      return rows.map((row, order) => ({ ...RANKED[list].present(row as never), order }));
    },

    /** Adds an item, or changes one (fields and/or its place after or before another). */
    async save(
      actor: Actor,
      teamUID: string,
      list: RankedListName,
      itemId: string | null,
      fields: Record<string, string>,
      placement: { after?: string | undefined; before?: string | undefined },
    ) {
      requirePermission(await teams.requireMember(actor, teamUID), 'manage-setup', 'lists');
      const { table, entity, prefix } = RANKED[list];
      try {
        return await databases.forTeam(teamUID).transaction(async (tx) => {
          const all = await listRows(tx, list, teamUID);
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
            await tx
              .update(table)
              .set({ ...fields, ...(rank && { rank }), updatedAt: new Date() })
              .where(and(eq(table.teamId, teamUID), eq(table.id, itemId)));
          } else {
            await tx.insert(table).values({ teamId: teamUID, id, rank: rank!, ...fields } as never);
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

    async remove(actor: Actor, teamUID: string, list: RankedListName, itemId: string) {
      requirePermission(await teams.requireMember(actor, teamUID), 'manage-setup', 'lists');
      const { table, entity } = RANKED[list];
      await deleteTeamRow(databases, teamUID, table, itemId, { entity, notFound: 'Item not found.' });
    },

    /** Sample answers, each with what capturing would read out of it under the team's questions. */
    async listTestQuestions(actor: Actor, teamUID: string) {
      await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      const [samples, marked] = await Promise.all([
        db
          .select()
          .from(testQuestions)
          .where(eq(testQuestions.teamId, teamUID))
          .orderBy(asc(testQuestions.createdAt)),
        db.select().from(teamQuestions).where(eq(teamQuestions.teamId, teamUID)),
      ]);
      return samples.map((row) => ({
        testQuestionUID: row.id,
        question: row.question,
        answer: row.answer,
        captured: extractContactDetails([{ question: row.question, answer: row.answer }], marked),
      }));
    },

    async addTestQuestion(actor: Actor, teamUID: string, input: { question: string; answer: string }) {
      requirePermission(await teams.requireMember(actor, teamUID), 'manage-setup', 'lists');
      const id = createPushId('tq_');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        await tx.insert(testQuestions).values({ teamId: teamUID, id, ...input });
        await appendChange(tx, teamUID, { entity: 'test_question', op: 'create', ids: [id] });
      });
      return id;
    },

    async removeTestQuestion(actor: Actor, teamUID: string, itemId: string) {
      requirePermission(await teams.requireMember(actor, teamUID), 'manage-setup', 'lists');
      await deleteTeamRow(databases, teamUID, testQuestions, itemId, {
        entity: 'test_question',
        notFound: 'Test question not found.',
      });
    },

    /** Posts saved to tag their commenters; the auto responder reads them. */
    async listSavedTagPosts(actor: Actor, teamUID: string) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      const rows = await db
        .select()
        .from(savedTagPosts)
        .where(eq(savedTagPosts.teamId, teamUID))
        .orderBy(asc(savedTagPosts.createdAt));
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
      actor: Actor,
      teamUID: string,
      itemId: string | null,
      input: {
        platform?: string | undefined;
        url?: string | undefined;
        title?: string | undefined;
        tagIds?: string[] | undefined;
      },
    ) {
      const member = await teams.requireMember(actor, teamUID);
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
            const [stored] = await tx
              .select()
              .from(savedTagPosts)
              .where(and(eq(savedTagPosts.teamId, teamUID), eq(savedTagPosts.id, itemId)))
              .for('update');
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
            await tx
              .update(savedTagPosts)
              .set({ ...changes, updatedAt: new Date() })
              .where(and(eq(savedTagPosts.teamId, teamUID), eq(savedTagPosts.id, itemId)));
          } else {
            await tx.insert(savedTagPosts).values({
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

    async removeTagPost(actor: Actor, teamUID: string, itemId: string) {
      await teams.requireMember(actor, teamUID);
      await deleteTeamRow(databases, teamUID, savedTagPosts, itemId, {
        entity: 'saved_tag_post',
        notFound: 'Saved post not found.',
      });
    },

    /** Saved views (filter sets): every member sees the team's; a view belongs to who saved it. */
    async listFilterSets(actor: Actor, teamUID: string) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      const rows = await db
        .select()
        .from(filterSets)
        .where(eq(filterSets.teamId, teamUID))
        .orderBy(asc(filterSets.name));
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
      actor: Actor,
      teamUID: string,
      itemId: string | null,
      input: { name: string; filter: Record<string, unknown> },
    ) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      const id = itemId ?? createPushId('fs_');
      await db.transaction(async (tx) => {
        await checkFilterReferences(tx, member, input.filter, 'filter');
        if (itemId) {
          const [row] = await tx
            .select()
            .from(filterSets)
            .where(and(eq(filterSets.teamId, teamUID), eq(filterSets.id, itemId)));
          if (!row) throw new NotFoundError('Saved view not found.');
          if (row.ownerUid !== member.userId && !can(member.role, 'manage-setup')) {
            throw new ForbiddenError('Only who saved this view, the owner or an admin can change it.');
          }
          await tx
            .update(filterSets)
            .set({ ...input, updatedAt: new Date() })
            .where(and(eq(filterSets.teamId, teamUID), eq(filterSets.id, itemId)));
        } else {
          await tx.insert(filterSets).values({ teamId: teamUID, id, ownerUid: member.userId, ...input });
        }
        await appendChange(tx, teamUID, {
          entity: 'filter_set',
          op: itemId ? 'update' : 'create',
          ids: [id],
        });
      });
      return id;
    },

    async removeFilterSet(actor: Actor, teamUID: string, itemId: string) {
      const member = await teams.requireMember(actor, teamUID);
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(filterSets)
          .where(and(eq(filterSets.teamId, teamUID), eq(filterSets.id, itemId)));
        if (!row) throw new NotFoundError('Saved view not found.');
        if (row.ownerUid !== member.userId && !can(member.role, 'manage-setup')) {
          throw new ForbiddenError('Only who saved this view, the owner or an admin can delete it.');
        }
        await tx.delete(filterSets).where(and(eq(filterSets.teamId, teamUID), eq(filterSets.id, itemId)));
        await appendChange(tx, teamUID, { entity: 'filter_set', op: 'delete', ids: [itemId] });
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
