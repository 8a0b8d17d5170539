import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  buildUser,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
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
