import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, callApi, readCurrentTeamUID, submitSignIn } from './helpers';

async function openTable(page: Page) {
  await page.goto('/login');
  await submitSignIn(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/contacts/table');
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  return grid;
}

test.describe('table view', () => {
  test('shows the contacts with a pipeline switcher and no accessibility problems in the table', async ({
    page,
  }) => {
    const grid = await openTable(page);
    await expect(page).toHaveTitle('GroupTrack 2.0 | Table View');
    await expect(page.getByText(/^\d[\d,]* contacts$/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('table.png') });
    // The table and its controls; the shared filter bar is checked by its own specs.
    const results = await new AxeBuilder({ page })
      .include('table[aria-label="Contacts"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await page.getByRole('combobox', { name: 'Pipeline' }).click();
    await page.getByRole('option', { name: 'Instagram leads' }).click();
    await expect(page).toHaveURL(/\/contacts\/table\/.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram leads' })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: /Stage/ })).toBeVisible();
  });

  test('loads further pages as the table scrolls, down to the last contact', async ({ page }) => {
    const grid = await openTable(page);
    const count = await page.getByText(/^\d[\d,]* contacts$/).textContent();
    const total = Number(count!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
    const lastRow = grid.locator(`tr[aria-rowindex="${total + 1}"]`);
    await expect(async () => {
      await grid.hover();
      await page.mouse.wheel(0, 20_000);
      await expect(lastRow).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    // Virtualised: only the rows near the viewport are in the page.
    expect(await grid.getByRole('row').count()).toBeLessThan(80);
  });

  test('rows that scroll in show their own contact, not a tick or an edit left by another', async ({
    page,
  }) => {
    // Rows are reused for the contacts that scroll in; what one contact showed must not stay on screen.
    const grid = await openTable(page);
    const first = grid.locator('tr[aria-rowindex="2"]');
    const firstName = (await first.getByRole('link').textContent())!;
    await first.getByRole('checkbox').check();
    await grid
      .locator('tr[aria-rowindex="3"]')
      .getByRole('button', { name: /edit email of/ })
      .click();
    await expect(grid.getByRole('textbox', { name: 'Email' })).toBeFocused();

    await grid.hover();
    await page.mouse.wheel(0, 2_000);
    await expect(grid.locator('tr[aria-rowindex="2"]')).toHaveCount(0);
    await expect(grid.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expect(grid.getByRole('checkbox', { checked: true })).toHaveCount(0);
    // Each row's checkbox names the contact in its own row.
    const row = grid.locator('tbody tr').first();
    const name = (await row.getByRole('link').textContent())!;
    await expect(row.getByRole('checkbox')).toHaveAccessibleName(`Select ${name}`);

    await page.mouse.wheel(0, -2_000);
    await expect(first.getByRole('checkbox', { name: `Select ${firstName}` })).toBeChecked();
    await expect(grid.getByRole('checkbox', { checked: true })).toHaveCount(1);
  });

  test('sorts contacts by name on the server', async ({ page }) => {
    const grid = await openTable(page);
    await grid.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(grid.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    const teamUID = await readCurrentTeamUID(page.request);
    const answer = await callApi<{ total: number; hits: { name: string }[] }>(
      page.request,
      'POST',
      '/search/v2',
      {
        teamUID,
        paging: { from: 0, size: 3 },
        sort: { field: 'name', order: 'asc' },
      },
    );
    expect(answer.total).toBeGreaterThanOrEqual(300);
    for (const [index, hit] of answer.hits.entries()) {
      await expect(grid.getByRole('row').nth(index + 1)).toContainText(hit.name);
    }
  });

  test('edits an email in place and keeps it after a reload', async ({ page }) => {
    const grid = await openTable(page);
    const row = grid.getByRole('row').nth(1);
    await row.getByRole('button', { name: /edit email of/ }).click();
    const input = row.getByRole('textbox', { name: 'Email' });

    await input.fill('not-an-email');
    await input.press('Enter');
    await expect(row.getByText('Enter a valid email address.')).toBeVisible();

    const email = `table.${Date.now().toString(36)}@example.com`;
    await input.fill(email.toUpperCase());
    await input.press('Enter');
    await expect(row.getByRole('button', { name: /edit email of/ })).toHaveText(email);

    await page.reload();
    await expect(page.getByRole('grid', { name: 'Contacts' }).getByText(email)).toBeVisible();
  });

  test('adds a tag to three selected contacts and shows the progress to the end', async ({ page }) => {
    const grid = await openTable(page);
    for (const index of [1, 2]) {
      await grid.getByRole('row').nth(index).getByRole('checkbox').check();
    }
    // A row's checkbox ticks from the keyboard too.
    const third = grid.getByRole('row').nth(3).getByRole('checkbox');
    await third.focus();
    await page.keyboard.press('Space');
    await expect(third).toBeChecked();
    await expect(page.getByText('3 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Add tags' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add tags' });
    await dialog.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: 'Interests: Yoga' }).click();
    // Leaving the field closes its list, which would otherwise cover the button.
    await dialog.getByRole('combobox', { name: 'Tags' }).press('Tab');
    await dialog.getByRole('button', { name: 'Add tags' }).click();

    const progress = page.getByRole('status', { name: 'Bulk action progress' });
    await expect(progress).toContainText('Add tags: done, 3 of 3 contacts.');
    await expect(
      page.getByText('Tick contacts to tag, move, give tasks to, export or delete them together.'),
    ).toBeVisible();
  });

  test('imports a CSV into the pipeline in view, keeps a row with a bad email and lists the warning', async ({
    page,
  }) => {
    const grid = await openTable(page);
    await page.getByRole('combobox', { name: 'Pipeline' }).click();
    await page.getByRole('option', { name: 'Instagram leads' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Instagram leads' })).toBeVisible();
    const unique = Date.now().toString(36);
    const csv = [
      'First Name,Last Name,Email,Tags',
      `Ines,Import${unique},ines.${unique}@example.com,"coaching, course-buyer"`,
      `Olga,Import${unique},olga.${unique}@example.com,`,
      `Nadia,Import${unique},n/a,`,
      ',,not-an-email,',
    ].join('\n');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts from a CSV file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    const mapping = dialog.getByRole('table', { name: 'Column mapping and preview' });
    await expect(mapping).toContainText(`ines.${unique}@example.com`);
    await expect(dialog.getByLabel('Field for column Email')).toHaveValue('Email');
    // A tag cell shows the tags it makes, one each.
    await expect(mapping.getByLabel('Tags: Imported: coaching, Imported: course-buyer')).toBeVisible();
    // The people go to the pipeline in view unless the user chooses another.
    await expect(dialog.getByLabel('Pipeline', { exact: true })).toHaveValue('Instagram leads');
    await dialog.getByRole('button', { name: 'Start import' }).click();

    const result = dialog.getByRole('status', { name: 'Import result' });
    await expect(result).toContainText('Created: 3');
    await expect(result).toContainText('Refused: 1');
    await expect(result).toContainText('Warnings: 1');
    await expect(result.getByRole('list', { name: 'Import warnings' })).toHaveText(
      'Row 3, Email "n/a": not an email address; left empty',
    );
    const link = result.getByRole('link', { name: /refused rows/ });
    const report = await page.request.get((await link.getAttribute('href'))!);
    expect(report.ok()).toBe(true);
    expect(await report.text()).toContain('Nothing identifies this person');
    await dialog.locator('button', { hasText: 'Close' }).click();

    // Everyone the file named is in the pipeline's table, the one with the unusable email too.
    await page.getByRole('search', { name: 'Filter contacts' }).getByLabel('Search').fill(`Import${unique}`);
    await expect(grid.getByText(`Import${unique}`)).toHaveCount(3);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
      'Import finished: people.csv',
    );
  });
  test('says in a toast and in the bell when an import ends after its window was closed', async ({
    page,
  }) => {
    await openTable(page);
    const unique = Date.now().toString(36);
    // Enough rows that the import is still running when the window closes; all of them the same
    // person, so the demo team gains one contact.
    const rows = Array.from(
      { length: 20_000 },
      (_, index) =>
        `Cleo Closed${unique},cleo.${unique}@example.com,+1 555 ${String(index).padStart(7, '0')}`,
    );
    const csv = ['Name,Email,Phone', ...rows].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts from a CSV file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'closed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('button', { name: 'Start import' }).click();
    await expect(dialog.getByRole('status', { name: 'Import progress' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('closed.csv: 1 created, 19999 updated')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
      'Import finished: closed.csv',
    );
  });

  test('pairs an answer column with its question and asks the order of ambiguous dates', async ({ page }) => {
    await openTable(page);
    const unique = Date.now().toString(36);
    const csv = [
      'Name,Joined,Where are you from?',
      `Dora Dates${unique},01/02/2024,Lisbon`,
      `Emil Dates${unique},03/04/2024,Porto`,
    ].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts from a CSV file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'dates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();

    await dialog.getByLabel('Field for column Joined').click();
    await page.getByRole('option', { name: 'Created at' }).click();
    await dialog.getByLabel('Field for column Where are you from?').click();
    await page.getByRole('option', { name: 'Answer 1', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Question and answer pairs' })).toContainText(
      'Pair 1: question "Where are you from?" (the column\'s name) → answer from "Where are you from?"',
    );
    // 01/02/2024 reads both ways: the import waits for the user to say which.
    const start = dialog.getByRole('button', { name: 'Start import' });
    await expect(start).toBeDisabled();
    await dialog.getByLabel('Date order').click();
    await page.getByRole('option', { name: 'Day first (31/12/2024)' }).click();
    await start.click();

    const result = dialog.getByRole('status', { name: 'Import result' });
    await expect(result).toContainText('Created: 2');
    await expect(result).toContainText('Warnings: 0');
  });
});

test.describe('table view bulk export', () => {
  test('exports every matching contact after "select all matching"', async ({ page }) => {
    const grid = await openTable(page);
    await grid.getByRole('checkbox', { name: 'Select all loaded contacts' }).check();
    await page.getByRole('button', { name: /^Select all [\d,]+ matching$/ }).click();
    await expect(page.getByText(/^All [\d,]+ matching contacts are selected\.$/)).toBeVisible();

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export CSV' });
    await dialog.getByRole('button', { name: 'Export CSV' }).click();

    const progress = page.getByRole('status', { name: 'Bulk action progress' });
    await expect(progress).toContainText(/Export CSV: done, (\d+) of \1 contacts\./);
    const downloading = page.waitForEvent('download');
    await progress.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text.split('\n').length).toBeGreaterThan(300);
  });
});
