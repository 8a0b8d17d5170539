import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../testing/test-client';
import type { TestPipeline } from '../../testing/factories';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let path: (rest: string) => string;
let pipeline: TestPipeline;
let tagId: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam({ extraSeats: 2 });
  ({ owner, teamUID } = team);
  path = (rest) => team.path(rest);
  pipeline = await server.createPipeline(team, 'Main', ['New', 'Talking', 'Won']);
  tagId = (await server.createTagSet(team, 'Interest', ['Yoga'])).tags[0]!.tagUID;
});
afterAll(async () => {
  await server.stop();
});

async function bulk(action: Record<string, unknown>, GTIDs: string[], client = owner) {
  const started = await client.post('/search/v2/bulk', { teamUID, action, target: { GTIDs } });
  expect(started.status).toBe(202);
  await server.waitForJob(client, teamUID, { bulkJobId: started.body.data.jobId });
  return started.body.data.jobId as string;
}

async function undo(jobId: string, client = owner) {
  const response = await client.post(path(`bulk-jobs/${jobId}/undo`));
  if (response.status === 202)
    await server.waitForJob(client, teamUID, { bulkJobId: response.body.data.jobId });
  return response;
}

/** Whether the contact carries the tag, as their page shows it. */
async function hasTag(GTID: string) {
  const contact = (await owner.get(path(`contacts/${GTID}`))).body.data as Record<string, unknown>;
  return JSON.stringify(contact.globalTagSets).includes(tagId);
}

async function column(stageIndex: number) {
  const response = await owner.post('/search/v2', {
    teamUID,
    objectToFilter: { pipelineId: pipeline.groupUID, stageIds: [pipeline.stages[stageIndex]!.stageUID] },
    paging: { from: 0, size: 50 },
  });
  return (response.body.data.hits as { GTID: string }[]).map((hit) => hit.GTID);
}

describe('POST /api/v1/teams/:teamUID/bulk-jobs/:jobId/undo', () => {
  it('takes off only the tags a bulk tag added: a contact that had it already keeps it', async () => {
    const [had, fresh, other] = await server.seedContacts({ owner, teamUID }, 3, {
      prefix: 'Tagged',
      pipelineId: pipeline.groupUID,
    });
    await owner.put(path(`contacts/${had}/tags/${tagId}`), {});
    const jobId = await bulk({ type: 'addTags', tagIds: [tagId] }, [had!, fresh!, other!]);
    expect(await hasTag(fresh!)).toBe(true);

    const response = await undo(jobId);
    expect(response.status).toBe(202);
    expect(response.body.data.matched).toBe(3);
    expect(await hasTag(had!)).toBe(true);
    expect(await hasTag(fresh!)).toBe(false);
    expect(await hasTag(other!)).toBe(false);
  });

  it('puts back the tags a bulk untag took off, and only those', async () => {
    const [tagged, bare] = await server.seedContacts({ owner, teamUID }, 2, { prefix: 'Untagged' });
    await owner.put(path(`contacts/${tagged}/tags/${tagId}`), {});
    const jobId = await bulk({ type: 'removeTags', tagIds: [tagId] }, [tagged!, bare!]);
    expect(await hasTag(tagged!)).toBe(false);
    await undo(jobId);
    expect(await hasTag(tagged!)).toBe(true);
    expect(await hasTag(bare!)).toBe(false);
  });

  it('moves cards back to their stage and place', async () => {
    const before = await column(0);
    const moving = before.slice(0, 2);
    const jobId = await bulk(
      { type: 'moveStage', pipelineId: pipeline.groupUID, stageId: pipeline.stages[2]!.stageUID },
      moving,
    );
    expect(await column(0)).toEqual(before.slice(2));
    await undo(jobId);
    expect(await column(0)).toEqual(before);
    expect(await column(2)).toEqual([]);
  });

  it('refuses what cannot be undone, and answers 401, 404 to another team and to a member who did not start it', async () => {
    const [GTID] = await server.seedContacts({ owner, teamUID }, 1, { prefix: 'Guard' });
    const exported = await bulk({ type: 'export' }, [GTID!]);
    const refused = await owner.post(path(`bulk-jobs/${exported}/undo`));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Only adding or removing tags and moving to a stage can be undone.',
    );

    const tagged = await bulk({ type: 'addTags', tagIds: [tagId] }, [GTID!]);
    expect((await server.client().post(path(`bulk-jobs/${tagged}/undo`))).status).toBe(401);
    const stranger = await server.createTeam();
    expect((await stranger.owner.post(path(`bulk-jobs/${tagged}/undo`))).status).toBe(404);
    const { client: member } = await server.joinAsMember(
      { owner, teamUID },
      { role: 'member', groupAccess: [] },
    );
    expect((await member.post(path(`bulk-jobs/${tagged}/undo`))).status).toBe(404);
    expect((await owner.post(path('bulk-jobs/no-such-job/undo'))).status).toBe(404);
    expect(await hasTag(GTID!)).toBe(true);
  });
});
