import { expect, test } from '@playwright/test';
import {
  DEMO_USER,
  buildUser,
  callApi,
  readCurrentTeamUID,
  signInThroughApi,
  signUpThroughApi,
} from './helpers';
import { boardColumn as column, readCount, dragTo } from './board';

interface PipelinesAnswer {
  pipelines: {
    groupUID: string;
    nickName: string;
    isDefault: boolean;
    stages: { stageUID: string; name: string }[];
  }[];
}

test.describe('pipeline board', () => {
  test('shows stages with counts, moves a card by drag and keeps it, filters, and searches globally', async ({
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
    await dragTo(page, card, target);
    await expect(target.locator(`a[href="${href}"]`)).toBeVisible();
    await expect(source.getByTestId('stage-count')).toContainText(String(sourceCount - 1));
    await expect(target.getByTestId('stage-count')).toContainText(String(targetCount + 1));
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await expect(target.getByTestId('stage-count')).toContainText(String(targetCount + 1));
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
    await expect(movedCard).toContainText(/Active (now|this minute|\d+ minutes? ago)/);
    await callApi(page.request, 'DELETE', `/api/v1/teams/${teamUID}/tasks/${task.taskUID}`);

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

  test('moves a card with the keyboard through its menu, a teammate sees it at once, and the pipeline is remembered', async ({
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
    await card.getByRole('button', { name: /Move .* to stage/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: secondStage!.name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(target.locator(`a[href="${href}"]`)).toBeVisible();
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

test.describe('saved views', () => {
  test('saves the filters as a view and applies it again after they are cleared, at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contacts/pipeline?hasEmail=true');
    await expect(page.getByRole('button', { name: 'More filters (1)' })).toBeVisible();
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
    await expect(page.getByRole('button', { name: 'More filters (1)' })).toBeVisible();
  });
});
