import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildUser, submitSignIn, submitSignUp } from './helpers';
import type { NewUser } from './helpers';

async function signUpNewUser(page: Page, firstName: string): Promise<NewUser> {
  const user = buildUser(firstName);
  await page.goto('/login/signup');
  await submitSignUp(page, user);
  await expect(page).not.toHaveURL(/\/login/);
  return user;
}

test.describe('profile settings', () => {
  test('a user changes their name, time zone, mobile number and default view, and the app opens in that view', async ({
    page,
  }) => {
    const user = await signUpNewUser(page, 'Nora');
    await page.goto('/profile/profile');
    await expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(user.name);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Enter a name (1 to 100 characters).')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nora Renamed');
    await page.getByRole('radio', { name: /^Table/ }).check();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('555 0100');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page.getByText('Enter the mobile number with its country code, like +15551234567.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('+34 612 34 56 78');
    await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Mad');
    await page.getByRole('option', { name: 'Europe/Madrid' }).click();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('+34612345678');
    await expect(page.getByRole('heading', { level: 1, name: 'Nora Renamed' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Nora Renamed');
    await expect(page.getByRole('radio', { name: /^Table/ })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Madrid');

    await page.goto('/');
    await expect(page).toHaveURL(/\/contacts\/table/);
  });

  test('a user changes their password and signs in with the new one', async ({ page }) => {
    const user = await signUpNewUser(page, 'Pablo');
    const newPassword = `${user.password}-changed`;
    await page.goto('/profile/profile');

    await page.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not save the password' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Current password' }).fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Current password' })).toHaveValue('');

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    await submitSignIn(page, { email: user.email, password: user.password });
    await expect(page.getByRole('alert').filter({ hasText: 'Could not sign in' })).toBeVisible();
    await submitSignIn(page, { email: user.email, password: newPassword });
    await expect(page).not.toHaveURL(/\/login/);
  });
});
