import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, buildUser, submitSignIn, submitSignUp } from './helpers';
import type { NewUser } from './helpers';

// The demo user has the super permission: the e2e global setup grants it through the CLI.

async function signUpNewUser(page: Page, firstName: string): Promise<NewUser> {
  const user = buildUser(firstName);
  await page.goto('/login/signup');
  await submitSignUp(page, user);
  await expect(page).not.toHaveURL(/\/login/);
  return user;
}

async function signInAsOperator(page: Page) {
  await page.goto('/login');
  await submitSignIn(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('admin teams', () => {
  test("an operator changes a team's plan and its owner sees it on the billing tab", async ({
    page,
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const ownerPage = await context.newPage();
      const owner = await signUpNewUser(ownerPage, 'Tina');
      const teamName = `${owner.name}'s team`;
      await ownerPage.goto('/profile/billing');
      await expect(ownerPage.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      await expect(ownerPage.getByText('Trial ends')).toBeVisible();

      await signInAsOperator(page);
      await page.goto('/admin/teams');
      await page.getByLabel('Search teams').fill(owner.email);
      const teams = page.getByRole('table', { name: 'Teams' });
      await expect(teams.getByRole('row')).toHaveCount(2);
      await teams.getByRole('button', { name: `Edit the plan of ${teamName}` }).click();

      const drawer = page.getByRole('dialog', { name: `Plan of ${teamName}` });
      await drawer.getByLabel('Status').selectOption('active');
      await drawer.getByLabel('Tier').selectOption('2');
      await drawer.getByLabel('Trial ends').fill('');
      await drawer.getByLabel('Facebook plan').selectOption('pro');
      await drawer.getByLabel('Contact blocks').fill('2');
      await drawer.getByLabel('Extra seats').fill('1');
      await drawer.getByRole('button', { name: 'Save plan' }).click();
      await expect(page.getByText('Plan saved')).toBeVisible();
      await expect(drawer).toBeHidden();
      const row = teams.getByRole('row').filter({ hasText: teamName });
      await expect(row.getByText('2 · Premier')).toBeVisible();
      await expect(row.getByText('Active')).toBeVisible();

      await ownerPage.reload();
      const plan = ownerPage.getByRole('region', { name: 'Plan' });
      await expect(plan.getByText('Premier')).toBeVisible();
      await expect(plan.getByText('Tier 2')).toBeVisible();
      await expect(plan.getByText('Active')).toBeVisible();
      await expect(ownerPage.getByText('Trial ends')).toBeHidden();
      const usage = ownerPage.getByRole('region', { name: 'Usage' });
      await expect(usage.getByText('of 20,000 used')).toBeVisible();
      await expect(usage.getByText('of 4 used')).toBeVisible();
      const platforms = ownerPage.getByRole('table', { name: 'Messaging plans' });
      await expect(platforms.getByRole('row', { name: /Facebook/ })).toContainText('Pro');
      await expect(platforms.getByRole('row', { name: /Instagram/ })).toContainText('None');
      await expect(
        ownerPage.getByText(
          'Plans are managed by your GroupTrack operator. No operator contact address is set up on this installation, so ask your team owner.',
        ),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
