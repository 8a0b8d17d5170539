import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../testing/event-stream';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, teamUID } = await server.createTeam({ extraSeats: 50 }));
});
afterAll(async () => {
  await server.stop();
});

const base = () => `/api/v1/teams/${teamUID}`;

// These tests read the pipeline's stages by position, as they read any answer: by shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const createPipeline = (name: string, stageNames = ['New', 'Talking', 'Client']): Promise<any> =>
  server.createPipeline({ owner, teamUID }, name, stageNames, { questions: ['What brings you here?'] });

const joinAsMember = async (groupAccess: string[]) =>
  (await server.joinAsMember({ owner, teamUID }, { groupAccess })).client;

describe('pipelines and stages', () => {
  it('creates a pipeline with ordered, coloured stages; the starter pipeline stays the default', async () => {
    const pipeline = await createPipeline('Coaching Group');
    expect(pipeline).toMatchObject({
      nickName: 'Coaching Group',
      isDefault: false,
      questions: ['What brings you here?'],
    });
    expect(pipeline.stages.map((stage: { name: string }) => stage.name)).toEqual([
      'New',
      'Talking',
      'Client',
    ]);
    expect(pipeline.stages.map((stage: { idx: number }) => stage.idx)).toEqual([0, 1, 2]);
    for (const stage of pipeline.stages) {
      expect(stage.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(['#000000', '#FFFFFF']).toContain(stage.fontColor);
    }
    const second = await createPipeline('Mastermind');
    expect(second.isDefault).toBe(false);
  });

  it('adds, moves, recolours and deletes stages, with a readable font colour', async () => {
    const pipeline = await createPipeline('Stage Lab', ['A', 'B', 'C']);
    const [a, b, c] = pipeline.stages;
    await owner.post(`${base()}/pipelines/${pipeline.groupUID}/stages`, {
      name: 'Between',
      after: a.stageUID,
    });
    await owner.patch(`${base()}/stages/${c.stageUID}`, { before: a.stageUID, color: '#FFFF00' });
    const after = (await owner.get(`${base()}/pipelines/${pipeline.groupUID}`)).body.data;
    expect(after.stages.map((stage: { name: string }) => stage.name)).toEqual(['C', 'A', 'Between', 'B']);
    expect(after.stages[0]).toMatchObject({ color: '#FFFF00', fontColor: '#000000' });
    expect((await owner.delete(`${base()}/stages/${b.stageUID}`)).status).toBe(204);
    const renamedToDuplicate = await owner.patch(`${base()}/stages/${a.stageUID}`, { name: 'between' });
    expect(renamedToDuplicate.status).toBe(409);
    expect(renamedToDuplicate.body.error.message).toBe(
      'A stage named "between" already exists in this pipeline.',
    );
  });

  it('reorders pipelines, changes the default, and refuses duplicate names', async () => {
    const first = await createPipeline('Order One');
    const second = await createPipeline('Order Two');
    await owner.patch(`${base()}/pipelines/${second.groupUID}`, { before: first.groupUID, isDefault: true });
    const { pipelines } = (await owner.get(`${base()}/pipelines`)).body.data;
    const names = pipelines.map((pipeline: { nickName: string }) => pipeline.nickName);
    expect(names.indexOf('Order Two')).toBeLessThan(names.indexOf('Order One'));
    expect(pipelines.filter((pipeline: { isDefault: boolean }) => pipeline.isDefault)).toHaveLength(1);
    expect(pipelines.find((pipeline: { isDefault: boolean }) => pipeline.isDefault).nickName).toBe(
      'Order Two',
    );
    expect(
      (await owner.post(`${base()}/pipelines`, { nickName: 'order one', stages: [{ name: 'x' }] })).status,
    ).toBe(409);
  });

  it('deletes a pipeline and hands the default to another', async () => {
    const { pipelines } = (await owner.get(`${base()}/pipelines`)).body.data;
    const current = pipelines.find((pipeline: { isDefault: boolean }) => pipeline.isDefault);
    expect((await owner.delete(`${base()}/pipelines/${current.groupUID}`)).status).toBe(204);
    const remaining = (await owner.get(`${base()}/pipelines`)).body.data.pipelines;
    expect(
      remaining.find((pipeline: { groupUID: string }) => pipeline.groupUID === current.groupUID),
    ).toBeUndefined();
    expect(remaining.filter((pipeline: { isDefault: boolean }) => pipeline.isDefault)).toHaveLength(1);
  });

  it('refuses a pipeline without stages, a bad colour and an unknown placement, naming the field', async () => {
    const noStages = await owner.post(`${base()}/pipelines`, { nickName: 'Empty', stages: [] });
    expect(noStages.body.error.message).toMatch(/^Invalid body\.stages/);
    const badColour = await owner.post(`${base()}/pipelines`, {
      nickName: 'Colour',
      stages: [{ name: 'x', color: 'red' }],
    });
    expect(badColour.body.error.message).toMatch(/^Invalid body\.stages\.0\.color/);
    const pipeline = await createPipeline('Placement');
    const badPlace = await owner.post(`${base()}/pipelines/${pipeline.groupUID}/stages`, {
      name: 'Z',
      after: 'nope',
    });
    expect(badPlace.status).toBe(400);
    const names = (await owner.get(`${base()}/pipelines/${pipeline.groupUID}`)).body.data.stages.map(
      (s: { name: string }) => s.name,
    );
    expect(names).toEqual(['New', 'Talking', 'Client']);
  });
});

describe('tag sets and tags', () => {
  it('creates global and pipeline tag sets with the default colour, and tags unique by name', async () => {
    const pipeline = await createPipeline('Tagged');
    const global = await owner.post(`${base()}/tag-sets`, {
      name: 'Interests',
      tags: ['Fitness', 'Mindset'],
    });
    expect(global.status).toBe(201);
    expect(global.body.data).toMatchObject({ name: 'Interests', color: '#1C7EBB', pipelineID: null });
    expect(global.body.data.tags.map((tag: { name: string }) => tag.name)).toEqual(['Fitness', 'Mindset']);
    const local = await owner.post(`${base()}/tag-sets`, {
      name: 'Interests',
      pipelineId: pipeline.groupUID,
      color: '#2F9E44',
    });
    expect(local.status).toBe(201);
    const duplicate = await owner.post(`${base()}/tag-sets/${global.body.data.tagSetUID}/tags`, {
      name: 'fitness',
    });
    expect(duplicate.status).toBe(409);
    const tag = await owner.post(`${base()}/tag-sets/${global.body.data.tagSetUID}/tags`, {
      name: 'Nutrition',
      color: '#F59F00',
    });
    expect(tag.status).toBe(201);
    await owner.patch(`${base()}/tags/${tag.body.data.tagUID}`, { name: 'Food' });
    const sets = (await owner.get(`${base()}/tag-sets`)).body.data;
    const interests = sets.globalTagSets.find(
      (set: { tagSetUID: string }) => set.tagSetUID === global.body.data.tagSetUID,
    );
    expect(interests.tags.map((t: { name: string }) => t.name)).toEqual(['Fitness', 'Food', 'Mindset']);
    expect(
      sets.pipelineTagSets.some((set: { pipelineID: string }) => set.pipelineID === pipeline.groupUID),
    ).toBe(true);
    expect((await owner.delete(`${base()}/tag-sets/${global.body.data.tagSetUID}`)).status).toBe(204);
  });
});

describe('access', () => {
  it('shows a member only the pipelines in their groupAccess, and refuses them changes', async () => {
    const seen = await createPipeline('Seen By Member');
    const hidden = await createPipeline('Hidden From Member');
    const member = await joinAsMember([seen.groupUID]);
    const { pipelines } = (await member.get(`${base()}/pipelines`)).body.data;
    expect(pipelines.map((pipeline: { groupUID: string }) => pipeline.groupUID)).toEqual([seen.groupUID]);
    expect((await member.get(`${base()}/pipelines/${hidden.groupUID}`)).status).toBe(404);
    const change = await member.patch(`${base()}/pipelines/${seen.groupUID}`, { nickName: 'Mine now' });
    expect(change.status).toBe(403);
    expect((await member.post(`${base()}/tag-sets`, { name: 'Nope' })).status).toBe(403);
    expect((await member.delete(`${base()}/stages/${seen.stages[0].stageUID}`)).status).toBe(403);
  });

  it('streams pipeline changes only to members who may see that pipeline', async () => {
    const seen = await createPipeline('Stream Seen');
    const hidden = await createPipeline('Stream Hidden');
    const member = await joinAsMember([seen.groupUID]);
    const stream = await openEventStream(member, teamUID);
    await owner.patch(`${base()}/pipelines/${hidden.groupUID}`, { nickName: 'Stream Hidden 2' });
    await owner.patch(`${base()}/pipelines/${seen.groupUID}`, { nickName: 'Stream Seen 2' });
    await stream.next((event) => event.entity === 'pipeline' && event.ids.includes(seen.groupUID));
    expect(stream.received.some((event) => event.ids.includes(hidden.groupUID))).toBe(false);
    stream.close();
  });

  it('answers 401 signed out and 404 to another team on every route', async () => {
    const stranger = await server.signUp();
    const pipeline = await createPipeline('Guarded');
    const stage = pipeline.stages[0].stageUID;
    const routes = [
      ['GET', `${base()}/pipelines`],
      ['POST', `${base()}/pipelines`, { nickName: 'x', stages: [{ name: 'x' }] }],
      ['GET', `${base()}/pipelines/${pipeline.groupUID}`],
      ['PATCH', `${base()}/pipelines/${pipeline.groupUID}`, { nickName: 'y' }],
      ['DELETE', `${base()}/pipelines/${pipeline.groupUID}`],
      ['POST', `${base()}/pipelines/${pipeline.groupUID}/stages`, { name: 'z' }],
      ['PATCH', `${base()}/stages/${stage}`, { name: 'z' }],
      ['DELETE', `${base()}/stages/${stage}`],
      ['GET', `${base()}/tag-sets`],
      ['POST', `${base()}/tag-sets`, { name: 'x' }],
      ['PATCH', `${base()}/tag-sets/x`, { name: 'x' }],
      ['DELETE', `${base()}/tag-sets/x`],
      ['POST', `${base()}/tag-sets/x/tags`, { name: 'x' }],
      ['PATCH', `${base()}/tags/x`, { name: 'x' }],
      ['DELETE', `${base()}/tags/x`],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await server.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await stranger.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await owner.get(`${base()}/pipelines/${pipeline.groupUID}`)).body.data.nickName).toBe('Guarded');
  });
});
