import { expect, test } from '@playwright/test';
import {
  DEMO_USER,
  buildUser,
  callApi,
  readCurrentTeamUID,
  signInThroughApi,
  signUpThroughApi,
  signUpWithPipeline,
  type CreatedPipeline,
} from './helpers';
import { boardColumn as column, readCount, dropBetween } from './board';

interface PipelinesAnswer {
  pipelines: {
    groupUID: string;
    nickName: string;
    isDefault: boolean;
    stages: { stageUID: string; name: string }[];
  }[];
}

test.describe('pipeline board', () => {
  test('shows stages with counts, drops a card between two others and keeps it there, filters, and searches globally', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const { pipelines } = await callApi<PipelinesAnswer>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/pipelines`,
    );
    const pipeline = pipelines.find((each) => each.isDefault)!;
    const [firstStage, , thirdStage] = pipeline.stages;

    await page.goto('/contacts/pipeline');
    await expect(page).toHaveURL(new RegExp(`/contacts/pipeline/${pipeline.groupUID}$`));
    await expect(page).toHaveTitle('GroupTrack 2.0 | Pipeline View');
    await expect(page.getByRole('combobox', { name: 'Pipeline' })).toHaveValue(pipeline.nickName);
    for (const stage of pipeline.stages) {
      await expect(page.getByRole('heading', { name: stage.name, exact: true })).toBeVisible();
    }
    const source = column(page, firstStage!.name);
    const target = column(page, thirdStage!.name);
    await expect(source.getByTestId('contact-card').first()).toBeVisible();
    const sourceCount = await readCount(source);
    const targetCount = await readCount(target);
    expect(sourceCount).toBeGreaterThan(0);
    // Columns with open deals show their sum under the header.
    await expect(page.getByTestId('stage-open-deals').first()).toContainText(/\$[\d,.]+ in \d+ open deals/);

    // A card without an open task, so the marker added below is the one it shows.
    const card = source
      .getByTestId('contact-card')
      .filter({ hasNot: page.getByTestId('card-task-marker') })
      .first();
    const link = card.getByRole('link');
    const name = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    const GTID = decodeURIComponent(href.split('/').pop()!);

    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && response.url().includes(`/contacts/${GTID}/pipelines/`),
    );
    // Into the gap between the target's first two cards: it lands second, and stays there once the
    // board has read the server again, after a reload too.
    const targetCards = target.getByTestId('contact-card');
    const secondHref = (await targetCards.nth(1).getByRole('link').getAttribute('href'))!;
    const reread = page.waitForResponse(
      (response) => response.url().includes('/search/v2') && response.request().method() === 'POST',
    );
    await dropBetween(page, card, targetCards.nth(0), targetCards.nth(1));
    await expect(targetCards.nth(1).locator(`a[href="${href}"]`)).toBeVisible();
    await expect(source.getByTestId('stage-count')).toContainText(String(sourceCount - 1));
    await expect(target.getByTestId('stage-count')).toContainText(String(targetCount + 1));
    expect((await saved).ok()).toBe(true);
    await reread;
    await expect(page.getByRole('status', { name: 'Updating the board' })).toHaveCount(0);
    await expect(targetCards.nth(1).locator(`a[href="${href}"]`)).toBeVisible();
    await expect(targetCards.nth(2).locator(`a[href="${secondHref}"]`)).toBeVisible();

    await page.reload();
    await expect(target.getByTestId('stage-count')).toContainText(String(targetCount + 1));
    await expect(targetCards.nth(1).locator(`a[href="${href}"]`)).toBeVisible();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(target.locator(`a[href="${href}"]`)).toBeVisible();
    await expect(source.locator(`a[href="${href}"]`)).toHaveCount(0);
    expect(await readCount(target)).toBeLessThanOrEqual(targetCount + 1);

    // The filter is in the address, so a reload keeps it.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search', exact: true })).toHaveValue(name);
    await expect(target.locator(`a[href="${href}"]`)).toBeVisible();

    // A task made elsewhere shows on the card as its open-task marker, without a reload.
    const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const task = await callApi<{ taskUID: string }>(page.request, 'POST', `/api/v1/teams/${teamUID}/tasks`, {
      taskName: 'Board marker check',
      dueDate,
      GTID,
      reminder: 'none',
    });
    const movedCard = target.getByTestId('contact-card').filter({ has: page.locator(`a[href="${href}"]`) });
    await expect(movedCard.getByTestId('card-task-marker')).toContainText(/Due [A-Z][a-z]{2} \d+/);
    await callApi(page.request, 'DELETE', `/api/v1/teams/${teamUID}/tasks/${task.taskUID}`);
    // A note is a contact made: the card says so (a task or a tag is not).
    await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts/${GTID}/notes`, {
      text: 'Replied to the welcome message.',
    });
    await expect(movedCard.getByTestId('card-last-contacted')).toHaveText(
      /^Contacted (now|this minute|\d+ minutes? ago)$/,
    );

    // Compact cards show more of a column, and this browser remembers the choice.
    const tall = (await movedCard.boundingBox())!.height;
    await page.getByRole('switch', { name: 'Compact cards' }).check();
    await expect.poll(async () => (await movedCard.boundingBox())!.height).toBeLessThan(tall / 2);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Compact cards' })).toBeChecked();
    await expect(movedCard.getByTestId('card-last-contacted')).toBeVisible();
    await page.getByRole('switch', { name: 'Compact cards' }).uncheck();

    const search = page.getByRole('combobox', { name: 'Search contacts' });
    await search.fill(name);
    const first = page.getByRole('option').first();
    await expect(first).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/contact\/[^/]+$/);

    // Puts the demo data back for the specs that count it.
    await callApi(
      page.request,
      'PUT',
      `/api/v1/teams/${teamUID}/contacts/${GTID}/pipelines/${pipeline.groupUID}`,
      {
        stageId: firstStage!.stageUID,
      },
    );
  });

  test('moves a card with the keyboard through its menu, keeping focus on it and saying where it went; a teammate sees it at once, and the pipeline is remembered', async ({
    page,
    browser,
  }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const { pipelines } = await callApi<PipelinesAnswer>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/pipelines`,
    );
    const other = pipelines.find((each) => !each.isDefault)!;
    const [firstStage, secondStage] = other.stages;

    await page.goto('/contacts/pipeline');
    await page.getByRole('combobox', { name: 'Pipeline' }).click();
    await page.getByRole('option', { name: other.nickName }).click();
    await expect(page).toHaveURL(new RegExp(`/contacts/pipeline/${other.groupUID}$`));

    const source = column(page, firstStage!.name);
    const target = column(page, secondStage!.name);
    const card = source.getByTestId('contact-card').first();
    await expect(card).toBeVisible();
    const href = (await card.getByRole('link').getAttribute('href'))!;

    // A teammate who works this pipeline has the same board open in their own browser.
    const invitation = await callApi<{ inviteCode: string }>(
      page.request,
      'POST',
      `/api/v1/teams/${teamUID}/invitations`,
      { role: 'member', groupAccess: [other.groupUID] },
    );
    const teammateContext = await browser.newContext();
    const teammate = await teammateContext.newPage();
    await signUpThroughApi(teammate.request, buildUser('Tomas'));
    await callApi(teammate.request, 'POST', `/api/v1/invitations/${invitation.inviteCode}/accept`);
    await callApi(teammate.request, 'POST', '/api/v1/me/current-team', { teamUID });
    await teammate.goto(`/contacts/pipeline/${other.groupUID}`);
    const theirSource = column(teammate, firstStage!.name);
    const theirTarget = column(teammate, secondStage!.name);
    await expect(theirSource.locator(`a[href="${href}"]`)).toBeVisible();
    const [sourceCount, targetCount] = [await readCount(theirSource), await readCount(theirTarget)];

    const GTID = decodeURIComponent(href.split('/').pop()!);
    const name = (await card.getByRole('link').textContent())!;
    // Each column is one tab stop (a card), arrow keys walk the cards, Tab reaches the card's menu.
    await expect(source.locator('a[tabindex="0"]')).toHaveCount(1);
    await source.getByRole('link').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(target.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(card.getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: /Move .* to stage/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: secondStage!.name, exact: true }).focus();
    await page.keyboard.press('Enter');
    // The card goes to the top of its new stage, keeps the focus, and the move is announced.
    const moved = target.locator(`a[href="${href}"]`);
    await expect(moved).toBeFocused();
    await expect(target.getByTestId('contact-card').first().locator(`a[href="${href}"]`)).toBeVisible();
    await expect(page.getByTestId('board-announcement')).toHaveText(
      new RegExp(`^Moved ${name} to ${secondStage!.name}, position 1 of \\d+$`),
    );
    // The teammate's board follows without a reload.
    await expect(theirSource.locator(`a[href="${href}"]`)).toHaveCount(0);
    await expect(theirSource.getByTestId('stage-count')).toContainText(String(sourceCount - 1));
    await expect(theirTarget.getByTestId('stage-count')).toContainText(String(targetCount + 1));
    await teammateContext.close();

    await page.goto('/contacts/pipeline');
    await expect(page).toHaveURL(new RegExp(`/contacts/pipeline/${other.groupUID}$`));

    await callApi(
      page.request,
      'PUT',
      `/api/v1/teams/${teamUID}/contacts/${GTID}/pipelines/${other.groupUID}`,
      {
        stageId: firstStage!.stageUID,
      },
    );
  });
});

test('a card’s Message action fills a template in with the stage of the board’s pipeline', async ({
  page,
}) => {
  // A contact in two pipelines, at a different stage in each: the board of the second is open.
  const { teamUID, GTIDs } = await signUpWithPipeline(page.request, {
    firstName: 'Mira',
    stages: ['Joined', 'Talking'],
    people: ['Ada Twice'],
  });
  const clients = await callApi<CreatedPipeline>(page.request, 'POST', `/api/v1/teams/${teamUID}/pipelines`, {
    nickName: 'Clients',
    stages: [{ name: 'Onboarding' }, { name: 'Active' }],
  });
  await callApi(
    page.request,
    'PUT',
    `/api/v1/teams/${teamUID}/contacts/${GTIDs['Ada Twice']!}/pipelines/${clients.groupUID}`,
    {
      stageId: clients.stages[1]!.stageUID,
    },
  );
  await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/message-templates`, {
    name: 'Where you are',
    text: 'You are at {stage} in {pipeline}.',
  });

  await page.goto(`/contacts/pipeline/${clients.groupUID}`);
  const card = column(page, 'Active').getByTestId('contact-card').filter({ hasText: 'Ada Twice' });
  await card.getByRole('button', { name: /^Move Ada Twice to stage/ }).click();
  await page.getByRole('menuitem', { name: 'Message…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Ada Twice' });
  await dialog.getByRole('combobox', { name: 'Template' }).fill('Where you are');
  await page.getByRole('option', { name: 'Where you are' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('You are at Active in Clients.');
});

test.describe('saved views', () => {
  test('saves the filters as a view and applies it again after they are cleared, at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/pipeline?hasEmail=true');
    await expect(page.getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
    await expect(page.getByTestId('contact-card').first()).toBeVisible();

    const viewName = `With email ${Date.now()}`;
    await page.getByRole('button', { name: 'Save view' }).click();
    await page
      .getByRole('dialog', { name: 'Save view' })
      .getByRole('textbox', { name: 'Name' })
      .fill(viewName);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Save view' })).toBeHidden();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/hasEmail/);
    await page.getByRole('button', { name: 'Saved views' }).click();
    await page.getByRole('menuitem', { name: viewName }).click();
    await expect(page).toHaveURL(/hasEmail=true/);
    await expect(page.getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
  });
});
