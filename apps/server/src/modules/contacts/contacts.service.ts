import { canSeePipeline, canSeePipelineItem, createPushId } from '@grouptrack/domain';
import { softDeleteContacts } from '../deletions';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import { createCapture } from './capture';
import { createBatchCapture } from './capture-batch';
import { createCoreData } from './core-data';
import { canSeeAll, createContactChanges, type PipelinePlacement } from './contact-changes';
import {
  checkOnePerPlatform,
  refreshHandles,
  writeFields,
  writeSources,
  writeStatusLabel,
  type ContactFields,
} from './contact-fields';
import { decodeCursor, encodeCursor, presentActivity, presentContact } from './contact-presenter';
import * as repo from './contacts.repository';
import { createDeals } from './deals';
import { createKnownPeople } from './known-people';
import { createMatches } from './matches';
import { createMerge } from './merge';
import { createNotes } from './notes';

export { HIDDEN_CONTACT_MESSAGE, NO_PIPELINE } from './contact-changes';
export type { PipelinePlacement } from './contact-changes';
export type { ContactFields } from './contact-fields';
export type { CaptureInput } from './capture';
export type {
  BatchCaptureInput,
  BatchCaptureResult,
  BatchHistory,
  BatchPerson,
  CapturedPerson,
} from './capture-batch';
export type { MatchQuery } from './matches';
export type { DealInput } from './deals';

export type ContactsService = ReturnType<typeof createContactsService>;

/**
 * The contacts module's service: a contact, its fields, profiles, pipelines, tags and history here;
 * capture, deals, notes and merging in their own files. Every change goes through
 * the one door of contact-changes.ts.
 */
export function createContactsService(deps: { databases: Databases; teams: TeamsService }) {
  const { databases } = deps;
  const changes = createContactChanges(deps);
  const { activity, announce, requireContact, changeContact, placeInPipeline, checkTags } = changes;
  const parts = { ...deps, changes };

  return {
    /** For other modules, inside their transaction: the contact if the member may see it. */
    requireVisibleContact: requireContact,

    /** For other modules, inside their transaction: stores history about a contact and announces it. */
    async writeHistory(
      tx: TeamDb,
      member: TeamActor,
      contactId: string,
      entries: {
        type: string;
        action: string;
        pipelineId?: string | null;
        note?: string | null;
        data?: Record<string, unknown>;
      }[],
    ) {
      const { placements } = await requireContact(tx, member, contactId);
      await repo.insertActivities(
        tx,
        entries.map((entry) => activity(member, contactId, entry)),
      );
      await announce(
        tx,
        member,
        contactId,
        'update',
        placements.map((row) => row.pipelineId),
      );
    },

    /** SPEC's contact: fields, sources, and per visible pipeline its stage, answers, tags and history. */
    async getContact(member: TeamActor, contactId: string) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const { contact, placements } = await requireContact(db, member, contactId);
      const [sources, tagRows, history, dealRows] = await Promise.all([
        repo.listSources(db, teamUID, contactId),
        repo.listContactTags(db, teamUID, contactId),
        repo.listStageHistory(db, teamUID, contactId),
        repo.listDeals(db, teamUID, contactId),
      ]);
      const visible = placements.filter((row) => canSeePipeline(member, row.pipelineId));
      return presentContact({ contact, visible, sources, tagRows, history, dealRows });
    },

    async updateContact(
      member: TeamActor,
      contactId: string,
      input: ContactFields & {
        sources?: repo.SourceInput[] | undefined;
        /** A label id sets it, null clears it. */
        statusLabelId?: string | null | undefined;
      },
    ) {
      checkOnePerPlatform(input.sources);
      await changeContact(member, contactId, async (tx, contact) => {
        const label = await writeStatusLabel(tx, contact, input.statusLabelId);
        const fields = [
          ...(await writeFields(tx, contact, input)),
          ...((await writeSources(tx, member, contactId, input.sources ?? [], 'refuse')) ? ['sources'] : []),
        ];
        const history = [
          ...(fields.length > 0
            ? [{ type: 'info', action: 'updated', data: { fields, ...formerEmail(contact, fields) } }]
            : []),
          ...(label ? [label] : []),
        ];
        return { history: history.map((entry) => activity(member, contactId, entry)) };
      });
    },

    /** Takes a platform profile off the contact; the person is then no longer found by it. */
    async removeSource(member: TeamActor, contactId: string, platform: string) {
      const { teamUID } = member;
      await changeContact(member, contactId, async (tx) => {
        if (!(await repo.deleteSource(tx, teamUID, contactId, platform))) {
          throw new NotFoundError(`This contact has no ${platform} profile.`);
        }
        await refreshHandles(tx, teamUID, contactId);
        return {
          history: [
            activity(member, contactId, { type: 'info', action: 'updated', data: { fields: ['sources'] } }),
          ],
        };
      });
    },

    async deleteContact(member: TeamActor, contactId: string) {
      const { teamUID } = member;
      if (!canSeeAll(member))
        throw new ForbiddenError('Only the team owner or an admin can delete contacts.');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const { placements } = await requireContact(tx, member, contactId);
        // Kept 30 days in the Recently deleted list; gone from boards, searches and exports now.
        await softDeleteContacts(tx, teamUID, [contactId], {
          id: createPushId('del_'),
          at: new Date(),
          byUid: member.userId,
          byName: member.name,
        });
        await announce(
          tx,
          member,
          contactId,
          'delete',
          placements.map((row) => row.pipelineId),
        );
      });
    },

    /** Adds the contact to a pipeline, or moves it to another stage of it: one write. */
    async setPipelineStage(member: TeamActor, contactId: string, placement: PipelinePlacement) {
      await changeContact(member, contactId, async (tx) => {
        const placed = await placeInPipeline(tx, member, contactId, placement);
        return { history: placed.activities, changed: placed.changed };
      });
    },

    async removeFromPipeline(member: TeamActor, contactId: string, pipelineId: string) {
      const { teamUID } = member;
      await changeContact(member, contactId, async (tx) => {
        if (
          !canSeePipeline(member, pipelineId) ||
          !(await repo.findContactPipeline(tx, teamUID, contactId, pipelineId))
        ) {
          throw new NotFoundError('This contact is not in that pipeline.');
        }
        await repo.deleteContactPipeline(tx, teamUID, contactId, pipelineId);
        return {
          history: [activity(member, contactId, { type: 'pipeline', action: 'removed', pipelineId })],
        };
      });
    },

    /** Tags or untags the contact; doing what is already done changes nothing. */
    async setTag(member: TeamActor, contactId: string, tagId: string, isTagged: boolean) {
      const { teamUID } = member;
      await changeContact(member, contactId, async (tx) => {
        const [tag] = await checkTags(tx, member, [tagId]);
        const changed = isTagged
          ? (await repo.addContactTags(tx, teamUID, contactId, [tagId])).length > 0
          : await repo.removeContactTag(tx, teamUID, contactId, tagId);
        if (!changed) return { history: [] };
        const action = isTagged ? 'added' : 'removed';
        const data = { tagUID: tagId, tag: tag!.name };
        return {
          history: [activity(member, contactId, { type: 'tag', action, pipelineId: tag!.pipelineId, data })],
        };
      });
    },

    async listActivities(
      member: TeamActor,
      contactId: string,
      options: { limit: number; before?: string | undefined },
    ) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      await requireContact(db, member, contactId);
      const before = options.before ? decodeCursor(options.before) : undefined;
      const rows = await repo.listActivities(db, teamUID, contactId, { limit: options.limit + 1, before });
      // Pipeline activities of pipelines the member may not see stay hidden.
      const visible = rows.slice(0, options.limit).filter((row) => canSeePipelineItem(member, row));
      const last = rows[options.limit - 1];
      return {
        items: visible.map(presentActivity),
        nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    ...createCapture(parts),
    ...createBatchCapture(parts),
    ...createCoreData(parts),
    ...createKnownPeople(parts),
    ...createMatches(parts),
    ...createDeals(parts),
    ...createNotes(parts),
    ...createMerge(parts),
  };
}

/** The address a change replaced, kept in its history line: connections are told the old one too. */
function formerEmail(contact: { emailAddress: string | null }, fields: string[]) {
  return fields.includes('emailAddress') && contact.emailAddress
    ? { oldEmailAddress: contact.emailAddress }
    : {};
}
