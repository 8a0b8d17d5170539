import type { Page } from '@playwright/test';
import { buildUser, callApi, readCurrentTeamUID, signUpThroughApi } from '../helpers';
import { expect, serveSitePage, signInExtension, test } from './fixtures';

const REQUESTS_PAGE = 'https://www.facebook.com/groups/demofounders/member-requests';

/** Connects the demo group to the team's pipeline from its setup, as a user would; answers the pipeline. */
async function connectGroup(page: Page) {
  const teamUID = await readCurrentTeamUID(page.request);
  const { pipelines } = await callApi<{
    pipelines: { groupUID: string; nickName: string; stages: { name: string }[] }[];
  }>(page.request, 'GET', `/api/v1/teams/${teamUID}/pipelines`);
  const pipeline = pipelines[0]!;
  await page.goto(`/setup/pipelines/${pipeline.groupUID}/groups`);
  await page
    .getByRole('textbox', { name: 'Group address' })
    .fill('https://www.facebook.com/groups/demofounders/');
  await page.getByRole('textbox', { name: 'Group name' }).fill('Demo Founders Circle');
  await page.getByRole('button', { name: 'Connect group' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Connected groups' })
      .getByText('Demo Founders Circle (Facebook, demofounders)'),
  ).toBeVisible();
  return { teamUID, pipeline };
}

test("on a Facebook group's requests page the pending requests are captured into the pipeline the group is connected to, with the email from their answers, once", async ({
  extensionContext,
  extensionPage: page,
}) => {
  await signUpThroughApi(page.request, buildUser('Requests'));
  await signInExtension(page);
  const { teamUID, pipeline } = await connectGroup(page);

  await serveSitePage(extensionContext, 'www.facebook.com', {
    '/groups/demofounders/member-requests': 'facebook/member-requests.en.html',
  });
  const site = await extensionContext.newPage();
  await site.goto(REQUESTS_PAGE);
  const status = site
    .getByRole('region', { name: 'GroupTrack member requests' })
    .getByRole('status', { name: 'Captured' });
  await expect(status).toHaveText('GroupTrack has 3 requests: 3 new.');

  // Ana is in the pipeline's first stage, with the email she gave in her answers.
  const ana = await callApi<{
    found: boolean;
    contact: { GTID: string; emailAddress: string | null };
    pipelines: { pipelineUID: string; stage: { name: string } }[];
  }>(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts/core-data`, {
    platform: 'facebook',
    contact: { profileId: '100000000000001' },
  });
  expect(ana).toMatchObject({
    found: true,
    contact: { emailAddress: 'ana.lima@example.com' },
    pipelines: [{ pipelineUID: pipeline.groupUID, stage: { name: pipeline.stages[0]!.name } }],
  });

  // The same page opened again changes nothing.
  await site.reload();
  await expect(status).toHaveText('GroupTrack has 3 requests: 3 already there.');

  // Her history says where she asked to join, once.
  await page.goto(`/contact/${ana.contact.GTID}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(
    page.getByRole('list', { name: 'Activity' }).getByText('Asked to join Demo Founders Circle'),
  ).toHaveCount(1);
});
