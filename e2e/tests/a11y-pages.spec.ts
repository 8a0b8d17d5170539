import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO_USER, submitSignIn } from './helpers';

// The demo user has the super permission: the e2e global setup grants it through the CLI.

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Scans the page with axe-core and lists the serious and critical violations, with where they are. */
async function findBlockingViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test.describe('accessibility', () => {
  test('the sign-in page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await findBlockingViolations(page)).toEqual([]);
  });

  test('the profile and admin pages have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, DEMO_USER);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto('/profile/profile');
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible();
    expect(await findBlockingViolations(page)).toEqual([]);

    await page.goto('/admin/users');
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    expect(await findBlockingViolations(page)).toEqual([]);
  });
});
