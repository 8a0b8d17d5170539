import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, signInThroughApi } from './helpers';
import type { PageWindow } from './helpers';

const NOT_INSTALLED = 'GroupTrack Extension is not installed. Automations and Message Queue will not start.';
const NOT_LOGGED_IN = 'GroupTrack Extension is not logged in. Automations and Message Queue will not start.';

type StandInStatus = 'ok' | 'not_logged_in' | 'silent';

/** Stands in for the extension's content script: it answers check_extension with window.extensionStandIn. */
async function installExtensionStandIn(page: Page, status: StandInStatus) {
  await page.addInitScript((initial: StandInStatus) => {
    const pageWindow = globalThis as unknown as PageWindow;
    pageWindow.extensionStandIn = initial;
    pageWindow.addEventListener('message', (event) => {
      const data = event.data as { type?: string } | null;
      if (event.source !== pageWindow || data?.type !== 'check_extension') return;
      if (pageWindow.extensionStandIn === 'silent') return;
      pageWindow.postMessage(
        { type: 'check_extension_result', status: pageWindow.extensionStandIn },
        pageWindow.location.origin,
      );
    });
  }, status);
}

async function setStandInStatus(page: Page, status: StandInStatus) {
  await page.evaluate((next) => {
    (globalThis as unknown as PageWindow).extensionStandIn = next;
  }, status);
}

test.describe('extension status (SPEC §4, §8)', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
  });

  test('without an answer the pages that need the extension say it is not installed', async ({ page }) => {
    await page.goto('/setup/workflows');
    await expect(page.getByRole('alert').filter({ hasText: NOT_INSTALLED })).toBeVisible();

    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await expect(page.getByText(NOT_INSTALLED)).toHaveCount(0);
  });

  test('a signed-out extension is reported where it matters, and the warning can be dismissed', async ({
    page,
  }) => {
    await installExtensionStandIn(page, 'not_logged_in');
    await page.goto('/messages');
    const warning = page.getByRole('alert').filter({ hasText: NOT_LOGGED_IN });
    await expect(warning).toBeVisible();

    for (const path of ['/tools/postTracker', '/setup/queue', '/queue/instagram']) {
      await page.goto(path);
      await expect(page.getByRole('alert').filter({ hasText: NOT_LOGGED_IN }), path).toBeVisible();
    }

    await page.getByRole('button', { name: 'Dismiss the extension warning' }).click();
    await expect(page.getByText(NOT_LOGGED_IN)).toHaveCount(0);
  });

  test('the status is asked again every 10 seconds', async ({ page }) => {
    await page.clock.install();
    await installExtensionStandIn(page, 'not_logged_in');
    await page.goto('/messages');
    await expect(page.getByRole('alert').filter({ hasText: NOT_LOGGED_IN })).toBeVisible();

    await setStandInStatus(page, 'ok');
    await page.clock.fastForward(10_000);
    await expect(page.getByText(NOT_LOGGED_IN)).toHaveCount(0);

    await setStandInStatus(page, 'silent');
    await page.clock.fastForward(10_000);
    await page.clock.fastForward(1_000);
    await expect(page.getByRole('alert').filter({ hasText: NOT_INSTALLED })).toBeVisible();
  });
});
