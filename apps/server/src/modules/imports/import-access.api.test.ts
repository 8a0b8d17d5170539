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
  const team = await server.createTeam({
    name: 'Iris Owner',
    email: 'iris@import-access.test',
    extraSeats: 10,
  });
  ({ owner, teamUID } = team);
  mine = await server.createPipeline(team, 'Mine', ['New']);
  hidden = await server.createPipeline(team, 'Hidden', ['Only']);
  ({ client: member } = await server.joinAsMember(team, {
    groupAccess: [mine.groupUID],
    name: 'Ivo Importer',
    email: 'ivo@import-access.test',
  }));
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
  const state = await server.waitForJob(client, teamUID, { importId: file.importId });
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
  it("leaves out a GTID that is not this team's contact, adding the person as new with a warning", async () => {
    const stranger = await server.signUp();
    const strangerTeam = (await stranger.me()).teamUID;
    const theirs = (await stranger.post(`/api/v1/teams/${strangerTeam}/contacts`, { name: 'Their Tom' })).body
      .data;
    const ours = (await owner.post(`${base()}/contacts`, { name: 'Our Olive' })).body.data;

    const { state, refused, importId } = await runImport(
      owner,
      [
        ['GTID', 'Name'],
        [theirs.GTID, 'Their Tom'],
        [ours.GTID, 'Olive Renamed'],
        ['', 'Brand New'],
        // Nothing but someone else's GTID names nobody here.
        [theirs.GTID, ''],
      ],
      { mapping: ['GTID', 'name'] },
    );
    expect(state).toMatchObject({ created: 2, updated: 1, refused: 1, warnings: 1 });
    expect(refused[0]!.at(-1)).toBe(
      `Invalid GTID: ${theirs.GTID} is not a contact of this team; empty the GTID cell to add this person as new.`,
    );
    expect((await owner.get(`${base()}/imports/${importId}/warnings`)).body.data.warnings).toEqual([
      expect.objectContaining({
        message: `Row 1, GTID "${theirs.GTID}": not a contact of this team; left empty`,
      }),
    ]);
    expect((await owner.get(`${base()}/contacts/${theirs.GTID}`)).status).toBe(404);
    const tom = await owner.post('/search/v2', {
      teamUID,
      searchObj: 'Their Tom',
      paging: { from: 0, size: 10 },
    });
    expect(tom.body.data.hits[0]).toMatchObject({ name: 'Their Tom' });
    expect(tom.body.data.hits[0].GTID).not.toBe(theirs.GTID);
    expect((await owner.get(`${base()}/contacts/${ours.GTID}`)).body.data.name).toBe('Olive Renamed');
    expect((await stranger.get(`/api/v1/teams/${strangerTeam}/contacts/${theirs.GTID}`)).body.data.name).toBe(
      'Their Tom',
    );
  });
});

describe('an import whose starter loses access before it runs', () => {
  // A server without workers, so the test changes the team between the start and the run, as
  // happens when the queue is busy, then runs the job as a worker would.
  let apiOnly: TestServer;
  let admin: TestClient;
  let team: string;
  const at = (rest: string) => `/api/v1/teams/${team}/${rest}`;

  beforeAll(async () => {
    apiOnly = await startTestServer({ env: { ROLE: 'api' } });
    ({ owner: admin, teamUID: team } = await apiOnly.createTeam({ name: 'Olga Owner', extraSeats: 10 }));
  });
  afterAll(async () => {
    await apiOnly.stop();
  });

  const join = (groupAccess: string[]) =>
    apiOnly.joinAsMember({ owner: admin, teamUID: team }, { groupAccess, name: 'Lena Leaver' });

  async function startImport(client: TestClient, rows: string[][], start: Record<string, unknown>) {
    const csv = rows.map((row) => formatCsvRow(row)).join('');
    const file = (
      await client.request('POST', `${at('imports')}?fileName=people.csv`, csv, {
        'content-type': 'text/csv',
      })
    ).body.data;
    const started = await client.post(at(`imports/${file.importId}/start`), start);
    expect(started.status).toBe(202);
    return file.importId as string;
  }

  const runJob = (importId: string) =>
    apiOnly.server.context.imports.runImportJob.handle({ teamUID: team, importId });

  it('fails with the reason when its starter has left the team, and adds no one', async () => {
    const pipeline = (await admin.post(at('pipelines'), { nickName: 'Leads', stages: [{ name: 'New' }] }))
      .body.data;
    const { client: joiner, uid } = await join([pipeline.groupUID]);
    const importId = await startImport(
      joiner,
      [
        ['Name', 'Email'],
        ['Left Behind', 'left.behind@import-access.test'],
      ],
      { mapping: ['name', 'emailAddress'], pipelineId: pipeline.groupUID },
    );
    expect((await admin.delete(at(`members/${uid}`))).status).toBeLessThan(300);
    await runJob(importId);
    // A retry of the job changes nothing more.
    await runJob(importId);

    // Back in the team, the person who started it sees why it stopped.
    const again = await admin.post(at('invitations'), { groupAccess: [pipeline.groupUID] });
    expect((await joiner.post(`/api/v1/invitations/${again.body.data.inviteCode}/accept`)).status).toBe(200);
    const state = (await joiner.get(at(`imports/${importId}`))).body.data;
    expect(state).toMatchObject({
      status: 'failed',
      error: 'Lena Leaver, who started this import, is no longer in the team.',
      processed: 0,
      created: 0,
    });
    const exported = (await admin.post(at('contacts/export'), { searchObj: 'left.behind' })).body as string;
    expect(parseCsv(exported).slice(1)).toEqual([]);
  });

  it('places no one in a pipeline deleted after the import started', async () => {
    const gone = (await admin.post(at('pipelines'), { nickName: 'Gone soon', stages: [{ name: 'New' }] }))
      .body.data.groupUID as string;
    const importId = await startImport(
      admin,
      [
        ['Name', 'Email'],
        ['Pia Placeless', 'pia.placeless@import-access.test'],
      ],
      { mapping: ['name', 'emailAddress'], pipelineId: gone },
    );
    expect((await admin.delete(at(`pipelines/${gone}`))).status).toBe(204);
    await runJob(importId);

    expect((await admin.get(at(`imports/${importId}`))).body.data).toMatchObject({
      status: 'completed',
      created: 1,
    });
    const [hit] = (
      await admin.post('/search/v2', {
        teamUID: team,
        searchObj: 'Pia Placeless',
        paging: { from: 0, size: 1 },
      })
    ).body.data.hits;
    expect(Object.keys((await admin.get(at(`contacts/${hit.GTID}`))).body.data.groupData)).toEqual([]);
  });

  it('adds none of the chosen tags of a pipeline its starter can no longer see', async () => {
    const pipelineNamed = async (nickName: string) =>
      (await admin.post(at('pipelines'), { nickName, stages: [{ name: 'New' }] })).body.data
        .groupUID as string;
    const kept = await pipelineNamed('Kept pipeline');
    const lost = await pipelineNamed('Lost pipeline');
    const tagOf = async (pipelineId: string, name: string) =>
      (await admin.post(at('tag-sets'), { name, pipelineId, tags: [name] })).body.data.tags[0]
        .tagUID as string;
    const keptTag = await tagOf(kept, 'Kept tag');
    const lostTag = await tagOf(lost, 'Lost tag');
    const { client: joiner, uid } = await join([kept, lost]);
    const importId = await startImport(
      joiner,
      [
        ['Name', 'Email'],
        ['Tagged Tess', 'tagged.tess@import-access.test'],
      ],
      { mapping: ['name', 'emailAddress'], pipelineId: kept, tagIds: [keptTag, lostTag] },
    );
    expect((await admin.patch(at(`members/${uid}`), { groupAccess: [kept] })).status).toBeLessThan(300);
    await runJob(importId);

    expect((await joiner.get(at(`imports/${importId}`))).body.data).toMatchObject({
      status: 'completed',
      created: 1,
    });
    const taggedWith = async (tagId: string) =>
      (
        await admin.post('/search/v2', {
          teamUID: team,
          searchObj: 'tagged.tess',
          objectToFilter: { tags: { ids: [tagId] } },
        })
      ).body.data.total;
    expect(await taggedWith(keptTag)).toBe(1);
    expect(await taggedWith(lostTag)).toBe(0);
  });
});

describe('a deleted person found again by an import', () => {
  it('comes back as they were, in their pipeline, rather than as a second contact', async () => {
    const { GTID } = (
      await owner.post(`${base()}/contacts`, {
        name: 'Dana Deleted',
        emailAddress: 'dana@import-access.test',
        pipeline: { pipelineId: mine.groupUID },
      })
    ).body.data;
    expect((await owner.delete(`${base()}/contacts/${GTID}`)).status).toBe(204);
    expect((await member.get(`${base()}/contacts/${GTID}`)).status).toBe(404);

    const { state } = await runImport(
      member,
      [
        ['Name', 'Email'],
        ['Dana Back', 'dana@import-access.test'],
      ],
      { mapping: ['name', 'emailAddress'], pipelineId: mine.groupUID },
    );
    expect(state).toMatchObject({ created: 0, updated: 1, refused: 0 });
    const back = (await member.get(`${base()}/contacts/${GTID}`)).body.data;
    expect(back).toMatchObject({ name: 'Dana Back', emailAddress: 'dana@import-access.test' });
    expect(Object.keys(back.groupData)).toEqual([mine.groupUID]);
  });

  it("is refused, unchanged, when they were in none of the member's pipelines", async () => {
    const { GTID } = (
      await owner.post(`${base()}/contacts`, {
        name: 'Hugo Hidden',
        emailAddress: 'hugo@import-access.test',
        pipeline: { pipelineId: hidden.groupUID },
      })
    ).body.data;
    await owner.delete(`${base()}/contacts/${GTID}`);

    const { state, refused } = await runImport(
      member,
      [
        ['Name', 'Email'],
        ['Hugo Renamed', 'hugo@import-access.test'],
      ],
      { mapping: ['name', 'emailAddress'], pipelineId: mine.groupUID },
    );
    expect(state).toMatchObject({ created: 0, updated: 0, refused: 1 });
    expect(refused[0]!.at(-1)).toBe(HIDDEN_CONTACT_MESSAGE);
    expect((await owner.get(`${base()}/contacts/${GTID}`)).status).toBe(404);
  });
});
