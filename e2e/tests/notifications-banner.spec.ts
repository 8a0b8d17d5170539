import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_USER, buildUser, submitSignIn, submitSignUp } from './helpers';

// The demo user has the super permission: the e2e global setup grants it through the CLI.

async function signInAsOperator(page: Page) {
  await page.goto('/login');
  await submitSignIn(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new user in a browser of their own, signed up and signed in. */
async function openNewUser(
  browser: Browser,
  firstName: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login/signup');
  await submitSignUp(page, buildUser(firstName));
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page };
}

/** Writes a draft banner for a page, then publishes it from the list. */
async function publishBanner(page: Page, { title, pageValue }: { title: string; pageValue: string }) {
  await page.goto('/admin/notifications');
  await page.getByRole('button', { name: 'New notification' }).click();
  const drawer = page.getByRole('dialog', { name: 'New notification' });
  await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await drawer
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Pipelines arrive next week. Tell us what you need.');
  await drawer.getByRole('combobox', { name: 'Type', exact: true }).selectOption('banner');
  await drawer.getByRole('combobox', { name: 'Platform', exact: true }).selectOption('web');
  await drawer.getByRole('textbox', { name: 'Page', exact: true }).fill(pageValue);
  await drawer.getByRole('textbox', { name: 'Background colour', exact: true }).fill('teal');
  await drawer.getByRole('button', { name: 'Save notification' }).click();
  await expect(drawer.getByText('Enter a hex colour like #1C7EBB, or leave it empty.')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Background colour', exact: true }).fill('#E6F4FC');
  await drawer.getByRole('textbox', { name: 'Link', exact: true }).fill('https://grouptrack.example/roadmap');
  await drawer.getByRole('textbox', { name: 'Link text', exact: true }).fill('See the roadmap');
  await drawer.getByRole('button', { name: 'Save notification' }).click();
  await expect(drawer).toBeHidden();

  const row = page
    .getByRole('table', { name: 'App notifications' })
    .getByRole('row')
    .filter({ hasText: title });
  await expect(row.getByText(pageValue)).toBeVisible();
  const published = row.getByRole('switch', { name: `Published: ${title}` });
  await expect(published).not.toBeChecked();
  await published.click();
  await expect(page.getByText('Notification published')).toBeVisible();
  await expect(published).toBeChecked();
}

/** Deletes the test's notifications so no other test sees them. */
async function deleteNotifications(page: Page, titles: string[]) {
  const response = await page.request.get('/api/v1/admin/app-notifications');
  const { data } = (await response.json()) as { data: { notificationId: string; title: string }[] };
  for (const notification of data.filter((item) => titles.includes(item.title))) {
    await page.request.delete(`/api/v1/admin/app-notifications/${notification.notificationId}`);
  }
}

test.describe('app notifications', () => {
  const titles: string[] = [];

  test.afterEach(async ({ page }) => {
    await deleteNotifications(page, titles.splice(0));
  });

  test("a published banner shows on another user's profile page until they choose Don't show again", async ({
    page,
    browser,
  }) => {
    const title = `Roadmap ${Date.now().toString(36)}`;
    titles.push(title);
    await signInAsOperator(page);
    await publishBanner(page, { title, pageValue: '/profile' });

    const user = await openNewUser(browser, 'Bea');
    try {
      await user.page.goto('/profile/profile');
      const banner = user.page.getByRole('region', { name: title });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('link', { name: 'See the roadmap' })).toHaveAttribute(
        'href',
        'https://grouptrack.example/roadmap',
      );

      await user.page.getByRole('tab', { name: 'Team' }).click();
      await expect(user.page).toHaveURL(/\/profile\/team$/);
      await expect(banner).toBeVisible();

      await banner.getByRole('button', { name: "Don't show again" }).click();
      await expect(banner).toBeHidden();
      await user.page.reload();
      await expect(user.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
    } finally {
      await user.context.close();
    }
  });

  test('a dismissed banner stays hidden for 24 hours, then shows again', async ({ page, browser }) => {
    const title = `Survey ${Date.now().toString(36)}`;
    titles.push(title);
    await signInAsOperator(page);
    await publishBanner(page, { title, pageValue: '/profile' });

    const user = await openNewUser(browser, 'Cleo');
    try {
      await user.page.clock.install();
      await user.page.goto('/profile/profile');
      const banner = user.page.getByRole('region', { name: title });
      await expect(banner).toBeVisible();

      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toBeHidden();
      await user.page.reload();
      await expect(user.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();

      await user.page.clock.fastForward('24:01:00');
      await expect(banner).toBeVisible();
    } finally {
      await user.context.close();
    }
  });

  test('a banner for another page does not show on the profile', async ({ page, browser }) => {
    const title = `Tasks tip ${Date.now().toString(36)}`;
    titles.push(title);
    await signInAsOperator(page);
    await publishBanner(page, { title, pageValue: '/tasks' });

    const user = await openNewUser(browser, 'Dora');
    try {
      await user.page.goto('/profile/profile');
      await expect(user.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(user.page.getByRole('region', { name: title })).toBeHidden();
      await user.page.goto('/tasks');
      await expect(user.page.getByRole('region', { name: title })).toBeVisible();
    } finally {
      await user.context.close();
    }
  });
});
