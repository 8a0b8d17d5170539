import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, callApi, createOperatorRequest, signInThroughApi } from './helpers';
import type { PageWindow } from './helpers';

/** Opens a page and waits until its app-wide event stream is connected. */
async function openWithEventStream(page: Page, path: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/events'));
  await page.goto(path);
  await stream;
}

const uniqueVersion = () => `2.0.${Date.now()}`;

test.describe('app version (SPEC §4, §8)', () => {
  test('an open page warns that a new version is out and offers a refresh', async ({ page, playwright }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await openWithEventStream(page, '/setup/tags');
    const operator = await createOperatorRequest(playwright.request);
    const version = uniqueVersion();

    await callApi(operator, 'PUT', '/api/v1/admin/app-version', { version });
    await operator.dispose();

    const warning = page.getByRole('alert').filter({
      hasText: `GroupTrack has been updated to version ${version}. Please refresh your browser.`,
    });
    await expect(warning).toBeVisible();
    await page.getByRole('link', { name: 'Status labels' }).click();
    // The page has moved (its code loads first) before the warning is checked there and refreshed.
    await expect(page).toHaveURL(/\/setup\/labels$/);
    await expect(warning).toBeVisible();

    await warning.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Status labels' })).toBeVisible();
    await expect(page.getByText('GroupTrack has been updated to version')).toHaveCount(0);
  });

  test('a queue processor page reloads itself on a new version', async ({ page, playwright }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await openWithEventStream(page, '/queue/facebook');
    await page.evaluate(() => {
      (globalThis as unknown as PageWindow).loadedBeforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    const operator = await createOperatorRequest(playwright.request);

    await callApi(operator, 'PUT', '/api/v1/admin/app-version', { version: uniqueVersion() });
    await operator.dispose();

    await reloaded;
    await expect(page).toHaveTitle('GroupTrack 2.0 | Queue Processor (facebook)');
    expect(
      await page.evaluate(() => (globalThis as unknown as PageWindow).loadedBeforeUpdate),
    ).toBeUndefined();
  });
});
