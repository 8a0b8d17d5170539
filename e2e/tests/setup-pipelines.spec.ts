import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  DEMO_USER,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signInThroughApi,
  signUpWithPipeline,
} from './helpers';

interface PipelinesAnswer {
  pipelines: {
    groupUID: string;
    nickName: string;
    isDefault: boolean;
    questions: string[];
    stages: {
      stageUID: string;
      name: string;
      color: string;
      fontColor: string;
      description: string | null;
    }[];
  }[];
}

/** The stage names in the order the setup page lists them. */
async function readStageOrder(page: Page, names: readonly string[]): Promise<string[]> {
  const rows = await page.locator('li[data-testid^="sortable-"]').allTextContents();
  return rows.map((text) => names.find((name) => text.startsWith(name) || text.includes(name)) ?? text);
}

test.describe('pipeline setup', () => {
  test('creates a pipeline, reorders and recolours a stage, and makes it the default', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const nickName = `E2E ${Date.now().toString(36)}`;
    const names = ['Alpha', 'Beta', 'Gamma'];

    await page.goto('/setup/pipelines');
    await page.getByRole('button', { name: 'New pipeline' }).click();
    const dialog = page.getByRole('dialog', { name: 'New pipeline' });
    await dialog.getByRole('textbox', { name: 'Pipeline name' }).fill(nickName);
    for (const [index, name] of names.entries()) {
      await dialog.getByRole('textbox', { name: `Stage ${index + 1}` }).fill(name);
    }
    await dialog.getByRole('button', { name: 'Create pipeline' }).click();
    await expect(page).toHaveURL(/\/setup\/pipelines\/[^/]+\/stages$/);
    await expect.poll(() => readStageOrder(page, names)).toEqual(['Alpha', 'Beta', 'Gamma']);

    // Keyboard: the Move up control of Gamma, reached and pressed with the keyboard.
    await page.getByRole('button', { name: 'Move Gamma up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => readStageOrder(page, names)).toEqual(['Alpha', 'Gamma', 'Beta']);

    // Drag: Alpha's handle dropped on Beta.
    const handle = page.getByRole('button', { name: 'Drag Alpha' });
    const targetBox = await page.locator('li[data-testid^="sortable-"]').nth(2).boundingBox();
    const handleBox = await handle.boundingBox();
    if (!targetBox || !handleBox) throw new Error('the rows are on screen');
    await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + 20, { steps: 5 });
    await page.mouse.move(handleBox.x + handleBox.width / 2, targetBox.y + targetBox.height / 2 + 4, {
      steps: 15,
    });
    await page.mouse.up();
    await expect.poll(() => readStageOrder(page, names)).toEqual(['Gamma', 'Beta', 'Alpha']);

    const read = async () => {
      const { pipelines } = await callApi<PipelinesAnswer>(
        page.request,
        'GET',
        `/api/v1/teams/${teamUID}/pipelines`,
      );
      const found = pipelines.find((pipeline) => pipeline.nickName === nickName);
      if (!found) throw new Error('the pipeline was created');
      return found;
    };
    await expect
      .poll(async () => (await read()).stages.map((stage) => stage.name))
      .toEqual(['Gamma', 'Beta', 'Alpha']);

    // Recolour Beta with a dark colour: the preview and the saved font colour turn white.
    await page.getByRole('button', { name: 'Edit stage Beta' }).click();
    const stageDialog = page.getByRole('dialog', { name: 'Edit stage Beta' });
    await stageDialog.getByRole('textbox', { name: 'Stage colour' }).fill('#101820');
    await expect(stageDialog.getByTestId('color-preview')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await stageDialog.getByRole('textbox', { name: 'Description' }).fill('Booked a call');
    await stageDialog.getByRole('combobox', { name: 'Phase' }).click();
    await page.getByRole('option', { name: '+ New phase…' }).click();
    const phaseName = `Phase ${Date.now().toString(36)}`;
    await stageDialog.getByRole('textbox', { name: 'New phase name' }).fill(phaseName);
    await stageDialog.getByRole('button', { name: 'Create phase' }).click();
    await expect(stageDialog.getByRole('combobox', { name: 'Phase' })).toHaveValue(phaseName);
    await stageDialog.getByRole('button', { name: 'Save stage' }).click();
    await expect(stageDialog).toBeHidden();
    await expect
      .poll(async () => (await read()).stages.find((stage) => stage.name === 'Beta'))
      .toMatchObject({ color: '#101820', fontColor: '#FFFFFF', description: 'Booked a call' });

    // Membership questions.
    await page.getByRole('tab', { name: 'Membership questions' }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByRole('textbox', { name: 'Question 1' }).fill('What is your email?');
    await page.getByRole('button', { name: 'Save questions' }).click();
    await expect(page.getByRole('status')).toHaveText('Questions saved.');
    await expect.poll(async () => (await read()).questions).toEqual(['What is your email?']);

    // Default, on the pipeline order page.
    await page.goto('/setup/pipelines-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline order' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Make default: ${nickName}` }).click();
    await expect(page.getByRole('button', { name: `Make default: ${nickName}` })).toBeHidden();
    await expect.poll(async () => (await read()).isDefault).toBe(true);
  });
});

test.describe('pipeline setup: deleting', () => {
  test('deletes a stage that holds contacts by moving them, then deletes the pipeline', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const nickName = `E2E delete ${Date.now().toString(36)}`;
    const created = await callApi<PipelinesAnswer['pipelines'][number]>(
      page.request,
      'POST',
      `/api/v1/teams/${teamUID}/pipelines`,
      { nickName, stages: [{ name: 'Kept' }, { name: 'Dropped' }] },
    );
    const dropped = created.stages.find((stage) => stage.name === 'Dropped');
    const kept = created.stages.find((stage) => stage.name === 'Kept');
    if (!dropped || !kept) throw new Error('the pipeline has both stages');
    const search = await callApi<{ hits: { GTID: string }[] }>(page.request, 'POST', '/search/v2', {
      teamUID,
      paging: { from: 3, size: 1 },
    });
    const GTID = search.hits[0]?.GTID ?? '';
    await callApi(
      page.request,
      'PUT',
      `/api/v1/teams/${teamUID}/contacts/${GTID}/pipelines/${created.groupUID}`,
      {
        stageId: dropped.stageUID,
      },
    );

    await page.goto(`/setup/pipelines/${created.groupUID}/stages`);
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete stage Dropped' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete stage Dropped?' });
    await dialog.getByRole('button', { name: 'Delete stage' }).click();
    await expect(dialog.getByRole('alert')).toContainText('holds 1 contact');
    await dialog
      .getByRole('textbox', { name: 'Move its contacts to' })
      .or(dialog.getByRole('combobox', { name: 'Move its contacts to' }))
      .click();
    await page.getByRole('option', { name: 'Kept', exact: true }).click();
    await dialog.getByRole('button', { name: 'Move contacts and delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete stage Dropped' })).toBeHidden();
    const contact = await callApi<{ groupData: Record<string, { stage: string }> }>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/contacts/${GTID}`,
    );
    expect(contact.groupData[created.groupUID]?.stage).toBe(kept.stageUID);

    // It still holds the moved contact: the confirmation asks for its name.
    await page.getByRole('button', { name: 'Delete pipeline' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete pipeline ${nickName}?` });
    const remove = confirm.getByRole('button', { name: 'Delete pipeline' });
    await confirm.getByRole('textbox', { name: `Type ${nickName} to confirm` }).fill(nickName);
    await remove.click();
    await expect(page).toHaveURL(/\/setup\/pipelines$/);
    await expect(page.getByRole('navigation', { name: 'Pipelines' }).getByText(nickName)).toBeHidden();
  });
});

test.describe('pipeline setup: member request rules', () => {
  test('adds two rules, puts the decline first, keeps that order after a reload, and dry-runs them', async ({
    page,
  }) => {
    const { teamUID, pipeline } = await signUpWithPipeline(page.request, {
      firstName: 'Rules',
      stages: ['Asked', 'Member'],
      people: [],
    });
    await page.goto(`/setup/pipelines/${pipeline.groupUID}/rules`);
    const rules = page.getByRole('list', { name: 'Rules' });
    const readRuleNames = () => rules.getByRole('heading', { level: 3 }).allTextContents();

    await page.getByRole('button', { name: 'Add rule' }).click();
    const first = page.getByRole('dialog', { name: 'Add a rule' });
    await first.getByRole('textbox', { name: 'Rule name' }).fill('Email given');
    // Enter in a field keeps the modal open.
    await first.getByRole('textbox', { name: 'Rule name' }).press('Enter');
    await expect(first).toBeVisible();
    await first.getByRole('button', { name: 'Add condition' }).click();
    await expect(first.getByRole('combobox', { name: 'Condition 1' })).toHaveValue('Email given');
    await first.getByRole('button', { name: 'Done' }).click();
    await expect(first).toBeHidden();

    await page.getByRole('button', { name: 'Add rule' }).click();
    const second = page.getByRole('dialog', { name: 'Add a rule' });
    await second.getByRole('textbox', { name: 'Rule name' }).fill('Crypto');
    await second.getByRole('button', { name: 'Add condition' }).click();
    await second.getByRole('combobox', { name: 'Condition 1' }).click();
    await page.getByRole('option', { name: 'An answer contains' }).click();
    await second.getByText('Decline', { exact: true }).click();
    await second.getByRole('button', { name: 'Done' }).click();
    const wordsError = second.getByText('Enter up to 50 words', { exact: false });
    await expect(wordsError).toBeVisible();
    await second.getByRole('textbox', { name: 'Words' }).fill('crypto');
    await expect(wordsError).toBeHidden();
    await second.getByRole('button', { name: 'Done' }).click();
    await expect(second).toBeHidden();

    await expect.poll(readRuleNames).toEqual(['Email given', 'Crypto']);
    await expect(rules.getByText('An answer contains: crypto')).toBeVisible();
    await page.getByRole('button', { name: 'Move up: Crypto' }).click();
    await expect.poll(readRuleNames).toEqual(['Crypto', 'Email given']);
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('Rules saved.')).toBeVisible();
    const saved = await callApi<{ rules: { name: string; decision: string }[] }>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/pipelines/${pipeline.groupUID}/member-request-rules`,
    );
    expect(saved.rules.map((rule) => [rule.name, rule.decision])).toEqual([
      ['Crypto', 'decline'],
      ['Email given', 'approve'],
    ]);

    await page.reload();
    await expect.poll(readRuleNames).toEqual(['Crypto', 'Email given']);
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByText('No requests are waiting in this pipeline')).toBeVisible();
  });
});
