import { expect, test } from '@playwright/test';
import { boardColumn } from './board';
import { buildUser, findBlockingA11yViolations, submitSignUp } from './helpers';

const STARTER_STAGES = ['New member', 'Welcomed', 'In conversation', 'Call booked', 'Client', 'Not a fit'];

test.describe('first run', () => {
  test('a new user names their community, lands on its starter board with the checklist, and adds the first contact', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = { ...buildUser('Fiona'), teamName: 'Fiona Yoga Circle' };
    await page.goto('/login/signup');
    await expect(page.getByRole('link', { name: 'terms of service' })).toHaveAttribute(
      'href',
      'https://grouptrack.co/terms',
    );
    await submitSignUp(page, user);

    // The board of the starter pipeline, named after the community, with its six stages.
    await expect(page).toHaveURL(/\/contacts\/pipeline\/[\w-]+$/);
    await expect(page.getByRole('combobox', { name: 'Pipeline' })).toHaveValue(user.teamName);
    for (const stage of STARTER_STAGES) await expect(boardColumn(page, stage)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Trial: 12 days left' })).toHaveAttribute(
      'href',
      '/profile/billing',
    );

    const checklist = page.getByRole('region', { name: 'Get started' });
    await expect(checklist).toContainText('0 of 4 done');
    const contactsStep = checklist.getByRole('listitem').filter({ hasText: 'Add or import contacts' });
    await expect(contactsStep).toContainText('(to do)');
    const emptyBoard = page.getByRole('region', { name: 'Your board is empty' });
    await expect(emptyBoard.getByRole('button', { name: 'Import CSV' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    await emptyBoard.getByRole('button', { name: 'Add your first contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await expect(dialog.getByRole('combobox', { name: 'Stage' })).toHaveValue('New member');
    await dialog.getByLabel('Name').fill('Maya First');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog).toHaveCount(0);

    await expect(
      boardColumn(page, 'New member').getByTestId('contact-card').filter({ hasText: 'Maya First' }),
    ).toBeVisible();
    await expect(contactsStep).toContainText('(done)');
    await expect(checklist).toContainText('1 of 4 done');
    await expect(emptyBoard).toHaveCount(0);
  });
});
