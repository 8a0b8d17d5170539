import { expect, test } from '@playwright/test';
import { APP_ORIGIN, DEMO_USER, buildUser, signUpThroughApi, submitSignIn } from './helpers';

test.describe('operators', () => {
  test('a super user signs in as a user through /secret-login and stops again', async ({
    page,
    playwright,
  }) => {
    const user = buildUser('Helga');
    const userRequest = await playwright.request.newContext({ baseURL: APP_ORIGIN });
    await signUpThroughApi(userRequest, user);
    await userRequest.dispose();

    await page.goto('/secret-login');
    await submitSignIn(page, DEMO_USER);
    await page.getByLabel('Email of the user to help').fill(user.email);
    await page.getByLabel('Reason').fill('Support ticket 4711: pipeline looks empty');
    await page.getByRole('button', { name: 'Sign in as this user' }).click();

    await expect(page).toHaveURL(/\/contacts\/pipeline(\/[\w-]+)?$/);
    const bar = page.getByRole('region', { name: 'Signed in as another user' });
    await expect(bar).toContainText(`You are signed in as ${user.name} (${user.email}) by Demo Lead`);
    await page.getByRole('link', { name: 'Tasks' }).click();
    await expect(bar).toBeVisible();

    // A failed call is reported as a toast with the message of SPEC §8.
    await page.route('**/api/v1/me/stop-impersonation', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong' } } }),
    );
    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not stop signing in as this user' }),
    ).toContainText('Something went wrong');
    await page.unroute('**/api/v1/me/stop-impersonation');

    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page).toHaveTitle('GroupTrack 2.0 | Admin');
    await expect(page.getByRole('region', { name: 'Signed in as another user' })).toHaveCount(0);
  });

  test('/login-admin refuses an account without the super permission and signs it out', async ({ page }) => {
    const user = buildUser('Olaf');
    await signUpThroughApi(page.request, user);
    await page.request.post('/api/auth/sign-out', { headers: { origin: APP_ORIGIN }, data: {} });

    await page.goto('/login-admin');
    await submitSignIn(page, user);

    await expect(page.getByRole('alert').filter({ hasText: 'No admin access' })).toContainText(
      `${user.email} has no admin access`,
    );
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  test('/login-admin lets a super user into the admin pages', async ({ page }) => {
    await page.goto('/login-admin');
    await submitSignIn(page, DEMO_USER);
    await expect(page).toHaveURL(/\/admin\/users$/);
  });
});
