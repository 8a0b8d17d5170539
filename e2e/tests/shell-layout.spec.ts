import { expect, test } from '@playwright/test';
import { DEMO_USER, buildUser, signInThroughApi, signUpThroughApi } from './helpers';
import type { PageWindow } from './helpers';

test.describe('main layout', () => {
  test('the navigation reaches every built area at 1280 px, Admin included for a super user', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/pipeline');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    await nav.getByRole('button', { name: 'Setup' }).click();
    await nav.getByRole('link', { name: 'Status labels' }).click();
    await expect(page).toHaveURL(/\/setup\/labels$/);
    await expect(nav.getByRole('link', { name: 'Status labels' })).toHaveAttribute('aria-current', 'page');

    for (const [name, path] of [
      ['Tasks', '/tasks'],
      ['Admin', '/admin/users'],
    ]) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('the user menu opens profile, team, billing and signs out', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/tasks');
    const openMenu = () => page.getByRole('button', { name: 'Account menu of Demo Lead' }).click();

    await openMenu();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/profile\/team$/);

    await openMenu();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/profile\/billing$/);

    await openMenu();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await openMenu();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a phone gets a burger menu that closes after choosing a page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpThroughApi(page.request, buildUser('Mobi'));
    await page.goto('/contacts/pipeline');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Tasks' })).not.toBeInViewport();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Tasks' })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Tasks' }).click();

    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Tasks' })).not.toBeInViewport();
    const overflow = await page.evaluate(() => {
      const pageWindow = globalThis as unknown as PageWindow;
      return pageWindow.document.documentElement.scrollWidth - pageWindow.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('keyboard users can skip to the page and reach the menus', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    await page.getByRole('button', { name: 'Account menu of Demo Lead' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  });

  test('a help widget that cannot load is only logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/api/v1/app-config', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { data: { ...body.data, helpWidgetUrl: '/help-widget-that-does-not-exist.js' } },
      });
    });
    await page.route('**/help-widget-that-does-not-exist.js', (route) => route.fulfill({ status: 404 }));
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/tasks');

    await expect
      .poll(() => errors.some((text) => text.includes('The help widget could not be loaded.')))
      .toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
