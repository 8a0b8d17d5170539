import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPipeline, TestTeam } from './factories';
import { startTestServer, type TestServer } from './test-server';

// The factories set up every other API test; these check they leave what they promise.
let server: TestServer;
let team: TestTeam;
let pipeline: TestPipeline;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Fay Factory', extraSeats: 5 });
  pipeline = await server.createPipeline(team, 'Factory', ['New', 'Won']);
});
afterAll(async () => {
  await server.stop();
});

describe('test factories', () => {
  it('create a team its owner is signed in to, a pipeline with its stages in order, and a member with access', async () => {
    expect(await team.owner.me()).toMatchObject({ uid: team.ownerUID, teamUID: team.teamUID });
    expect(pipeline.stages.map((stage) => stage.name)).toEqual(['New', 'Won']);
    const member = await server.joinAsMember(team, { role: 'admin', groupAccess: [pipeline.groupUID] });
    expect((await member.client.me()).currentTeam).toMatchObject({ teamUID: team.teamUID, role: 'admin' });
  });

  it('seed contacts through the API in the stage and with the tags asked for', async () => {
    const tagSet = await server.createTagSet(team, 'Factory tags', ['seeded']);
    const stageId = pipeline.stages[1]!.stageUID;
    const GTIDs = await server.seedContacts(team, 3, {
      prefix: 'Seeded',
      pipelineId: pipeline.groupUID,
      stageId,
      tagIds: [tagSet.tags[0]!.tagUID],
    });
    expect(GTIDs).toHaveLength(3);
    const contact = (await team.owner.get(team.path(`contacts/${GTIDs[2]}`))).body.data;
    expect(contact.name).toBe('Seeded 2');
    expect(JSON.stringify(contact)).toContain(stageId);
    expect(JSON.stringify(contact)).toContain(tagSet.tags[0]!.tagUID);
  });

  it('wait for a bulk job to complete, and fail clearly on a job that is not there', async () => {
    const [GTID] = await server.seedContacts(team, 1, { prefix: 'Bulk', pipelineId: pipeline.groupUID });
    const started = await team.owner.post('/search/v2/bulk', {
      teamUID: team.teamUID,
      action: { type: 'export' },
      target: { GTIDs: [GTID] },
    });
    const job = await server.waitForJob(team.owner, team.teamUID, { bulkJobId: started.body.data.jobId });
    expect(job).toMatchObject({ status: 'completed', total: 1 });
    await expect(server.waitForJob(team.owner, team.teamUID, { importId: 'missing' })).rejects.toThrow(
      /imports\/missing: expected 200, got 404/,
    );
  });
});
