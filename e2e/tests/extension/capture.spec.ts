import { buildUser, callApi, readCurrentTeamUID, signUpThroughApi } from '../helpers';
import { expect, serveSitePage, signInExtension, test } from './fixtures';

test('on an Instagram profile the sidebar adds the person to a pipeline, whose board then shows them; on a Facebook member list the people already in GroupTrack get a badge that opens them in the sidebar', async ({
  extensionContext,
  extensionPage: page,
}) => {
  await signUpThroughApi(page.request, buildUser('Sidebar'));
  await signInExtension(page);
  const teamUID = await readCurrentTeamUID(page.request);

  // An Instagram profile, served at its real address: the content script reads Ana and offers the sidebar.
  await serveSitePage(extensionContext, 'www.instagram.com', { '/ana.lima/': 'instagram/profile.en.html' });
  const site = await extensionContext.newPage();
  await site.goto('https://www.instagram.com/ana.lima/');
  await site.getByRole('button', { name: 'Open the GroupTrack sidebar' }).click();
  const sidebar = site.frameLocator('iframe[title="GroupTrack sidebar"]').frameLocator('iframe');
  await expect(sidebar.getByRole('heading', { name: 'Ana Lima' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Add to GroupTrack' }).click();
  await expect(sidebar.getByLabel(/^Stage in /).first()).toBeVisible();

  // The board of the team's pipeline shows her card.
  await page.goto('/contacts/pipeline');
  await expect(page.getByRole('link', { name: /Ana Lima/ }).first()).toBeVisible();

  // A Facebook group's member list: Chloé is already in GroupTrack (by her profile id), the others not.
  const { pipelines } = await callApi<{
    pipelines: { groupUID: string; nickName: string; stages: { stageUID: string; name: string }[] }[];
  }>(page.request, 'GET', `/api/v1/teams/${teamUID}/pipelines`);
  const pipeline = pipelines[0]!;
  const stage = pipeline.stages[1]!;
  await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
    name: 'Chloé Dubois',
    sources: [{ platform: 'facebook', profileId: '100000000000003' }],
    pipeline: { pipelineId: pipeline.groupUID, stageId: stage.stageUID },
  });
  await serveSitePage(extensionContext, 'www.facebook.com', {
    '/groups/demofounders/members': 'facebook/members.en.html',
  });
  await site.goto('https://www.facebook.com/groups/demofounders/members');
  const badge = site.getByRole('button', {
    name: `GroupTrack: Chloé Dubois, ${stage.name} in ${pipeline.nickName}`,
  });
  await expect(badge).toBeVisible();
  await expect(site.locator('[data-grouptrack-badge]')).toHaveCount(1);
  await badge.click();
  await expect(sidebar.getByRole('heading', { name: 'Chloé Dubois' })).toBeVisible();
});
