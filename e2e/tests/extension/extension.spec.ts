import { test as plainTest } from '@playwright/test';
import { APP_ORIGIN, buildUser, signUpThroughApi } from '../helpers';
import { EXTENSION_ID, expect, extensionUrl, test } from './fixtures';
import type { WorkerGlobal } from './fixtures';

const NOT_INSTALLED = 'GroupTrack Extension is not installed. Automations and Message Queue will not start.';
const NOT_LOGGED_IN = 'GroupTrack Extension is not logged in. Automations and Message Queue will not start.';

plainTest(
  'without the extension, /profile leads to the install page, which says it is not installed and offers the zip',
  async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Noext'));
    // The profile's Signed-in browsers section leads to the install page.
    await page.goto('/profile');
    await page
      .getByRole('link', { name: 'Install the extension in this browser, or check it is signed in' })
      .click();
    await expect(page).toHaveURL(/\/setup\/extension$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browser extension' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: NOT_INSTALLED })).toBeVisible();

    // The zip the page links to is the built extension.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'grouptrack-extension.zip' }).click();
    const file = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(zip.includes(Buffer.from('manifest.json'))).toBe(true);
  },
);

test('the extension signs in from its options page, the app finds it signed in, its popup signs it out, and says when a server does not answer', async ({
  extensionContext,
  extensionPage: page,
  serviceWorker,
  playwright,
}) => {
  const user = buildUser('Extension');
  await signUpThroughApi(page.request, user);

  // Installed but signed out: the app's bridge answers, with no session.
  await page.goto('/setup/extension');
  await expect(page.getByRole('alert').filter({ hasText: NOT_LOGGED_IN })).toBeVisible();

  // The options page: this server's address, then "Sign in", which opens /authorize in a new tab.
  const options = await extensionContext.newPage();
  await options.goto(extensionUrl('src/options/index.html'));
  await expect(options.getByText('Not signed in.')).toBeVisible();
  await options.getByRole('textbox', { name: 'GroupTrack address' }).fill(APP_ORIGIN);
  await options.getByRole('button', { name: 'Save address' }).click();
  await expect(options.getByRole('status')).toHaveText(`Saved: the extension signs in at ${APP_ORIGIN}.`);
  const authorizeTab = extensionContext.waitForEvent('page');
  await options.getByRole('button', { name: 'Sign in', exact: true }).click();
  const authorize = await authorizeTab;
  await expect(authorize).toHaveURL(`${APP_ORIGIN}/authorize?client=extension`);
  await expect(authorize.getByText('The extension is signed in. You can close this tab.')).toBeVisible();
  await expect(authorize.getByText(`Signed in as ${user.name} (${user.email}).`)).toBeVisible();

  // The options page and the worker's storage know who signed in; the token is the extension's own.
  await expect(
    options.getByText(`Signed in as ${user.name} (${user.email}) at ${APP_ORIGIN}.`),
  ).toBeVisible();
  const stored = await serviceWorker.evaluate(() =>
    (globalThis as unknown as WorkerGlobal).chrome.storage.local.get('session'),
  );
  expect(stored.session).toMatchObject({ serverUrl: APP_ORIGIN, user: { email: user.email } });
  expect(stored.session?.token).toBeTruthy();
  // Signed in, it fetches the server's selector packs for reading the platforms' pages.
  await expect
    .poll(async () => {
      const { selectorPacks } = await serviceWorker.evaluate(() =>
        (globalThis as unknown as WorkerGlobal).chrome.storage.local.get('selectorPacks'),
      );
      return Object.keys(selectorPacks?.packs ?? {}).sort();
    })
    .toEqual(['facebook', 'instagram', 'linkedin', 'pinterest', 'skool', 'tiktok', 'youtube']);
  // The options page checks the connection through the extension's own sign-in (/bex/test).
  await options.getByRole('button', { name: 'Check the connection' }).click();
  const check = options.frameLocator('iframe[title="GroupTrack connection check"]');
  await expect(check.getByRole('status')).toHaveText(
    'The extension reaches GroupTrack and reads your team’s data.',
  );
  await expect(check.getByText(`As ${user.name} (${user.email}).`)).toBeVisible();

  // The app now finds the extension signed in, and the getting-started step is ticked.
  await page.goto('/setup/extension');
  await expect(page.getByRole('status').filter({ hasText: 'Installed and signed in' })).toContainText(
    `The extension is signed in as ${user.name} (${user.email}).`,
  );
  await expect(page.getByText(NOT_LOGGED_IN)).toHaveCount(0);
  // A local server's pages may also ask the extension directly (externally_connectable), at any port.
  const direct = await page.evaluate(
    (extensionId) =>
      new Promise((resolve) => {
        const { chrome } = globalThis as unknown as {
          chrome: {
            runtime: { sendMessage(id: string, message: unknown, reply: (answer: unknown) => void): void };
          };
        };
        chrome.runtime.sendMessage(extensionId, { type: 'check_extension' }, resolve);
      }),
    EXTENSION_ID,
  );
  expect(direct).toMatchObject({ type: 'check_extension_result', status: 'ok', user: { email: user.email } });
  await page.goto('/contacts/pipeline');
  await expect(
    page.getByRole('region', { name: 'Get started' }).getByRole('listitem').filter({
      hasText: 'Install the browser extension and sign it in (done)',
    }),
  ).toBeVisible();

  // The toolbar popup shows the server's /ext/popup, whose calls the extension makes with its token.
  const token = stored.session!.token;
  const popup = await extensionContext.newPage();
  await popup.goto(extensionUrl('src/popup/index.html'));
  const frame = popup.frameLocator('iframe[title="GroupTrack"]');
  await expect(frame.getByText(user.name, { exact: true })).toBeVisible();
  await expect(frame.getByText(user.email)).toBeVisible();
  await expect(frame.getByText(`Team: ${user.teamName}`)).toBeVisible();
  await expect(frame.getByRole('status')).toHaveText(
    'This tab is not on a social platform GroupTrack works with.',
  );
  await expect(
    frame.getByRole('navigation', { name: 'Open GroupTrack' }).getByRole('link', { name: 'Tasks' }),
  ).toHaveAttribute('target', '_blank');

  // Sign out: the popup says so, the worker forgets the session, and the server no longer takes the token.
  await frame.getByRole('button', { name: 'Sign out' }).click();
  await expect(popup.getByText('The extension is not signed in.')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const after = await serviceWorker.evaluate(() =>
    (globalThis as unknown as WorkerGlobal).chrome.storage.local.get('session'),
  );
  expect(after.session).toBeUndefined();
  const asExtension = await playwright.request.newContext({ baseURL: APP_ORIGIN });
  const refused = await asExtension.get('/api/v1/me', {
    headers: { authorization: `Bearer ${token}`, origin: `chrome-extension://${EXTENSION_ID}` },
  });
  expect(refused.status()).toBe(401);
  await asExtension.dispose();
  await page.goto('/setup/extension');
  await expect(page.getByRole('alert').filter({ hasText: NOT_LOGGED_IN })).toBeVisible();

  // A server that does not answer is said so in the popup, and tried again on an alarm.
  const deadServer = 'http://127.0.0.1:1';
  await serviceWorker.evaluate(
    (serverUrl) =>
      (globalThis as unknown as WorkerGlobal).chrome.storage.local.set({
        session: {
          serverUrl,
          token: 'a-token-for-a-server-that-is-down',
          expiresAt: '2099-01-01T00:00:00.000Z',
          user: { id: 'u1', name: 'Down Tester', email: 'down@example.com' },
        },
      }),
    deadServer,
  );
  await popup.reload();
  await expect(popup.getByRole('alert')).toHaveText(`Can't reach GroupTrack at ${deadServer}`, {
    timeout: 20_000,
  });
  await expect(popup.getByRole('button', { name: 'Try again' })).toBeVisible();
  const alarm = await serviceWorker.evaluate(() =>
    (globalThis as unknown as WorkerGlobal).chrome.alarms.get('reconnect'),
  );
  expect(alarm?.scheduledTime).toBeGreaterThan(Date.now() + 20_000);
});
