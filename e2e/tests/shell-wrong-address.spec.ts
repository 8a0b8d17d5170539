import { expect, test } from '@playwright/test';
import { APP_ORIGIN, APP_PORT } from './helpers';

// The e2e server lists `localhost` in HOSTING_DEFAULT_DOMAINS and its APP_URL is 127.0.0.1.
test('a hosting default domain shows a dialog that cannot be closed and leads to the real address', async ({
  page,
}) => {
  await page.goto(`http://localhost:${APP_PORT}/login?next=%2Ftasks`);
  const dialog = page.getByRole('dialog', { name: 'Wrong Web Address!' });
  await expect(dialog).toBeVisible();

  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('link', { name: `Go to 127.0.0.1:${APP_PORT}` }).click();
  await expect(page).toHaveURL(`${APP_ORIGIN}/login?next=%2Ftasks`);
  await expect(page.getByRole('dialog', { name: 'Wrong Web Address!' })).toHaveCount(0);
});
