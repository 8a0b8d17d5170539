import { expect, test } from '@playwright/test';
import { callApi, signUpWithPipeline } from './helpers';

test.describe('finding people and getting around by keyboard', () => {
  test('the header search opens the best match, and the palette opens contacts, moves stages and goes to pages', async ({
    page,
  }) => {
    // A team of its own, with namesakes newer than the person looked for.
    const { teamUID, pipeline, GTIDs } = await signUpWithPipeline(page.request, {
      firstName: 'Keys',
      stages: ['New member', 'Welcomed'],
      people: ['Jade Lewis', 'Jade Lopez', 'Owen Lewis', 'Amy Lewis', 'Tessa Moore'],
    });

    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // "/" puts the cursor in the search; Enter straight after typing opens the best match.
    await page.keyboard.press('/');
    const search = page.getByRole('combobox', { name: 'Search contacts' });
    await expect(search).toBeFocused();
    await search.pressSequentially('jade lewis');
    await search.press('Enter');
    await expect(page).toHaveURL(`/contact/${GTIDs['Jade Lewis']}`);

    // A letter wrong still finds her, and the search says what it covers.
    await search.fill('tesa');
    await expect(page.getByRole('option', { name: /Tessa Moore/ })).toBeVisible();
    await expect(
      page.getByText('Searches names, email, phone and profile handles.', { exact: false }),
    ).toBeVisible();
    await search.press('Escape');
    await search.fill('');

    // Ctrl+K: find Owen and open him.
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('textbox', { name: /Command palette/ });
    await expect(palette).toBeFocused();
    await palette.fill('owen');
    await expect(page.getByRole('button', { name: 'Owen Lewis' })).toBeVisible();
    await palette.press('Enter');
    await expect(page).toHaveURL(`/contact/${GTIDs['Owen Lewis']}`);

    // On his page the palette moves him to another stage.
    await page.keyboard.press('Control+K');
    await palette.fill('welcomed');
    await page.getByRole('button', { name: 'Move Owen Lewis to Welcomed' }).click();
    await expect(page.getByText('Moved Owen Lewis to Welcomed.')).toBeVisible();
    const owen = await callApi<{ groupData: Record<string, { stage: string }> }>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/contacts/${GTIDs['Owen Lewis']}`,
    );
    expect(owen.groupData[pipeline.groupUID]!.stage).toBe(pipeline.stages[1]!.stageUID);

    // It goes to any page, and offers to create whoever was not found.
    await page.keyboard.press('Control+K');
    await palette.fill('setup tags');
    await palette.press('Enter');
    await expect(page).toHaveURL('/setup/tags');
    await page.keyboard.press('Control+K');
    await palette.fill('Nora Quinn');
    await page.getByRole('button', { name: 'Create contact ‘Nora Quinn’' }).click();
    await expect(page.getByRole('dialog', { name: /Add contact/ })).toBeVisible();
    await page.keyboard.press('Escape');

    // "?" lists the shortcuts.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts).toBeVisible();
    await expect(shortcuts.getByText('Open the command palette', { exact: false })).toBeVisible();
  });
});
