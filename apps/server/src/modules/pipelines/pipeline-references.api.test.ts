import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;
let theirPhase: string;
let ourPhase: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam());
  const { owner: stranger, teamUID: theirTeam } = await server.createTeam();
  theirPhase = (await stranger.post(`/api/v1/teams/${theirTeam}/phases`, { name: 'Their phase' })).body
    .data[0].phaseUID;
  ourPhase = (await owner.post(path('phases'), { name: 'Lead' })).body.data[0].phaseUID;
});
afterAll(async () => {
  await server.stop();
});

function path(rest: string) {
  return `/api/v1/teams/${teamUID}/${rest}`;
}

describe("a stage's phase", () => {
  it("must be one of the team's phases, whichever way the stage is made or changed", async () => {
    const newPipeline = await owner.post(path('pipelines'), {
      nickName: 'Phased',
      stages: [
        { name: 'A', phaseId: ourPhase },
        { name: 'B', phaseId: theirPhase },
      ],
    });
    expect(newPipeline.status).toBe(400);
    expect(newPipeline.body.error.message).toBe(
      `Invalid stages.1.phaseId: ${theirPhase} is not a phase of this team.`,
    );
    // Nothing was made: the team still holds only its starter pipeline.
    const names = (await owner.get(path('pipelines'))).body.data.pipelines.map(
      (each: { nickName: string }) => each.nickName,
    );
    expect(names).not.toContain('Phased');

    const pipeline = (
      await owner.post(path('pipelines'), { nickName: 'Phased', stages: [{ name: 'A', phaseId: ourPhase }] })
    ).body.data;
    const message = `Invalid phaseId: ${theirPhase} is not a phase of this team.`;
    const added = await owner.post(path(`pipelines/${pipeline.groupUID}/stages`), {
      name: 'B',
      phaseId: theirPhase,
    });
    expect(added.status).toBe(400);
    expect(added.body.error.message).toBe(message);
    const stageId = pipeline.stages[0].stageUID;
    const changed = await owner.patch(path(`stages/${stageId}`), { phaseId: theirPhase });
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toBe(message);
    const stages = (await owner.get(path(`pipelines/${pipeline.groupUID}`))).body.data.stages;
    expect(stages).toEqual([expect.objectContaining({ name: 'A', phase: ourPhase })]);
    expect((await owner.patch(path(`stages/${stageId}`), { phaseId: null })).status).toBe(204);
  });
});

describe('a tag set whose tags repeat', () => {
  it('is refused, saying which tags repeat, and nothing is made', async () => {
    const refused = await owner.post(path('tag-sets'), { name: 'Letters', tags: ['a', 'A', 'b'] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Invalid tags: "a", "A" repeat; give each tag of a set its own name.',
    );
    const sets = (await owner.get(path('tag-sets'))).body.data.globalTagSets;
    expect(sets.map((set: { name: string }) => set.name)).not.toContain('Letters');
    expect((await owner.post(path('tag-sets'), { name: 'Letters', tags: ['a', 'b'] })).status).toBe(201);
  });
});

describe('setup changes that change nothing', () => {
  it('write nothing and tell nobody', async () => {
    const pipeline = (
      await owner.post(path('pipelines'), { nickName: 'Quiet', stages: [{ name: 'One', color: '#2F9E44' }] })
    ).body.data;
    const set = (await owner.post(path('tag-sets'), { name: 'Quiet set', color: '#1C7EBB', tags: ['calm'] }))
      .body.data;
    const before = (await owner.get(path(`pipelines/${pipeline.groupUID}`))).body.data;
    const stream = await openEventStream(owner, teamUID);

    expect((await owner.patch(path(`pipelines/${pipeline.groupUID}`), {})).status).toBe(200);
    expect((await owner.patch(path(`pipelines/${pipeline.groupUID}`), { nickName: 'Quiet' })).status).toBe(
      200,
    );
    expect((await owner.patch(path(`stages/${pipeline.stages[0].stageUID}`), {})).status).toBe(204);
    expect(
      (await owner.patch(path(`stages/${pipeline.stages[0].stageUID}`), { color: '#2F9E44' })).status,
    ).toBe(204);
    expect((await owner.patch(path(`tag-sets/${set.tagSetUID}`), {})).status).toBe(204);
    expect((await owner.patch(path(`tag-sets/${set.tagSetUID}`), { name: 'Quiet set' })).status).toBe(204);
    expect((await owner.patch(path(`tags/${set.tags[0].tagUID}`), {})).status).toBe(204);

    // A real change, whose event is the first the stream may hear.
    await owner.patch(path(`tag-sets/${set.tagSetUID}`), { name: 'Loud set' });
    const first = await stream.next(() => true);
    expect(first).toMatchObject({ entity: 'tag_set', ids: [set.tagSetUID] });
    expect(stream.received).toHaveLength(1);
    expect((await owner.get(path(`pipelines/${pipeline.groupUID}`))).body.data).toEqual(before);
    stream.close();
  });
});
