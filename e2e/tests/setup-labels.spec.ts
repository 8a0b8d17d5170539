import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { boardColumn } from './board';
import {
  DEMO_USER,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signInThroughApi,
  type CreatedPipeline,
} from './helpers';

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

  test('gives a contact a label, shows it on their card and in the Table, filters by it, and a deletion takes it off', async ({
    page,
  }) => {
    // A pipeline of its own on the demo team, so its board and table hold only these two.
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const unique = Date.now().toString(36);
    const label = `Hot ${unique}`;
    const pipeline = await callApi<CreatedPipeline>(
      page.request,
      'POST',
      `/api/v1/teams/${teamUID}/pipelines`,
      {
        nickName: `Labelled ${unique}`,
        stages: [{ name: 'New' }, { name: 'Talking' }],
      },
    );
    const GTIDs: Record<string, string> = {};
    for (const name of ['Ada Hot', 'Bo Plain']) {
      const contact = await callApi<{ GTID: string }>(
        page.request,
        'POST',
        `/api/v1/teams/${teamUID}/contacts`,
        {
          name,
          pipeline: { pipelineId: pipeline.groupUID },
        },
      );
      GTIDs[name] = contact.GTID;
    }
    await page.goto('/setup/labels');
    await page.getByRole('textbox', { name: 'New label' }).fill(label);
    await page.getByRole('button', { name: 'Add label' }).click();
    const labelRow = page.locator('li[data-testid^="sortable-"]').filter({ hasText: label });
    await expect(labelRow).toContainText('On no contact');

    // On her page, Ada gets the label, and keeps it after a reload.
    await page.goto(`/contact/${GTIDs['Ada Hot']}`);
    const field = page.getByRole('combobox', { name: 'Status label' });
    await field.click();
    await page.getByRole('option', { name: label }).click();
    await expect(field).toHaveValue(label);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status label' })).toHaveValue(label);

    // Her card shows it; the board's label filter keeps her and leaves Bo out.
    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
    const column = boardColumn(page, 'New');
    const adaCard = column.getByTestId('contact-card').filter({ hasText: 'Ada Hot' });
    await expect(adaCard.getByTestId('card-status-label')).toHaveText(`Status label: ${label}`);
    await expect(column.getByTestId('contact-card').filter({ hasText: 'Bo Plain' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status labels' }).click();
    await page.getByRole('option', { name: label }).click();
    await expect(page).toHaveURL(/[?&]labels=/);
    await expect(column.getByTestId('contact-card').filter({ hasText: 'Bo Plain' })).toHaveCount(0);
    await expect(adaCard).toBeVisible();

    // The Table has a Status label column, and the same filter.
    await page.goto(`/contacts/table/${pipeline.groupUID}`);
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(grid.getByRole('columnheader', { name: /Status label/ })).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: 'Ada Hot' })).toContainText(label);
    await expect(grid.getByRole('row').filter({ hasText: 'Bo Plain' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status labels' }).click();
    await page.getByRole('option', { name: label }).click();
    await expect(grid.getByRole('row').filter({ hasText: 'Bo Plain' })).toHaveCount(0);
    await expect(page.getByText(/^1 contacts?$/)).toBeVisible();

    // Setup counts her, and deleting the label says it will be taken off her.
    await page.goto('/setup/labels');
    await expect(labelRow).toContainText('On 1 contact');
    await page.getByRole('button', { name: `Delete label ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete label ${label}?` });
    await expect(confirm).toContainText('1 contact has this label; deleting it takes it off them.');
    await confirm.getByRole('button', { name: 'Delete label' }).click();
    await expect(labelRow).toHaveCount(0);
    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
    await expect(
      boardColumn(page, 'New').getByTestId('contact-card').filter({ hasText: 'Ada Hot' }),
    ).toBeVisible();
    await expect(page.getByTestId('card-status-label')).toHaveCount(0);
  });
});
