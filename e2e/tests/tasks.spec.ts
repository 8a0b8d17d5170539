import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  DEMO_USER,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signInThroughApi,
} from './helpers';

interface TaskAnswer {
  taskUID: string;
  taskName: string;
  dueDate: string;
  status: string;
}

/** One of the seeded contacts, read through the same search the views use. */
async function pickContact(request: APIRequestContext, teamUID: string, from: number) {
  const search = await callApi<{ hits: { GTID: string }[] }>(request, 'POST', '/search/v2', {
    teamUID,
    paging: { from, size: 1 },
  });
  const GTID = search.hits[0]?.GTID;
  expect(GTID, 'the demo seed has contacts').toBeTruthy();
  return GTID ?? '';
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const unique = () => Date.now().toString(36);

test.describe('tasks', () => {
  test('makes a task from a template on a contact, reminds in the app, and brings a daily task back', async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const GTID = await pickContact(page.request, teamUID, 23);
    const taskName = `Call back ${unique()}`;
    // Due today at midnight: its moment has passed, so the reminder comes within seconds.
    await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/task-templates`, {
      name: taskName,
      dueInDays: 0,
      dueTime: '00:00',
      reminder: 'in-app',
    });

    await page.goto(`/contact/${GTID}/tasks`);
    await expect(page.getByRole('tab', { name: 'Tasks', selected: true })).toBeVisible();
    await page.getByRole('button', { name: 'New task from template' }).click();
    await page.getByRole('menuitem', { name: taskName }).click();
    await expect(
      page.getByRole('list', { name: 'Open tasks' }).getByRole('listitem', { name: taskName }),
    ).toBeVisible();

    // The in-app reminder: a toast, and the bell counts it until its list is opened.
    await expect(page.getByText(`${taskName} is due now`)).toBeVisible({ timeout: 30_000 });
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByRole('list', { name: 'Notifications' }).getByText(taskName)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // On /tasks: make it repeat daily, complete it, and the next one is due the next day.
    await page.goto('/tasks');
    const openTask = page.getByRole('listitem', { name: taskName });
    await expect(openTask).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Actions for ${taskName}` }).click();
    await page.getByRole('menuitem', { name: 'Edit task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit task' });
    await dialog.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Daily' }).click();
    await dialog.getByRole('button', { name: 'Save task' }).click();
    await expect(dialog).toBeHidden();
    await expect(openTask.getByText('Every day')).toBeVisible();
    const [first] = await callApi<TaskAnswer[]>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/tasks?GTID=${GTID}&q=${encodeURIComponent(taskName)}`,
    );
    expect(first).toBeTruthy();

    await page.getByRole('checkbox', { name: `Complete ${taskName}` }).click();
    await expect(
      page.getByRole('list', { name: 'Completed' }).getByRole('listitem', { name: taskName }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Complete ${taskName}` })).toBeVisible();
    const [next] = await callApi<TaskAnswer[]>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/tasks?GTID=${GTID}&q=${encodeURIComponent(taskName)}`,
    );
    expect(next?.dueDate).toBe(addDays(first?.dueDate ?? '', 1));
    expect(next?.taskUID).not.toBe(first?.taskUID);
  });

  test('creates a task, finds it by its words, completes and reopens it', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const stamp = unique();
    const taskName = `Plan the launch ${stamp}`;
    const otherName = `Send the recap ${stamp}`;
    await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/tasks`, {
      taskName: otherName,
      dueDate: addDays(new Date().toISOString().slice(0, 10), 2),
    });

    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await expect(dialog.getByText('Name the task')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Task name' }).fill(taskName);
    await dialog.getByLabel('Time').fill('23:30');
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('listitem', { name: taskName })).toBeVisible();
    await expect(page.getByRole('listitem', { name: otherName })).toBeVisible();

    await page.getByRole('textbox', { name: 'Search tasks' }).fill(`launch ${stamp}`);
    await expect(page.getByRole('listitem', { name: otherName })).toBeHidden();
    await expect(page.getByRole('listitem', { name: taskName })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=launch/);

    await page.getByRole('checkbox', { name: `Complete ${taskName}` }).click();
    const completed = page.getByRole('list', { name: 'Completed' });
    await expect(completed.getByRole('listitem', { name: taskName })).toBeVisible();
    await expect(page.getByText('No open task matches these filters.', { exact: false })).toBeVisible();
    await completed.getByRole('checkbox', { name: `Reopen ${taskName}` }).click();
    await expect(page.getByRole('checkbox', { name: `Complete ${taskName}` })).toBeVisible();
    await expect(completed.getByRole('listitem', { name: taskName })).toBeHidden();
  });
});
