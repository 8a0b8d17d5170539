import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { buildUser, submitSignIn, submitSignUp } from './helpers';
import type { NewUser } from './helpers';

/** A Chrome extension's origin, where its token is accepted, and the browser it runs in. */
const EXTENSION_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const EXTENSION_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

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

  test('a user changes their password, signs out a browser the extension was signed in on, and signs in with the new one', async ({
    page,
  }) => {
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

    await test.step('signs out a browser the extension is signed in on', async () => {
      const browsers = page.getByRole('region', { name: 'Signed-in browsers' });
      await expect(browsers.getByText('The extension is not signed in on any browser.')).toBeVisible();
      // The extension's sign-in, through the API as the extension makes it: a code, then its own token.
      const issued = await page.request.post('/api/v1/authorize/extension');
      const { code } = ((await issued.json()) as { data: { code: string } }).data;
      const exchanged = await page.request.post('/api/v1/authorize/extension/exchange', {
        data: { code },
        headers: { 'user-agent': EXTENSION_BROWSER },
      });
      const { token } = ((await exchanged.json()) as { data: { token: string } }).data;
      const asExtension = { authorization: `Bearer ${token}`, origin: EXTENSION_ORIGIN };
      expect((await page.request.get('/api/v1/me', { headers: asExtension })).status()).toBe(200);

      await page.reload();
      const row = browsers.getByRole('listitem', { name: 'Chrome 131 on Windows' });
      await expect(row).toContainText(/Last used/);
      await row.getByRole('button', { name: 'Sign out Chrome 131 on Windows' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out Chrome 131 on Windows?' });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByText('Browser signed out')).toBeVisible();
      await expect(browsers.getByText('The extension is not signed in on any browser.')).toBeVisible();
      expect((await page.request.get('/api/v1/me', { headers: asExtension })).status()).toBe(401);
    });

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login/);
    await submitSignIn(page, { email: user.email, password: user.password });
    await expect(page.getByRole('alert').filter({ hasText: 'Could not sign in' })).toBeVisible();
    await submitSignIn(page, { email: user.email, password: newPassword });
    await expect(page).not.toHaveURL(/\/login/);
  });
});
