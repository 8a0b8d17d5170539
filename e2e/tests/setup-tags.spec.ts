import { expect, test } from '@playwright/test';
import { DEMO_USER, findBlockingA11yViolations, signInThroughApi } from './helpers';

test.describe('tag setup', () => {
  test('creates, renames, recolours and deletes a global tag set and its tags', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const setName = `Set ${Date.now().toString(36)}`;
    await page.goto('/setup/tags');
    await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();

    await page.getByRole('textbox', { name: 'New tag set' }).fill(setName);
    await page.getByRole('button', { name: 'Add tag set' }).click();
    const section = page.getByRole('region', { name: `Tag set ${setName}` });
    await expect(section).toBeVisible();

    await section.getByRole('textbox', { name: `New tag in ${setName}` }).fill('Hot lead');
    await section.getByRole('button', { name: 'Add tag' }).click();
    await expect(section.getByText('Hot lead')).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await section.getByRole('textbox', { name: `New tag in ${setName}` }).fill('hot LEAD');
    await section.getByRole('button', { name: 'Add tag' }).click();
    await expect(section.getByText('is already in this set')).toBeVisible();

    await section.getByRole('button', { name: 'Edit tag Hot lead' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Edit tag Hot lead' });
    await tagDialog.getByRole('textbox', { name: 'Name' }).fill('Warm lead');
    await tagDialog.getByRole('textbox', { name: 'Colour' }).fill('#FFD43B');
    await tagDialog.getByRole('button', { name: 'Save' }).click();
    await expect(tagDialog).toBeHidden();
    await expect(section.getByText('Warm lead')).toHaveCSS('color', 'rgb(0, 0, 0)');

    const renamed = `${setName} renamed`;
    await section.getByRole('button', { name: `Edit ${setName}` }).click();
    const setDialog = page.getByRole('dialog', { name: `Edit tag set ${setName}` });
    await setDialog.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await setDialog.getByRole('button', { name: 'Save' }).click();
    const renamedSection = page.getByRole('region', { name: `Tag set ${renamed}` });
    await expect(renamedSection).toBeVisible();

    await renamedSection.getByRole('button', { name: 'Delete tag Warm lead' }).click();
    await page
      .getByRole('dialog', { name: 'Delete tag Warm lead?' })
      .getByRole('button', { name: 'Delete tag' })
      .click();
    await expect(renamedSection.getByText('No tags in this set yet.')).toBeVisible();

    await renamedSection.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page
      .getByRole('dialog', { name: `Delete tag set ${renamed}?` })
      .getByRole('button', { name: 'Delete tag set' })
      .click();
    await expect(renamedSection).toBeHidden();
  });
});
