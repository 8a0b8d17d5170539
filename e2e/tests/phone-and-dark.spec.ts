import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { findBlockingA11yViolations, signUpWithPipeline } from './helpers';
import type { PageWindow } from './helpers';

const PHONE = { width: 390, height: 844 };
const STAGES = ['New member', 'Welcomed', 'In conversation', 'Call booked', 'Client', 'Not a fit'];

/** How far the page is wider than the window (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => {
    const pageWindow = globalThis as unknown as PageWindow;
    return pageWindow.document.documentElement.scrollWidth - pageWindow.innerWidth;
  });

const colorScheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test.describe('phone layout and dark mode', () => {
  test('on a phone the board scrolls in its own strip under a header that stays, and filters wait behind a button', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { pipeline } = await signUpWithPipeline(page.request, {
      firstName: 'Pho',
      stages: STAGES,
      people: ['Ada Phone'],
    });
    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
    const strip = page.getByRole('region', { name: 'Stages of Members' });
    await expect(strip.getByText('Ada Phone')).toBeVisible();

    const bell = page.getByRole('button', { name: /^Notifications/ });
    const account = page.getByRole('button', { name: /^Account menu of/ });
    await expect(bell).toBeInViewport();
    await expect(account).toBeInViewport();
    expect(await pageOverflow(page)).toBe(0);

    // The last stage is a swipe away inside the strip; the header does not move.
    const lastColumn = page.getByRole('region', { name: 'Not a fit', exact: true });
    await expect(lastColumn).not.toBeInViewport();
    await strip.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(lastColumn).toBeInViewport();
    await expect(bell).toBeInViewport();
    await expect(account).toBeInViewport();

    // Search stays in the page; the other filters open in a drawer.
    await expect(page.getByRole('textbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByLabel('Platforms')).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByLabel('Stages').click();
    await page.getByRole('option', { name: 'Welcomed' }).click();
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: 'Show contacts' }).click();
    await expect(page).toHaveURL(/stages=/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'New member', exact: true })).toHaveCount(0);
  });

  test('on a phone the Table shows name and stage, a name opens the rest, and no page is wider than the screen', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { pipeline } = await signUpWithPipeline(page.request, {
      firstName: 'Tab',
      stages: STAGES,
      people: ['Bo Table'],
    });
    await page.goto(`/contacts/table/${pipeline.groupUID}`);
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(grid.getByRole('link', { name: 'Bo Table' })).toBeVisible();
    await expect(grid.getByRole('columnheader')).toHaveText(['', /Name/, /Stage/]);
    expect(await pageOverflow(page)).toBe(0);

    await grid.getByRole('link', { name: 'Bo Table' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bo Table' })).toBeVisible();
    expect(await pageOverflow(page)).toBe(0);

    for (const path of ['/tasks', '/setup/pipelines', '/setup/tags', '/setup/labels', '/setup/messaging']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect({ path, overflow: await pageOverflow(page) }).toEqual({ path, overflow: 0 });
    }
  });

  test('dark mode follows the system or the account menu, is applied before the app loads, and passes axe', async ({
    page,
  }) => {
    test.slow(); // axe scans eight screens
    await page.emulateMedia({ colorScheme: 'dark' });
    const { pipeline, GTIDs } = await signUpWithPipeline(page.request, {
      firstName: 'Nox',
      stages: STAGES,
      people: ['Cy Dark'],
    });
    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
    await expect(page.getByRole('region', { name: 'Stages of Members' }).getByText('Cy Dark')).toBeVisible();
    expect(await colorScheme(page)).toBe('dark');
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    await page.goto(`/contacts/table/${pipeline.groupUID}`);
    await expect(page.getByRole('grid', { name: 'Contacts' }).getByText('Cy Dark')).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    await page.goto(`/contact/${GTIDs['Cy Dark']}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cy Dark' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    for (const path of ['/setup/pipelines', '/setup/tags', '/setup/labels', '/setup/messaging']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect({ path, violations: await findBlockingA11yViolations(page) }).toEqual({ path, violations: [] });
    }

    // A light system, and dark chosen in the account menu: kept for the next visit.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => colorScheme(page)).toBe('light');
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => colorScheme(page)).toBe('dark');
    await expect(page.getByRole('menuitem', { name: 'Dark' })).toHaveAttribute('aria-current', 'true');
    // The menu stays open to show the choice; axe scans the page once it is closed (an open Mantine
    // menu's own focus guard is flagged by aria-required-children).
    await page.keyboard.press('Escape');
    // Its closing transition keeps the dropdown in the page a moment: scan once it has gone.
    await expect(page.getByRole('menu')).toHaveCount(0);
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    // Without the app's code at all, the page already has the chosen scheme: no light flash first.
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/tasks');
    expect(await colorScheme(page)).toBe('dark');
    await page.unroute('**/assets/**');

    await page.goto('/tasks');
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await expect.poll(() => colorScheme(page)).toBe('light');
  });
});
