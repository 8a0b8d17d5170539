import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { buildUser, submitSignUp } from './helpers';
import type { NewUser } from './helpers';

async function signUpNewUser(page: Page, firstName: string, path = '/login/signup'): Promise<NewUser> {
  const user = buildUser(firstName);
  await page.goto(path);
  await submitSignUp(page, user);
  await expect(page).not.toHaveURL(/\/login/);
  return user;
}

/** Signs a new person up through an invite link in a browser of their own. */
async function joinThroughLink(browser: Browser, inviteLink: string, firstName: string): Promise<NewUser> {
  const context = await browser.newContext();
  try {
    return await signUpNewUser(await context.newPage(), firstName, inviteLink);
  } finally {
    await context.close();
  }
}

test.describe('team members', () => {
  test('the owner makes a member an admin and removes another member', async ({ page, browser }) => {
    const owner = await signUpNewUser(page, 'Otto');
    await page.goto('/profile/team');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const inviteLink = await page.getByLabel('Invite link').inputValue();
    const ada = await joinThroughLink(browser, inviteLink, 'Ada');
    const max = await joinThroughLink(browser, inviteLink, 'Max');

    await page.reload();
    const members = page.getByRole('table', { name: 'Team members' });
    await expect(page.getByText('3 of 6')).toBeVisible();
    const ownerRow = members.getByRole('row').filter({ hasText: owner.email });
    await expect(ownerRow.getByText('Owner', { exact: true })).toBeVisible();
    await expect(ownerRow.getByRole('button')).toHaveCount(0);

    await members.getByRole('combobox', { name: `Role of ${ada.name}` }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page.getByText(`${ada.name} is now an admin.`)).toBeVisible();
    await page.reload();
    await expect(members.getByRole('combobox', { name: `Role of ${ada.name}` })).toHaveValue('Admin');

    await members.getByRole('button', { name: `Remove ${max.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${max.name}?` });
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await expect(dialog).toBeHidden();
    await expect(members.getByRole('row').filter({ hasText: max.email })).toHaveCount(0);
    await expect(page.getByText('2 of 6')).toBeVisible();
  });

  test('a member leaves a team they do not own', async ({ page, browser }) => {
    const owner = await signUpNewUser(page, 'Olive');
    const teamName = `${owner.name}'s team`;
    await page.goto('/profile/team');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const inviteLink = await page.getByLabel('Invite link').inputValue();

    const context = await browser.newContext();
    try {
      const memberPage = await context.newPage();
      const member = await signUpNewUser(memberPage, 'Leo', inviteLink);
      await memberPage.goto('/profile/team');
      await expect(memberPage.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
      const ownRow = memberPage
        .getByRole('table', { name: 'Team members' })
        .getByRole('row')
        .filter({ hasText: member.email });
      await ownRow.getByRole('button', { name: 'Leave team' }).click();
      await memberPage
        .getByRole('dialog', { name: `Leave ${teamName}?` })
        .getByRole('button', { name: 'Leave team' })
        .click();
      await expect(memberPage.getByRole('heading', { level: 1, name: teamName })).toBeHidden();
    } finally {
      await context.close();
    }

    await page.reload();
    await expect(page.getByText('1 of 6')).toBeVisible();
  });

  test('the owner chooses which pipelines a member sees', async ({ page, browser }) => {
    await signUpNewUser(page, 'Pia');
    const me = (await (await page.request.get('/api/v1/me')).json()) as { data: { teamUID: string } };
    const teamUID = me.data.teamUID;
    const created = await page.request.post(`/api/v1/teams/${teamUID}/pipelines`, {
      data: { nickName: 'Coaching Group', stages: [{ name: 'New' }] },
    });
    expect(created.status()).toBe(201);
    await page.goto('/profile/team');
    // The link gives the pipeline (a team's only pipeline comes chosen already).
    await page.getByRole('combobox', { name: 'Link gives the pipelines' }).click();
    const option = page.getByRole('option', { name: 'Coaching Group' });
    if ((await option.getAttribute('aria-selected')) !== 'true') await option.click();
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const inviteLink = await page.getByLabel('Invite link').inputValue();
    const sam = await joinThroughLink(browser, inviteLink, 'Sam');

    // The owner takes back the pipeline the link gave.
    await page.reload();
    const toggle = page.getByRole('switch', { name: `Coaching Group for ${sam.name}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: `Coaching Group for ${sam.name}` })).not.toBeChecked();
    const members = (await (await page.request.get(`/api/v1/teams/${teamUID}/members`)).json()) as {
      data: { name: string; groupAccess: string[] }[];
    };
    expect(members.data.find((member) => member.name === sam.name)?.groupAccess).toHaveLength(0);
  });
});
