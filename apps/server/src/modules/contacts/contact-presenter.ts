import { BadRequestError } from '../../platform/errors';
import type * as repo from './contacts.repository';

type ActivityRow = Awaited<ReturnType<typeof repo.listActivities>>[number];

// How contacts, their history, notes and deals look on the wire (SPEC names: GTID, pipelineID, …).

/** SPEC's contact: fields, sources, and per visible pipeline its stage, answers, tags, deals and history. */
export function presentContact(rows: {
  contact: repo.ContactRow;
  visible: Awaited<ReturnType<typeof repo.listContactPipelines>>;
  sources: repo.SourceRow[];
  tagRows: Awaited<ReturnType<typeof repo.listContactTags>>;
  history: Awaited<ReturnType<typeof repo.listStageHistory>>;
  dealRows: repo.DealRow[];
}) {
  const { contact, visible, sources, tagRows, history, dealRows } = rows;
  const tagsBySet = (list: typeof tagRows) =>
    list.reduce<Record<string, string[]>>((sets, row) => {
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
    statusLabelId: contact.statusLabelId,
    lastContactedAt: contact.lastContactedAt?.toISOString() ?? null,
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
}

/** A note on a contact. */
export function presentNote(note: {
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

/** A deal, with its value as a number. */
export function presentDeal(deal: repo.DealRow) {
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

/** One line of a contact's history, as SPEC's activities list shows it. */
export function presentActivity(row: ActivityRow) {
  return {
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
  };
}

/** An opaque cursor for the next page of a contact's history. */
export function encodeCursor(createdAt: Date, id: string) {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string) {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string') throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw new BadRequestError('Invalid before: use the nextCursor of the previous page.');
  }
}
