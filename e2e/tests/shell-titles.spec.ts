import { expect, test } from '@playwright/test';
import { DEMO_USER, buildUser, signInThroughApi, signUpThroughApi } from './helpers';

// Every screen of SPEC §2 for a signed-in super user, with the view name its title must end in.
const SIGNED_IN_TITLES: [path: string, viewName: string][] = [
  ['/contacts/pipeline', 'Pipeline View'],
  ['/contacts/pipeline/p1', 'Pipeline View'],
  ['/contacts/table', 'Table View'],
  ['/contacts/table/p1', 'Table View'],
  ['/tools/postTracker', 'Auto Responder'],
  ['/contact/brave-otter-1700000000', 'Contact'],
  ['/contact/brave-otter-1700000000/notes/p1', 'Contact'],
  ['/dashboard/home', 'Home Dashboard'],
  ['/dashboard/kpi', 'KPI Dashboard'],
  ['/messages', 'Conversations'],
  ['/messages/inbox/facebook', 'Conversations'],
  ['/admin/users', 'Admin'],
  ['/tasks', 'Tasks'],
  ['/setup/tasks', 'Task Templates'],
  ['/setup/messaging', 'Message Templates'],
  ['/setup/queue', 'Queue Setup'],
  ['/setup/queue/instagram', 'Queue Setup'],
  ['/setup/pipelines-order', 'Pipeline Order'],
  ['/setup/ai', 'AI Setup'],
  ['/setup/extension', 'Browser Extension'],
  ['/setup/tags', 'Tags'],
  ['/setup/tags-reconciliation', 'Tag Reconciliation'],
  ['/setup/pipelines', 'Pipeline Setup'],
  ['/setup/pipelines/p1/stages', 'Pipeline Setup'],
  ['/setup/connections', 'Connections'],
  ['/setup/labels', 'Status Labels'],
  ['/setup/workflows', 'Workflows'],
  ['/profile', 'Profile'],
  ['/profile/team', 'Profile'],
  ['/profile/billing', 'Profile'],
  ['/queue/facebook', 'Queue Processor (facebook)'],
  ['/queue/tiktok', 'Queue Processor (tiktok)'],
  ['/bex/sidebar', 'Extension Sidebar'],
  ['/bex/overlay', 'Extension Overlay'],
  ['/bex/test', 'Extension Test'],
  ['/bex/offscreen', 'Extension Background'],
  ['/ext/popup', 'Extension Popup'],
  ['/authorize', 'Authorize'],
  ['/no-such-page', 'Page Not Found'],
];

const SIGNED_OUT_TITLES: [path: string, viewName: string][] = [
  ['/login', 'Login'],
  ['/login/signup', 'Login'],
  ['/secret-login', 'Login'],
  ['/login-admin', 'Login'],
  ['/password-reset?token=abc', 'Password Reset'],
  ['/no-such-page', 'Page Not Found'],
];

/** The path a screen keeps; the bare Pipeline View may go on to open the team's pipeline. */
function stayedOn(path: string): RegExp {
  const pathname = path.split('?')[0]!;
  const pipeline = pathname === '/contacts/pipeline' ? '(/[\\w-]+)?' : '';
  return new RegExp(`^${pathname}${pipeline}$`);
}

test.describe('page titles', () => {
  test('every signed-in screen is titled GroupTrack 2.0 | its view name', async ({ page }) => {
    // Forty screens, each opened by a full page load: more than one journey's time.
    test.slow();
    await signInThroughApi(page.request, DEMO_USER);
    for (const [path, viewName] of SIGNED_IN_TITLES) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`GroupTrack 2.0 | ${viewName}`);
      expect(new URL(page.url()).pathname, path).toMatch(stayedOn(path));
    }
  });

  test('every screen without sign-in is titled GroupTrack 2.0 | its view name', async ({ page }) => {
    for (const [path, viewName] of SIGNED_OUT_TITLES) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`GroupTrack 2.0 | ${viewName}`);
    }
  });

  test('the terms screen is titled Accept Terms', async ({ page }) => {
    await signUpThroughApi(page.request, buildUser('Titus'), { acceptTerms: false });
    await page.goto('/accept-terms');
    await expect(page).toHaveTitle('GroupTrack 2.0 | Accept Terms');
  });
});
