import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, signInThroughApi } from './helpers';
import type { PageWindow } from './helpers';

const NOT_LOGGED_IN = 'GroupTrack Extension is not logged in. Automations and Message Queue will not start.';

/** Stands in for the extension's content script: it answers check_extension with "not logged in". */
async function installSignedOutExtension(page: Page) {
  await page.addInitScript(() => {
    const pageWindow = globalThis as unknown as PageWindow;
    pageWindow.addEventListener('message', (event) => {
      const data = event.data as { type?: string } | null;
      if (event.source !== pageWindow || data?.type !== 'check_extension') return;
      pageWindow.postMessage(
        { type: 'check_extension_result', status: 'not_logged_in' },
        pageWindow.location.origin,
      );
    });
  });
}

test.describe('honest navigation and the extension banner (issue 14)', () => {
  // No area is still coming today: page-availability.ts has the list, nav-items.test.ts checks that a
  // coming one is left out and coming-page.test.tsx what its address shows. This journey checks the
  // list as it is: Connections, turned on by its line, is offered, and the banner keeps to the pages
  // whose work the extension does.
  test('built areas are offered in the navigation and the palette, and only pages the extension works for carry its banner', async ({
    page,
  }) => {
    await installSignedOutExtension(page);
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/setup/tags');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Status labels' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Connections', exact: true })).toHaveCount(1);

    // So does the command palette, which leads to it.
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('textbox', { name: /Command palette/ });
    await palette.fill('connections');
    await page.getByRole('button', { name: 'Setup: Connections' }).click();
    await expect(page).toHaveURL(/\/setup\/connections$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connections' })).toBeVisible();

    // Connections are sent by the server: the extension is not nagged about there, nor on the board.
    await expect(page.getByText(NOT_LOGGED_IN)).toHaveCount(0);
    await page.goto('/contacts/pipeline');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    await expect(page.getByText(NOT_LOGGED_IN)).toHaveCount(0);
    // Workflows take their steps through it: there the banner shows.
    await page.goto('/setup/workflows');
    await expect(page.getByText(NOT_LOGGED_IN)).toBeVisible();
  });
});
