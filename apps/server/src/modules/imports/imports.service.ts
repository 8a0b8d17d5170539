import type { Readable } from 'node:stream';
import {
  can,
  canAddContacts,
  canSeePipeline,
  canSeePipelineItem,
  CONTACT_ADDED_BACKDATE_MS,
  createContactId,
  createCsvParser,
  createDateOrderDetector,
  createPushId,
  CSV_FIELDS,
  DATE_ORDERS,
  DEFAULT_TAG_SET_COLOR,
  identifiesPerson,
  isGroupTrackExport,
  mapCsvRow,
  rankBetween,
  ranksAfter,
  restoreFormula,
  suggestCsvMapping,
  type CellWarning,
  type CsvField,
  type DateOrder,
  type DateOrderHint,
  type ImportCandidate,
} from '@grouptrack/domain';
import { z } from 'zod';
import type { Databases, TeamDb } from '../../platform/db/databases';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors';
import type { TeamActor } from '../../platform/http/actor';
import { runImportJob } from '../../jobs/run-import.job';
import type { JobQueue } from '../../platform/queue';
import { announceAppEvent } from '../../platform/app-events';
import { appendChange } from '../../platform/realtime';
import {
  findTagsWithSets,
  lastCardRank,
  refreshHandlesOf,
  upsertSourceRows,
  type ActivityInsert,
} from '../contacts';
import { findKeptPlacements, restore } from '../deletions';
import * as pipelineData from '../pipelines';
import { HIDDEN_CONTACT_MESSAGE } from '../contacts/contacts.service';
import type { TeamsService } from '../teams/teams.service';
import { createCsvDecoder, type CsvEncoding } from './csv-decoding';
import { createImportReports } from './import-reports';
import * as repo from './imports.repository';

/** The most rows handled per transaction: each batch runs a dozen statements, so larger batches run fewer. */
export const IMPORT_BATCH_SIZE = 5000;
/**
 * The first batch's rows. Progress is saved with each batch, so the first rows show at once; each
 * batch that took less than a second is followed by one four times larger, up to IMPORT_BATCH_SIZE.
 * Batches never shrink: each one's lookups cost more as the team grows, so more, smaller batches
 * would make a large import slower, not its progress smoother.
 */
const FIRST_BATCH_ROWS = 200;
const BATCH_TARGET_MS = 1000;
const CHUNK_CHARS = 1_000_000;
const PREVIEW_ROWS = 5;
/** The largest file accepted, in bytes. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

export interface ImportOptions {
  mapping: CsvField[];
  pipelineId?: string | undefined;
  stageId?: string | undefined;
  tagIds?: string[] | undefined;
  /** How the file's numeric dates read; needed when a created-date column's dates read both ways. */
  dateOrder?: DateOrder | undefined;
}

export type ImportsService = ReturnType<typeof createImportsService>;

/** What the upload learnt of the file, kept in the import's options beside what the user chose. */
interface UploadFacts {
  encoding: CsvEncoding;
  notices: string[];
  /** Per column, the order its numeric dates (03/04/2024) are in, if it holds any. */
  dateOrders: (DateOrderHint | null)[];
}

function uploadFactsOf(row: repo.ImportRow): UploadFacts {
  const options = (row.options ?? {}) as Partial<UploadFacts>;
  return {
    encoding: options.encoding ?? 'utf-8',
    notices: options.notices ?? [],
    dateOrders: options.dateOrders ?? row.headers.map(() => null),
  };
}

/** The date order an import reads its dates in: the user's choice, else the one its created-date column shows. */
function dateOrderOf(row: repo.ImportRow, mapping: readonly CsvField[]): DateOrder | undefined {
  const chosen = (row.options as { dateOrder?: DateOrder } | null)?.dateOrder;
  if (chosen) return chosen;
  const hint = uploadFactsOf(row).dateOrders[mapping.indexOf('createdAt')];
  return hint === 'day-first' || hint === 'month-first' ? hint : undefined;
}

/** A column as the report names it: its header, or its place when the header is empty. */
const headerOf = (headers: readonly string[], column: number) =>
  headers[column]?.trim() || `Column ${column + 1}`;

export function createImportsService(deps: { databases: Databases; teams: TeamsService; queue: JobQueue }) {
  const { databases, teams, queue } = deps;

  function present(row: repo.ImportRow) {
    const options = (row.options ?? {}) as { dateOrder?: DateOrder };
    return {
      importId: row.id,
      fileName: row.fileName,
      status: row.status,
      headers: row.headers,
      preview: row.preview,
      totalRows: row.totalRows,
      suggestedMapping: suggestCsvMapping(row.headers),
      isGroupTrackExport: isGroupTrackExport(row.headers),
      ...uploadFactsOf(row),
      mapping: row.mapping,
      processed: row.processed,
      created: row.created,
      updated: row.updated,
      refused: row.refused,
      warnings: row.warnings,
      dateOrder: options.dateOrder ?? null,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /**
   * Tells the import's starter it has ended, wherever they are: the import is in their bell from now
   * on (its finishedAt, written with its last progress), and a signed-in window hears of it at once.
   */
  async function announceFinished(job: repo.ImportRow) {
    await announceAppEvent(databases.directory, {
      kind: 'import-finished',
      userUID: job.createdByUid,
      teamUID: job.teamId,
      importId: job.id,
      fileName: job.fileName,
      status: job.status === 'failed' ? 'failed' : 'completed',
      created: job.created,
      updated: job.updated,
      refused: job.refused,
      warnings: job.warnings,
    });
  }

  /** Reads the stored file back a chunk at a time, as parsed rows after the header. */
  async function* readRows(db: TeamDb, teamId: string, importId: string): AsyncGenerator<string[]> {
    let pending: string[][] = [];
    let isHeader = true;
    const parser = createCsvParser((row) => {
      if (isHeader) isHeader = false;
      else pending.push(row);
    });
    for (let seq = 0; ; seq += 1) {
      const data = await repo.findChunk(db, teamId, importId, seq);
      if (data === null) break;
      parser.push(data);
      yield* pending;
      pending = [];
    }
    parser.end();
    yield* pending;
  }

  /** Tag sets and tags by name, created on first use; one cache per import run. */
  function tagResolver(teamId: string) {
    const cache = new Map<string, string>();
    return async (tx: TeamDb, pipelineId: string | null, tagSetName: string, tagName: string) => {
      const setKey = `${pipelineId ?? ''}|${tagSetName.toLowerCase()}`;
      const tagKey = `${setKey}|${tagName.toLowerCase()}`;
      const known = cache.get(tagKey);
      if (known) return known;
      if (!cache.has(setKey)) {
        const sets = await pipelineData.listTagSets(tx, teamId, pipelineId ? [pipelineId] : []);
        for (const set of sets.filter((item) => item.pipelineId === pipelineId)) {
          const key = `${pipelineId ?? ''}|${set.name.toLowerCase()}`;
          cache.set(key, set.id);
          for (const tag of set.tags) cache.set(`${key}|${tag.name.toLowerCase()}`, tag.id);
        }
      }
      let setId = cache.get(setKey);
      if (!setId) {
        setId = createPushId('ts_');
        await pipelineData.insertTagSet(tx, {
          teamId,
          id: setId,
          pipelineId,
          name: tagSetName,
          color: DEFAULT_TAG_SET_COLOR,
          rank: rankBetween(await pipelineData.lastTagSetRank(tx, teamId), null),
        });
        cache.set(setKey, setId);
      }
      const found = cache.get(tagKey);
      if (found) return found;
      const tagId = createPushId('tag_');
      await pipelineData.insertTag(tx, { teamId, id: tagId, tagSetId: setId, name: tagName });
      cache.set(tagKey, tagId);
      return tagId;
    };
  }

  /** The keys that find a person again, strongest first. */
  function identityKeys(candidate: ImportCandidate): string[] {
    return [
      ...(candidate.GTID ? [`id:${candidate.GTID}`] : []),
      ...candidate.sources.flatMap((source) => [
        ...(source.profileId ? [`p:${source.platform}:${source.profileId}`] : []),
        ...(source.username ? [`u:${source.platform}:${source.username.toLowerCase()}`] : []),
      ]),
      ...(candidate.emailAddress ? [`e:${candidate.emailAddress}`] : []),
    ];
  }

  /** Each contact's searchable handles from the sources written for it: usernames by platform. */
  function handlesOf(sources: { contactId: string; platform: string; username?: string | null }[]) {
    const byContact = new Map<string, { platform: string; username: string }[]>();
    for (const { contactId, platform, username } of sources) {
      if (!username) continue;
      const list = byContact.get(contactId);
      if (list) list.push({ platform, username });
      else byContact.set(contactId, [{ platform, username }]);
    }
    return new Map(
      [...byContact].map(([contactId, list]) => [
        contactId,
        list
          .sort((a, b) => (a.platform < b.platform ? -1 : 1))
          .map((item) => item.username)
          .join(' '),
      ]),
    );
  }

  /**
   * Of the contacts an import found, those the member may not see: a living one in none of their
   * pipelines, a deleted one that was in none of them when it was deleted.
   */
  async function findHiddenContacts(
    tx: TeamDb,
    teamId: string,
    contactIds: string[],
    deleted: Set<string>,
    groupAccess: string[],
  ) {
    const living = contactIds.filter((id) => !deleted.has(id));
    const kept = await findKeptPlacements(tx, teamId, [...deleted]);
    const seen = new Set(
      kept.filter((place) => groupAccess.includes(place.pipelineId)).map((place) => place.contactId),
    );
    return [
      ...(await repo.findContactsOutside(tx, teamId, living, groupAccess)),
      ...[...deleted].filter((id) => !seen.has(id)),
    ];
  }

  /** Once per import, however often its job runs: the owner and admins hear of the refused people. */
  async function tellManagersOfHiddenRows(job: repo.ImportRow) {
    const db = databases.forTeam(job.teamId);
    const count = await repo.countRefusals(db, job.teamId, job.id, HIDDEN_CONTACT_MESSAGE);
    if (count === 0) return;
    const people = count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`;
    await teams.tellManagers(job.teamId, {
      key: `hidden-import_${job.teamId}_${job.id}`,
      subject: `${job.createdBy}'s import found ${people} in pipelines they cannot see`,
      text: `${job.createdBy} imported "${job.fileName}". ${people} in it ${count === 1 ? 'is' : 'are'} already in GroupTrack, in pipelines ${job.createdBy} cannot see, and ${count === 1 ? 'was' : 'were'} left unchanged. The import's refused rows name them; if ${job.createdBy} should work with them, add them to one of their pipelines:`,
      path: '/contacts',
    });
  }

  /** Ends an import that cannot go on, saying why; its file is no longer needed. */
  async function failImport(job: repo.ImportRow, error: string) {
    const db = databases.forTeam(job.teamId);
    job.status = 'failed';
    await db.transaction(async (tx) => {
      await repo.updateImport(tx, job.teamId, job.id, { status: 'failed', error, finishedAt: new Date() });
      await appendChange(tx, job.teamId, {
        entity: 'import',
        op: 'update',
        ids: [job.id],
        data: {
          processed: job.processed,
          total: job.totalRows,
          created: job.created,
          updated: job.updated,
          refused: job.refused,
          warnings: job.warnings,
          status: 'failed',
          error,
        },
      });
    });
    await repo.deleteChunks(db, job.teamId, job.id);
    await announceFinished(job);
  }

  /** Runs an import's remaining batches; stops quietly between batches once `stop` aborts. */
  async function runImport(teamUID: string, importId: string, stop?: AbortSignal) {
    const db = databases.forTeam(teamUID);
    const job = await repo.findImport(db, teamUID, importId);
    if (!job || !job.mapping) return;
    // A job stopped after its last batch still tells the managers (once: the mail has a key).
    if (job.status === 'completed') return tellManagersOfHiddenRows(job);
    if (job.status === 'failed') return;
    const options = (job.options ?? {}) as Omit<ImportOptions, 'mapping'>;
    const mapping = job.mapping as CsvField[];
    const dateOrder = dateOrderOf(job, mapping);
    const resolveTag = tagResolver(teamUID);
    // The rows are matched with the access of who started the import: a member's import neither
    // shows nor changes contacts outside their pipelines, nor places anyone in those pipelines.
    const membership = await teams.findMember(teamUID, job.createdByUid);
    // Someone who has left has no access left to import with: their import stops for good.
    if (!membership)
      return failImport(job, `${job.createdBy}, who started this import, is no longer in the team.`);
    const creator = membership;
    const seesAll = can(creator.role, 'see-all-pipelines');
    const pipelineList = (await pipelineData.listPipelines(db, teamUID)).filter((pipeline) =>
      canSeePipeline(creator, pipeline.id),
    );
    const stageList = await pipelineData.listStages(db, teamUID);
    const pipelineByName = new Map(
      pipelineList.map((pipeline) => [pipeline.nickName.toLowerCase(), pipeline.id]),
    );
    // Access may have changed since the import was started: only tags still seen are added.
    const chosenTags = (await findTagsWithSets(db, teamUID, options.tagIds ?? [])).filter((tag) =>
      canSeePipelineItem(creator, tag),
    );
    const subscription = await teams.getSubscription(teamUID, { withContactCount: true });
    let capacity = Math.max(0, subscription.contactsAllowed - subscription.contactCount);
    const limitMessage = (() => {
      const verdict = canAddContacts({ ...subscription, contactCount: subscription.contactsAllowed });
      return verdict.ok ? '' : verdict.message;
    })();
    // The same person on several rows (our export writes one row per pipeline) becomes one contact.
    const seen = new Map<string, string>();

    const pipelineNames = new Map(pipelineList.map((pipeline) => [pipeline.id, pipeline.nickName]));

    /** Where a row goes: the pipeline and stage it names, else those chosen; a name not found is warned of. */
    const placeFor = (candidate: ImportCandidate, warn: (warning: CellWarning) => void) => {
      const named = candidate.pipelineName
        ? pipelineByName.get(candidate.pipelineName.toLowerCase())
        : undefined;
      const pipelineId = named || options.pipelineId;
      // Access may have changed since the import was started, or the pipeline been deleted: only a
      // pipeline that is still there and still seen is used.
      const placed = pipelineId && pipelineNames.has(pipelineId) ? pipelineId : null;
      if (candidate.pipelineName && !named) {
        warn({
          column: mapping.indexOf('pipeline'),
          value: candidate.pipelineName,
          reason: placed
            ? `no pipeline of that name you can see; placed in "${pipelineNames.get(placed)}"`
            : 'no pipeline of that name you can see; left out of pipelines',
        });
      }
      if (!placed) return null;
      const stages = stageList.filter((stage) => stage.pipelineId === placed);
      const namedStage =
        candidate.stageName &&
        stages.find((item) => item.name.toLowerCase() === candidate.stageName!.toLowerCase());
      const stage =
        namedStage ||
        stages.find((item) => item.id === options.stageId && placed === options.pipelineId) ||
        stages[0];
      if (candidate.stageName && !namedStage && stage) {
        warn({
          column: mapping.indexOf('stage'),
          value: candidate.stageName,
          reason: `no stage of that name in "${pipelineNames.get(placed)}"; placed in "${stage.name}"`,
        });
      }
      return stage ? { pipelineId: placed, stageId: stage.id } : null;
    };

    async function processBatch(batch: { rowNumber: number; values: string[] }[]) {
      await db.transaction(async (tx) => {
        const refusals: { rowNumber: number; reason: string; values: string[] }[] = [];
        const accepted: {
          rowNumber: number;
          values: string[];
          candidate: ImportCandidate;
          warnings: CellWarning[];
        }[] = [];
        for (const row of batch) {
          const result = mapCsvRow(row.values, mapping, { headers: job!.headers, dateOrder });
          if (result.ok) accepted.push({ ...row, candidate: result.candidate, warnings: result.warnings });
          else refusals.push({ ...row, reason: result.reason });
        }
        // The cells left empty in the rows kept; a row refused later (hidden, over the limit) has none.
        const warnings = new Map<string, { rowNumber: number; warning: CellWarning }>();
        const keys = accepted.flatMap((row) => identityKeys(row.candidate)).filter((key) => !seen.has(key));
        const pick = (prefix: string) => [
          ...new Set(
            keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(key.lastIndexOf(':') + 1)),
          ),
        ];
        const existing = await repo.findExisting(tx, teamUID, {
          gtids: pick('id:'),
          profileIds: pick('p:'),
          usernames: pick('u:'),
          emails: [...new Set(keys.filter((key) => key.startsWith('e:')).map((key) => key.slice(2)))],
        });
        const stored = new Map(existing.map((row) => [row.key, row.contactId]));
        const found = [...new Set(existing.map((row) => row.contactId))];
        // A deleted person found again comes back as they were (as capture brings them back): their
        // profiles and address are still theirs, so a new contact could not take them.
        const deleted = new Set(await repo.findDeletedContacts(tx, teamUID, found));
        const hidden = new Set(
          seesAll ? [] : await findHiddenContacts(tx, teamUID, found, deleted, creator.groupAccess),
        );

        const now = Date.now();
        const newContacts: Parameters<typeof repo.insertContacts>[1] = [];
        const fills: Parameters<typeof repo.fillContacts>[2] = [];
        const activities: ActivityInsert[] = [];
        const sources: Parameters<typeof upsertSourceRows>[1] = [];
        const placements: {
          contactId: string;
          pipelineId: string;
          stageId: string;
          questions: ImportCandidate['questions'];
        }[] = [];
        const tagRows: { teamId: string; contactId: string; tagId: string }[] = [];
        const notes: { id: string; contactId: string; text: string }[] = [];
        const touched = new Set<string>();
        const newIds = new Set<string>();
        let created = 0;
        let updated = 0;
        const by = { createdBy: job!.createdBy, createdByUid: job!.createdByUid };

        for (const row of accepted) {
          const { candidate } = row;
          const rowWarnings = [...row.warnings];
          // A GTID names a contact of this team; any other is left out, never made into a contact: the
          // person is matched by the rest of the row or added as new, and refused only if nothing else
          // names them.
          const unknownGTID =
            candidate.GTID && !seen.has(`id:${candidate.GTID}`) && !stored.has(`id:${candidate.GTID}`)
              ? candidate.GTID
              : null;
          if (unknownGTID) {
            delete candidate.GTID;
            if (!identifiesPerson(candidate)) {
              refusals.push({
                rowNumber: row.rowNumber,
                values: row.values,
                reason: `Invalid GTID: ${unknownGTID} is not a contact of this team; empty the GTID cell to add this person as new.`,
              });
              continue;
            }
            rowWarnings.push({
              column: mapping.indexOf('GTID'),
              value: unknownGTID,
              reason: 'not a contact of this team; left empty',
            });
          }
          const identities = identityKeys(candidate);
          let contactId = identities.map((key) => seen.get(key) ?? stored.get(key)).find(Boolean);
          if (contactId && hidden.has(contactId)) {
            refusals.push({ rowNumber: row.rowNumber, values: row.values, reason: HIDDEN_CONTACT_MESSAGE });
            continue;
          }
          const name = candidate.name || [candidate.firstName, candidate.lastName].filter(Boolean).join(' ');
          if (!contactId) {
            if (capacity <= 0) {
              refusals.push({ rowNumber: row.rowNumber, values: row.values, reason: limitMessage });
              continue;
            }
            capacity -= 1;
            contactId = createContactId();
            // GTIDs are word pairs and a timestamp: many made in one millisecond can collide.
            while (newIds.has(contactId)) contactId = createContactId();
            newIds.add(contactId);
            const createdAt =
              candidate.createdAt && !Number.isNaN(Date.parse(candidate.createdAt))
                ? new Date(candidate.createdAt)
                : new Date();
            const [head = '', ...rest] = name.split(/\s+/);
            newContacts.push({
              teamId: teamUID,
              id: contactId,
              firstName: candidate.firstName ?? (candidate.lastName ? '' : head),
              lastName: candidate.lastName ?? (candidate.firstName ? '' : rest.join(' ')),
              name,
              emailAddress: candidate.emailAddress ?? null,
              phoneNumber: candidate.phoneNumber ?? null,
              photoUrl: candidate.photoURL ?? null,
              createdAt,
            });
            activities.push({
              teamId: teamUID,
              id: createPushId('act_', now - CONTACT_ADDED_BACKDATE_MS.initial),
              contactId,
              type: 'contact',
              action: 'created',
              createdAt: new Date(now - CONTACT_ADDED_BACKDATE_MS.initial),
              data: { importId, row: row.rowNumber },
              ...by,
            });
            created += 1;
          } else {
            // Every accepted row makes a contact or adds to one, whichever batch holds either row:
            // created, updated and refused add up to the file's rows.
            updated += 1;
            if (!touched.has(contactId))
              fills.push({
                id: contactId,
                firstName: candidate.firstName ?? '',
                lastName: candidate.lastName ?? '',
                name: candidate.name ?? '',
                email: candidate.emailAddress ?? '',
                phone: candidate.phoneNumber ?? '',
                photo: candidate.photoURL ?? '',
              });
          }
          touched.add(contactId);
          for (const text of candidate.notes) notes.push({ id: createPushId('note_'), contactId, text });
          for (const key of identities) seen.set(key, contactId);
          for (const source of candidate.sources) {
            const owner = [
              source.profileId && `p:${source.platform}:${source.profileId}`,
              source.username && `u:${source.platform}:${source.username.toLowerCase()}`,
            ]
              .filter(Boolean)
              .map((key) => stored.get(key as string))
              .find(Boolean);
            // A profile already known as someone else stays theirs; this row keeps its other data.
            if (owner && owner !== contactId) continue;
            sources.push({
              teamId: teamUID,
              contactId,
              platform: source.platform,
              profileId: source.profileId ?? null,
              username: source.username ?? null,
              url: source.url ?? null,
            });
          }
          for (const tag of candidate.globalTags)
            tagRows.push({
              teamId: teamUID,
              contactId,
              tagId: await resolveTag(tx, null, tag.tagSetName, tag.tagName),
            });
          const place = placeFor(candidate, (warning) => rowWarnings.push(warning));
          // One warning per cell: a cell with several unusable values is reported by its first.
          for (const warning of rowWarnings) {
            const key = `${row.rowNumber}|${warning.column}`;
            if (!warnings.has(key)) warnings.set(key, { rowNumber: row.rowNumber, warning });
          }
          if (place) {
            placements.push({ contactId, ...place, questions: candidate.questions });
            for (const tag of candidate.pipelineTags) {
              tagRows.push({
                teamId: teamUID,
                contactId,
                tagId: await resolveTag(tx, place.pipelineId, tag.tagSetName, tag.tagName),
              });
            }
          }
          for (const tag of chosenTags) tagRows.push({ teamId: teamUID, contactId, tagId: tag.tagId });
        }

        const uniqueSources = [
          ...new Map(sources.map((source) => [`${source.contactId}|${source.platform}`, source])).values(),
        ];
        // New contacts are written with their handles; only existing ones are updated for theirs.
        const handles = handlesOf(uniqueSources);
        for (const row of newContacts) row.handles = handles.get(row.id) ?? '';
        // A new GTID that another import or capture took meanwhile is drawn again.
        for (let pending = newContacts; pending.length > 0;) {
          const inserted = new Set(await repo.insertContacts(tx, pending));
          pending = pending.filter((row) => !inserted.has(row.id));
          for (const row of pending) {
            const original = row.id;
            do row.id = createContactId();
            while (newIds.has(row.id));
            newIds.add(row.id);
            for (const list of [activities, uniqueSources, placements, tagRows, notes]) {
              for (const item of list) if (item.contactId === original) item.contactId = row.id;
            }
            for (const [key, value] of seen) if (value === original) seen.set(key, row.id);
          }
        }
        const restoring = [...deleted].filter((id) => touched.has(id));
        if (restoring.length > 0) await restore(tx, teamUID, { contactIds: restoring });
        await repo.fillContacts(tx, teamUID, fills);
        await upsertSourceRows(tx, uniqueSources);
        await refreshHandlesOf(
          tx,
          teamUID,
          [...handles.keys()].filter((id) => !newIds.has(id)),
        );
        const groups = new Map<string, typeof placements>();
        for (const placement of new Map(
          placements.map((item) => [`${item.contactId}|${item.pipelineId}`, item]),
        ).values()) {
          const key = `${placement.pipelineId}|${placement.stageId}`;
          const group = groups.get(key);
          if (group) group.push(placement);
          else groups.set(key, [placement]);
        }
        for (const [key, group] of groups) {
          const [pipelineId, stageId] = key.split('|') as [string, string];
          const ranks = ranksAfter(await lastCardRank(tx, teamUID, pipelineId, stageId), group.length);
          const results = await repo.upsertPlacements(
            tx,
            group.map((item, index) => ({
              teamId: teamUID,
              contactId: item.contactId,
              pipelineId,
              stageId,
              questions: item.questions,
              rank: ranks[index]!,
            })),
          );
          for (const result of results.filter((item) => item.inserted)) {
            activities.push({
              teamId: teamUID,
              id: createPushId('act_', now - CONTACT_ADDED_BACKDATE_MS.pipelineAdd),
              contactId: result.contactId,
              pipelineId,
              type: 'pipeline',
              action: 'added',
              createdAt: new Date(now - CONTACT_ADDED_BACKDATE_MS.pipelineAdd),
              data: { importId, stageUID: stageId },
              ...by,
            });
          }
        }
        await repo.addContactTags(tx, [
          ...new Map(tagRows.map((row) => [`${row.contactId}|${row.tagId}`, row])).values(),
        ]);
        for (const note of await repo.insertNotesOnce(tx, teamUID, job!.createdByUid, notes)) {
          activities.push({
            teamId: teamUID,
            id: createPushId('act_', now),
            contactId: note.contactId,
            type: 'note',
            action: 'added',
            createdAt: new Date(now),
            note: note.text,
            data: { noteUID: note.id, importId },
            ...by,
          });
        }
        await repo.insertActivities(tx, activities);
        await repo.insertWarnings(
          tx,
          [...warnings.values()].map(({ rowNumber, warning }) => ({
            teamId: teamUID,
            importId,
            rowNumber,
            column: warning.column,
            header: headerOf(job!.headers, warning.column),
            value: warning.value,
            reason: warning.reason,
          })),
        );
        await repo.insertRefusals(
          tx,
          refusals.map((row) => ({
            teamId: teamUID,
            importId,
            rowNumber: row.rowNumber,
            reason: row.reason,
            values: row.values,
          })),
        );

        job!.processed += batch.length;
        job!.created += created;
        job!.updated += updated;
        job!.refused += refusals.length;
        job!.warnings += warnings.size;
        const status = job!.processed >= job!.totalRows ? 'completed' : 'running';
        job!.status = status;
        // The last batch ends the import: from its commit the starter's bell lists it.
        if (status === 'completed') job!.finishedAt = new Date();
        await repo.updateImport(tx, teamUID, importId, {
          processed: job!.processed,
          created: job!.created,
          updated: job!.updated,
          refused: job!.refused,
          warnings: job!.warnings,
          status,
          finishedAt: job!.finishedAt,
        });
        await appendChange(tx, teamUID, {
          entity: 'import',
          op: 'update',
          ids: [importId],
          data: {
            processed: job!.processed,
            total: job!.totalRows,
            created: job!.created,
            updated: job!.updated,
            refused: job!.refused,
            warnings: job!.warnings,
            status,
          },
        });
      });
    }

    try {
      await repo.updateImport(db, teamUID, importId, { status: 'running' });
      let rowNumber = 0;
      let batch: { rowNumber: number; values: string[] }[] = [];
      let batchSize = FIRST_BATCH_ROWS;
      const write = async () => {
        const started = performance.now();
        await processBatch(batch);
        batch = [];
        if (performance.now() - started < BATCH_TARGET_MS)
          batchSize = Math.min(IMPORT_BATCH_SIZE, batchSize * 4);
      };
      for await (const values of readRows(db, teamUID, importId)) {
        rowNumber += 1;
        // A retried job skips the rows a finished batch already handled.
        if (rowNumber <= job.processed) continue;
        batch.push({ rowNumber, values });
        if (batch.length >= batchSize) {
          if (stop?.aborted) return;
          await write();
        }
      }
      if (stop?.aborted) return;
      if (batch.length > 0) await write();
      await tellManagersOfHiddenRows(job);
      // A file with a header and no rows has no batch to end it.
      job.status = 'completed';
      job.finishedAt ??= new Date();
      await repo.updateImport(db, teamUID, importId, { status: 'completed', finishedAt: job.finishedAt });
      await repo.deleteChunks(db, teamUID, importId);
      await announceFinished(job);
    } catch (error) {
      // Drizzle wraps the database's own error, which says what went wrong.
      const cause = (error as { cause?: unknown }).cause ?? error;
      await repo.updateImport(db, teamUID, importId, {
        error: cause instanceof Error ? cause.message : String(cause),
      });
      throw error;
    }
  }

  /** One of the member's own imports; another's is not found. */
  async function getImport(member: TeamActor, importId: string) {
    const { teamUID } = member;
    const row = await repo.findImport(databases.forTeam(teamUID), teamUID, importId);
    if (!row || row.createdByUid !== member.userId) throw new NotFoundError('Import not found.');
    return present(row);
  }

  return {
    runImportJob: runImportJob.handledBy(({ teamUID, importId }, run) =>
      runImport(teamUID, importId, run?.signal),
    ),

    /**
     * Stores an uploaded CSV as it streams in (never whole in memory), reading its header, the
     * first rows and the row count on the way.
     */
    async uploadFile(member: TeamActor, fileName: string, body: Readable) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const importId = createPushId('imp_');
      let header: string[] | null = null;
      const preview: string[][] = [];
      let totalRows = 0;
      // Each column's numeric dates, read as they stream by: the mapping step asks for their order
      // only when the whole column leaves it open.
      const dateOrders: ReturnType<typeof createDateOrderDetector>[] = [];
      const parser = createCsvParser((row) => {
        if (!header) header = row;
        else {
          totalRows += 1;
          // Shown as the import will read it: a formula our export neutralised, without its quote.
          if (preview.length < PREVIEW_ROWS) preview.push(row.map(restoreFormula));
          for (const [index, cell] of row.entries()) {
            if (!/^\d/.test(cell)) continue;
            (dateOrders[index] ??= createDateOrderDetector()).push(cell);
          }
        }
      });
      const decoder = createCsvDecoder();
      let buffer = '';
      let seq = 0;
      let bytes = 0;
      try {
        for await (const chunk of body) {
          bytes += (chunk as Buffer).length;
          if (bytes > MAX_IMPORT_BYTES)
            throw new AppError(
              413,
              'payload-too-large',
              'The file is larger than 200 MB; split it into smaller files.',
            );
          const text = decoder.push(chunk as Buffer);
          parser.push(text);
          buffer += text;
          if (buffer.length >= CHUNK_CHARS) {
            await repo.insertChunk(db, teamUID, importId, seq++, buffer);
            buffer = '';
          }
        }
        const rest = decoder.end();
        parser.push(rest);
        buffer += rest;
        parser.end();
        if (buffer !== '') await repo.insertChunk(db, teamUID, importId, seq++, buffer);
        if (!header || (header as string[]).every((cell) => cell.trim() === ''))
          throw new BadRequestError('The file is empty: it needs a header row and at least one contact.');
        await repo.insertImport(db, {
          teamId: teamUID,
          id: importId,
          fileName,
          headers: header,
          preview,
          totalRows,
          createdBy: member.name,
          createdByUid: member.userId,
          options: {
            encoding: decoder.encoding,
            notices: decoder.notices(),
            dateOrders: (header as string[]).map((_, index) => dateOrders[index]?.result() ?? null),
          } satisfies UploadFacts,
        });
      } catch (error) {
        await repo.deleteChunks(db, teamUID, importId);
        throw error;
      }
      return present((await repo.findImport(db, teamUID, importId))!);
    },

    async startImport(member: TeamActor, importId: string, options: ImportOptions) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const row = await repo.findImport(db, teamUID, importId);
      if (!row || row.createdByUid !== member.userId) throw new NotFoundError('Import not found.');
      if (row.status !== 'uploaded') throw new BadRequestError('This import has already started.');
      if (options.mapping.length !== row.headers.length) {
        throw new BadRequestError(
          `Invalid mapping: give one field for each of the ${row.headers.length} columns.`,
        );
      }
      if (options.pipelineId) {
        const pipeline = await pipelineData.findPipeline(db, teamUID, options.pipelineId);
        if (!pipeline || !canSeePipeline(member, pipeline.id)) throw new NotFoundError('Pipeline not found.');
        const stages = await pipelineData.listStages(db, teamUID, [pipeline.id]);
        if (options.stageId && !stages.some((stage) => stage.id === options.stageId)) {
          throw new BadRequestError(`Invalid stageId: ${options.stageId} is not a stage of this pipeline.`);
        }
      } else if (member.role === 'member') {
        throw new BadRequestError(
          'Invalid pipelineId: choose a pipeline you work in for the imported contacts.',
        );
      }
      const dateColumn = options.mapping.indexOf('createdAt');
      if (
        dateColumn >= 0 &&
        !options.dateOrder &&
        uploadFactsOf(row).dateOrders[dateColumn] === 'ambiguous'
      ) {
        throw new BadRequestError(
          `Invalid dateOrder: the dates in column "${headerOf(row.headers, dateColumn)}" read both day first and month first (03/04/2024); choose one of ${DATE_ORDERS.join(', ')}.`,
        );
      }
      const tags = await findTagsWithSets(db, teamUID, options.tagIds ?? []);
      for (const tagId of options.tagIds ?? []) {
        const tag = tags.find((item) => item.tagId === tagId);
        if (!tag || !canSeePipelineItem(member, tag)) {
          throw new BadRequestError(`Invalid tagIds: ${tagId} is not a tag of this team.`);
        }
      }
      const { mapping, ...rest } = options;
      await repo.updateImport(db, teamUID, importId, {
        status: 'queued',
        mapping,
        options: { ...uploadFactsOf(row), ...rest },
      });
      await queue.send(runImportJob, { teamUID, importId });
      return present((await repo.findImport(db, teamUID, importId))!);
    },

    getImport,

    ...createImportReports({ databases, getImport }),
  };
}

export const importMappingSchema = z.array(
  z
    .enum(CSV_FIELDS as [CsvField, ...CsvField[]])
    .or(z.string().regex(/^(question|answer)\.\d{1,2}$/) as z.ZodType<CsvField>),
);

export const dateOrderSchema = z.enum(DATE_ORDERS as [DateOrder, ...DateOrder[]]);
