import { LEAD_SCORE_WEIGHTS } from '@grouptrack/domain';
import type { Page } from '@playwright/test';
import { buildUser, callApi, readCurrentTeamUID, signUpThroughApi } from '../helpers';
import { expect, readCaptureFixture, serveSitePage, signInExtension, test } from './fixtures';

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
  await expect(status).toHaveText('GroupTrack has 5 requests: 5 new.', { timeout: 20_000 });

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
  await expect(status).toHaveText('GroupTrack has 5 requests: 5 already there.');

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

/**
 * Has the requests page behave as Facebook's does for declining with feedback: its row's "More
 * request options" draws the menu, "Decline with feedback" the dialog, whose Decline closes it. Every
 * button and menu item pressed is recorded with its moment, and the feedback typed, as an admin would
 * see them.
 */
function recordRequestPage(layers: string): string {
  return `
    if (location.hostname === 'www.facebook.com') {
      globalThis.gtClicks = [];
      const drawn = document.createElement('template');
      drawn.innerHTML = ${JSON.stringify(layers)};
      const layer = (name) => drawn.content.querySelector('[data-layer="' + name + '"]').cloneNode(true);
      document.addEventListener('click', (event) => {
        const pressed = event.target.closest('[role="button"], [role="menuitem"]');
        if (!pressed) return;
        const label = pressed.getAttribute('aria-label') ?? pressed.textContent.trim();
        const dialog = pressed.closest('[role="dialog"]');
        globalThis.gtClicks.push({ label: dialog ? 'Dialog: ' + label : label, at: Date.now() });
        if (label === 'More request options') document.body.append(layer('menu'));
        if (label === 'Decline with feedback') {
          document.querySelector('[data-layer="menu"]').remove();
          document.body.append(layer('dialog'));
        }
        if (dialog && label === 'Decline') {
          globalThis.gtFeedback = dialog.querySelector('textarea').value;
          dialog.parentElement.remove();
        }
      }, true);
    }
  `;
}

test('rules decide the requests of five people as they are captured, with their tags; the extension approves three and declines one with feedback on the page at the set pace, and the one left for review is approved from the board', async ({
  extensionContext,
  extensionPage: page,
}) => {
  await signUpThroughApi(page.request, buildUser('Rules'));
  await signInExtension(page);
  const { teamUID, pipeline } = await connectGroup(page);
  const { tags } = await callApi<{ tags: { tagUID: string; name: string }[] }>(
    page.request,
    'POST',
    `/api/v1/teams/${teamUID}/tag-sets`,
    { name: 'Joined by', tags: ['Newsletter', 'Call first'], pipelineId: pipeline.groupUID },
  );
  const tagNamed = (name: string) => tags.find((tag) => tag.name === name)!.tagUID;
  const feedback = 'Please answer the membership questions, then ask again.';
  const rule = (id: string, decision: string, conditions: unknown[], more: object = {}) => ({
    id,
    name: id,
    enabled: true,
    conditions,
    decision,
    feedback: null,
    tagIds: [],
    stageId: null,
    taskTemplateId: null,
    messageTemplateId: null,
    ...more,
  });
  // Ana and Elena gave their email, Farid his phone: approved, tagged. Chloé heard of the group from a
  // friend: flagged for a person. Bruno answered nothing: declined, told why.
  await callApi(
    page.request,
    'PUT',
    `/api/v1/teams/${teamUID}/pipelines/${pipeline.groupUID}/member-request-rules`,
    {
      rules: [
        rule('Email given', 'approve', [{ kind: 'email-given' }], { tagIds: [tagNamed('Newsletter')] }),
        rule('Phone given', 'approve', [{ kind: 'phone-given' }], { tagIds: [tagNamed('Call first')] }),
        rule('Heard from a friend', 'flag', [{ kind: 'answer-contains', words: ['friend'] }]),
        rule('Everyone else', 'decline', [], { feedback }),
      ],
      pacing: { minPauseSeconds: 1, maxPauseSeconds: 2, dailyCap: 10, pauseMinutesWhenBlocked: 60 },
    },
  );

  await extensionContext.addInitScript(
    recordRequestPage(readCaptureFixture('facebook/member-requests-feedback.en.html')),
  );
  await serveSitePage(extensionContext, 'www.facebook.com', {
    '/groups/demofounders/member-requests': 'facebook/member-requests.en.html',
  });
  const site = await extensionContext.newPage();
  await site.goto(REQUESTS_PAGE);
  const region = site.getByRole('region', { name: 'GroupTrack member requests' });
  await expect(region.getByRole('status', { name: 'Captured' })).toHaveText(
    'GroupTrack has 5 requests: 5 new.',
  );

  // Captured into the pipeline with their answers, the email or phone they gave in them, and the rule's tags.
  const read = (profileId: string) =>
    callApi<{
      contact: {
        emailAddress: string | null;
        phoneNumber: string | null;
        groupData: Record<string, { questions: { question: string; answer: string }[] }>;
      };
      pipelines: { pipelineUID: string }[];
      tags: { name: string }[];
    }>(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts/core-data`, {
      platform: 'facebook',
      contact: { profileId },
    });
  const elena = await read('100000000000008');
  expect(elena).toMatchObject({
    contact: { emailAddress: 'elena.rossi@example.com' },
    pipelines: [{ pipelineUID: pipeline.groupUID }],
    tags: [{ name: 'Newsletter' }],
  });
  expect(elena.contact.groupData[pipeline.groupUID]?.questions).toContainEqual({
    question: 'What do you want to learn here?',
    answer: 'Grow my newsletter to a thousand readers.',
  });
  const farid = await read('100000000000009');
  expect(farid.contact.phoneNumber?.replace(/\D/g, '')).toBe('351912345678');
  expect(farid.tags.map((tag) => tag.name)).toEqual(['Call first']);
  expect((await read('100000000000002')).tags).toEqual([]);

  await expect(region.getByRole('status', { name: 'Decisions' })).toHaveText(/: 4 of 10 today\.$/, {
    timeout: 40_000,
  });
  const recorded = await site.evaluate<{ label: string; at: number }[]>('globalThis.gtClicks');
  expect(recorded.map((click) => click.label).sort()).toEqual([
    'Approve',
    'Approve',
    'Approve',
    'Decline with feedback',
    'Dialog: Decline',
    'More request options',
  ]);
  expect(await site.evaluate('globalThis.gtFeedback')).toBe(feedback);
  // At the pipeline's pace: a second at least between one person's decision and the next's.
  const firsts = recorded.filter(
    (click) => click.label === 'Approve' || click.label === 'More request options',
  );
  for (const [index, click] of firsts.slice(1).entries()) {
    expect(click.at - firsts[index]!.at).toBeGreaterThanOrEqual(1000);
  }

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
    /^Approved Chloé Dubois: 5 of 10 today\.$/,
    { timeout: 20_000 },
  );

  // Bruno's history says which rule declined him, with what words, and that it was done on the page.
  const bruno = await callApi<{ contact: { GTID: string } }>(
    page.request,
    'POST',
    `/api/v1/teams/${teamUID}/contacts/core-data`,
    { platform: 'facebook', contact: { profileId: '100000000000002' } },
  );
  await page.bringToFront();
  await page.goto(`/contact/${bruno.contact.GTID}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  const history = page.getByRole('list', { name: 'Activity' });
  await expect(
    history.getByText(
      `Request to join Demo Founders Circle to be declined by the rule "Everyone else", saying "${feedback}"`,
    ),
  ).toBeVisible();
  await expect(history.getByText('Declined from Demo Founders Circle')).toBeVisible();
});
