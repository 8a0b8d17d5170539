import { expect, test } from '@playwright/test';
import { buildUser, callApi, createOperatorRequest, readCurrentTeamUID, signUpThroughApi } from './helpers';

test.describe('setup pages for a member', () => {
  test('show read-only lists with a note, and no edit controls', async ({ page, playwright }) => {
    const operator = await createOperatorRequest(playwright.request);
    const demoTeamUID = await readCurrentTeamUID(operator);
    const invitation = await callApi<{ inviteCode: string }>(
      operator,
      'POST',
      `/api/v1/teams/${demoTeamUID}/invitations`,
      { role: 'member' },
    );
    await operator.dispose();
    await signUpThroughApi(page.request, buildUser('Mona'));
    await callApi(page.request, 'POST', `/api/v1/invitations/${invitation.inviteCode}/accept`);
    await callApi(page.request, 'POST', '/api/v1/me/current-team', { teamUID: demoTeamUID });

    for (const [path, heading] of [
      ['/setup/pipelines', 'Pipelines'],
      ['/setup/pipelines-order', 'Pipeline order'],
      ['/setup/tags', 'Tags'],
      ['/setup/labels', 'Status labels'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('View only')).toBeVisible();
      await expect(
        page.getByRole('button', { name: /^(New pipeline|Add tag set|Add label|Add stage)$/ }),
      ).toHaveCount(0);
    }
  });
});
