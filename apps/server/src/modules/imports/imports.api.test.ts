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
  owner = await server.signUp();
  teamUID = (await owner.me()).teamUID;
  pipeline = (
    await owner.post(`${base()}/pipelines`, {
      nickName: 'Imports',
      stages: [{ name: 'New' }, { name: 'Member' }],
    })
  ).body.data;
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

async function upload(csv: string, client = owner) {
  return client.request('POST', `${base()}/imports?fileName=people.csv`, csv, { 'content-type': 'text/csv' });
}

async function runToEnd(importId: string) {
  let state: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        state = (await owner.get(`${base()}/imports/${importId}`)).body.data;
        return state.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe('completed');
  return state;
}

describe('CSV import', () => {
  it('imports 10,000 rows in batches, de-duplicates, refuses bad rows and reports why', async () => {
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
    expect(done).toMatchObject({ processed: 10_000, refused: bad });
    expect(Number(done.created) + Number(done.updated)).toBe(10_000 - bad);
    expect(Number(done.updated)).toBeGreaterThanOrEqual(duplicates - 2);

    const search = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { pipelineId: pipeline.groupUID, stageIds: [pipeline.stages[1]!.stageUID] },
    });
    expect(search.body.data.total).toBe(done.created);
    const tags = (await owner.get(`${base()}/tag-sets`)).body.data.globalTagSets;
    expect(tags.map((set: { name: string }) => set.name).sort()).toEqual(['Imported', 'Source']);

    const report = await owner.get(`${base()}/imports/${file.importId}/refused.csv`);
    expect(report.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...refused] = parseCsv(report.body as string);
    expect(header!.slice(-2)).toEqual(['Row', 'Reason']);
    expect(refused).toHaveLength(bad);
    expect(refused[0]!.at(-1)).toBe('Email "broken-0" is not a valid address.');
    expect(refused[0]!.at(-2)).toBe('1');
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
