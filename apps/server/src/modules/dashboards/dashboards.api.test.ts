import {
  addDaysToDate,
  formatCsvRow,
  formatDateInZone,
  listPeriodDays,
  type KpiReport,
} from '@grouptrack/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPipeline, TestTeam } from '../../testing/factories';
import type { TestClient } from '../../testing/test-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { activities } from '../../platform/db/team-schema';

let server: TestServer;
let team: TestTeam;
let owner: TestClient;
let member: TestClient;
let memberUid: string;
let leads: TestPipeline;
let clients: TestPipeline;

beforeAll(async () => {
  server = await startTestServer();
  team = await server.createTeam({ name: 'Dana Dashboard', extraSeats: 2 });
  owner = team.owner;
  leads = await server.createPipeline(team, 'Leads', ['New', 'Talking', 'Won']);
  clients = await server.createPipeline(team, 'Clients', ['Onboarding', 'Active']);
  ({ client: member, uid: memberUid } = await server.joinAsMember(team, {
    groupAccess: [leads.groupUID],
    name: 'Mick Member',
  }));
});
afterAll(async () => {
  await server.stop();
});

const today = (timeZone = 'UTC') => formatDateInZone(Date.now(), timeZone);

async function kpis(client: TestClient, query: Record<string, string> = {}): Promise<KpiReport> {
  const params = new URLSearchParams({ from: today(), to: today(), ...query });
  const response = await client.get(team.path(`dashboard/kpi?${params.toString()}`));
  expect(response.status).toBe(200);
  return response.body.data as KpiReport;
}

async function capture(name: string, pipeline: TestPipeline, platform: string) {
  const response = await owner.post(team.path('contacts'), {
    name,
    sources: [{ platform, username: name.replace(/\s/g, '').toLowerCase() }],
    pipeline: { pipelineId: pipeline.groupUID },
  });
  expect(response.status).toBe(201);
  return response.body.data.GTID as string;
}

const stageOf = (report: KpiReport, pipeline: TestPipeline, index: number) =>
  report.funnels.find((funnel) => funnel.pipelineID === pipeline.groupUID)!.stages[index]!;

describe('the KPI dashboard', () => {
  const GTIDs: string[] = [];

  it('counts captures per pipeline, platform and source, and a member sees only their pipelines', async () => {
    GTIDs.push(await capture('Ann Lead', leads, 'facebook'));
    GTIDs.push(await capture('Ben Lead', leads, 'facebook'));
    GTIDs.push(await capture('Cy Lead', leads, 'instagram'));
    await capture('Dot Client', clients, 'instagram');

    const all = await kpis(owner);
    expect(all.captured.count).toBe(4);
    expect(all.captured.perDay).toEqual([{ date: today(), count: 4 }]);
    // The team's starter pipeline counts none.
    expect(all.captured.byPipeline.filter((row) => row.count > 0)).toEqual([
      { pipelineID: leads.groupUID, name: 'Leads', count: 3, previous: 0 },
      { pipelineID: clients.groupUID, name: 'Clients', count: 1, previous: 0 },
    ]);
    expect(all.captured.byPlatform).toEqual(
      [
        { platform: 'instagram', count: 2, previous: 0 },
        { platform: 'facebook', count: 2, previous: 0 },
      ].sort((a, b) => a.platform.localeCompare(b.platform)),
    );
    expect(all.captured.bySource).toEqual([{ source: 'direct', count: 4, previous: 0 }]);
    // A message written for Ann and copied into her conversation counts as sent by the owner.
    const copied = await owner.post(team.path(`contacts/${GTIDs[0]}/messages/copies`), {
      text: 'Hi Ann, welcome!',
    });
    expect(copied.status).toBe(201);
    const withMessage = await kpis(owner);
    expect(withMessage.messages).toMatchObject({ available: true, reason: null, count: 1, previous: 0 });
    expect(withMessage.messages.perDay).toEqual([{ date: today(), count: 1 }]);
    expect(withMessage.members.find((row) => row.userUID === team.ownerUID)?.messages).toBe(1);

    const mine = await kpis(member);
    expect(mine.captured.count).toBe(3);
    expect(mine.captured.byPipeline.map((row) => row.pipelineID)).toEqual([leads.groupUID]);
    expect(mine.funnels.map((funnel) => funnel.pipelineID)).toEqual([leads.groupUID]);
  });

  it('cuts days in the reader’s time zone: now is today east and west of UTC, and not yesterday', async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const day = today(timeZone);
      expect((await kpis(owner, { from: day, to: day, timeZone })).captured.count).toBe(4);
      const before = addDaysToDate(day, -1);
      const yesterday = await kpis(owner, { from: before, to: before, timeZone });
      expect(yesterday.captured.count).toBe(0);
      // Today's captures are the previous period of tomorrow.
      const after = addDaysToDate(day, 1);
      expect((await kpis(owner, { from: after, to: after, timeZone })).captured.previous).toBe(4);
    }
  });

  it('follows stage moves, one by one and in bulk, with conversion and time in stage', async () => {
    const talking = leads.stages[1]!.stageUID;
    const moved = await owner.put(team.path(`contacts/${GTIDs[0]}/pipelines/${leads.groupUID}`), {
      stageId: talking,
    });
    expect(moved.status).toBe(200);
    const bulk = await owner.post('/search/v2/bulk', {
      teamUID: team.teamUID,
      action: { type: 'moveStage', pipelineId: leads.groupUID, stageId: leads.stages[2]!.stageUID },
      target: { GTIDs: GTIDs.slice(1, 3) },
    });
    await server.waitForJob(owner, team.teamUID, { bulkJobId: bulk.body.data.jobId });

    const report = await kpis(owner);
    expect(stageOf(report, leads, 0)).toMatchObject({ entered: 3, conversion: 1 / 3, left: 3 });
    expect(stageOf(report, leads, 1)).toMatchObject({ entered: 1, conversion: 2, left: 0 });
    expect(stageOf(report, leads, 2)).toMatchObject({ entered: 2, conversion: null });
    // They left New within seconds of arriving.
    expect(stageOf(report, leads, 0).medianSecondsInStage).toBeLessThan(60);
    expect(report.members.find((row) => row.userUID === team.ownerUID)).toMatchObject({
      captured: 4,
      stageMoves: 7,
    });
  });

  it('counts tasks done on time and late; a member sees only their own', async () => {
    const due = async (dueDate: string, assigneeUID = team.ownerUID) => {
      const created = await owner.post(team.path('tasks'), { taskName: 'Follow up', dueDate, assigneeUID });
      expect(created.status).toBe(201);
      const done = await owner.post(team.path(`tasks/${created.body.data.taskUID}/complete`), {});
      expect(done.status).toBe(200);
    };
    await due(addDaysToDate(today(), 2));
    await due(addDaysToDate(today(), -2));
    await due(addDaysToDate(today(), -3));
    const report = await kpis(owner);
    expect(report.tasks).toMatchObject({ onTime: 1, late: 2 });
    expect(report.tasks.perDay).toEqual([{ date: today(), onTime: 1, late: 2 }]);
    expect((await kpis(member)).tasks).toMatchObject({ onTime: 0, late: 0 });
  });

  it('counts deals won per currency with their value', async () => {
    const added = await owner.post(team.path(`contacts/${GTIDs[0]}/deals`), {
      name: 'Coaching',
      value: 1500,
      currency: 'EUR',
      pipelineId: leads.groupUID,
    });
    await owner.patch(team.path(`contacts/${GTIDs[0]}/deals/${added.body.data.dealUID}`), {
      status: 'won',
      value: 1800,
    });
    const report = await kpis(owner);
    expect(report.deals).toEqual([
      { currency: 'EUR', won: 1, wonValue: 1800, lost: 0, lostValue: 0, previousWon: 0, previousWonValue: 0 },
    ]);
    expect(report.members.find((row) => row.userUID === team.ownerUID)?.dealsWon).toBe(1);
  });

  it('counts an import’s contacts as captured from an import', async () => {
    const csv =
      formatCsvRow(['Name']) +
      ['Ivy Import', 'Jon Import', 'Kim Import'].map((name) => formatCsvRow([name])).join('');
    const file = (
      await owner.request('POST', team.path('imports?fileName=people.csv'), csv, {
        'content-type': 'text/csv',
      })
    ).body.data;
    await owner.post(team.path(`imports/${file.importId}/start`), {
      mapping: ['name'],
      pipelineId: leads.groupUID,
    });
    await server.waitForJob(owner, team.teamUID, { importId: file.importId });
    const report = await kpis(owner);
    expect(report.captured.count).toBe(7);
    expect(report.captured.bySource).toEqual([
      { source: 'direct', count: 4, previous: 0 },
      { source: 'import', count: 3, previous: 0 },
    ]);
    expect(report.captured.byPlatform.find((row) => row.platform === 'none')?.count).toBe(3);
  });

  it('gives the same figures after a rebuild of the rollup from history', async () => {
    const live = await kpis(owner);
    await server.databases.forTeam(team.teamUID).execute(sql`select kpi_rebuild(${team.teamUID})`);
    expect(await kpis(owner)).toEqual(live);
  });

  it('narrows to one member, and refuses bad input, strangers and other teams', async () => {
    const narrowed = await kpis(owner, { memberUID: memberUid });
    expect(narrowed.captured.count).toBe(0);
    expect(narrowed.members.map((row) => row.userUID)).toEqual([memberUid]);

    const bad = async (query: string, message: string) => {
      const response = await owner.get(team.path(`dashboard/kpi?${query}`));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain(message);
    };
    await bad('from=2026-03-02&to=2026-03-01', 'Invalid range: from comes after to.');
    await bad('from=2024-01-01&to=2026-03-01', 'at most 366 days');
    await bad('from=2026-03-01&to=2026-03-01&timeZone=Mars/Base', 'Invalid timeZone');
    await bad('from=March&to=2026-03-01', 'from');
    await bad('from=2026-03-01&to=2026-03-01&memberUID=nobody', 'Invalid memberUID');

    const range = `from=${today()}&to=${today()}`;
    expect((await server.client().get(team.path(`dashboard/kpi?${range}`))).status).toBe(401);
    expect((await server.client().get(team.path('dashboard/home'))).status).toBe(401);
    const stranger = await server.createTeam({ name: 'Sam Stranger' });
    expect((await stranger.owner.get(team.path(`dashboard/kpi?${range}`))).status).toBe(404);
    expect((await stranger.owner.get(team.path('dashboard/home'))).status).toBe(404);
    expect((await owner.get(team.path('dashboard/home?timeZone=Nowhere/Land'))).status).toBe(400);
  });
});

describe('the KPI rollup over generated history', () => {
  it('matches an independent count per day in a time zone, across a daylight-saving change', async () => {
    const history = await server.createTeam({ name: 'Hal History' });
    const pipeline = await server.createPipeline(history, 'History', ['First', 'Second']);
    // 300 captures at pseudo-random moments from 28 October to 4 November 2026 (New York leaves
    // daylight saving on 1 November), written in batches as an import would.
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const start = Date.parse('2026-10-28T00:00:00Z');
    const moments = Array.from({ length: 300 }, () => start + Math.floor(next() * 8 * 86_400_000));
    const db = server.databases.forTeam(history.teamUID);
    for (let batch = 0; batch < moments.length; batch += 100) {
      await db.insert(activities).values(
        moments.slice(batch, batch + 100).map((at, index) => ({
          teamId: history.teamUID,
          id: `act_gen_${batch + index}`,
          contactId: `gen-${batch + index}`,
          pipelineId: pipeline.groupUID,
          type: 'pipeline',
          action: 'added',
          createdAt: new Date(at),
          createdBy: 'Hal History',
          createdByUid: history.ownerUID,
          data: { stageUID: pipeline.stages[0]!.stageUID, importId: 'imp_gen' },
        })),
      );
    }
    const timeZone = 'America/New_York';
    const expected = new Map<string, number>();
    for (const at of moments) {
      const day = formatDateInZone(at, timeZone);
      expected.set(day, (expected.get(day) ?? 0) + 1);
    }
    const params = new URLSearchParams({ from: '2026-10-29', to: '2026-11-03', timeZone });
    const report = (await history.owner.get(history.path(`dashboard/kpi?${params.toString()}`))).body
      .data as KpiReport;
    expect(report.captured.perDay).toEqual(
      listPeriodDays({ from: '2026-10-29', days: 6 }).map((date) => ({
        date,
        count: expected.get(date) ?? 0,
      })),
    );
    expect(report.captured.bySource).toEqual([
      {
        source: 'import',
        count: report.captured.count,
        previous: ['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26', '2026-10-27', '2026-10-28']
          .map((date) => expected.get(date) ?? 0)
          .reduce((sum, value) => sum + value, 0),
      },
    ]);
    expect(stageOf(report, pipeline, 0).entered).toBe(report.captured.count);
  });
});

describe('the home dashboard', () => {
  it('shows today’s new contacts, my tasks due today and overdue, and recent activity I may see', async () => {
    const due = (dueDate: string) =>
      member.post(team.path('tasks'), { taskName: `Call on ${dueDate}`, dueDate, dueTime: '12:00' });
    const dueToday = await due(today());
    await due(addDaysToDate(today(), -1));
    await due(addDaysToDate(today(), -4));
    await due(addDaysToDate(today(), 1));

    const home = (await owner.get(team.path('dashboard/home'))).body.data;
    expect(home.newContacts.count).toBe(7);
    expect(home.newContacts.byPipeline.filter((row: { count: number }) => row.count > 0)).toEqual([
      { pipelineID: leads.groupUID, name: 'Leads', count: 6 },
      { pipelineID: clients.groupUID, name: 'Clients', count: 1 },
    ]);
    expect(home.reviewQueue).toMatchObject({ available: true, count: 0 });
    // The owner's message copied for Ann earlier today; no platform was named for it.
    expect(home.messages).toMatchObject({
      available: true,
      sent: 1,
      perPlatform: [{ platform: 'none', sent: 1 }],
    });
    expect(home.automations).toMatchObject({ available: false, items: [] });

    const mine = (await member.get(team.path('dashboard/home'))).body.data;
    expect(mine.newContacts.count).toBe(6);
    expect(mine.tasks.dueToday.count).toBe(1);
    // Each task carries its id, which the page's link opens.
    expect(mine.tasks.dueToday.items).toEqual([
      expect.objectContaining({ taskUID: dueToday.body.data.taskUID, GTID: null, contactName: null }),
    ]);
    expect(mine.tasks.overdue.count).toBe(2);
    expect(mine.tasks.overdue.items.map((item: { taskName: string }) => item.taskName)).toEqual([
      `Call on ${addDaysToDate(today(), -4)}`,
      `Call on ${addDaysToDate(today(), -1)}`,
    ]);
    expect(mine.recentActivity.length).toBeGreaterThan(0);
    for (const item of mine.recentActivity) expect(item.pipelineID).toBe(leads.groupUID);
    expect(
      home.recentActivity.some((item: { contactName: string }) => item.contactName === 'Dot Client'),
    ).toBe(true);
  });
});

describe('the Daily Goal', () => {
  it('counts my messages of today over all my teams, per platform, against the goal I set', async () => {
    // The owner also works in a second team, as an admin, and copies a message there.
    const other = await server.createTeam({ name: 'Gia Other', email: 'gia@daily-goal.test' });
    const invite = await other.owner.post(other.path('invitations'), { role: 'admin' });
    expect(invite.status).toBe(201);
    const joined = await owner.post(`/api/v1/invitations/${invite.body.data.inviteCode as string}/accept`);
    expect(joined.status).toBe(200);
    const zed = await other.owner.post(other.path('contacts'), {
      name: 'Zed Elsewhere',
      sources: [{ platform: 'instagram', username: 'zed.elsewhere' }],
    });
    expect(zed.status).toBe(201);
    const copied = await owner.post(other.path(`contacts/${zed.body.data.GTID as string}/messages/copies`), {
      text: 'Hi Zed',
      platform: 'instagram',
    });
    expect(copied.status).toBe(201);

    const before = await owner.get('/api/v1/me/daily-goal?timeZone=Europe/Lisbon');
    expect(before.status).toBe(200);
    // Ann's message in the first team (copied earlier today, no platform named) and Zed's in the second.
    expect(before.body.data).toMatchObject({
      date: today('Europe/Lisbon'),
      timeZone: 'Europe/Lisbon',
      goal: null,
      sent: 2,
      perPlatform: [
        { platform: 'instagram', sent: 1 },
        { platform: 'none', sent: 1 },
      ],
    });
    // The member sent nothing; the goal is each user's own.
    expect((await member.get('/api/v1/me/daily-goal')).body.data).toMatchObject({ sent: 0, goal: null });

    const set = await owner.put('/api/v1/me/daily-goal', { goal: 40 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ goal: 40, sent: 2 });
    expect((await owner.put('/api/v1/me/daily-goal', { goal: null })).body.data.goal).toBeNull();
  });

  it('refuses a bad goal or time zone, naming it, and answers 401 signed out', async () => {
    for (const goal of [0, 1001, 2.5, '40']) {
      const answer = await owner.put('/api/v1/me/daily-goal', { goal });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain('goal');
    }
    const zone = await owner.get('/api/v1/me/daily-goal?timeZone=Mars/Olympus');
    expect(zone.status).toBe(400);
    expect(zone.body.error.message).toContain('timeZone');
    expect((await server.client().get('/api/v1/me/daily-goal')).status).toBe(401);
    expect((await server.client().put('/api/v1/me/daily-goal', { goal: 10 })).status).toBe(401);
  });
});
