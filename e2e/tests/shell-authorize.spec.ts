import { expect, test } from '@playwright/test';
import { APP_ORIGIN, DEMO_USER, signInThroughApi } from './helpers';
import type { PageWindow } from './helpers';

const MARKETING_SITE = 'https://grouptrack.example';

test.describe('/authorize', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(`${MARKETING_SITE}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Marketing site</title>' }),
    );
  });

  test('asks a signed-out visitor to sign in first', async ({ page }) => {
    await page.goto('/authorize?client=extension');
    await expect(page).toHaveURL(/\/login\?next=%2Fauthorize%3Fclient%3Dextension$/);
  });

  test('hands the extension a one-time code it can exchange for a session', async ({ page, playwright }) => {
    // Stands in for the extension: it keeps the code and says it signed in.
    await page.addInitScript(() => {
      const pageWindow = globalThis as unknown as PageWindow;
      pageWindow.addEventListener('message', (event) => {
        const data = event.data as { type?: string; code?: string } | null;
        if (event.source !== pageWindow || data?.type !== 'log_in') return;
        pageWindow.logInCode = data.code;
        pageWindow.postMessage(
          {
            type: 'log_in_result',
            status: 'ok',
            user: { id: 'u1', name: 'Demo User', email: 'demo@grouptrack.local' },
          },
          pageWindow.location.origin,
        );
      });
    });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/authorize?client=extension');

    await expect(page.getByText('The extension is signed in. You can close this tab.')).toBeVisible();
    await expect(page.getByText('Signed in as Demo User (demo@grouptrack.local).')).toBeVisible();
    const code = await page.evaluate(() => (globalThis as unknown as PageWindow).logInCode);
    expect(code).toBeTruthy();

    const extension = await playwright.request.newContext({ baseURL: APP_ORIGIN });
    const exchanged = await extension.post('/api/v1/authorize/extension/exchange', { data: { code } });
    expect(exchanged.ok(), await exchanged.text()).toBe(true);
    await extension.dispose();
  });

  test('says so when the extension refuses the code, and when no extension answers', async ({ page }) => {
    await page.addInitScript(() => {
      const pageWindow = globalThis as unknown as PageWindow;
      pageWindow.addEventListener('message', (event) => {
        const data = event.data as { type?: string } | null;
        if (event.source !== pageWindow || data?.type !== 'log_in' || pageWindow.answered) return;
        pageWindow.answered = true;
        pageWindow.postMessage(
          {
            type: 'log_in_result',
            status: 'failed',
            message: 'This sign-in code is invalid or has expired.',
          },
          pageWindow.location.origin,
        );
      });
    });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/authorize?client=extension');
    await expect(page.getByRole('alert')).toHaveText('This sign-in code is invalid or has expired.');

    // Tried again, nothing answers this time (the stand-in answers once): the page says where to look.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The GroupTrack extension did not answer. Check that it is installed and turned on in this browser.',
      { timeout: 15_000 },
    );
    await page.getByRole('link', { name: 'How to install the extension' }).click();
    await expect(page).toHaveURL(/\/setup\/extension$/);
  });

  test('sends the user to the marketing site with a signed token', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/authorize?client=sso&domain=grouptrack.example&redirect_to=/courses');
    await expect(page).toHaveURL(/^https:\/\/grouptrack\.example\/sso\?token=[^&]+&redirect_to=%2Fcourses$/);
  });

  test('opens the plain link when signing fails', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.route('**/api/v1/authorize/sso', (route) =>
      route.fulfill({
        status: 502,
        json: { error: { code: 'bad-gateway', message: 'Something went wrong' } },
      }),
    );
    await page.goto('/authorize?client=sso&domain=grouptrack.example&redirect_to=/courses');
    await expect(page).toHaveURL(`${MARKETING_SITE}/courses`);
  });

  test('does not send anyone on by itself to a domain the server refuses', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/authorize?client=sso&domain=elsewhere.example&redirect_to=/');
    await expect(page.getByText('Could not sign you in to elsewhere.example')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://elsewhere.example/' })).toBeVisible();
    await expect(page).toHaveURL(/\/authorize\?/);
  });
});
