import { expect, test } from '@playwright/test';
import {
  DEMO_USER,
  buildUser,
  findBlockingA11yViolations,
  signInThroughApi,
  signUpThroughApi,
} from './helpers';

test.describe('accessibility of the shell', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the layout and an empty page pass axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInThroughApi(page.request, DEMO_USER);
      await page.goto('/contacts/pipeline');
      await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
      expect(await findBlockingA11yViolations(page)).toEqual([]);
    });
  }

  // No page is still coming (page-availability.ts): the last one to land, Connections, stands in.
  test('a setup page and the open navigation pass axe', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/setup/connections');
    await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Setup' })
      .click();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
  });

  test('the terms, maintenance and operator screens pass axe', async ({ page }) => {
    await page.goto('/login-admin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    await page.route('**/api/v1/app-config', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down' } } }),
    );
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: 'GroupTrack is down for maintenance' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await page.unroute('**/api/v1/app-config');

    await signUpThroughApi(page.request, buildUser('Axel'), { acceptTerms: false });
    await page.goto('/accept-terms');
    await expect(page.getByRole('button', { name: 'Accept and continue' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
  });
});
