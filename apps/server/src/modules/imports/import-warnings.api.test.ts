import { readFileSync } from 'node:fs';
import { formatCsvRow, parseCsv } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, openStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let pipeline: { groupUID: string; stages: { stageUID: string; name: string }[] };
let other: { groupUID: string };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 5 });
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Bad cells', ['New', 'Warm']);
  other = await server.createPipeline(team, 'Elsewhere', ['Only']);
  ({ client: member } = await server.joinAsMember(team, { groupAccess: [other.groupUID] }));
});
afterAll(async () => {
  await server.stop();
});

const base = () => `/api/v1/teams/${teamUID}`;

async function upload(csv: string | Uint8Array, client = owner) {
  const uploaded = await client.request('POST', `${base()}/imports?fileName=people.csv`, csv, {
    'content-type': 'text/csv',
  });
  expect(uploaded.status).toBe(201);
  return uploaded.body.data;
}

/** The one contact a search finds, as its page shows it. */
async function findContact(text: string) {
  const search = await owner.post('/search/v2', { teamUID, searchObj: text, paging: { from: 0, size: 10 } });
  const hits = search.body.data.hits as { GTID: string }[];
  expect(hits).toHaveLength(1);
  return (await owner.get(`${base()}/contacts/${hits[0]!.GTID}`)).body.data;
}

/** A contact's global tags as "Set: Tag", looked up in the team's tag sets. */
async function tagNames(contact: { globalTagSets: Record<string, string[]> }) {
  const sets = (await owner.get(`${base()}/tag-sets`)).body.data.globalTagSets as {
    tagSetUID: string;
    name: string;
    tags: { tagUID: string; name: string }[];
  }[];
  return Object.entries(contact.globalTagSets)
    .flatMap(([setId, tagIds]) => {
      const set = sets.find((item) => item.tagSetUID === setId)!;
      return tagIds.map((tagId) => `${set.name}: ${set.tags.find((tag) => tag.tagUID === tagId)!.name}`);
    })
    .sort();
}

describe('an import with unusable cells', () => {
  it('keeps every person a file with each kind of bad cell names, and lists each bad cell as a warning', async () => {
    const file = await upload(readFileSync(new URL('./fixtures/bad-cells.csv', import.meta.url)));
    const mapping = [...file.suggestedMapping];
    expect(mapping.slice(0, 13)).toEqual([
      'GTID',
      'firstName',
      'lastName',
      'emailAddress',
      'phoneNumber',
      'photoURL',
      'facebook.url',
      'globalTags',
      'pipeline',
      'stage',
      'note',
      'createdAt',
      'questions',
    ]);
    // The last column's header is the question its cells answer.
    mapping[13] = 'answer.1';
    const started = await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping,
      pipelineId: pipeline.groupUID,
    });
    expect(started.status).toBe(202);
    const done = await server.waitForJob(owner, teamUID, { importId: file.importId });
    expect(done).toMatchObject({ processed: 8, created: 7, updated: 0, refused: 1, warnings: 11 });

    // Every kept person is on the board, in the pipeline chosen for the file.
    const board = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: pipeline.groupUID },
    });
    expect(board.body.data.total).toBe(7);

    const { total, warnings } = (await owner.get(`${base()}/imports/${file.importId}/warnings`)).body.data;
    expect(total).toBe(11);
    expect(warnings.map((warning: { message: string }) => warning.message)).toEqual([
      'Row 2, email "none": not an email address; left empty',
      'Row 3, email "n/a": not an email address; left empty',
      'Row 3, Phone "none": not a phone number; left empty',
      'Row 4, Photo URL "javascript:alert(1)": not a web address starting with http:// or https://; left empty',
      'Row 5, Facebook URL "javascript://x": not a web address starting with http:// or https://; left empty',
      'Row 5, Questions "not json": not a list of {"question", "answer"} as our export writes it; left empty',
      `Row 6, First Name "${'F'.repeat(60)}…": longer than 100 characters; left empty`,
      'Row 6, Created At "yesterday": not a date; dated by the import',
      'Row 7, GTID "gt-nobody-here": not a contact of this team; left empty',
      'Row 7, Pipeline "Nowhere": no pipeline of that name you can see; placed in "Bad cells"',
      'Row 7, Stage "Nope": no stage of that name in "Bad cells"; placed in "New"',
    ]);
    expect(warnings[1]).toEqual({
      row: 3,
      column: 'email',
      value: 'n/a',
      reason: 'not an email address; left empty',
      message: 'Row 3, email "n/a": not an email address; left empty',
    });

    // The row that names nobody is in the refused rows' report, saying why.
    const [, ...refused] = parseCsv(
      (await owner.get(`${base()}/imports/${file.importId}/refused.csv`)).body as string,
    );
    expect(refused.map((row) => row.slice(-2))).toEqual([
      [
        '8',
        'Nothing identifies this person: no name, email, phone or profile. "n/a" is not an email address.',
      ],
    ]);

    const ana = await findContact('ana@bad-cells.test');
    expect(ana).toMatchObject({ firstName: 'Ana', phoneNumber: '+351912345678' });
    expect(await tagNames(ana)).toEqual(['Imported: coaching', 'Imported: course-buyer']);
    expect(ana.groupData[pipeline.groupUID].questions).toEqual([
      { question: 'Where did you hear of us?', answer: 'Instagram' },
    ]);
    const notes = (await owner.get(`${base()}/contacts/${ana.GTID}/notes`)).body.data;
    expect(notes.map((note: { text: string }) => note.text)).toEqual(['Met at the fair']);

    const boContact = await findContact('Bo Berg');
    expect(boContact).toMatchObject({ name: 'Bo Berg', emailAddress: null });
    expect(await tagNames(boContact)).toEqual(['Imported: vip', 'Imported: webinar', 'Source: Podcast']);
    // Internationalised addresses are addresses.
    expect((await findContact('jösé@bad-cells.test')).photoURL ?? null).toBeNull();
    expect((await findContact('用户@例子.广告')).lastName).toBe('Eng');
    expect((await findContact('fay@bad-cells.test')).lastName).toBe('Fox');
    expect((await findContact('gus@bad-cells.test')).groupData[pipeline.groupUID].stage).toBe(
      pipeline.stages[0]!.stageUID,
    );

    const report = await owner.get(`${base()}/imports/${file.importId}/warnings.csv`);
    expect(report.headers.get('content-disposition')).toBe('attachment; filename="people-warnings.csv"');
    expect(parseCsv(report.body as string)[2]).toEqual([
      '3',
      'email',
      'n/a',
      'not an email address; left empty',
    ]);
  });

  it('asks for the date order when a date column reads both ways, and reads it in the order chosen', async () => {
    const file = await upload(
      formatCsvRow(['Name', 'Email', 'Joined']) +
        formatCsvRow(['Ida Order', 'ida@dates.test', '01/02/2024']) +
        formatCsvRow(['Jo Order', 'jo@dates.test', '03/04/2024 18:30']),
    );
    expect(file.dateOrders).toEqual([null, null, 'ambiguous']);
    const mapping = ['name', 'emailAddress', 'createdAt'];
    const unasked = await owner.post(`${base()}/imports/${file.importId}/start`, { mapping });
    expect(unasked.status).toBe(400);
    expect(unasked.body.error.message).toBe(
      'Invalid dateOrder: the dates in column "Joined" read both day first and month first (03/04/2024); choose one of day-first, month-first.',
    );
    const wrong = await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping,
      dateOrder: 'sideways',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^Invalid body\.dateOrder/);

    const started = await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping,
      dateOrder: 'day-first',
    });
    expect(started.body.data.dateOrder).toBe('day-first');
    await server.waitForJob(owner, teamUID, { importId: file.importId });
    expect((await findContact('ida@dates.test')).createdAt).toBe('2024-02-01T00:00:00.000Z');
    expect((await findContact('jo@dates.test')).createdAt).toBe('2024-04-03T18:30:00.000Z');
  });

  it('reads the date order a column shows without asking', async () => {
    const file = await upload(
      formatCsvRow(['Name', 'Joined']) +
        formatCsvRow(['Kai Vesterholm', '31/12/2023']) +
        formatCsvRow(['Luana Quenby', '03/04/2024']),
    );
    expect(file.dateOrders).toEqual([null, 'day-first']);
    await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: ['name', 'createdAt'],
      pipelineId: pipeline.groupUID,
    });
    expect(await server.waitForJob(owner, teamUID, { importId: file.importId })).toMatchObject({
      created: 2,
      warnings: 0,
    });
    expect((await findContact('Luana Quenby')).createdAt).toBe('2024-04-03T00:00:00.000Z');
  });
});

describe('import progress and its end', () => {
  it('counts rows as they are written, and tells its starter it finished, in their bell too', async () => {
    const rows = Array.from({ length: 1_000 }, (_, index) =>
      formatCsvRow([`Pat Progress ${index}`, `pat${index}@progress.test`]),
    );
    const file = await upload(formatCsvRow(['Name', 'Email']) + rows.join(''));
    const stream = await openEventStream(owner, teamUID);
    const mine = await openStream<{ kind: string; importId?: string }>(owner, '/api/v1/me/events');
    const theirs = await openStream<{ kind: string }>(member, '/api/v1/me/events');
    await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: file.suggestedMapping,
      pipelineId: pipeline.groupUID,
    });

    const finished = await mine.next((event) => event.kind === 'import-finished', 60_000);
    expect(finished).toMatchObject({ importId: file.importId, fileName: 'people.csv', status: 'completed' });
    // The team's stream and the user's are two channels: the last count may follow the notice.
    await stream.next(
      (event) =>
        event.entity === 'import' && event.ids.includes(file.importId) && event.data?.status === 'completed',
    );
    const progress = stream.received
      .filter((event) => event.entity === 'import' && event.ids.includes(file.importId))
      .map((event) => event.data as { processed: number; status: string });
    // The first rows are counted while the rest are still being written.
    expect(progress[0]).toMatchObject({ status: 'running' });
    expect(progress[0]!.processed).toBeLessThan(1_000);
    expect(progress.at(-1)).toMatchObject({ processed: 1_000, status: 'completed' });
    expect(theirs.received.some((event) => event.kind === 'import-finished')).toBe(false);

    const bell = (await owner.get(`${base()}/imports/finished`)).body.data;
    expect(bell[0]).toMatchObject({
      importId: file.importId,
      fileName: 'people.csv',
      status: 'completed',
      created: 1_000,
      readAt: null,
    });
    expect((await member.get(`${base()}/imports/finished`)).body.data).toEqual([]);
    expect((await owner.post(`${base()}/imports/finished/read`)).status).toBe(204);
    expect((await owner.get(`${base()}/imports/finished`)).body.data[0].readAt).not.toBeNull();
    stream.close();
    mine.close();
    theirs.close();
  });
});

describe('who may read an import report and the finished imports', () => {
  it('answers 401 signed out, 404 to another team and to a member for an import not theirs, 400 to a bad id', async () => {
    const file = await upload(formatCsvRow(['Name']) + formatCsvRow(['Quinn Private']));
    await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: ['name'],
      pipelineId: pipeline.groupUID,
    });
    await server.waitForJob(owner, teamUID, { importId: file.importId });
    const paths = [
      `imports/${file.importId}/warnings`,
      `imports/${file.importId}/warnings.csv`,
      'imports/finished',
    ];
    const signedOut = server.client();
    const stranger = await server.signUp();
    for (const path of paths) {
      expect((await signedOut.get(`${base()}/${path}`)).status).toBe(401);
      expect((await stranger.get(`${base()}/${path}`)).status).toBe(404);
    }
    expect((await signedOut.post(`${base()}/imports/finished/read`)).status).toBe(401);
    expect((await stranger.post(`${base()}/imports/finished/read`)).status).toBe(404);
    expect((await member.get(`${base()}/imports/${file.importId}/warnings`)).status).toBe(404);
    expect((await member.get(`${base()}/imports/${file.importId}/warnings.csv`)).status).toBe(404);
    const badId = await owner.get(`${base()}/imports/imp%00x/warnings`);
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toMatch(/^Invalid params\.importId/);
    expect((await owner.get(`${base()}/imports/imp_unknown/warnings.csv`)).status).toBe(404);
    // The member's own "read" touches only their own imports.
    expect((await member.post(`${base()}/imports/finished/read`)).status).toBe(204);
    const bell = (await owner.get(`${base()}/imports/finished`)).body.data;
    expect(bell.find((item: { importId: string }) => item.importId === file.importId).readAt).toBeNull();
  });
});
