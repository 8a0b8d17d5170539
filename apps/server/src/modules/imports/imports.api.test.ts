import { readFileSync } from 'node:fs';
import { formatCsvRow, parseCsv } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let pipeline: { groupUID: string; stages: { stageUID: string; name: string }[] };

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  pipeline = await server.createPipeline(team, 'Imports', ['New', 'Member']);
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

async function upload(csv: string | Uint8Array, client = owner) {
  return client.request('POST', `${base()}/imports?fileName=people.csv`, csv, { 'content-type': 'text/csv' });
}

/** A large import runs for a while: a minute, polled every 200 ms. */
const runToEnd = (importId: string) =>
  server.waitForJob(owner, teamUID, { importId }, { timeout: 60_000, interval: 200 });

describe('CSV import', () => {
  it('imports 10,000 rows in batches, de-duplicates, keeps rows with a bad email and reports why', async () => {
    const lines = [
      formatCsvRow(['Given Name', 'Family Name', 'E-mail 1 - Value', 'Phone 1 - Value', 'Labels']),
    ];
    let bad = 0;
    for (let index = 0; index < 10_000; index += 1) {
      const email = index % 50 === 0 ? `broken-${index}` : `person${index % 9_900}@example.test`;
      if (index % 50 === 0) bad += 1;
      lines.push(
        formatCsvRow([
          `First${index}`,
          `Last${index}`,
          email,
          index % 2 ? `+1 555 ${String(index).padStart(7, '0')}` : '',
          'vip | Source: Webinar',
        ]),
      );
    }
    const uploaded = await upload(lines.join(''));
    expect(uploaded.status).toBe(201);
    const file = uploaded.body.data;
    expect(file).toMatchObject({
      totalRows: 10_000,
      status: 'uploaded',
      headers: ['Given Name', 'Family Name', 'E-mail 1 - Value', 'Phone 1 - Value', 'Labels'],
    });
    expect(file.preview).toHaveLength(5);
    expect(file.suggestedMapping).toEqual([
      'firstName',
      'lastName',
      'emailAddress',
      'phoneNumber',
      'globalTags',
    ]);

    const started = await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: file.suggestedMapping,
      pipelineId: pipeline.groupUID,
      stageId: pipeline.stages[1]!.stageUID,
    });
    expect(started.status).toBe(202);
    const done = await runToEnd(file.importId);
    // Emails repeat after 9,900 rows: those rows update the earlier contact instead of adding one.
    const duplicates =
      100 -
      Array.from({ length: 100 }, (_, i) => 9_900 + i).filter((i) => i % 50 === 0 || (i - 9_900) % 50 === 0)
        .length;
    expect(done).toMatchObject({ processed: 10_000, refused: 0, warnings: bad });
    expect(Number(done.created) + Number(done.updated)).toBe(10_000);
    expect(Number(done.updated)).toBeGreaterThanOrEqual(duplicates - 2);

    const search = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: pipeline.groupUID, stageIds: [pipeline.stages[1]!.stageUID] },
    });
    expect(search.body.data.total).toBe(done.created);
    const tags = (await owner.get(`${base()}/tag-sets`)).body.data.globalTagSets;
    expect(tags.map((set: { name: string }) => set.name).sort()).toEqual(['Imported', 'Source']);

    const report = await owner.get(`${base()}/imports/${file.importId}/warnings.csv`);
    expect(report.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...warned] = parseCsv(report.body as string);
    expect(header).toEqual(['Row', 'Column', 'Value', 'Warning']);
    expect(warned).toHaveLength(bad);
    expect(warned[0]).toEqual(['1', 'E-mail 1 - Value', 'broken-0', 'not an email address; left empty']);
    expect(warned.at(-1)![0]).toBe('9951');
    const [, ...refused] = parseCsv((await owner.get(`${base()}/imports/${file.importId}/refused.csv`)).body);
    expect(refused).toEqual([]);
  }, 120_000);

  it('reads our own export back losslessly', async () => {
    const global = (await owner.post(`${base()}/tag-sets`, { name: 'Round trip', tags: ['kept'] })).body.data;
    const created = (
      await owner.post(`${base()}/contacts`, {
        firstName: 'Rita',
        lastName: 'Round, "Trip"',
        emailAddress: 'rita@example.test',
        phoneNumber: '+44 20 7946 0123',
        sources: [
          { platform: 'tiktok', username: 'rita.rt', url: 'https://tiktok.com/@rita.rt', profileId: 'tt-9' },
        ],
        pipeline: {
          pipelineId: pipeline.groupUID,
          stageId: pipeline.stages[1]!.stageUID,
          questions: [{ question: 'Goal?', answer: 'Run, a 10k' }],
        },
        tagIds: [global.tags[0].tagUID],
      })
    ).body.data;
    const before = (await owner.get(`${base()}/contacts/${created.GTID}`)).body.data;
    const exported = (await owner.post(`${base()}/contacts/export`, { searchObj: 'rita' })).body as string;
    // Changed after the export: reading the export back puts everything as it was.
    await owner.patch(`${base()}/contacts/${created.GTID}`, { firstName: 'Changed', lastName: 'Name' });
    await owner.put(`${base()}/contacts/${created.GTID}/pipelines/${pipeline.groupUID}`, {
      stageId: pipeline.stages[0]!.stageUID,
      questions: [],
    });
    await owner.delete(`${base()}/contacts/${created.GTID}/tags/${global.tags[0].tagUID}`);

    const file = (await upload(exported)).body.data;
    expect(file.isGroupTrackExport).toBe(true);
    await owner.post(`${base()}/imports/${file.importId}/start`, { mapping: file.suggestedMapping });
    await runToEnd(file.importId);
    const after = (await owner.get(`${base()}/contacts/${created.GTID}`)).body.data;
    const comparable = (contact: Record<string, unknown>) => {
      const {
        updatedAt: _u,
        groupData,
        ...rest
      } = contact as { updatedAt: string; groupData: Record<string, Record<string, unknown>> };
      return {
        ...rest,
        groupData: Object.fromEntries(
          Object.entries(groupData).map(([key, value]) => [
            key,
            { stage: value.stage, questions: value.questions, tagSets: value.tagSets },
          ]),
        ),
      };
    };
    expect(comparable(after)).toEqual(comparable(before));
  }, 60_000);

  it('finds imported contacts by their handles, new and existing alike; a repeated person is an update', async () => {
    const existing = (
      await owner.post(`${base()}/contacts`, { firstName: 'Hana', emailAddress: 'hana@example.test' })
    ).body.data;
    const csv =
      formatCsvRow(['Name', 'Email', 'Instagram Username', 'TikTok Username']) +
      formatCsvRow(['Hana', 'hana@example.test', 'hanaclimbs', '']) +
      formatCsvRow(['Ivo Novak', '', 'ivopaints', 'ivodances']) +
      // The same person again, further down the same file: counted as an update of the contact.
      formatCsvRow(['Ivo', '', '', 'ivodances']);
    const file = (await upload(csv)).body.data;
    await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: ['name', 'emailAddress', 'instagram.username', 'tiktok.username'],
    });
    expect(await runToEnd(file.importId)).toMatchObject({ created: 1, updated: 2, refused: 0 });
    const found = async (text: string) =>
      (
        await owner.post('/search/v2', { teamUID, searchObj: text, paging: { from: 0, size: 10 } })
      ).body.data.hits.map((hit: { name: string }) => hit.name);
    expect(await found('hanaclimbs')).toEqual([existing.name]);
    expect(await found('ivopaints')).toEqual(['Ivo Novak']);
    expect(await found('ivodances')).toEqual(['Ivo Novak']);
  });

  it('refuses an empty file, a wrong mapping, and answers 401 and 404', async () => {
    const empty = await upload('');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/The file is empty/);
    const file = (await upload(formatCsvRow(['Name']) + formatCsvRow(['Ann']))).body.data;
    const wrong = await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: ['name', 'emailAddress'],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Invalid mapping: give one field for each of the 1 columns.');
    const unknown = await owner.post(`${base()}/imports/${file.importId}/start`, { mapping: ['shoeSize'] });
    expect(unknown.body.error.message).toMatch(/^Invalid body\.mapping/);
    expect(
      (
        await server
          .client()
          .request('POST', `${base()}/imports`, 'Name\nA\n', { 'content-type': 'text/csv' })
      ).status,
    ).toBe(401);
    const stranger = await server.signUp();
    expect((await upload('Name\nA\n', stranger)).status).toBe(404);
    expect((await stranger.get(`${base()}/imports/${file.importId}`)).status).toBe(404);
  });
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The contact an email belongs to, as its page shows it. */
async function contactByEmail(email: string) {
  const search = await owner.post('/search/v2', { teamUID, searchObj: email, paging: { from: 0, size: 10 } });
  const hits = search.body.data.hits as {
    GTID: string;
  }[];
  expect(hits).toHaveLength(1);
  return (await owner.get(`${base()}/contacts/${hits[0]!.GTID}`)).body.data;
}

async function notesOf(GTID: string): Promise<string[]> {
  return (await owner.get(`${base()}/contacts/${GTID}/notes`)).body.data.map(
    (note: { text: string }) => note.text,
  );
}

async function importFile(file: string | Uint8Array) {
  const uploaded = await upload(file);
  expect(uploaded.status).toBe(201);
  const state = uploaded.body.data;
  const started = await owner.post(`${base()}/imports/${state.importId}/start`, {
    mapping: state.suggestedMapping,
    pipelineId: pipeline.groupUID,
  });
  expect(started.status).toBe(202);
  return { upload: state, done: await runToEnd(state.importId) };
}

const globalTagNames = async () =>
  (
    (await owner.get(`${base()}/tag-sets`)).body.data.globalTagSets as {
      name: string;
      tags: { name: string }[];
    }[]
  ).flatMap((set) => set.tags.map((tag) => `${set.name}: ${tag.name}`));

describe('Real export files', () => {
  it("imports Google Contacts' export: first of several values, the rest in a note, labels without system labels", async () => {
    const { upload: state, done } = await importFile(fixture('google-contacts.csv'));
    expect(state).toMatchObject({ totalRows: 4, encoding: 'utf-8', notices: [] });
    expect(done).toMatchObject({ created: 4, refused: 0 });

    const grace = await contactByEmail('grace@navy.example');
    expect(grace).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      name: 'Grace Brewster Hopper',
      emailAddress: 'grace@navy.example',
      phoneNumber: '+15550199',
    });
    expect(await notesOf(grace.GTID)).toEqual(
      expect.arrayContaining([
        'Met at the compiler meetup',
        'Also in the imported file:\nEmail: grace.hopper@example.test\nPhone: +15550100',
      ]),
    );
    expect((await contactByEmail('hello@harbour-bakery.example')).name).toBe('Harbour Bakery');
    const ada = await contactByEmail('ada@example.test');
    expect(ada.globalTagSets).toEqual({});
    expect(await notesOf(ada.GTID)).toEqual([]);
    expect((await contactByEmail('zoe.mueller@example.test')).name).toBe('Zoë Müller');
    const tags = await globalTagNames();
    expect(tags).toEqual(
      expect.arrayContaining(['Imported: Navy', 'Imported: Suppliers', 'Imported: Book club']),
    );
    expect(tags.filter((tag) => tag.includes('*'))).toEqual([]);

    // The same file again changes the same people and adds no second note.
    const again = await importFile(fixture('google-contacts.csv'));
    expect(again.done).toMatchObject({ created: 0, updated: 4, refused: 0 });
    expect(await notesOf(grace.GTID)).toHaveLength(2);
  });

  it("imports Google Contacts' older export (Group Membership, Organization 1 - Name)", async () => {
    const { upload: state, done } = await importFile(fixture('google-contacts-legacy.csv'));
    expect(state.suggestedMapping[state.headers.indexOf('Group Membership')]).toBe('globalTags');
    expect(state.suggestedMapping[state.headers.indexOf('Organization 1 - Name')]).toBe('organization');
    expect(done).toMatchObject({ created: 3, refused: 0 });
    const katherine = await contactByEmail('katherine@example.test');
    expect(katherine.name).toBe('Katherine Johnson');
    expect(await notesOf(katherine.GTID)).toEqual([
      'Also in the imported file:\nEmail: kjohnson@nasa.example',
    ]);
    expect((await contactByEmail('bookings@riverside-hall.example')).name).toBe('Riverside Hall');
    expect(await globalTagNames()).toEqual(expect.arrayContaining(['Imported: Mentors', 'Imported: Venues']));
  });

  it("imports HubSpot's contacts export with its Create Date as the contact's created date", async () => {
    const { upload: state, done } = await importFile(fixture('hubspot-contacts.csv'));
    expect(state.suggestedMapping[state.headers.indexOf('Create Date')]).toBe('createdAt');
    expect(state.suggestedMapping[state.headers.indexOf('Record ID')]).toBe('ignore');
    expect(done).toMatchObject({ created: 3, refused: 0 });
    expect(await contactByEmail('camille.durand@example.test')).toMatchObject({
      name: 'Camille Durand',
      phoneNumber: '+33612345678',
      createdAt: '2023-11-06T10:25:00.000Z',
    });
    expect(await contactByEmail('orders@fromagerie.example')).toMatchObject({
      name: 'Fromagerie Perrin',
      createdAt: '2022-07-01T08:00:00.000Z',
    });
  });
});

describe('Spreadsheet formulas', () => {
  it('reads a formula cell and a +phone back from our own export exactly as they were', async () => {
    const person = (
      await owner.post(`${base()}/contacts`, {
        firstName: '=SUM(A1:A3)',
        lastName: '-Minus @home',
        emailAddress: 'formula.roundtrip@example.test',
        phoneNumber: '+1 555 123 4567',
      })
    ).body.data;
    const exported = (
      await owner.post(`${base()}/contacts/export`, { searchObj: 'formula.roundtrip@example.test' })
    ).body as string;
    expect(exported).toContain(`"'+15551234567"`);
    expect(exported).toContain(`"'=SUM(A1:A3)"`);
    // Changed after the export: reading the export back puts every cell as it was.
    await owner.patch(`${base()}/contacts/${person.GTID}`, {
      firstName: 'Changed',
      lastName: 'Name',
      phoneNumber: '+1 555 000 0000',
    });

    const file = (await upload(exported)).body.data;
    expect(file.preview[0][file.headers.indexOf('Phone')]).toBe('+15551234567');
    await owner.post(`${base()}/imports/${file.importId}/start`, { mapping: file.suggestedMapping });
    expect(await runToEnd(file.importId)).toMatchObject({ updated: 1, refused: 0 });
    expect((await owner.get(`${base()}/contacts/${person.GTID}`)).body.data).toMatchObject({
      firstName: '=SUM(A1:A3)',
      lastName: '-Minus @home',
      name: '=SUM(A1:A3) -Minus @home',
      phoneNumber: '+15551234567',
    });
  });

  it('neutralises formulas in the refused-rows and warnings reports', async () => {
    const csv = 'Extra,Email\r\n"=HYPERLINK(""http://evil.test"")",not-an-email\r\nAnn,=cmd|x\r\n';
    const file = (await upload(csv)).body.data;
    await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: ['ignore', 'emailAddress'],
      pipelineId: pipeline.groupUID,
    });
    expect(await runToEnd(file.importId)).toMatchObject({ refused: 2 });
    const report = (await owner.get(`${base()}/imports/${file.importId}/refused.csv`)).body as string;
    expect(report.split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""http://evil.test"")",not-an-email,1,"Nothing identifies this person: no name, email, phone or profile. ""not-an-email"" is not an email address."`,
    );

    const named = (await upload('Name,Email\r\nAnn,=cmd|x\r\n')).body.data;
    await owner.post(`${base()}/imports/${named.importId}/start`, {
      mapping: named.suggestedMapping,
      pipelineId: pipeline.groupUID,
    });
    expect(await runToEnd(named.importId)).toMatchObject({ created: 1, warnings: 1 });
    const warnings = (await owner.get(`${base()}/imports/${named.importId}/warnings.csv`)).body as string;
    expect(warnings.split('\r\n')[1]).toBe(`1,Email,"'=cmd|x",not an email address; left empty`);
  });
});

describe('File encodings and NUL characters', () => {
  const text = 'Name,Email\r\nRenée Ñandú,renee.enc@example.test\r\n';
  const utf16 = (value: string, order: 'le' | 'be') => {
    const bytes = Buffer.from(value, 'utf16le');
    if (order === 'be')
      for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1]!, bytes[i]!];
    return Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), bytes]);
  };

  it.each([
    ['UTF-16 LE', utf16(text, 'le'), 'utf-16le'],
    ['UTF-16 BE', utf16(text, 'be'), 'utf-16be'],
    [
      'UTF-8 with a byte-order mark',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      'utf-8',
    ],
  ])('reads a %s upload', async (_name, bytes, encoding) => {
    const uploaded = await upload(bytes);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      encoding,
      notices: [],
      headers: ['Name', 'Email'],
      preview: [['Renée Ñandú', 'renee.enc@example.test']],
    });
  });

  it('reads a Windows-1252 upload and says so, on the upload and on the import', async () => {
    const uploaded = await upload(Buffer.from(text.replace('renee.enc', 'renee.cp1252'), 'latin1'));
    expect(uploaded.status).toBe(201);
    const file = uploaded.body.data;
    expect(file).toMatchObject({
      encoding: 'windows-1252',
      preview: [['Renée Ñandú', 'renee.cp1252@example.test']],
    });
    expect(file.notices).toEqual([
      expect.stringMatching(/^The file is not UTF-8, so it was read as Windows-1252/),
    ]);
    await owner.post(`${base()}/imports/${file.importId}/start`, {
      mapping: file.suggestedMapping,
      pipelineId: pipeline.groupUID,
    });
    expect(await runToEnd(file.importId)).toMatchObject({ created: 1, notices: file.notices });
    expect((await contactByEmail('renee.cp1252@example.test')).name).toBe('Renée Ñandú');
  });

  it('keeps characters cut between the pieces of a large UTF-16 upload', async () => {
    const padding = 'x'.repeat(3_000);
    const rows = Array.from({ length: 400 }, (_, index) =>
      formatCsvRow([`Zoë 😀 ${index}`, `big${index}@example.test`, padding]),
    );
    const bytes = utf16(formatCsvRow(['Name', 'Email', 'Notes']) + rows.join(''), 'le');
    expect(bytes.length).toBeGreaterThan(2_000_000);
    const { upload: state, done } = await importFile(bytes);
    expect(state.totalRows).toBe(400);
    expect(done).toMatchObject({ created: 400, refused: 0 });
    expect((await contactByEmail('big399@example.test')).name).toBe('Zoë 😀 399');
    expect((await contactByEmail('big200@example.test')).name).toBe('Zoë 😀 200');
  });

  it('removes NUL characters from cells and says so, instead of failing', async () => {
    const { upload: state, done } = await importFile('Name,Email\r\nNu\0la Null,nul\0a@example.test\r\n');
    expect(state.notices).toEqual([
      'The file held 2 NUL characters, which no spreadsheet means in a cell; they were removed.',
    ]);
    expect(done).toMatchObject({ created: 1, refused: 0 });
    expect((await contactByEmail('nula@example.test')).name).toBe('Nula Null');
  });

  it.each([
    [
      'mixes encodings',
      Buffer.concat([
        Buffer.from('Name\r\nZoë\r\n' + 'a\r\n'.repeat(300)),
        Buffer.from('Renée\r\n', 'latin1'),
      ]),
      /^The file mixes text encodings: it starts as UTF-8/,
    ],
    [
      'is an .xlsx workbook',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      /^This is a spreadsheet workbook/,
    ],
  ])('refuses a file that %s with a clear message', async (_name, bytes, message) => {
    const uploaded = await upload(bytes);
    expect(uploaded.status).toBe(400);
    expect(uploaded.body.error.message).toMatch(message);
  });
});
