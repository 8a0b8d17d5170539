import type { TeamKpiList } from '@grouptrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let memberUid: string;
let leads: TestPipeline;
let clients: TestPipeline;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Kim KPI', extraSeats: 2 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Talking']);
  clients = await server.createPipeline(team, 'Clients', ['Onboarding', 'Active']);
  ({ client: member, uid: memberUid } = await server.joinAsMember(team, {
    groupAccess: [leads.groupUID],
    name: 'Mo Member',
  }));
});
afterAll(async () => {
  await server.stop();
});

const path = (rest = '') => team.path(`dashboard/kpis${rest}`);

async function list(client: TestClient): Promise<TeamKpiList> {
  const response = await client.get(path('?timeZone=UTC'));
  expect(response.status).toBe(200);
  return response.body.data as TeamKpiList;
}

async function add(body: Record<string, unknown>): Promise<string> {
  const response = await owner.post(path(), body);
  expect(response.status).toBe(201);
  return response.body.data.kpiUID as string;
}

async function capture(name: string, pipeline: TestPipeline) {
  const response = await owner.post(team.path('contacts'), {
    name,
    sources: [{ platform: 'facebook', username: name.replace(/\s/g, '').toLowerCase() }],
    pipeline: { pipelineId: pipeline.groupUID },
  });
  expect(response.status).toBe(201);
  return response.body.data.GTID as string;
}

const find = (found: TeamKpiList, kpiUID: string) => found.kpis.find((row) => row.kpiUID === kpiUID)!;

describe("the team's chosen KPIs", () => {
  it('answers 401 signed out, 404 to another team, 403 to a member who tries to change them', async () => {
    const kpiUID = await add({ metric: 'captured', period: 'day', target: 5 });
    expect((await server.client().get(path('?timeZone=UTC'))).status).toBe(401);
    expect(
      (await server.client().post(path(), { metric: 'captured', period: 'day', target: 1 })).status,
    ).toBe(401);
    const stranger = (await server.createTeam()).owner;
    expect((await stranger.get(path('?timeZone=UTC'))).status).toBe(404);
    expect((await stranger.delete(path(`/${kpiUID}`))).status).toBe(404);

    // A member reads them but may not change them.
    const read = await list(member);
    expect(read.canManage).toBe(false);
    expect(read.kpis.map((row) => row.kpiUID)).toContain(kpiUID);
    const body = { metric: 'captured', period: 'week', target: 9 };
    expect((await member.post(path(), body)).status).toBe(403);
    expect((await member.put(path(`/${kpiUID}`), body)).status).toBe(403);
    expect((await member.delete(path(`/${kpiUID}`))).status).toBe(403);
    expect(find(await list(owner), kpiUID)).toMatchObject({ period: 'day', target: 5 });

    expect((await owner.delete(path(`/${kpiUID}`))).status).toBe(204);
    expect((await owner.delete(path(`/${kpiUID}`))).status).toBe(404);
  });

  it('refuses bad input, naming the field, and unknown stages and members', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const response = await owner.post(path(), body);
      expect(response.status).toBe(400);
      return response.body.error.message as string;
    };
    expect(await refusal({ metric: 'likes', period: 'day', target: 5 })).toMatch(/metric/);
    expect(await refusal({ metric: 'captured', period: 'year', target: 5 })).toMatch(/period/);
    expect(await refusal({ metric: 'captured', period: 'day', target: 0 })).toMatch(/target/);
    expect(await refusal({ metric: 'deals_won_value', period: 'day', target: 5, currency: 'euro' })).toMatch(
      /currency/,
    );
    expect(await refusal({ metric: 'deals_won_value', period: 'day', target: 5 })).toMatch(/currency/);
    expect(await refusal({ metric: 'stage_entered', period: 'day', target: 5 })).toMatch(/stageUID/);
    expect(
      await refusal({ metric: 'stage_entered', period: 'day', target: 5, stageUID: 'stg_nope' }),
    ).toMatch(/stageUID: stg_nope is not a stage/);
    expect(await refusal({ metric: 'captured', period: 'day', target: 5, memberUID: 'nobody' })).toMatch(
      /memberUID: nobody is not a member/,
    );
    const bad = await owner.get(path('?timeZone=Mars/Olympus'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/timeZone/);
    expect((await list(owner)).kpis).toEqual([]);
  });

  it('shows each figure of the current period against its target, as far as the reader may see', async () => {
    const captured = await add({ metric: 'captured', period: 'week', target: 10 });
    const intoTalking = await add({
      metric: 'stage_entered',
      stageUID: leads.stages[1]!.stageUID,
      period: 'month',
      target: 4,
    });
    const intoActive = await add({
      metric: 'stage_entered',
      stageUID: clients.stages[1]!.stageUID,
      period: 'day',
      target: 2,
    });
    const wonValue = await add({ metric: 'deals_won_value', currency: 'EUR', period: 'month', target: 5000 });
    const mine = await add({ metric: 'captured', period: 'day', target: 3, memberUID: memberUid });
    const messages = await add({ metric: 'messages_sent', period: 'day', target: 50 });

    const ann = await capture('Ann Lead', leads);
    await capture('Ben Lead', leads);
    const cy = await capture('Cy Client', clients);
    await owner.put(team.path(`contacts/${ann}/pipelines/${leads.groupUID}`), {
      stageId: leads.stages[1]!.stageUID,
    });
    await owner.put(team.path(`contacts/${cy}/pipelines/${clients.groupUID}`), {
      stageId: clients.stages[1]!.stageUID,
    });
    const deal = await owner.post(team.path(`contacts/${ann}/deals`), {
      name: 'Coaching',
      value: 1200,
      currency: 'EUR',
      pipelineId: leads.groupUID,
    });
    await owner.patch(team.path(`contacts/${ann}/deals/${deal.body.data.dealUID}`), { status: 'won' });

    const all = await list(owner);
    expect(all.canManage).toBe(true);
    expect(find(all, captured)).toMatchObject({ value: 3, target: 10, period: 'week' });
    expect(find(all, intoTalking)).toMatchObject({ value: 1, stageName: 'Leads · Talking' });
    expect(find(all, intoActive)).toMatchObject({ value: 1, stageName: 'Clients · Active' });
    expect(find(all, wonValue)).toMatchObject({ value: 1200, currency: 'EUR' });
    // The owner captured them all: none is the member's.
    expect(find(all, mine)).toMatchObject({ value: 0, memberUID: memberUid });
    expect(find(all, messages)).toMatchObject({ value: 0, available: true, reason: null });
    await owner.post(team.path(`contacts/${ann}/messages/copies`), { text: 'Hi Ann!' });
    expect(find(await list(owner), messages)).toMatchObject({ value: 1, available: true });
    const week = find(all, captured);
    expect(week.from <= week.to).toBe(true);

    // A member outside Clients sees none of its figures, nor the KPI on one of its stages.
    const seen = await list(member);
    expect(find(seen, captured).value).toBe(2);
    expect(find(seen, intoTalking).value).toBe(1);
    expect(find(seen, intoActive)).toBeUndefined();
    expect(find(seen, wonValue).value).toBe(1200);

    // Once its stage is deleted, a KPI says so rather than reading zero.
    const moveTo = clients.stages[0]!.stageUID;
    const removed = await owner.delete(team.path(`stages/${clients.stages[1]!.stageUID}?moveTo=${moveTo}`));
    expect(removed.status).toBe(204);
    expect(find(await list(owner), intoActive)).toMatchObject({ value: null, available: false });
    expect(find(await list(owner), intoActive).reason).toMatch(/stage was deleted/);
  });

  it('changes a KPI in place', async () => {
    const kpiUID = await add({ metric: 'tasks_on_time', period: 'day', target: 4 });
    const changed = await owner.put(path(`/${kpiUID}`), {
      metric: 'tasks_on_time',
      period: 'month',
      target: 20,
      memberUID: memberUid,
    });
    expect(changed.status).toBe(200);
    expect(find(await list(owner), kpiUID)).toMatchObject({
      period: 'month',
      target: 20,
      memberUID: memberUid,
      value: 0,
    });
    const bad = await owner.put(path(`/${kpiUID}`), { metric: 'tasks_on_time', period: 'month', target: -1 });
    expect(bad.status).toBe(400);
    expect(
      (await owner.put(path('/kpi_missing'), { metric: 'captured', period: 'day', target: 1 })).status,
    ).toBe(404);
  });
});
