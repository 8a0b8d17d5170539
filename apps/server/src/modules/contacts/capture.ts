import {
  canAddContacts,
  canSeePipelineItem,
  CONTACT_ADDED_BACKDATE_MS,
  createContactId,
  extractContactDetails,
  type Subscription,
  orphanKey,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError, BadRequestError, LimitReachedError } from '../../platform/errors';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import {
  canSeeAll,
  canSeeContact,
  HiddenContactError,
  type ContactChanges,
  type PipelinePlacement,
} from './contact-changes';
import {
  checkOnePerPlatform,
  columnsOf,
  writeFields,
  writeSources,
  type ContactFields,
} from './contact-fields';
import { findKeptPlacements, restore } from '../deletions';
import * as repo from './contacts.repository';

export interface CaptureInput extends ContactFields {
  sources?: repo.SourceInput[] | undefined;
  pipeline?: PipelinePlacement | undefined;
  tagIds?: string[] | undefined;
  /** Tag names as they arrived ("Set: Tag" or "Tag"); names that match no tag wait in orphaned tags. */
  tagNames?: string[] | undefined;
  /**
   * Only a new person: the same person found again is left unchanged and named in a 409 (a contact
   * added by hand, whose form has already shown the match). Capture brings them up to date instead.
   */
  createOnly?: boolean | undefined;
}

/** 409 `contact-exists`: a contact added by hand is someone already in GroupTrack; details name them. */
export class ContactExistsError extends AppError {
  constructor(name: string, contactId: string, by: 'profile' | 'email') {
    super(
      409,
      'contact-exists',
      `${name || 'This person'} is already in GroupTrack with this ${by === 'email' ? 'email address' : 'profile'}. Open them instead.`,
      { GTID: contactId, name, matchedBy: by },
    );
  }
}

/**
 * Capture: a person as the extension, a form or the API hands them in, created or found again and
 * brought up to date, placed and tagged, in one transaction.
 */
export function createCapture(deps: { databases: Databases; teams: TeamsService; changes: ContactChanges }) {
  const { databases, teams, changes } = deps;
  const { activity, placeInPipeline, checkTags, recordChange } = changes;

  /** PRODUCT.md: capturing a member request pulls email and phone out of the membership answers. */
  async function withAnswerDetails(tx: TeamDb, teamUID: string, input: CaptureInput): Promise<CaptureInput> {
    const answers = input.pipeline?.questions ?? [];
    if (answers.length === 0 || (input.emailAddress && input.phoneNumber)) return input;
    const found = extractContactDetails(answers, await repo.listTeamQuestions(tx, teamUID));
    return {
      ...input,
      emailAddress: input.emailAddress ?? found.emailAddress,
      phoneNumber: input.phoneNumber ?? found.phoneNumber,
    };
  }

  /** The tags that tag names stand for; a name matching no single visible tag is kept as orphaned. */
  async function matchTagNames(tx: TeamDb, member: TeamActor, contactId: string, names: string[]) {
    if (names.length === 0) return [];
    const wanted = names
      .map((raw) => {
        const colon = raw.indexOf(':');
        return colon > 0
          ? { raw: raw.trim(), set: raw.slice(0, colon).trim(), tag: raw.slice(colon + 1).trim() }
          : { raw: raw.trim(), set: null, tag: raw.trim() };
      })
      .filter((item) => item.tag !== '');
    const candidates = (
      await repo.findTagsByName(
        tx,
        member.teamUID,
        wanted.map((item) => item.tag),
      )
    ).filter((tag) => canSeePipelineItem(member, tag));
    const tagIds: string[] = [];
    const orphans: { teamId: string; key: string; name: string; contactId: string }[] = [];
    for (const item of wanted) {
      const matches = candidates.filter(
        (tag) =>
          tag.name.toLowerCase() === item.tag.toLowerCase() &&
          (!item.set || tag.tagSetName.toLowerCase() === item.set.toLowerCase()),
      );
      if (matches.length === 1) tagIds.push(matches[0]!.tagId);
      else orphans.push({ teamId: member.teamUID, key: orphanKey(item.raw), name: item.raw, contactId });
    }
    await repo.recordOrphanedTags(tx, orphans);
    return tagIds;
  }

  async function insertNewContact(
    tx: TeamDb,
    member: TeamActor,
    input: CaptureInput,
    subscription: Subscription,
  ) {
    const verdict = canAddContacts({
      ...subscription,
      contactCount: await repo.countContacts(tx, member.teamUID),
    });
    if (!verdict.ok) throw new LimitReachedError(verdict.message);
    const id = createContactId();
    await repo.insertContact(tx, { teamId: member.teamUID, id, ...columnsOf(input) });
    return id;
  }

  return {
    /**
     * Creates a contact, or updates the same person found again by platform and profile id,
     * platform and username, or email; places them in a pipeline and tags them. One transaction.
     */
    async captureContact(member: TeamActor, captured: CaptureInput) {
      checkOnePerPlatform(captured.sources);
      const { teamUID } = member;
      if (!captured.pipeline && !canSeeAll(member)) {
        throw new BadRequestError('Invalid pipeline: choose a pipeline you work in for this contact.');
      }
      const sources = captured.sources ?? [];
      // Read before the shard transaction: the directory may share PGlite's one connection.
      const subscription = await teams.getSubscription(teamUID);
      let outcome: { contactId: string; created: boolean; hidden: boolean };
      for (let attempt = 0; ; attempt += 1) {
        try {
          outcome = await databases.forTeam(teamUID).transaction(async (tx) => {
            const input = await withAnswerDetails(tx, teamUID, captured);
            const [match] = await repo.findContactsByIdentity(
              tx,
              teamUID,
              { sources, emailAddress: input.emailAddress },
              1,
              { includeDeleted: true },
            );
            const found = match?.contactId ?? null;
            // A deleted person captured again comes back, as they were (HubSpot does the same): their
            // profiles are still theirs, so a new contact could not take them.
            const before = !found
              ? []
              : match!.deleted
                ? await findKeptPlacements(tx, teamUID, [found])
                : await repo.listContactPipelines(tx, teamUID, found);
            // Someone the member may not see is neither shown nor changed: the managers are told.
            if (
              found &&
              !canSeeContact(
                member,
                before.map((row) => row.pipelineId),
              )
            ) {
              return { contactId: found, created: false, hidden: true };
            }
            const restored = match?.deleted === true;
            if (restored) await restore(tx, teamUID, { contactIds: [found!] });
            if (match && !restored && captured.createOnly) {
              const contact = await repo.findContact(tx, teamUID, match.contactId);
              throw new ContactExistsError(contact?.name ?? '', match.contactId, match.by);
            }
            const created = !found;
            const contactId = found ?? (await insertNewContact(tx, member, input, subscription));
            const written: repo.ActivityInsert[] = [];
            let changed = created || restored;
            if (created) {
              const at = new Date(Date.now() - CONTACT_ADDED_BACKDATE_MS.initial);
              written.push(
                activity(member, contactId, {
                  type: 'contact',
                  action: 'created',
                  at,
                  data: { sources: sources.map((s) => s.platform) },
                }),
              );
              await writeSources(tx, member, contactId, sources, 'skip');
            } else {
              const fields = [
                ...(await writeFields(tx, (await repo.findContact(tx, teamUID, contactId))!, input)),
                ...((await writeSources(tx, member, contactId, sources, 'skip')) ? ['sources'] : []),
              ];
              if (fields.length > 0)
                written.push(
                  activity(member, contactId, { type: 'info', action: 'updated', data: { fields } }),
                );
            }
            if (input.pipeline) {
              const placed = await placeInPipeline(tx, member, contactId, input.pipeline);
              written.push(...placed.activities);
              changed ||= placed.changed;
            }
            const tagIds = [
              ...new Set([
                ...(input.tagIds ?? []),
                ...(await matchTagNames(tx, member, contactId, input.tagNames ?? [])),
              ]),
            ];
            if (tagIds.length > 0) {
              const tagged = await checkTags(tx, member, tagIds);
              const added = await repo.addContactTags(tx, teamUID, contactId, tagIds);
              for (const tagId of added) {
                const tag = tagged.find((row) => row.tagId === tagId)!;
                written.push(
                  activity(member, contactId, {
                    type: 'tag',
                    action: 'added',
                    pipelineId: tag.pipelineId,
                    data: { tagUID: tagId, tag: tag.name },
                  }),
                );
              }
            }
            await recordChange(
              tx,
              member,
              contactId,
              before,
              { history: written, changed: created || changed },
              created ? 'create' : 'update',
            );
            return { contactId, created, hidden: false };
          });
          break;
        } catch (error) {
          // Two captures of one new person at once, or a rare GTID collision: the retry finds them.
          if (isUniqueViolation(error) && attempt < 2) continue;
          throw error;
        }
      }
      if (outcome.hidden) {
        await teams.tellManagers(teamUID, {
          // Once per member and person, however often they capture them.
          key: `hidden-capture_${teamUID}_${outcome.contactId}_${member.userId}`,
          subject: `${member.name} tried to add someone who is in a pipeline they cannot see`,
          text: `${member.name} captured a person who is already in GroupTrack, in a pipeline ${member.name} cannot see. Nothing was changed. If ${member.name} should work with this person, add them to one of their pipelines:`,
          path: `/contact/${outcome.contactId}`,
        });
        throw new HiddenContactError();
      }
      return { contactId: outcome.contactId, created: outcome.created };
    },
  };
}
