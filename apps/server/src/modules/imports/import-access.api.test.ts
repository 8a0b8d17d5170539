import { formatCsvRow, parseCsv } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';
import { HIDDEN_CONTACT_MESSAGE } from '../contacts/contacts.service';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;
let mine: { groupUID: string; stages: { stageUID: string }[] };
let hidden: { groupUID: string; stages: { stageUID: string }[] };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signUp({ name: 'Iris Owner', email: 'iris@import-access.test' });
  teamUID = (await owner.me()).teamUID;
  await server.setSubscription(teamUID, { extraSeats: 10 });
  mine = (await owner.post(`${base()}/pipelines`, { nickName: 'Mine', stages: [{ name: 'New' }] })).body.data;
  hidden = (await owner.post(`${base()}/pipelines`, { nickName: 'Hidden', stages: [{ name: 'Only' }] })).body
    .data;
  const invite = await owner.post(`${base()}/invitations`, { groupAccess: [mine.groupUID] });
  member = await server.signUp({ name: 'Ivo Importer', email: 'ivo@import-access.test' });
  await member.post(`/api/v1/invitations/${invite.body.data.inviteCode}/accept`);
});
afterAll(async () => {
  await server.stop();
});

function base() {
  return `/api/v1/teams/${teamUID}`;
}

/** Uploads and runs an import to its end; answers its progress and refused rows. */
async function runImport(client: TestClient, rows: string[][], start: Record<string, unknown>) {
  const csv = rows.map((row) => formatCsvRow(row)).join('');
  const file = (
    await client.request('POST', `${base()}/imports?fileName=people.csv`, csv, { 'content-type': 'text/csv' })
  ).body.data;
  const started = await client.post(`${base()}/imports/${file.importId}/start`, start);
  expect(started.status).toBe(202);
  let state: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        state = (await client.get(`${base()}/imports/${file.importId}`)).body.data;
        return state.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('completed');
  const report = (await client.get(`${base()}/imports/${file.importId}/refused.csv`)).body as string;
  const [, ...refused] = parseCsv(report);
  return { state, refused, importId: file.importId as string };
}

describe("a member's import", () => {
  it('leaves contacts they may not see untouched, refuses their rows with the reason, and tells the managers once', async () => {
    const byEmail = (
      await owner.post(`${base()}/contacts`, {
        name: 'Hidden Hannah',
        emailAddress: 'hannah@import-access.test',
        pipeline: { pipelineId: hidden.groupUID },
      })
    ).body.data;
    const byProfile = (
      await owner.post(`${base()}/contacts`, {
        name: 'Hidden Hugo',
        sources: [{ platform: 'instagram', profileId: 'ig-hugo', username: 'hugo.h' }],
      })
    ).body.data;
    const seen = (
      await owner.post(`${base()}/contacts`, {
        name: 'Visible Vera',
        emailAddress: 'vera@import-access.test',
        pipeline: { pipelineId: mine.groupUID },
      })
    ).body.data;
    const before = await Promise.all(
      [byEmail, byProfile].map(
        async (contact) => (await owner.get(`${base()}/contacts/${contact.GTID}`)).body.data,
      ),
    );

    const { state, refused, importId } = await runImport(
      member,
      [
        ['GTID', 'Name', 'Email', 'Instagram Profile ID', 'Instagram Username', 'Pipeline'],
        ['', 'Renamed Hannah', 'hannah@import-access.test', '', '', ''],
        [byEmail.GTID, 'Renamed Again', '', '', '', ''],
        ['', 'Renamed Hugo', '', 'ig-hugo', '', ''],
        ['', 'Renamed Hugo', '', '', 'HUGO.H', ''],
        ['', 'Vera Changed', 'vera@import-access.test', '', '', ''],
        ['', 'New Nina', 'nina@import-access.test', '', '', 'Hidden'],
      ],
      {
        mapping: ['GTID', 'name', 'emailAddress', 'instagram.profileId', 'instagram.username', 'pipeline'],
        pipelineId: mine.groupUID,
      },
    );
    expect(state).toMatchObject({ processed: 6, created: 1, updated: 1, refused: 4 });
    expect(refused.map((row) => [row.at(-2), row.at(-1)])).toEqual([
      ['1', HIDDEN_CONTACT_MESSAGE],
      ['2', HIDDEN_CONTACT_MESSAGE],
      ['3', HIDDEN_CONTACT_MESSAGE],
      ['4', HIDDEN_CONTACT_MESSAGE],
    ]);

    const after = await Promise.all(
      [byEmail, byProfile].map(
        async (contact) => (await owner.get(`${base()}/contacts/${contact.GTID}`)).body.data,
      ),
    );
    expect(after).toEqual(before);
    expect((await member.get(`${base()}/contacts/${seen.GTID}`)).body.data.name).toBe('Vera Changed');
    // A pipeline named in the file that the member cannot see places nobody there.
    const nina = (
      await owner.post('/search/v2', { teamUID, searchObj: 'nina@import-access.test', paging: { size: 1 } })
    ).body.data.hits[0];
    expect(Object.keys((await owner.get(`${base()}/contacts/${nina.GTID}`)).body.data.groupData)).toEqual([
      mine.groupUID,
    ]);

    const mails = await server.server.context.mail.listOutbox({ limit: 50, to: 'iris@import-access.test' });
    const told = mails.filter((mail) => mail.subject.startsWith("Ivo Importer's import"));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe("Ivo Importer's import found 4 people in pipelines they cannot see");
    expect(told[0]!.text).not.toContain('Hannah');
    // Running the finished job again tells nobody twice.
    await server.server.context.imports.runImportJob.handle({ teamUID, importId });
    const again = await server.server.context.mail.listOutbox({ limit: 50, to: 'iris@import-access.test' });
    expect(again.filter((mail) => mail.subject.startsWith("Ivo Importer's import"))).toHaveLength(1);
  });
});

describe('GTIDs in an import', () => {
  it("refuses a GTID that is not this team's contact instead of making a contact with it", async () => {
    const stranger = await server.signUp();
    const strangerTeam = (await stranger.me()).teamUID;
    const theirs = (await stranger.post(`/api/v1/teams/${strangerTeam}/contacts`, { name: 'Their Tom' })).body
      .data;
    const ours = (await owner.post(`${base()}/contacts`, { name: 'Our Olive' })).body.data;

    const { state, refused } = await runImport(
      owner,
      [
        ['GTID', 'Name'],
        [theirs.GTID, 'Their Tom'],
        [ours.GTID, 'Olive Renamed'],
        ['', 'Brand New'],
      ],
      { mapping: ['GTID', 'name'] },
    );
    expect(state).toMatchObject({ created: 1, updated: 1, refused: 1 });
    expect(refused[0]!.at(-1)).toBe(
      `Invalid GTID: ${theirs.GTID} is not a contact of this team; empty the GTID cell to add this person as new.`,
    );
    expect((await owner.get(`${base()}/contacts/${theirs.GTID}`)).status).toBe(404);
    expect((await owner.get(`${base()}/contacts/${ours.GTID}`)).body.data.name).toBe('Olive Renamed');
    expect((await stranger.get(`/api/v1/teams/${strangerTeam}/contacts/${theirs.GTID}`)).body.data.name).toBe(
      'Their Tom',
    );
  });
});
