import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestClient } from '../../testing/test-client';

let server: TestServer;
let owner: TestClient;
let member: TestClient;
let teamUID: string;

beforeAll(async () => {
  server = await startTestServer();
  const team = await server.createTeam();
  ({ owner, teamUID } = team);
  ({ client: member } = await server.joinAsMember(team));
});
afterAll(async () => {
  await server.stop();
});

const path = (rest: string) => `/api/v1/teams/${teamUID}/${rest}`;

describe('status labels and phases', () => {
  it('adds, reorders, renames and deletes status labels in order', async () => {
    await owner.post(path('status-labels'), { display: 'Needs reply', color: '#E8590C' });
    await owner.post(path('status-labels'), { display: 'VIP', color: '#2F9E44' });
    const list = (await owner.post(path('status-labels'), { display: 'Waiting', color: '1C7EBB' })).body.data;
    expect(list.map((label: { display: string }) => label.display)).toEqual([
      'Needs reply',
      'VIP',
      'Waiting',
    ]);
    expect(list[2].color).toBe('#1C7EBB');
    const moved = (
      await owner.patch(path(`status-labels/${list[2].labelUID}`), {
        before: list[0].labelUID,
        display: 'Waiting on them',
      })
    ).body.data;
    expect(moved.map((label: { display: string }) => label.display)).toEqual([
      'Waiting on them',
      'Needs reply',
      'VIP',
    ]);
    expect((await owner.delete(path(`status-labels/${list[1].labelUID}`))).status).toBe(204);
    expect((await member.get(path('status-labels'))).body.data).toHaveLength(2);
  });

  it('keeps phases to owners and admins, and refuses bad input', async () => {
    expect((await member.post(path('phases'), { name: 'Lead' })).status).toBe(403);
    expect((await owner.post(path('phases'), { name: '' })).body.error.message).toMatch(
      /^Invalid body\.name/,
    );
    expect(
      (await owner.post(path('status-labels'), { display: 'x', color: 'blue' })).body.error.message,
    ).toMatch(/^Invalid body\.color/);
    expect((await owner.post(path('phases'), { name: 'Lead', after: 'nope' })).status).toBe(400);
    expect((await owner.post(path('phases'), { name: 'Lead' })).status).toBe(201);
    expect((await owner.get(path('phases'))).body.data.map((phase: { name: string }) => phase.name)).toEqual([
      'Lead',
    ]);
  });
});

describe('saved views', () => {
  it('saves a view that a search can apply, and lets only its author or an admin change it', async () => {
    const pipeline = (
      await owner.post(path('pipelines'), { nickName: 'Views', stages: [{ name: 'A' }, { name: 'B' }] })
    ).body.data;
    // A view names only pipelines its author works in.
    await owner.patch(path(`members/${(await member.me()).uid}`), { groupAccess: [pipeline.groupUID] });
    await owner.post(path('contacts'), { name: 'In A', pipeline: { pipelineId: pipeline.groupUID } });
    await owner.post(path('contacts'), {
      name: 'In B',
      pipeline: { pipelineId: pipeline.groupUID, stageId: pipeline.stages[1].stageUID },
    });
    const saved = await member.post(path('filter-sets'), {
      name: 'Stage B',
      filter: { pipelineId: pipeline.groupUID, stageIds: [pipeline.stages[1].stageUID] },
    });
    expect(saved.status).toBe(201);
    const viewId = saved.body.data.filterSetUID;
    const found = await owner.post('/search/v2', {
      teamUID,
      objectToFilter: { filterSetId: viewId },
      paging: { from: 0, size: 10 },
    });
    expect(found.body.data.hits.map((hit: { name: string }) => hit.name)).toEqual(['In B']);
    expect((await owner.get(path('filter-sets'))).body.data[0]).toMatchObject({
      name: 'Stage B',
      filterSetUID: viewId,
    });
    const second = await owner.post(path('filter-sets'), { name: 'Owner view', filter: {} });
    expect((await member.delete(path(`filter-sets/${second.body.data.filterSetUID}`))).status).toBe(403);
    expect((await owner.delete(path(`filter-sets/${viewId}`))).status).toBe(204);
    expect(
      (await owner.post('/search/v2', { teamUID, objectToFilter: { filterSetId: viewId } })).status,
    ).toBe(404);
  });

  it('answers 401 signed out and 404 to another team', async () => {
    const stranger = await server.signUp();
    for (const rest of ['status-labels', 'phases', 'filter-sets']) {
      expect((await server.client().get(path(rest))).status).toBe(401);
      expect((await stranger.get(path(rest))).status).toBe(404);
    }
  });
});
