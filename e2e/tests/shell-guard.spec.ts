import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  DEMO_USER,
  buildUser,
  callApi,
  createOperatorRequest,
  readCurrentTeamUID,
  signInThroughApi,
  signUpThroughApi,
  submitSignIn,
} from './helpers';

/** Answers GET /api/v1/me with the real user changed by `patch`, e.g. a user who never set a password. */
async function patchMe(page: Page, patch: Record<string, unknown>) {
  await page.route('**/api/v1/me', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { data: { ...body.data, ...patch } } });
  });
}

test.describe('redirects of SPEC §2', () => {
  test('/ opens the pipeline for a user without a default view', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/');
    // The board then opens the team's default pipeline.
    await expect(page).toHaveURL(/\/contacts\/pipeline(\/[^/]+)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline View' })).toBeVisible();
  });

  test('/ opens the default contact view the user chose', async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Tabitha'));
    await callApi(page.request, 'PATCH', '/api/v1/me', { defaultContactView: 'table' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/contacts\/table$/);
  });

  test('/signin goes to /login and keeps the page to come back to', async ({ page }) => {
    await page.goto('/signin?next=%2Ftasks');
    await expect(page).toHaveURL(/\/login\?next=%2Ftasks$/);
  });

  test('/members/profile/:GTID goes to the contact', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/members/profile/brave-otter-1700000000');
    await expect(page).toHaveURL(/\/contact\/brave-otter-1700000000$/);
    await expect(page).toHaveTitle('GroupTrack 2.0 | Contact');
  });

  test('/admin sends a user without the super permission to the pipeline', async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Norma'));
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/contacts\/pipeline(\/[\w-]+)?$/);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('GroupTrack 2.0 | Page Not Found');
  });
});

test.describe('route guard steps of SPEC §4, in order', () => {
  test('step 1: a user without a password sets one first, even before the terms', async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Paula'), { acceptTerms: false });
    await patchMe(page, { passwordSet: false });
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/password-reset\?initial=true$/);
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await expect(page).toHaveTitle('GroupTrack 2.0 | Password Reset');
  });

  test('step 2: a new user accepts the terms, then goes on to the pipeline', async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Terence'), { acceptTerms: false });
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/accept-terms$/);
    await expect(page).toHaveTitle('GroupTrack 2.0 | Accept Terms');
    await expect(page.getByText('Terms of service, version 1.0.1')).toBeVisible();

    await page.getByRole('button', { name: 'Accept and continue' }).click();

    await expect(page).toHaveURL(/\/contacts\/pipeline(\/[\w-]+)?$/);
    const me = await callApi<{ termsVersion: string }>(page.request, 'GET', '/api/v1/me');
    expect(me.termsVersion).toBe('1.0.1');
  });

  test('step 2 comes before a lapsed subscription', async ({ page, playwright }) => {
    await signUpThroughApi(page.request, buildUser('Lapsed'), { acceptTerms: false });
    const operator = await createOperatorRequest(playwright.request);
    const teamUID = await readCurrentTeamUID(page.request);
    await callApi(operator, 'PATCH', `/api/v1/admin/teams/${teamUID}/subscription`, { status: 'canceled' });
    await operator.dispose();

    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/accept-terms$/);
  });

  test('step 3: /maintenance sends everyone to the pipeline while the app is up', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/maintenance');
    await expect(page).toHaveURL(/\/contacts\/pipeline(\/[\w-]+)?$/);
  });

  test('step 3: /maintenance stays while the server says it is in maintenance', async ({ page }) => {
    await page.route('**/api/v1/app-config', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { data: { ...body.data, maintenance: true } } });
    });
    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: 'GroupTrack is down for maintenance' })).toBeVisible();
    await expect(page).toHaveTitle('GroupTrack 2.0 | Maintenance');
  });

  test('step 4: a visitor signs in and comes back to the page they asked for', async ({ page }) => {
    await page.goto('/setup/tags?from=menu');
    await expect(page).toHaveURL(/\/login\?next=%2Fsetup%2Ftags%3Ffrom%3Dmenu$/);

    await submitSignIn(page, DEMO_USER);

    await expect(page).toHaveURL(/\/setup\/tags\?from=menu$/);
    await expect(page).toHaveTitle('GroupTrack 2.0 | Tags');
  });

  test('step 5: a team whose subscription lapsed is sent to billing', async ({ page, playwright }) => {
    await signUpThroughApi(page.request, buildUser('Carl'));
    const operator = await createOperatorRequest(playwright.request);
    const teamUID = await readCurrentTeamUID(page.request);
    await callApi(operator, 'PATCH', `/api/v1/admin/teams/${teamUID}/subscription`, { status: 'canceled' });
    await operator.dispose();

    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/profile\/billing$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('step 5: with a pending invite, a lapsed user is offered the inviting team', async ({
    page,
    playwright,
  }) => {
    const operator = await createOperatorRequest(playwright.request);
    const demoTeamUID = await readCurrentTeamUID(operator);
    const invitation = await callApi<{ inviteCode: string }>(
      operator,
      'POST',
      `/api/v1/teams/${demoTeamUID}/invitations`,
      { role: 'member' },
    );
    await signUpThroughApi(page.request, buildUser('Ines'));
    const teamUID = await readCurrentTeamUID(page.request);
    await callApi(operator, 'PATCH', `/api/v1/admin/teams/${teamUID}/subscription`, { status: 'canceled' });
    await operator.dispose();

    // The login route keeps the invite code for this tab.
    await page.goto(`/login/signin/${invitation.inviteCode}`);
    await expect(page.getByRole('button', { name: 'Join and continue' })).toBeVisible();
    await page.goto('/tasks');

    await expect(page).toHaveURL(new RegExp(`/profile/team\\?inviteCode=${invitation.inviteCode}$`));
  });

  test('step 6 after the others: a ready user on / reaches the default view', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/');
    await expect(page).toHaveURL(/\/contacts\/pipeline(\/[\w-]+)?$/);
  });
});

test.describe('base data of SPEC §4', () => {
  test('shows a tagline while loading, then signs out when nothing loads after eight polls', async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.route('**/api/v1/me', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down' } } }),
    );
    await page.goto('/tasks');
    await expect(page.getByTestId('loader-tagline')).not.toBeEmpty();

    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await page.unroute('**/api/v1/me');
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
  });

  test('signs out at once when the user record is missing', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.route('**/api/v1/me', (route) =>
      route.fulfill({
        status: 404,
        json: { error: { code: 'not-found', message: 'User record not found.' } },
      }),
    );
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a team list that fails to load offers a retry instead of spinning', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.route('**/api/v1/app-notifications', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong' } } }),
    );
    await page.goto('/tasks');
    const error = page.getByRole('alert').filter({ hasText: 'Could not load your app notifications' });
    await expect(error).toBeVisible();

    await page.unroute('**/api/v1/app-notifications');
    await error.getByRole('button', { name: 'Try again' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  });
});
