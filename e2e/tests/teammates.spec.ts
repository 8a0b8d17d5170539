import { expect, test } from '@playwright/test';
import { buildUser, callApi, findBlockingA11yViolations, signUpWithPipeline, submitSignUp } from './helpers';
import type { CreatedPipeline } from './helpers';

test('a member invited to one of two pipelines sees its contacts only, and the owner is told they joined', async ({
  page,
  browser,
}) => {
  test.slow(); // two people's sign-ups in two browsers, and two axe scans
  const unique = Date.now().toString(36);
  const ana = `Ana Members${unique}`;
  const ben = `Ben Support${unique}`;
  // Two pipelines with one person each: the newcomer is given the first.
  const { teamUID } = await signUpWithPipeline(page.request, {
    firstName: 'Owen',
    stages: ['New'],
    people: [ana],
  });
  const support = await callApi<CreatedPipeline>(page.request, 'POST', `/api/v1/teams/${teamUID}/pipelines`, {
    nickName: 'Support',
    stages: [{ name: 'Open' }],
  });
  await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
    name: ben,
    pipeline: { pipelineId: support.groupUID, stageId: support.stages[0]!.stageUID },
  });

  // The owner makes a link that gives the Members pipeline alone.
  await page.goto('/profile/team');
  await page.getByRole('combobox', { name: 'Link gives the pipelines' }).click();
  await page.getByRole('option', { name: 'Members' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create invite link' }).click();
  const inviteLink = await page.getByLabel('Invite link').inputValue();
  const invitations = page.getByRole('table', { name: 'Open invitations' });
  await expect(invitations.getByRole('row').filter({ hasText: 'Shareable link' })).toContainText('Members');
  expect(await findBlockingA11yViolations(page)).toEqual([]);

  // The newcomer joins in a browser of their own and lands on a board with that pipeline's contacts.
  const context = await browser.newContext();
  const newcomer = buildUser('Nia');
  try {
    const memberPage = await context.newPage();
    await memberPage.goto(inviteLink);
    await submitSignUp(memberPage, newcomer);
    await expect(memberPage).not.toHaveURL(/\/login/);
    await memberPage.goto('/contacts/table');
    const grid = memberPage.getByRole('grid', { name: 'Contacts' });
    await expect(grid.getByText(ana)).toBeVisible();
    await expect(grid.getByText(ben)).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The owner's bell says so without a reload.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list).toBeVisible();
  expect(await findBlockingA11yViolations(page)).toEqual([]);
  await list.getByRole('link', { name: `${newcomer.name} joined the team` }).click();
  await expect(page.getByRole('table', { name: 'Team members' })).toContainText(newcomer.email);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
