import { LEAD_SCORE_WEIGHTS } from '@grouptrack/domain';
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
  const teamUID = await readCurrentTeamUID(page.request);
  const { pipelines } = await callApi<{ pipelines: { groupUID: string; stages: { name: string }[] }[] }>(
    page.request,
    'GET',
    `/api/v1/teams/${teamUID}/pipelines`,
  );
  const pipeline = pipelines[0]!;

  // The group is connected to no pipeline yet: the page says so, and the sidebar connects it.
  await serveSitePage(extensionContext, 'www.facebook.com', {
    '/groups/demofounders/member-requests': 'facebook/member-requests.en.html',
  });
  const site = await extensionContext.newPage();
  await site.goto(REQUESTS_PAGE);
  const status = site
    .getByRole('region', { name: 'GroupTrack member requests' })
    .getByRole('status', { name: 'Captured' });
  await expect(status).toContainText('is connected to no pipeline');
  await site.getByRole('button', { name: 'Open the GroupTrack sidebar' }).click();
  const sidebar = site.frameLocator('iframe[title="GroupTrack sidebar"]').frameLocator('iframe');
  await sidebar.getByRole('button', { name: 'Connect this group' }).click();
  await expect(sidebar.getByRole('heading', { name: 'Requests to review' })).toBeVisible();
  // The page sends its requests again shortly, into the pipeline now connected.
  await expect(status).toHaveText('GroupTrack has 3 requests: 3 new.', { timeout: 20_000 });

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

  // Her card shows her lead score: she gave an email, answered every question, agreed to the rules
  // and has a photo (her answers are short). Filtering by that score keeps her and leaves Bruno out.
  const { emailGiven, allAnswered, agreedToRules, hasPhoto } = LEAD_SCORE_WEIGHTS;
  const anaScore = emailGiven + allAnswered + agreedToRules + hasPhoto;
  await page.bringToFront();
  await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
  const cards = page.getByTestId('contact-card');
  const anaCard = cards.filter({ hasText: 'Ana Lima' });
  await expect(anaCard.getByTestId('card-lead-score')).toHaveText(`Score ${anaScore}`);
  await expect(cards.filter({ hasText: 'Bruno Costa' })).toHaveCount(1);
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByRole('spinbutton', { name: 'Lead score at least' }).fill(String(anaScore));
  await expect(cards.filter({ hasText: 'Bruno Costa' })).toHaveCount(0);
  await expect(anaCard).toBeVisible();

  // Her history says where she asked to join, once.
  await page.goto(`/contact/${ana.contact.GTID}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(
    page.getByRole('list', { name: 'Activity' }).getByText('Asked to join Demo Founders Circle'),
  ).toHaveCount(1);
});

test('rules decide the requests as they are captured, the extension approves and declines them on the page at the set pace, and one left for review is approved from the board', async ({
  extensionContext,
  extensionPage: page,
}) => {
  await signUpThroughApi(page.request, buildUser('Rules'));
  await signInExtension(page);
  const { teamUID, pipeline } = await connectGroup(page);
  const rule = (id: string, decision: string, conditions: unknown[]) => ({
    id,
    name: id,
    enabled: true,
    conditions,
    decision,
    feedback: null,
    tagIds: [],
    stageId: null,
    taskTemplateId: null,
  });
  // Ana gave her email: approved. Chloé heard of the group from a friend: flagged for a person. Bruno: declined.
  await callApi(
    page.request,
    'PUT',
    `/api/v1/teams/${teamUID}/pipelines/${pipeline.groupUID}/member-request-rules`,
    {
      rules: [
        rule('Email given', 'approve', [{ kind: 'email-given' }]),
        rule('Heard from a friend', 'flag', [{ kind: 'answer-contains', words: ['friend'] }]),
        rule('Everyone else', 'decline', []),
      ],
      pacing: { minPauseSeconds: 1, maxPauseSeconds: 2, dailyCap: 10, pauseMinutesWhenBlocked: 60 },
    },
  );

  // The page records the clicks it receives, and when, as the group's admin would see them.
  await extensionContext.addInitScript(`
    globalThis.gtClicks = [];
    document.addEventListener('click', (event) => {
      const label = event.target.closest('[role="button"]')?.getAttribute('aria-label');
      if (label) globalThis.gtClicks.push({ label, at: Date.now() });
    }, true);
  `);
  await serveSitePage(extensionContext, 'www.facebook.com', {
    '/groups/demofounders/member-requests': 'facebook/member-requests.en.html',
  });
  const site = await extensionContext.newPage();
  await site.goto(REQUESTS_PAGE);
  const region = site.getByRole('region', { name: 'GroupTrack member requests' });
  await expect(region.getByRole('status', { name: 'Captured' })).toHaveText(
    'GroupTrack has 3 requests: 3 new.',
  );
  await expect(region.getByRole('status', { name: 'Decisions' })).toHaveText(/: 2 of 10 today\.$/, {
    timeout: 20_000,
  });
  const recorded = await site.evaluate<{ label: string; at: number }[]>('globalThis.gtClicks');
  expect(recorded.map((click) => click.label).sort()).toEqual(['Approve', 'Decline']);
  // At the pipeline's pace: a second at least between two clicks.
  expect(recorded[1]!.at - recorded[0]!.at).toBeGreaterThanOrEqual(1000);

  // Chloé waits on the board's review list, and is approved by key.
  await page.bringToFront();
  await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
  await page.getByRole('button', { name: /Requests to review/ }).click();
  const review = page.getByRole('list', { name: 'Requests to review' });
  await expect(review.getByRole('listitem')).toHaveCount(1);
  await expect(review.getByRole('listitem', { name: 'Chloé Dubois' })).toBeFocused();
  await page.keyboard.press('a');
  await expect(page.getByText('No request waits for review.')).toBeVisible();

  // The next time the requests page is open, the extension carries that approval out too.
  await site.bringToFront();
  await site.reload();
  await expect(region.getByRole('status', { name: 'Decisions' })).toHaveText(
    /^Approved Chloé Dubois: 3 of 10 today\.$/,
    {
      timeout: 20_000,
    },
  );
});
