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

test.describe('admin users', () => {
  test('an operator finds a user and grants them the super permission', async ({ page, browser }) => {
    const context = await browser.newContext();
    try {
      const userPage = await context.newPage();
      const user = await signUpNewUser(userPage, 'Sam');

      await signInAsOperator(page);
      await page.goto('/admin/users');
      await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
      await page.getByLabel('Search users').fill(user.email);
      const users = page.getByRole('table', { name: 'Users' });
      await expect(users.getByRole('row')).toHaveCount(2);
      await users.getByRole('button', { name: user.name }).click();

      const drawer = page.getByRole('dialog', { name: user.name });
      await expect(drawer.getByText(user.email)).toBeVisible();
      await expect(drawer.getByRole('table', { name: 'Teams of the user' })).toContainText(
        `${user.name}'s team`,
      );
      await drawer.getByRole('switch', { name: 'Super permission' }).click();
      await drawer.getByRole('button', { name: 'Grant super permission' }).click();
      await expect(page.getByText('Super permission granted')).toBeVisible();
      await expect(drawer.getByRole('switch', { name: 'Super permission' })).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(users.getByRole('row').filter({ hasText: user.email }).getByText('Super')).toBeVisible();

      await userPage.goto('/admin/users');
      await expect(userPage.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('an operator signs in as a user with a reason and sees the app as they do', async ({
    page,
    browser,
  }) => {
    const context = await browser.newContext();
    const user = await signUpNewUser(await context.newPage(), 'Ivan');
    await context.close();

    await signInAsOperator(page);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(user.email);
    await page.getByRole('table', { name: 'Users' }).getByRole('button', { name: user.name }).click();
    const drawer = page.getByRole('dialog', { name: user.name });
    await drawer.getByRole('button', { name: `Sign in as ${user.name}` }).click();
    await expect(
      drawer.getByText('Say why you sign in as this user; it is kept in the record.'),
    ).toBeVisible();
    await drawer
      .getByRole('textbox', { name: 'Reason' })
      .fill('Support request: cannot find the invite link');
    await drawer.getByRole('button', { name: `Sign in as ${user.name}` }).click();

    await expect(page).not.toHaveURL(/\/admin/);
    await expect(page.getByRole('button', { name: `Account menu of ${user.name}` })).toBeVisible();
  });

  test('an operator filters the mail outbox by address and sees the current app version', async ({
    page,
  }) => {
    await signInAsOperator(page);
    await page.goto('/admin/mail-outbox');
    await page.getByLabel('Filter by address').fill('nobody-ever@example.com');
    await expect(page.getByText('No mail to nobody-ever@example.com.')).toBeVisible();
    await page.getByRole('tab', { name: 'App version' }).click();
    await expect(page).toHaveURL(/\/admin\/app-version$/);
    await expect(page.getByText('Current version:')).toBeVisible();
  });
});
