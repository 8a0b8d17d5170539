import {
  CONTACT_ADDED_BACKDATE_MS,
  can,
  canAddContacts,
  canSeePipeline,
  changedFields,
  createContactId,
  createPushId,
  extractContactDetails,
  rankBetween,
  type Subscription,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  LimitReachedError,
  NotFoundError,
} from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import { appendChange } from '../../platform/realtime';
import * as pipelineData from '../pipelines';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import * as repo from './contacts.repository';

/** One orphaned tag whatever its spelling: trimmed, lower case, single spaces. */
export function orphanKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Events about contacts in no pipeline carry this, which only owners and admins may see. */
export const NO_PIPELINE = '_none';

/** What a member capturing or importing someone they may not see is told, and nothing more. */
export const HIDDEN_CONTACT_MESSAGE =
  'This person is already in GroupTrack, in a pipeline you cannot see. The team owner and admins have been told, so they can add them to your pipeline.';

/** 409 `contact-hidden`: the person exists, but in no pipeline the member works in. */
export class HiddenContactError extends AppError {
  constructor() {
    super(409, 'contact-hidden', HIDDEN_CONTACT_MESSAGE);
  }
}

/** Whether a member sees a contact placed in these pipelines: owners and admins see every contact. */
export function canSeeContact(
  member: Pick<TeamActor, 'role' | 'groupAccess'>,
  pipelineIds: readonly string[],
): boolean {
  return (
    can(member.role, 'see-all-pipelines') ||
    pipelineIds.some((pipelineId) => canSeePipeline(member, pipelineId))
  );
}

/** The fields of `patch` whose value differs from the stored row: an unchanged value is no change. */
/** A contact has one profile per platform: a platform given twice is refused, naming it. */
function checkOnePerPlatform(sources: repo.SourceInput[] | undefined) {
  const platforms = (sources ?? []).map((source) => source.platform);
  const twice = platforms.find((platform, index) => platforms.indexOf(platform) !== index);
  if (twice) throw new BadRequestError(`Invalid sources: ${twice} is given twice; give each platform once.`);
}

/** The sources that would add or change something on the contact (a source fills only what it has). */
function changedSources(stored: repo.SourceRow[], sources: repo.SourceInput[]) {
  return sources.filter((source) => {
    const known = stored.find((row) => row.platform === source.platform);
    return (
      !known ||
      (!!source.profileId && source.profileId !== known.profileId) ||
      (!!source.username && source.username !== known.username) ||
      (!!source.url && source.url !== known.url)
    );
  });
}

export interface ContactFields {
  firstName?: string | undefined;
  lastName?: string | undefined;
  name?: string | undefined;
  emailAddress?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  photoURL?: string | null | undefined;
}

export interface PipelinePlacement {
  pipelineId: string;
  stageId?: string | undefined;
  questions?: { question: string; answer: string }[] | undefined;
}

export interface CaptureInput extends ContactFields {
  sources?: repo.SourceInput[] | undefined;
  pipeline?: PipelinePlacement | undefined;
  tagIds?: string[] | undefined;
  /** Tag names as they arrived ("Set: Tag" or "Tag"); names that match no tag wait in orphaned tags. */
  tagNames?: string[] | undefined;
}

export interface DealInput {
  name?: string | undefined;
  value?: number | undefined;
  currency?: string | undefined;
  status?: 'open' | 'won' | 'lost' | undefined;
  pipelineId?: string | null | undefined;
}

export type ContactsService = ReturnType<typeof createContactsService>;

export function createContactsService(deps: { databases: Databases; teams: TeamsService }) {
  const { databases, teams } = deps;

  const by = (member: TeamActor) => ({ createdBy: member.name, createdByUid: member.userId });

  function activity(
    member: TeamActor,
    contactId: string,
    entry: {
      type: string;
      action: string;
      pipelineId?: string | null;
      note?: string | null;
      data?: Record<string, unknown>;
      at?: Date;
    },
  ): repo.ActivityInsert {
    return {
      teamId: member.teamUID,
      id: createPushId('act_', entry.at?.getTime()),
      contactId,
      pipelineId: entry.pipelineId ?? null,
      type: entry.type,
      action: entry.action,
      createdAt: entry.at ?? new Date(),
      note: entry.note ?? null,
      data: entry.data ?? {},
      ...by(member),
    };
  }

  /** One change event per pipeline the contact is in, so each member hears only of theirs. */
  async function announce(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    op: 'create' | 'update' | 'delete',
    pipelineIds: string[],
  ) {
    for (const pipelineId of pipelineIds.length > 0 ? pipelineIds : [NO_PIPELINE]) {
      await appendChange(tx, member.teamUID, { entity: 'contact', op, ids: [contactId], pipelineId });
    }
  }

  const canSeeAll = (member: TeamActor) => can(member.role, 'see-all-pipelines');

  /** The contact if the member may see it: owners and admins see all, members those in their pipelines. */
  async function requireContact(tx: TeamDb, member: TeamActor, contactId: string) {
    const contact = await repo.findContact(tx, member.teamUID, contactId);
    if (!contact) throw new NotFoundError('Contact not found.');
    const placements = await repo.listContactPipelines(tx, member.teamUID, contactId);
    if (
      !canSeeContact(
        member,
        placements.map((row) => row.pipelineId),
      )
    ) {
      throw new NotFoundError('Contact not found.');
    }
    return { contact, placements };
  }

  /** What one change did: its history, and whether it changed something the history leaves out. */
  interface ChangeOutcome<T> {
    history: repo.ActivityInsert[];
    /** A change without an activity of its own (answers to questions) still tells open clients. */
    changed?: boolean;
    result?: T;
  }

  /**
   * Stores a change's history and announces it to every pipeline the contact was or is in. A change
   * that changed nothing writes nothing: no activity, no event.
   */
  async function recordChange(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    before: { pipelineId: string }[],
    outcome: Pick<ChangeOutcome<unknown>, 'history' | 'changed'>,
    op: 'create' | 'update' = 'update',
  ) {
    if (outcome.history.length === 0 && !outcome.changed) return;
    await repo.insertActivities(tx, outcome.history);
    const after = await repo.listContactPipelines(tx, member.teamUID, contactId);
    const pipelineIds = new Set([...before, ...after].map((row) => row.pipelineId));
    await announce(tx, member, contactId, op, [...pipelineIds]);
  }

  /**
   * One change to a contact the member may see, in one transaction: `work` writes and answers the
   * history it made, which is stored and announced to every pipeline the contact was or is in.
   */
  async function changeContact<T>(
    actor: Actor,
    teamUID: string,
    contactId: string,
    work: (tx: TeamDb, member: TeamActor, contact: repo.ContactRow) => Promise<ChangeOutcome<T>>,
  ): Promise<T | undefined> {
    const member = await teams.requireMember(actor, teamUID);
    return databases.forTeam(teamUID).transaction(async (tx) => {
      const before = await requireContact(tx, member, contactId);
      const outcome = await work(tx, member, before.contact);
      await recordChange(tx, member, contactId, before.placements, outcome);
      return outcome.result;
    });
  }

  /**
   * The pipeline and the stage a placement asks for: the one named, else where the contact already
   * is in that pipeline, else its first stage.
   */
  async function requirePipelineStage(
    tx: TeamDb,
    member: TeamActor,
    placement: PipelinePlacement,
    currentStageId?: string,
  ) {
    const pipeline = await pipelineData.findPipeline(tx, member.teamUID, placement.pipelineId);
    if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
    const stages = await pipelineData.listStages(tx, member.teamUID, [pipeline.id]);
    const stage = stages.find((item) => item.id === (placement.stageId ?? currentStageId)) ?? stages[0];
    if (!stage || (placement.stageId && stage.id !== placement.stageId))
      throw new BadRequestError(
        `Invalid stageId: ${placement.stageId ?? '(none)'} is not a stage of this pipeline.`,
      );
    return { pipeline, stage };
  }

  /**
   * Puts a contact in a pipeline's stage, or moves it there; writes history and the activity.
   * `changed` says whether anything changed, history or not (new answers to the questions).
   */
  async function placeInPipeline(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    placement: PipelinePlacement,
    options: { addedAt?: Date } = {},
  ): Promise<{ activities: repo.ActivityInsert[]; changed: boolean }> {
    const teamId = member.teamUID;
    const existing = await repo.findContactPipeline(tx, teamId, contactId, placement.pipelineId);
    const { pipeline, stage } = await requirePipelineStage(tx, member, placement, existing?.stageId);
    const now = new Date();
    const history = {
      teamId,
      contactId,
      pipelineId: pipeline.id,
      id: createPushId('sh_'),
      stageId: stage.id,
      byUid: member.userId,
    };
    if (!existing) {
      await repo.insertContactPipeline(tx, {
        teamId,
        contactId,
        pipelineId: pipeline.id,
        stageId: stage.id,
        questions: placement.questions ?? [],
        rank: rankBetween(await repo.lastCardRank(tx, teamId, pipeline.id, stage.id), null),
      });
      await repo.insertStageHistory(tx, history);
      const at = options.addedAt ?? new Date(now.getTime() - CONTACT_ADDED_BACKDATE_MS.pipelineAdd);
      return {
        changed: true,
        activities: [
          activity(member, contactId, {
            type: 'pipeline',
            action: 'added',
            pipelineId: pipeline.id,
            at,
            data: { pipeline: pipeline.nickName, stage: stage.name, stageUID: stage.id },
          }),
        ],
      };
    }
    const moved = existing.stageId !== stage.id;
    // Stored answers come back from jsonb with their keys reordered: compare them by content.
    const answersOf = (list: { question: string; answer: string }[]) =>
      JSON.stringify(list.map((item) => [item.question, item.answer]));
    const answered =
      placement.questions !== undefined && answersOf(placement.questions) !== answersOf(existing.questions);
    await repo.updateContactPipeline(tx, teamId, contactId, pipeline.id, {
      ...(moved && {
        stageId: stage.id,
        stageChangedAt: now,
        rank: rankBetween(await repo.lastCardRank(tx, teamId, pipeline.id, stage.id), null),
      }),
      ...(answered && { questions: placement.questions }),
    });
    if (!moved) return { activities: [], changed: answered };
    await repo.insertStageHistory(tx, history);
    return {
      changed: true,
      activities: [
        activity(member, contactId, {
          type: 'stage',
          action: 'changed',
          pipelineId: pipeline.id,
          data: { from: existing.stageId, to: stage.id, stage: stage.name },
        }),
      ],
    };
  }

  async function checkTags(tx: TeamDb, member: TeamActor, tagIds: string[]) {
    const found = await repo.findTagsWithSets(tx, member.teamUID, tagIds);
    for (const tagId of tagIds) {
      const tag = found.find((row) => row.tagId === tagId);
      if (!tag || (tag.pipelineId !== null && !canSeePipeline(member, tag.pipelineId))) {
        throw new BadRequestError(`Invalid tagIds: ${tagId} is not a tag of this team.`);
      }
    }
    return found;
  }

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
    ).filter((tag) => tag.pipelineId === null || canSeePipeline(member, tag.pipelineId));
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

  function namesOf(fields: ContactFields) {
    const first = fields.firstName?.trim();
    const last = fields.lastName?.trim();
    if (fields.name !== undefined && first === undefined && last === undefined) {
      const [head = '', ...rest] = fields.name.trim().split(/\s+/);
      return { name: fields.name.trim(), firstName: head, lastName: rest.join(' ') };
    }
    if (first === undefined && last === undefined) return {};
    return {
      firstName: first ?? '',
      lastName: last ?? '',
      name: fields.name?.trim() || [first, last].filter(Boolean).join(' '),
    };
  }

  function columnsOf(fields: ContactFields) {
    return {
      ...namesOf(fields),
      ...(fields.emailAddress !== undefined && { emailAddress: fields.emailAddress }),
      ...(fields.phoneNumber !== undefined && { phoneNumber: fields.phoneNumber }),
      ...(fields.photoURL !== undefined && { photoUrl: fields.photoURL }),
    };
  }

  async function refreshHandles(tx: TeamDb, teamId: string, contactId: string) {
    const sources = await repo.listSources(tx, teamId, contactId);
    const handles = sources
      .map((source) => source.username)
      .filter(Boolean)
      .join(' ');
    await repo.updateContact(tx, teamId, contactId, { handles });
  }

  /** Writes the fields that differ from the stored contact; answers their names. */
  async function writeFields(tx: TeamDb, contact: repo.ContactRow, fields: ContactFields) {
    const changed = changedFields(contact, columnsOf(fields));
    if (changed) await repo.updateContact(tx, contact.teamId, contact.id, changed);
    return Object.keys(changed ?? {});
  }

  /**
   * Adds or completes the sources that change something; answers whether any did. A profile that is
   * already another contact's stays theirs: `onTaken` says what to do with it (skip it, or refuse).
   */
  async function writeSources(
    tx: TeamDb,
    member: TeamActor,
    contactId: string,
    sources: repo.SourceInput[],
    onTaken: 'skip' | 'refuse',
  ) {
    const teamId = member.teamUID;
    if (sources.length === 0) return false;
    let changed = changedSources(await repo.listSources(tx, teamId, contactId), sources);
    const taken = await repo.findSourceOwners(tx, teamId, contactId, changed);
    if (taken.length > 0 && onTaken === 'refuse') {
      const [first] = taken;
      const placements = await repo.listContactPipelines(tx, teamId, first!.contactId);
      if (
        !canSeeContact(
          member,
          placements.map((row) => row.pipelineId),
        )
      )
        throw new HiddenContactError();
      throw new ConflictError(
        `Invalid sources: this ${first!.platform} profile is already on another contact (${first!.contactId}); merge the two contacts instead.`,
      );
    }
    changed = changed.filter((source) => !taken.some((row) => row.platform === source.platform));
    if (changed.length === 0) return false;
    await repo.upsertSources(tx, teamId, contactId, changed);
    if (changed.some((source) => source.username)) await refreshHandles(tx, teamId, contactId);
    return true;
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
    /** For other modules, inside their transaction: the contact if the member may see it. */
    requireVisibleContact: requireContact,

    /** For other modules, inside their transaction: stores history about a contact and announces it. */
    async writeHistory(
      tx: TeamDb,
      member: TeamActor,
      contactId: string,
      entries: { type: string; action: string; note?: string | null; data?: Record<string, unknown> }[],
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

    /**
     * Creates a contact, or updates the same person found again by platform and profile id,
     * platform and username, or email; places them in a pipeline and tags them. One transaction.
     */
    async captureContact(actor: Actor, teamUID: string, captured: CaptureInput) {
      checkOnePerPlatform(captured.sources);
      const member = await teams.requireMember(actor, teamUID);
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
            const found = await repo.findContactIdByIdentity(tx, teamUID, {
              sources,
              emailAddress: input.emailAddress,
            });
            const before = found ? await repo.listContactPipelines(tx, teamUID, found) : [];
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
            const created = !found;
            const contactId = found ?? (await insertNewContact(tx, member, input, subscription));
            const written: repo.ActivityInsert[] = [];
            let changed = created;
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

    /** SPEC's contact: fields, sources, and per visible pipeline its stage, answers, tags and history. */
    async getContact(actor: Actor, teamUID: string, contactId: string) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      const { contact, placements } = await requireContact(db, member, contactId);
      const [sources, tagRows, history, dealRows] = await Promise.all([
        repo.listSources(db, teamUID, contactId),
        repo.listContactTags(db, teamUID, contactId),
        repo.listStageHistory(db, teamUID, contactId),
        repo.listDeals(db, teamUID, contactId),
      ]);
      const visible = placements.filter((row) => canSeePipeline(member, row.pipelineId));
      const tagsBySet = (rows: typeof tagRows) =>
        rows.reduce<Record<string, string[]>>((sets, row) => {
          (sets[row.tagSetId] ??= []).push(row.tagId);
          return sets;
        }, {});
      return {
        GTID: contact.id,
        firstName: contact.firstName,
        lastName: contact.lastName,
        name: contact.name,
        emailAddress: contact.emailAddress,
        phoneNumber: contact.phoneNumber,
        photoURL: contact.photoUrl,
        sources: Object.fromEntries(
          sources.map((source) => [
            source.platform,
            { profileID: source.profileId, username: source.username, url: source.url },
          ]),
        ),
        globalTagSets: tagsBySet(tagRows.filter((row) => row.pipelineId === null)),
        groupData: Object.fromEntries(
          visible.map((row) => [
            row.pipelineId,
            {
              stage: row.stageId,
              questions: row.questions,
              addedAt: row.addedAt.toISOString(),
              tagSets: tagsBySet(tagRows.filter((tag) => tag.pipelineId === row.pipelineId)),
              deals: dealRows.filter((deal) => deal.pipelineId === row.pipelineId).map(presentDeal),
              stagesHistory: history
                .filter((entry) => entry.pipelineId === row.pipelineId)
                .map((entry) => ({
                  stage: entry.stageId,
                  enteredAt: entry.enteredAt.toISOString(),
                  byUID: entry.byUid,
                })),
            },
          ]),
        ),
        createdAt: contact.createdAt.toISOString(),
        updatedAt: contact.updatedAt.toISOString(),
      };
    },

    async updateContact(
      actor: Actor,
      teamUID: string,
      contactId: string,
      input: ContactFields & { sources?: repo.SourceInput[] | undefined },
    ) {
      checkOnePerPlatform(input.sources);
      await changeContact(actor, teamUID, contactId, async (tx, member, contact) => {
        const fields = [
          ...(await writeFields(tx, contact, input)),
          ...((await writeSources(tx, member, contactId, input.sources ?? [], 'refuse')) ? ['sources'] : []),
        ];
        if (fields.length === 0) return { history: [] };
        return {
          history: [activity(member, contactId, { type: 'info', action: 'updated', data: { fields } })],
        };
      });
    },

    /** Takes a platform profile off the contact; the person is then no longer found by it. */
    async removeSource(actor: Actor, teamUID: string, contactId: string, platform: string) {
      await changeContact(actor, teamUID, contactId, async (tx, member) => {
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

    async deleteContact(actor: Actor, teamUID: string, contactId: string) {
      const member = await teams.requireMember(actor, teamUID);
      if (!canSeeAll(member))
        throw new ForbiddenError('Only the team owner or an admin can delete contacts.');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const { placements } = await requireContact(tx, member, contactId);
        await repo.deleteContact(tx, teamUID, contactId);
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
    async setPipelineStage(actor: Actor, teamUID: string, contactId: string, placement: PipelinePlacement) {
      await changeContact(actor, teamUID, contactId, async (tx, member) => {
        const placed = await placeInPipeline(tx, member, contactId, placement);
        return { history: placed.activities, changed: placed.changed };
      });
    },

    async removeFromPipeline(actor: Actor, teamUID: string, contactId: string, pipelineId: string) {
      await changeContact(actor, teamUID, contactId, async (tx, member) => {
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
    async setTag(actor: Actor, teamUID: string, contactId: string, tagId: string, isTagged: boolean) {
      await changeContact(actor, teamUID, contactId, async (tx, member) => {
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
      actor: Actor,
      teamUID: string,
      contactId: string,
      options: { limit: number; before?: string | undefined },
    ) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      await requireContact(db, member, contactId);
      const before = options.before ? decodeCursor(options.before) : undefined;
      const rows = await repo.listActivities(db, teamUID, contactId, { limit: options.limit + 1, before });
      // Pipeline activities of pipelines the member may not see stay hidden.
      const visible = rows
        .slice(0, options.limit)
        .filter((row) => row.pipelineId === null || canSeePipeline(member, row.pipelineId));
      const last = rows[options.limit - 1];
      return {
        items: visible.map((row) => ({
          activityUID: row.id,
          type: row.type,
          action: row.action,
          createdAt: row.createdAt.toISOString(),
          createdAtUnix: Math.floor(row.createdAt.getTime() / 1000),
          createdBy: row.createdBy,
          createdByUID: row.createdByUid,
          note: row.note,
          data: row.data,
          pipelineID: row.pipelineId,
        })),
        nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },

    async listDeals(actor: Actor, teamUID: string, contactId: string) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      await requireContact(db, member, contactId);
      const rows = await repo.listDeals(db, teamUID, contactId);
      return rows
        .filter((row) => row.pipelineId === null || canSeePipeline(member, row.pipelineId))
        .map(presentDeal);
    },

    /** Adds a deal, or changes one (winning or losing it closes it); the history says which. */
    async saveDeal(
      actor: Actor,
      teamUID: string,
      contactId: string,
      dealId: string | null,
      input: DealInput,
    ) {
      const saved = await changeContact(actor, teamUID, contactId, async (tx, member) => {
        if (input.pipelineId) {
          // Another team's pipeline, or one the member cannot see, is no pipeline of theirs.
          const pipeline = await pipelineData.findPipeline(tx, teamUID, input.pipelineId);
          if (!pipeline || !canSeePipeline(member, pipeline.id))
            throw new BadRequestError(
              `Invalid pipelineId: ${input.pipelineId} is not a pipeline of this team.`,
            );
        }
        const existing = dealId ? await repo.findDeal(tx, teamUID, contactId, dealId) : null;
        if (dealId && (!existing || (existing.pipelineId && !canSeePipeline(member, existing.pipelineId)))) {
          throw new NotFoundError('Deal not found.');
        }
        const status = input.status ?? existing?.status ?? 'open';
        const closing = status !== 'open' && existing?.status !== status;
        const columns = {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.value !== undefined && { value: input.value.toFixed(2) }),
          ...(input.currency !== undefined && { currency: input.currency }),
          ...(input.pipelineId !== undefined && { pipelineId: input.pipelineId }),
          status,
          closedAt: status === 'open' ? null : closing ? new Date() : (existing?.closedAt ?? new Date()),
        };
        // Saving a deal as it is changes nothing: no write, no history.
        if (existing) {
          const { closedAt: _closedAt, ...asked } = columns;
          if (!changedFields(existing, asked)) return { history: [], result: presentDeal(existing) };
        }
        const deal = existing
          ? await repo.updateDeal(tx, teamUID, existing.id, columns)
          : await repo.insertDeal(tx, {
              teamId: teamUID,
              id: createPushId('deal_'),
              contactId,
              name: input.name ?? 'Deal',
              ...columns,
            });
        const action = !existing ? 'added' : closing ? status : 'updated';
        const data = {
          dealUID: deal.id,
          name: deal.name,
          value: Number(deal.value),
          currency: deal.currency,
        };
        return {
          history: [activity(member, contactId, { type: 'deal', action, pipelineId: deal.pipelineId, data })],
          result: presentDeal(deal),
        };
      });
      return saved!;
    },

    async deleteDeal(actor: Actor, teamUID: string, contactId: string, dealId: string) {
      await changeContact(actor, teamUID, contactId, async (tx, member) => {
        const deal = await repo.findDeal(tx, teamUID, contactId, dealId);
        if (!deal || (deal.pipelineId && !canSeePipeline(member, deal.pipelineId)))
          throw new NotFoundError('Deal not found.');
        await repo.deleteDeal(tx, teamUID, dealId);
        const data = { dealUID: dealId, name: deal.name };
        return {
          history: [
            activity(member, contactId, {
              type: 'deal',
              action: 'deleted',
              pipelineId: deal.pipelineId,
              data,
            }),
          ],
        };
      });
    },

    /**
     * Joins `otherId` into `contactId`: all history, tags, deals, notes and pipeline data move over,
     * empty fields are filled from the other contact, and the other contact is gone.
     */
    async mergeContacts(actor: Actor, teamUID: string, contactId: string, otherId: string) {
      const member = await teams.requireMember(actor, teamUID);
      if (contactId === otherId)
        throw new BadRequestError('Invalid otherGTID: a contact cannot be merged with itself.');
      await databases.forTeam(teamUID).transaction(async (tx) => {
        const survivor = await requireContact(tx, member, contactId);
        const other = await requireContact(tx, member, otherId);
        const fill = {
          ...(!survivor.contact.emailAddress &&
            other.contact.emailAddress && { emailAddress: other.contact.emailAddress }),
          ...(!survivor.contact.phoneNumber &&
            other.contact.phoneNumber && { phoneNumber: other.contact.phoneNumber }),
          ...(!survivor.contact.photoUrl && other.contact.photoUrl && { photoUrl: other.contact.photoUrl }),
          ...(!survivor.contact.name &&
            other.contact.name && {
              name: other.contact.name,
              firstName: other.contact.firstName,
              lastName: other.contact.lastName,
            }),
        };
        await repo.moveContactData(tx, teamUID, otherId, contactId);
        await repo.updateContact(tx, teamUID, contactId, fill);
        await refreshHandles(tx, teamUID, contactId);
        await repo.insertActivities(tx, [
          activity(member, contactId, {
            type: 'contact',
            action: 'merged',
            data: { mergedGTID: otherId, mergedName: other.contact.name },
          }),
        ]);
        await announce(
          tx,
          member,
          otherId,
          'delete',
          other.placements.map((row) => row.pipelineId),
        );
        const placements = await repo.listContactPipelines(tx, teamUID, contactId);
        await announce(
          tx,
          member,
          contactId,
          'update',
          placements.map((row) => row.pipelineId),
        );
      });
    },

    /** Tag names that arrived with contacts and matched no tag, with how many contacts carry each. */
    async listOrphanedTags(actor: Actor, teamUID: string) {
      const member = await teams.requireMember(actor, teamUID);
      if (!canSeeAll(member)) throw new ForbiddenError('Only the team owner or an admin can reconcile tags.');
      return repo.listOrphanedTags(databases.forTeam(teamUID), teamUID);
    },

    /** Gives every contact that carried an orphaned tag name the chosen tag (or none: dismiss). */
    async resolveOrphanedTag(actor: Actor, teamUID: string, key: string, tagId: string | null) {
      const member = await teams.requireMember(actor, teamUID);
      if (!canSeeAll(member)) throw new ForbiddenError('Only the team owner or an admin can reconcile tags.');
      return databases.forTeam(teamUID).transaction(async (tx) => {
        const [tag] = tagId ? await checkTags(tx, member, [tagId]) : [];
        const contactIds = await repo.takeOrphanedTag(tx, teamUID, orphanKey(key));
        if (contactIds.length === 0) throw new NotFoundError('Orphaned tag not found.');
        if (!tag) return { contacts: contactIds.length, tagged: 0 };
        let tagged = 0;
        for (const contactId of contactIds) {
          if ((await repo.addContactTags(tx, teamUID, contactId, [tag.tagId])).length === 0) continue;
          tagged += 1;
          await repo.insertActivities(tx, [
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

    async listNotes(actor: Actor, teamUID: string, contactId: string) {
      const member = await teams.requireMember(actor, teamUID);
      const db = databases.forTeam(teamUID);
      await requireContact(db, member, contactId);
      return (await repo.listNotes(db, teamUID, contactId)).map(presentNote);
    },

    async addNote(actor: Actor, teamUID: string, contactId: string, text: string) {
      const added = await changeContact(actor, teamUID, contactId, async (tx, member) => {
        const note = await repo.insertNote(tx, {
          teamId: teamUID,
          id: createPushId('note_'),
          contactId,
          text,
          createdByUid: member.userId,
        });
        const entry = activity(member, contactId, {
          type: 'note',
          action: 'added',
          note: text,
          data: { noteUID: note.id },
        });
        return { history: [entry], result: presentNote(note) };
      });
      return added!;
    },

    async editNote(actor: Actor, teamUID: string, contactId: string, noteId: string, text: string | null) {
      await changeContact(actor, teamUID, contactId, async (tx, member) => {
        const note = await repo.findNote(tx, teamUID, contactId, noteId);
        if (!note) throw new NotFoundError('Note not found.');
        if (note.createdByUid !== member.userId && !canSeeAll(member)) {
          throw new ForbiddenError('Only the author, the team owner or an admin can change this note.');
        }
        if (text === note.text) return { history: [] };
        if (text === null) await repo.deleteNote(tx, teamUID, noteId);
        else await repo.updateNote(tx, teamUID, noteId, text);
        const action = text === null ? 'deleted' : 'updated';
        return {
          history: [
            activity(member, contactId, { type: 'note', action, note: text, data: { noteUID: noteId } }),
          ],
        };
      });
    },
  };
}

function presentNote(note: {
  id: string;
  text: string;
  createdByUid: string;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    noteUID: note.id,
    text: note.text,
    createdByUID: note.createdByUid,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

function presentDeal(deal: repo.DealRow) {
  return {
    dealUID: deal.id,
    name: deal.name,
    value: Number(deal.value),
    currency: deal.currency,
    status: deal.status,
    closedAt: deal.closedAt?.toISOString() ?? null,
    pipelineID: deal.pipelineId,
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
  };
}

function encodeCursor(createdAt: Date, id: string) {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

function decodeCursor(cursor: string) {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string') throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw new BadRequestError('Invalid before: use the nextCursor of the previous page.');
  }
}
