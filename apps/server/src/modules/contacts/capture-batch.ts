import {
  canAddContacts,
  canSeePipeline,
  CONTACT_ADDED_BACKDATE_MS,
  createContactId,
  createPushId,
  extractContactDetails,
  ranksAfter,
  type Subscription,
} from '@grouptrack/domain';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { isUniqueViolation } from '../../platform/db/errors';
import { LimitReachedError, NotFoundError } from '../../platform/errors';
import { appendChange } from '../../platform/realtime';
import { findKeptPlacements, restore } from '../deletions';
import * as pipelineData from '../pipelines';
import type { TeamActor, TeamsService } from '../teams/teams.service';
import { canSeeContact, type ContactChanges } from './contact-changes';
import { columnsOf } from './contact-fields';
import * as repo from './contacts.repository';

/** One person of a batch, as a platform shows them: their profile there, their name and their answers. */
export interface BatchPerson {
  name: string;
  profileId: string | null;
  username: string | null;
  url: string | null;
  answers: { question: string; answer: string }[];
}

export interface BatchCaptureInput {
  /** The platform the profiles are on (one per batch). */
  platform: string;
  pipelineId: string;
  people: BatchPerson[];
  /**
   * History written once per person: not again for someone whose history already holds an activity
   * of this type and action containing `match` (asking to join the same group again).
   */
  once: { type: string; action: string; match: Record<string, string>; data: Record<string, unknown> };
  /**
   * Runs in the batch's transaction once the people are written, with what was read of each person
   * (in order): what it returns is written to the contacts' history with the batch's own.
   */
  within?: (tx: TeamDb, people: CapturedPerson[]) => Promise<BatchHistory[]>;
}

/** One person of a batch as captured: their contact (null when hidden) and what their answers held. */
export interface CapturedPerson {
  contactId: string | null;
  answers: { question: string; answer: string }[];
  emailAddress: string | null;
  phoneNumber: string | null;
}

/** History about one contact that a batch's caller writes with the batch. */
export interface BatchHistory {
  contactId: string;
  type: string;
  action: string;
  pipelineId: string | null;
  data: Record<string, unknown>;
}

export type BatchOutcome = 'created' | 'updated' | 'unchanged' | 'hidden';

export interface BatchCaptureResult {
  /** Per person, in order: the contact (null when hidden) and what capturing did. */
  people: { contactId: string | null; outcome: BatchOutcome }[];
  /** The people only in pipelines the member cannot see, whom nothing changed. */
  hiddenIds: string[];
}

type Answers = BatchPerson['answers'];

/** Stored answers come back from jsonb with their keys reordered: compare them by content. */
const answersOf = (list: Answers) => JSON.stringify(list.map((item) => [item.question, item.answer]));

/**
 * Capture of many people at once into one pipeline (a group's member requests): each found again by
 * platform profile id, username, then email (capture's rules), created in the pipeline's first stage
 * or added to it, their answers kept and their email and phone filled from them. One transaction
 * and a constant number of statements per batch; a change event per pipeline, not per person.
 */
export function createBatchCapture(deps: {
  databases: Databases;
  teams: TeamsService;
  changes: ContactChanges;
}) {
  const { databases, teams, changes } = deps;
  const { activity } = changes;

  async function writeBatch(
    tx: TeamDb,
    member: TeamActor,
    input: BatchCaptureInput,
    plan: Pick<Subscription, 'status' | 'contactsAllowed'>,
  ): Promise<BatchCaptureResult> {
    const { teamUID } = member;
    const { platform, pipelineId } = input;
    const pipeline = await pipelineData.findPipeline(tx, teamUID, pipelineId);
    if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
    const [stage] = await pipelineData.listStages(tx, teamUID, [pipeline.id]);
    if (!stage) throw new NotFoundError('Pipeline not found.');
    const marked = await repo.listTeamQuestions(tx, teamUID);
    // The platform's wording of a question the pipeline asks too is kept in the pipeline's wording.
    const wording = new Map(pipeline.questions.map((text) => [text.trim().toLowerCase(), text]));
    const people = input.people.map((person) => {
      const answers = person.answers.map((item) => ({
        question: wording.get(item.question.trim().toLowerCase()) ?? item.question,
        answer: item.answer,
      }));
      const details = extractContactDetails(answers, marked);
      return {
        ...person,
        answers,
        emailAddress: details.emailAddress ?? null,
        phoneNumber: details.phoneNumber ?? null,
      };
    });
    const keysOf = (person: (typeof people)[number]) => [
      ...(person.profileId ? [`p:${person.profileId}`] : []),
      ...(person.username ? [`u:${person.username.toLowerCase()}`] : []),
      ...(person.emailAddress ? [`e:${person.emailAddress.toLowerCase()}`] : []),
    ];
    const matches = await repo.findContactsByIdentities(tx, teamUID, {
      platform,
      profileIds: people.flatMap((person) => (person.profileId ? [person.profileId] : [])),
      usernames: people.flatMap((person) => (person.username ? [person.username] : [])),
      emails: people.flatMap((person) => (person.emailAddress ? [person.emailAddress] : [])),
    });
    // A living person before a deleted one with the same address, as capture takes them.
    const stored = new Map<string, string>();
    const deleted = new Set<string>();
    for (const row of [...matches].sort((a, b) => Number(a.deleted) - Number(b.deleted))) {
      if (!stored.has(row.key)) stored.set(row.key, row.contactId);
      if (row.deleted) deleted.add(row.contactId);
    }

    // Who each person is: someone stored, someone met earlier in this batch, or someone new.
    const seen = new Map<string, string>();
    const newIds = new Set<string>();
    const assigned = people.map((person) => {
      const keys = keysOf(person);
      const known = keys.map((key) => seen.get(key) ?? stored.get(key)).find(Boolean);
      let contactId = known;
      if (!contactId) {
        do contactId = createContactId();
        while (newIds.has(contactId));
        newIds.add(contactId);
      }
      for (const key of keys) if (!seen.has(key)) seen.set(key, contactId);
      return contactId;
    });

    const found = [...new Set(assigned.filter((id) => !newIds.has(id)))];
    const living = found.filter((id) => !deleted.has(id));
    const livingPlaces = await repo.listPipelinesOfContacts(tx, teamUID, living);
    const keptPlaces = await findKeptPlacements(
      tx,
      teamUID,
      found.filter((id) => deleted.has(id)),
    );
    const pipelinesBefore = new Map<string, string[]>();
    for (const place of [...livingPlaces, ...keptPlaces]) {
      pipelinesBefore.set(place.contactId, [
        ...(pipelinesBefore.get(place.contactId) ?? []),
        place.pipelineId,
      ]);
    }
    // Someone the member may not see is neither shown nor changed: the managers are told.
    const hidden = new Set(found.filter((id) => !canSeeContact(member, pipelinesBefore.get(id) ?? [])));
    const visible = found.filter((id) => !hidden.has(id));

    if (newIds.size > 0) {
      const verdict = canAddContacts(
        { ...plan, contactCount: await repo.countContacts(tx, teamUID) },
        newIds.size,
      );
      if (!verdict.ok) throw new LimitReachedError(verdict.message);
    }
    // A deleted person captured again comes back, as they were: their profiles are still theirs.
    const restoring = visible.filter((id) => deleted.has(id));
    if (restoring.length > 0) await restore(tx, teamUID, { contactIds: restoring });
    const rows = await repo.listContactsByIds(tx, teamUID, visible);
    const places = await repo.listPlacesWithAnswers(tx, teamUID, visible);
    const sources = await repo.listSourcesOfContacts(tx, teamUID, visible, platform);
    const askedBefore = await repo.findContactsWithActivity(tx, teamUID, visible, {
      type: input.once.type,
      action: input.once.action,
      data: input.once.match,
    });
    const contactOf = new Map(rows.map((row) => [row.id, row]));
    const placeOf = new Map(
      places.filter((row) => row.pipelineId === pipeline.id).map((row) => [row.contactId, row]),
    );
    const sourceOf = new Map(sources.map((row) => [row.contactId, row]));
    const hasAsked = new Set(askedBefore);

    const now = Date.now();
    const changed = new Set<string>(restoring);
    const newContacts: Parameters<typeof repo.insertContactRows>[1] = [];
    const fills: Parameters<typeof repo.fillContactDetails>[2] = [];
    const sourceRows: Parameters<typeof repo.upsertSourceRows>[1] = [];
    const handlesOf: string[] = [];
    const placements: { contactId: string; questions: Answers }[] = [];
    const answered: { contactId: string; questions: Answers }[] = [];
    const history: repo.ActivityInsert[] = [];
    const done = new Set<string>();

    for (const [index, person] of people.entries()) {
      const contactId = assigned[index]!;
      // The same person twice in a batch is captured once, from their first request.
      if (hidden.has(contactId) || done.has(contactId)) continue;
      done.add(contactId);
      const source = { profileId: person.profileId, username: person.username, url: person.url };
      if (newIds.has(contactId)) {
        const columns = columnsOf({
          name: person.name,
          emailAddress: person.emailAddress,
          phoneNumber: person.phoneNumber,
        });
        newContacts.push({ teamId: teamUID, id: contactId, ...columns, handles: person.username ?? '' });
        sourceRows.push({ teamId: teamUID, contactId, platform, ...source });
        placements.push({ contactId, questions: person.answers });
        history.push(
          activity(member, contactId, {
            type: 'contact',
            action: 'created',
            at: new Date(now - CONTACT_ADDED_BACKDATE_MS.initial),
            data: { sources: [platform] },
          }),
        );
      } else {
        const contact = contactOf.get(contactId);
        const fields: string[] = [];
        if (contact) {
          const email = !contact.emailAddress && person.emailAddress ? person.emailAddress : null;
          const phone = !contact.phoneNumber && person.phoneNumber ? person.phoneNumber : null;
          if (email || phone) fills.push({ id: contactId, email, phone });
          if (email) fields.push('emailAddress');
          if (phone) fields.push('phoneNumber');
        }
        // A profile that is another contact's stays theirs; otherwise it is added or completed.
        const taken = [
          person.profileId && stored.get(`p:${person.profileId}`),
          person.username && stored.get(`u:${person.username.toLowerCase()}`),
        ].some((owner) => owner && owner !== contactId);
        const known = sourceOf.get(contactId);
        const adds =
          !known ||
          (!!person.profileId && person.profileId !== known.profileId) ||
          (!!person.username && person.username !== known.username) ||
          (!!person.url && person.url !== known.url);
        if (adds && !taken) {
          sourceRows.push({ teamId: teamUID, contactId, platform, ...source });
          if (person.username) handlesOf.push(contactId);
          fields.push('sources');
        }
        if (fields.length > 0)
          history.push(activity(member, contactId, { type: 'info', action: 'updated', data: { fields } }));
        const place = placeOf.get(contactId);
        // Answers of a new request replace the kept ones; a request without answers keeps them.
        const isAnswered =
          !!place && person.answers.length > 0 && answersOf(person.answers) !== answersOf(place.questions);
        if (!place) placements.push({ contactId, questions: person.answers });
        if (isAnswered) answered.push({ contactId, questions: person.answers });
        if (fields.length > 0 || !place || isAnswered) changed.add(contactId);
      }
      if (!hasAsked.has(contactId)) {
        history.push(
          activity(member, contactId, {
            type: input.once.type,
            action: input.once.action,
            pipelineId: pipeline.id,
            data: input.once.data,
          }),
        );
        changed.add(contactId);
      }
    }

    await repo.insertContactRows(tx, newContacts);
    await repo.fillContactDetails(tx, teamUID, fills);
    await repo.upsertSourceRows(tx, sourceRows);
    await repo.refreshHandlesOf(tx, teamUID, handlesOf);
    if (placements.length > 0) {
      const ranks = ranksAfter(
        await repo.lastCardRank(tx, teamUID, pipeline.id, stage.id),
        placements.length,
      );
      await repo.insertPlacementRows(
        tx,
        placements.map((item, index) => ({
          teamId: teamUID,
          contactId: item.contactId,
          pipelineId: pipeline.id,
          stageId: stage.id,
          questions: item.questions,
          rank: ranks[index]!,
        })),
      );
      await repo.insertStageHistoryRows(
        tx,
        placements.map((item) => ({
          teamId: teamUID,
          contactId: item.contactId,
          pipelineId: pipeline.id,
          id: createPushId('sh_'),
          stageId: stage.id,
          byUid: member.userId,
        })),
      );
      for (const item of placements)
        history.push(
          activity(member, item.contactId, {
            type: 'pipeline',
            action: 'added',
            pipelineId: pipeline.id,
            at: new Date(now - CONTACT_ADDED_BACKDATE_MS.pipelineAdd),
            data: { pipeline: pipeline.nickName, stage: stage.name, stageUID: stage.id },
          }),
        );
    }
    await repo.updateAnswers(tx, teamUID, pipeline.id, answered);
    if (input.within) {
      const more = await input.within(
        tx,
        people.map((person, index) => ({
          contactId: hidden.has(assigned[index]!) ? null : assigned[index]!,
          answers: person.answers,
          emailAddress: person.emailAddress,
          phoneNumber: person.phoneNumber,
        })),
      );
      for (const { contactId, ...entry } of more) {
        history.push(activity(member, contactId, entry));
        changed.add(contactId);
      }
    }
    await repo.insertActivityRows(tx, history);

    // One event per pipeline for the whole batch: each member hears only of their pipelines.
    const announce = async (op: 'create' | 'update', ids: string[]) => {
      const byPipeline = new Map<string, string[]>();
      for (const id of ids) {
        for (const placed of new Set([...(pipelinesBefore.get(id) ?? []), pipeline.id])) {
          byPipeline.set(placed, [...(byPipeline.get(placed) ?? []), id]);
        }
      }
      for (const [placed, list] of byPipeline) {
        await appendChange(tx, teamUID, { entity: 'contact', op, ids: list, pipelineId: placed });
      }
    };
    await announce('create', [...newIds]);
    await announce('update', [...changed]);

    return {
      people: assigned.map((contactId) => ({
        contactId: hidden.has(contactId) ? null : contactId,
        outcome: hidden.has(contactId)
          ? 'hidden'
          : newIds.has(contactId)
            ? 'created'
            : changed.has(contactId)
              ? 'updated'
              : 'unchanged',
      })),
      hiddenIds: [...hidden],
    };
  }

  return {
    /**
     * Captures a batch of people into one pipeline the member sees, in one transaction: see
     * BatchCaptureInput. People only in pipelines the member cannot see are left as they are and
     * answered `hidden`; capturing the same batch again changes nothing and announces nothing.
     */
    async captureBatch(member: TeamActor, input: BatchCaptureInput): Promise<BatchCaptureResult> {
      // Read before the shard transaction: the directory may share PGlite's one connection.
      const subscription = await teams.getSubscription(member.teamUID);
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await databases
            .forTeam(member.teamUID)
            .transaction((tx) => writeBatch(tx, member, input, subscription));
        } catch (error) {
          // Another capture of the same new people at once, or a rare GTID collision: the retry finds them.
          if (isUniqueViolation(error) && attempt < 2) continue;
          throw error;
        }
      }
    },
  };
}
