import { expect, test } from '@playwright/test';
import { DEMO_USER, submitSignIn } from './helpers';

// The demo user has the super permission: the e2e global setup grants it through the CLI.

test.describe('admin extension', () => {
  test('an operator publishes a newer selector pack and sees the selectors extensions report missing', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitSignIn(page, DEMO_USER);
    await expect(page).not.toHaveURL(/\/login/);

    // What an extension does when a selector finds nothing on a page.
    const reported = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/extension/selector-misses', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          platform: 'pinterest',
          pageKind: 'profile',
          selectorId: 'profile.name.journeyCheck',
          extensionVersion: '0.1.0',
        }),
      });
      return answer.status;
    });
    expect(reported).toBe(202);

    await page.goto('/admin/extension');
    const served = page.getByRole('table', { name: 'Selector packs served' });
    await expect(served.getByRole('row')).toHaveCount(8);
    const pinterest = served.getByRole('row').filter({ hasText: 'pinterest' });
    await expect(pinterest.getByText('Bundled')).toBeVisible();

    const misses = page.getByRole('table', { name: 'Selector misses' });
    const miss = misses.getByRole('row').filter({ hasText: 'profile.name.journeyCheck' });
    await expect(miss).toContainText('pinterest');
    await expect(miss).toContainText('profile');

    // The pack served now, as the extension gets it.
    const packs = (await (await page.request.get('/api/v1/extension/selectors')).json()) as {
      data: { packs: { platform: string; version: number }[] };
    };
    const current = packs.data.packs.find((pack) => pack.platform === 'pinterest')!;

    const pasted = page.getByLabel('Or paste the pack');
    await pasted.fill(JSON.stringify(current));
    await page.getByRole('button', { name: 'Publish pack' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `The pinterest pack is at version ${current.version}: give this pack a version above ${current.version}`,
    );

    await pasted.fill('{"platform": "pinterest",');
    await page.getByRole('button', { name: 'Publish pack' }).click();
    await expect(page.getByText('This is not JSON: paste or upload the pack file as it is.')).toBeVisible();

    const newer = { ...current, version: current.version + 1 };
    await page.locator('input[type="file"]').setInputFiles({
      name: 'pinterest.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(newer, null, 2)),
    });
    await expect(pasted).toHaveValue(/"version": \d+/);
    await page.getByRole('button', { name: 'Publish pack' }).click();
    await expect(page.getByText(`Extensions get the pinterest pack, version ${newer.version}`)).toBeVisible();
    await expect(pinterest.getByText('Published')).toBeVisible();
    await expect(pinterest.getByRole('cell', { name: String(newer.version), exact: true })).toBeVisible();
  });
});
