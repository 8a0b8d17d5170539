import { APP_ORIGIN, buildUser, callApi, readCurrentTeamUID, signUpThroughApi } from '../helpers';
import { expect, serveSitePage, signInExtension, test } from './fixtures';

test('on an Instagram profile the sidebar adds the person to a pipeline, whose board then shows them with the photo GroupTrack keeps; on a Facebook member list the people already in GroupTrack get a badge that opens them in the sidebar', async ({
  extensionContext,
  extensionPage: page,
  playwright,
}) => {
  await signUpThroughApi(page.request, buildUser('Sidebar'));
  await signInExtension(page);
  const teamUID = await readCurrentTeamUID(page.request);

  // An Instagram profile, served at its real address: the content script reads Ana and offers the sidebar.
  await serveSitePage(extensionContext, 'www.instagram.com', {
    '/ana.lima/': 'instagram/profile.en.html',
    '/bruno.costa/': 'instagram/profile.fr.html',
  });
  const site = await extensionContext.newPage();
  await site.goto('https://www.instagram.com/ana.lima/');
  await site.getByRole('button', { name: 'Open the GroupTrack sidebar' }).click();
  const sidebar = site.frameLocator('iframe[title="GroupTrack sidebar"]').frameLocator('iframe');
  await expect(sidebar.getByRole('heading', { name: 'Ana Lima' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Add to GroupTrack' }).click();
  await expect(sidebar.getByLabel(/^Stage in /).first()).toBeVisible();
  // Her Instagram photo address expires: GroupTrack downloaded it once and serves its own copy.
  const photo = sidebar.locator(`img[src^="${APP_ORIGIN}/api/v1/teams/${teamUID}/photos/"]`);
  await expect(photo).toBeVisible();
  const served = await playwright.request.newContext();
  const image = await served.get((await photo.getAttribute('src'))!);
  expect(image.headers()['content-type']).toBe('image/png');
  await served.dispose();

  // A move inside the site (no new page) to another profile: the sidebar follows to Bruno.
  await site.evaluate("history.pushState({}, '', '/bruno.costa/')");
  await expect(sidebar.getByRole('heading', { name: 'Bruno Costa' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Add to GroupTrack' })).toBeVisible();

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
    '/messages/t/100000000000003/': 'facebook/conversations.en.html',
  });
  await site.goto('https://www.facebook.com/groups/demofounders/members');
  const badge = site.getByRole('button', {
    name: `GroupTrack: Chloé Dubois, ${stage.name} in ${pipeline.nickName}`,
  });
  await expect(badge).toBeVisible();
  await expect(site.locator('[data-grouptrack-badge]')).toHaveCount(1);
  await badge.click();
  await expect(sidebar.getByRole('heading', { name: 'Chloé Dubois' })).toBeVisible();

  // In her conversation, a template filled in for her goes into the message box.
  await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/message-templates`, {
    name: 'Welcome',
    text: 'Hi {firstName}, welcome to the group!',
  });
  await site.goto('https://www.facebook.com/messages/t/100000000000003/');
  await site.getByRole('button', { name: 'Open the GroupTrack sidebar' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Chloé Dubois' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Message' }).click();
  await sidebar.getByRole('combobox', { name: 'Template' }).click();
  await sidebar.getByRole('option', { name: 'Welcome' }).click();
  await sidebar.getByRole('button', { name: 'Insert' }).click();
  await expect(site.getByRole('textbox', { name: 'Message' })).toHaveText('Hi Chloé, welcome to the group!');
  // The AI's next message for her comes through the extension's own session too.
  await sidebar.getByRole('button', { name: 'Next best message' }).click();
  await expect(sidebar.getByTestId('ai-answer')).toContainText('Chloé');
});
