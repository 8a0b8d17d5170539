import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator } from '@playwright/test';
import {
  APP_ORIGIN,
  DEMO_USER,
  buildUser,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signInThroughApi,
  signUpThroughApi,
  type CreatedPipeline,
} from './helpers';

// The dashboards cut days where the reader lives.
const TIME_ZONE = 'Europe/Paris';
test.use({ timezoneId: TIME_ZONE });

test('home shows today’s new contacts; the KPI page charts a range with its table, exports it as CSV and shows a chosen KPI against its target', async ({
  page,
}) => {
  // A team of its own, so the figures are only what this journey made.
  // Sign-up names the new team.
  const user = { ...buildUser('Kay'), teamName: 'Kay KPI' };
  await signUpThroughApi(page.request, user);
  const teamUID = await readCurrentTeamUID(page.request);
  const pipeline = await callApi<CreatedPipeline>(
    page.request,
    'POST',
    `/api/v1/teams/${teamUID}/pipelines`,
    {
      nickName: 'Leads',
      stages: [{ name: 'New' }, { name: 'Talking' }],
    },
  );
  const GTIDs: string[] = [];
  for (const name of ['Ada Kpi', 'Bo Kpi', 'Cy Kpi']) {
    const contact = await callApi<{ GTID: string }>(
      page.request,
      'POST',
      `/api/v1/teams/${teamUID}/contacts`,
      {
        name,
        pipeline: { pipelineId: pipeline.groupUID },
      },
    );
    GTIDs.push(contact.GTID);
  }
  await callApi(
    page.request,
    'PUT',
    `/api/v1/teams/${teamUID}/contacts/${GTIDs[0]!}/pipelines/${pipeline.groupUID}`,
    {
      stageId: pipeline.stages[1]!.stageUID,
    },
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'New contacts today: 3' })).toBeVisible();

  await page.goto('/dashboard/kpi');
  await page.getByRole('combobox', { name: 'Range' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  const captured = page.getByRole('region', { name: 'Contacts captured per day' });
  await expect(captured.locator('.recharts-surface')).toBeVisible();
  await captured.getByRole('tab', { name: 'Table' }).click();
  await expect(captured.getByRole('row', { name: `${today} 3` })).toBeVisible();

  const funnel = page.getByRole('region', { name: 'Leads: stage funnel' });
  await funnel.getByRole('tab', { name: 'Table' }).click();
  await expect(funnel.getByRole('row', { name: /^Talking 1 0/ })).toBeVisible();

  const download = page.waitForEvent('download');
  await captured.getByRole('button', { name: 'Export Contacts captured per day as CSV' }).click();
  const file = await download;
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Date,Captured');
  expect(csv).toContain(`${today},3\r\n`);

  // The team chooses a KPI with a target and sees how far this week has come.
  await page.getByRole('button', { name: 'Add KPI' }).click();
  const form = page.getByRole('dialog', { name: 'Add KPI' });
  await form.getByRole('textbox', { name: 'Target' }).fill('10');
  await form.getByRole('button', { name: 'Add KPI' }).click();
  await expect(form).toBeHidden();
  const kpi = page.getByRole('article', { name: 'Contacts captured' });
  await expect(kpi.getByText('3 of 10')).toBeVisible();
  await expect(kpi.getByRole('progressbar', { name: /this week: 3 of 10/ })).toBeVisible();
  expect(await findBlockingA11yViolations(page)).toEqual([]);
});

interface HistoryEntry {
  type: string;
  action: string;
  createdAt: string;
  pipelineID: string | null;
  data: Record<string, unknown>;
}

interface TaskAnswer {
  taskUID: string;
  taskName: string;
  GTID: string | null;
  dueDate: string;
  dueTime: string | null;
  timeZone: string;
  actualDueDate: string;
  completedAt: string | null;
}

interface PipelinesAnswer {
  pipelines: { groupUID: string; nickName: string; stages: { stageUID: string; name: string }[] }[];
}

/** The calendar day of a moment in a time zone, YYYY-MM-DD. */
const dayIn = (moment: string, timeZone = TIME_ZONE) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(moment));

/** A calendar day moved by whole days. */
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const SEARCH_PAGE = 500;

/** Every contact's history in the team, read as the contact page's Activity tab reads it. */
async function readTeamHistory(request: APIRequestContext, teamUID: string): Promise<HistoryEntry[]> {
  const GTIDs: string[] = [];
  for (let from = 0; ; from += SEARCH_PAGE) {
    const found = await callApi<{ total: number; hits: { GTID: string }[] }>(request, 'POST', '/search/v2', {
      teamUID,
      paging: { from, size: SEARCH_PAGE },
    });
    GTIDs.push(...found.hits.map((hit) => hit.GTID));
    if (from + SEARCH_PAGE >= found.total) break;
  }
  const readOne = async (GTID: string) => {
    const entries: HistoryEntry[] = [];
    let before: string | null = null;
    do {
      const cursor: string = before ? `&before=${encodeURIComponent(before)}` : '';
      const page = await callApi<{ items: HistoryEntry[]; nextCursor: string | null }>(
        request,
        'GET',
        `/api/v1/teams/${teamUID}/contacts/${GTID}/activities?limit=200${cursor}`,
      );
      entries.push(...page.items);
      before = page.nextCursor;
    } while (before);
    return entries;
  };
  const history: HistoryEntry[] = [];
  // A few contacts at a time, so the server keeps answering the page's own requests too.
  for (let start = 0; start < GTIDs.length; start += 8) {
    const batch = await Promise.all(GTIDs.slice(start, start + 8).map(readOne));
    history.push(...batch.flat());
  }
  return history;
}

/** The rows of a chart card's accessible table, one array of cell texts per row. */
async function readChartTable(card: Locator): Promise<string[][]> {
  await card.getByRole('tab', { name: 'Table' }).click();
  const rows = card.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return (await rows.allInnerTexts()).map((row) => row.split('\t').map((cell) => cell.trim()));
}

/** The tasks a home page list links to, by the task id each link opens. */
async function readLinkedTaskUIDs(list: Locator): Promise<string[]> {
  const hrefs = await Promise.all(
    (await list.getByRole('link').all()).map((link) => link.getAttribute('href')),
  );
  return hrefs.flatMap((href) => {
    const taskUID = href ? new URL(href, APP_ORIGIN).searchParams.get('task') : null;
    return taskUID ? [taskUID] : [];
  });
}

test('the demo team’s dashboards show the seeded figures: a past range’s captures, funnels and tasks, and my tasks due today and overdue, each opening its form', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInThroughApi(page.request, DEMO_USER);
  const teamUID = await readCurrentTeamUID(page.request);

  // Other journeys add contacts, moves and tasks to the demo team today, so the range ends yesterday,
  // and its figures are worked out here from the contacts' histories and the task list.
  const today = dayIn(new Date().toISOString());
  const to = addDays(today, -1);
  const from = addDays(today, -14);
  const previousFrom = addDays(from, -14);
  const periodOf = (moment: string) => {
    const day = dayIn(moment);
    if (day >= from && day <= to) return 'current';
    return day >= previousFrom && day < from ? 'previous' : null;
  };
  const days = Array.from({ length: 14 }, (_, index) => addDays(from, index));

  const { pipelines } = await callApi<PipelinesAnswer>(
    page.request,
    'GET',
    `/api/v1/teams/${teamUID}/pipelines`,
  );
  const history = await readTeamHistory(page.request, teamUID);
  const capturedPerDay = new Map<string, number>();
  const capturedPerPipeline = new Map<string, { current: number; previous: number }>();
  const enteredPerStage = new Map<string, { current: number; previous: number }>();
  const tally = (tallies: Map<string, { current: number; previous: number }>, key: string, at: string) => {
    const period = periodOf(at);
    if (!period) return;
    const figure = tallies.get(key) ?? { current: 0, previous: 0 };
    figure[period] += 1;
    tallies.set(key, figure);
  };
  for (const entry of history) {
    if (!entry.pipelineID) continue;
    // A capture is a contact added to a pipeline, which also enters it into the stage it was added to.
    if (entry.type === 'pipeline' && entry.action === 'added') {
      tally(capturedPerPipeline, entry.pipelineID, entry.createdAt);
      if (periodOf(entry.createdAt) === 'current') {
        const day = dayIn(entry.createdAt);
        capturedPerDay.set(day, (capturedPerDay.get(day) ?? 0) + 1);
      }
      if (typeof entry.data.stageUID === 'string')
        tally(enteredPerStage, entry.data.stageUID, entry.createdAt);
    }
    if (entry.type === 'stage' && entry.action === 'changed' && typeof entry.data.to === 'string')
      tally(enteredPerStage, entry.data.to, entry.createdAt);
  }
  expect(
    [...capturedPerDay.values()].reduce((sum, count) => sum + count, 0),
    'the demo seed captured contacts in the last two weeks',
  ).toBeGreaterThan(0);

  // On time: done by its due time, or by the end of its due day (in its own time zone) when it has none.
  const completed = await callApi<TaskAnswer[]>(
    page.request,
    'GET',
    `/api/v1/teams/${teamUID}/tasks?scope=team&status=completed&limit=500`,
  );
  const tasksPerDay = new Map<string, { onTime: number; late: number }>();
  for (const task of completed) {
    if (!task.completedAt || periodOf(task.completedAt) !== 'current') continue;
    const isOnTime = task.dueTime
      ? Date.parse(task.completedAt) <= Date.parse(task.actualDueDate)
      : dayIn(task.completedAt, task.timeZone) <= task.dueDate;
    const day = dayIn(task.completedAt);
    const figure = tasksPerDay.get(day) ?? { onTime: 0, late: 0 };
    figure[isOnTime ? 'onTime' : 'late'] += 1;
    tasksPerDay.set(day, figure);
  }
  expect(tasksPerDay.size, 'the demo seed completed tasks in the last two weeks').toBeGreaterThan(0);

  await page.goto('/dashboard/kpi');
  await page.getByRole('combobox', { name: 'Range' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await page.getByLabel('From').fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await expect(
    page.getByText(`${from} to ${to} (${TIME_ZONE}), compared with ${previousFrom} to ${addDays(from, -1)}.`),
  ).toBeVisible();

  const perDay = page.getByRole('region', { name: 'Contacts captured per day' });
  await expect(perDay.locator('.recharts-surface')).toBeVisible();
  expect(await readChartTable(perDay)).toEqual(
    days.map((day) => [day, String(capturedPerDay.get(day) ?? 0)]),
  );
  const perPipeline = await readChartTable(page.getByRole('region', { name: 'Captured per pipeline' }));
  expect(perPipeline).toEqual(
    pipelines.map((pipeline) => {
      const figure = capturedPerPipeline.get(pipeline.groupUID) ?? { current: 0, previous: 0 };
      return [pipeline.nickName, String(figure.current), String(figure.previous)];
    }),
  );
  for (const pipeline of pipelines) {
    const funnel = await readChartTable(
      page.getByRole('region', { name: `${pipeline.nickName}: stage funnel` }),
    );
    const entered = pipeline.stages.map(
      (stage) => enteredPerStage.get(stage.stageUID) ?? { current: 0, previous: 0 },
    );
    expect(funnel.map((row) => row.slice(0, 4))).toEqual(
      pipeline.stages.map((stage, index) => {
        const next = entered[index + 1];
        const { current, previous } = entered[index]!;
        const share = next && current > 0 ? `${Math.round((next.current / current) * 100)}%` : '–';
        return [stage.name, String(current), String(previous), share];
      }),
    );
  }
  expect(await readChartTable(page.getByRole('region', { name: 'Tasks completed' }))).toEqual(
    days.map((day) => {
      const figure = tasksPerDay.get(day) ?? { onTime: 0, late: 0 };
      return [day, String(figure.onTime), String(figure.late)];
    }),
  );

  // Home: my open tasks due today and overdue, as the task list has them, each link opening its form.
  const open = await callApi<TaskAnswer[]>(
    page.request,
    'GET',
    `/api/v1/teams/${teamUID}/tasks?scope=mine&status=active&limit=500`,
  );
  const dueToday = open.filter((task) => dayIn(task.actualDueDate) === today);
  const overdue = open.filter((task) => dayIn(task.actualDueDate) < today);
  expect(overdue.length, 'the demo seed has overdue tasks').toBeGreaterThan(0);
  await page.goto('/dashboard/home');
  await expect(page.getByLabel(`${dueToday.length} due today`)).toBeVisible();
  await expect(page.getByLabel(`${overdue.length} overdue`)).toBeVisible();
  // The page lists the first ten of each by due time.
  for (const [label, expected] of [
    ['Due today', dueToday],
    ['Overdue', overdue],
  ] as const) {
    if (expected.length === 0) continue;
    const linked = await readLinkedTaskUIDs(page.getByRole('list', { name: label }));
    expect(linked).toHaveLength(Math.min(expected.length, 10));
    expect(expected.map((task) => task.taskUID)).toEqual(expect.arrayContaining(linked));
  }
  expect(await findBlockingA11yViolations(page)).toEqual([]);

  const overdueList = page.getByRole('list', { name: 'Overdue' });
  const [firstUID] = await readLinkedTaskUIDs(overdueList);
  const first = overdue.find((task) => task.taskUID === firstUID);
  if (!first?.GTID) throw new Error('the seeded overdue tasks are about contacts');
  await overdueList.getByRole('link', { name: first.taskName }).first().click();
  await expect(page).toHaveURL(`/contact/${first.GTID}/tasks?task=${first.taskUID}`);
  const form = page.getByRole('dialog', { name: 'Edit task' });
  await expect(form.getByRole('textbox', { name: 'Task name' })).toHaveValue(first.taskName);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(`/contact/${first.GTID}/tasks`);
  // Closing replaced the entry: Back returns to the home page, not to the open form.
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/home');

  // The Tasks page opens a task the same way, and says so when the task is gone.
  await page.goto(`/tasks?task=${first.taskUID}`);
  await expect(
    page.getByRole('dialog', { name: 'Edit task' }).getByRole('textbox', { name: 'Task name' }),
  ).toHaveValue(first.taskName);
  await page.goto('/tasks?task=task_no-longer-there');
  const notice = page.getByRole('alert').filter({ hasText: 'This task is no longer there' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL('/tasks');
});
