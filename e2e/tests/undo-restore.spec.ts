import { expect, test } from '@playwright/test';
import { DEMO_USER, callApi, readCurrentTeamUID, signInThroughApi, signUpWithPipeline } from './helpers';
import { boardColumn as column, readCount, dragTo } from './board';

test.describe('undo and restore', () => {
  test('moves a card and undoes it: the card is back in its stage and place, also after a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // A team of its own: the demo board is changed by other journeys of the same run.
    const { pipeline } = await signUpWithPipeline(page.request, {
      firstName: 'Undo',
      stages: ['New member', 'Welcomed'],
      people: ['Ada Undo', 'Ben Undo', 'Cy Undo'],
    });
    const [firstStage, secondStage] = pipeline.stages;
    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
    const source = column(page, firstStage!.name);
    const target = column(page, secondStage!.name);
    const card = source.getByTestId('contact-card').first();
    await expect(card).toBeVisible();
    const name = (await card.getByRole('link').textContent())!;
    const href = (await card.getByRole('link').getAttribute('href'))!;
    const [sourceCount, targetCount] = [await readCount(source), await readCount(target)];

    await dragTo(page, card, target);
    await expect(target.locator(`a[href="${href}"]`)).toBeVisible();
    const undo = page.getByRole('button', { name: `Undo moving ${name}` });
    await expect(page.getByText(`Moved ${name} to ${secondStage!.name}.`)).toBeVisible();
    // The toast's button is reached from the keyboard like any other.
    await undo.focus();
    await page.keyboard.press('Enter');

    await expect(source.getByTestId('contact-card').first().locator(`a[href="${href}"]`)).toBeVisible();
    await expect(target.locator(`a[href="${href}"]`)).toHaveCount(0);
    await expect(undo).toHaveCount(0);
    await page.reload();
    await expect(source.getByTestId('contact-card').first().locator(`a[href="${href}"]`)).toBeVisible();
    await expect(source.getByTestId('stage-count')).toContainText(sourceCount.toLocaleString('en-US'));
    await expect(target.getByTestId('stage-count')).toContainText(targetCount.toLocaleString('en-US'));
  });

  test('deletes a contact from the table and restores them from Recently deleted', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const name = `Restorable ${Date.now()}`;
    await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, { name });

    await page.goto('/contacts/table');
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
    // The search applies after a pause (the address shows it); a tick before would be for the old rows.
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText(/^1 contacts?$/)).toBeVisible();
    const row = grid.getByRole('row').filter({ hasText: name });
    await row.getByRole('checkbox').check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete' });
    await expect(dialog).toContainText('You can restore them from Recently deleted for 30 days.');
    await dialog.getByRole('button', { name: 'Delete 1 contact' }).click();
    await expect(page.getByRole('status', { name: 'Bulk action progress' })).toContainText(
      'Delete: done, 1 of 1 contacts.',
    );
    await expect(row).toHaveCount(0);

    await page.getByRole('link', { name: 'Recently deleted' }).click();
    await expect(page).toHaveURL(/\/contacts\/deleted$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted' })).toBeVisible();
    const entry = page
      .getByRole('table', { name: 'Recently deleted' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(entry).toContainText('30 days');
    await entry.getByRole('button', { name: `Restore ${name}` }).click();
    await expect(page.getByText(`Restored ${name}.`)).toBeVisible();
    await expect(entry).toHaveCount(0);

    await page.goto('/contacts/table');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
    await expect(grid.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  });

  test('deletes a contact from their page and brings them back from Recently deleted', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const name = `Page Deleted ${Date.now()}`;
    const { GTID } = await callApi<{ GTID: string }>(
      page.request,
      'POST',
      `/api/v1/teams/${teamUID}/contacts`,
      {
        name,
      },
    );

    await page.goto(`/contact/${GTID}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Delete contact' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(dialog).toContainText('You can restore them from Recently deleted for 30 days.');
    await dialog.getByRole('button', { name: 'Delete contact' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/contact/${GTID}`));
    await page.goto(`/contact/${GTID}`);
    await expect(page.getByText('Contact not found', { exact: true })).toBeVisible();

    await page.goto('/contacts/deleted');
    await page.getByRole('button', { name: `Restore ${name}` }).click();
    await expect(page.getByText(`Restored ${name}.`)).toBeVisible();
    await page.goto(`/contact/${GTID}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});
