import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, findBlockingA11yViolations, signInThroughApi } from './helpers';

async function readLabels(page: Page, names: readonly string[]): Promise<string[]> {
  const rows = await page.locator('li[data-testid^="sortable-"]').allTextContents();
  return rows.flatMap((text) => names.filter((name) => text.includes(name)));
}

test.describe('status label setup', () => {
  test('adds, edits, reorders and deletes status labels', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const unique = Date.now().toString(36);
    const first = `First ${unique}`;
    const second = `Second ${unique}`;
    await page.goto('/setup/labels');
    await expect(page.getByRole('heading', { level: 1, name: 'Status labels' })).toBeVisible();

    for (const name of [first, second]) {
      await page.getByRole('textbox', { name: 'New label' }).fill(name);
      await page.getByRole('button', { name: 'Add label' }).click();
      await expect(page.getByRole('button', { name: `Edit label ${name}` })).toBeVisible();
    }
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await expect.poll(() => readLabels(page, [first, second])).toEqual([first, second]);

    await page.getByRole('button', { name: `Move ${second} up` }).click();
    await expect.poll(() => readLabels(page, [first, second])).toEqual([second, first]);
    await page.reload();
    await expect.poll(() => readLabels(page, [first, second])).toEqual([second, first]);

    const edited = `Edited ${unique}`;
    await page.getByRole('button', { name: `Edit label ${first}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit label ${first}` });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(edited);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: `Edit label ${edited}` })).toBeVisible();

    for (const name of [edited, second]) {
      await page.getByRole('button', { name: `Delete label ${name}` }).click();
      await page
        .getByRole('dialog', { name: `Delete label ${name}?` })
        .getByRole('button', { name: 'Delete label' })
        .click();
      await expect(page.getByRole('button', { name: `Delete label ${name}` })).toBeHidden();
    }
  });
});
