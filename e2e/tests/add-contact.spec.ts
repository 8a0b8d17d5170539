import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  buildUser,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signUpThroughApi,
} from './helpers';
import { boardColumn as column } from './board';

interface CreatedPipeline {
  groupUID: string;
  nickName: string;
  stages: { stageUID: string; name: string }[];
}

/** A new user with a pipeline of their own, so counts and cards are only this test's. */
async function setUpTeam(page: Page) {
  const user = buildUser('Adele');
  await signUpThroughApi(page.request, user);
  const teamUID = await readCurrentTeamUID(page.request);
  const unique = user.email.split('@')[0]!.split('.')[1]!;
  const pipeline = await callApi<CreatedPipeline>(
    page.request,
    'POST',
    `/api/v1/teams/${teamUID}/pipelines`,
    {
      nickName: `Leads ${unique}`,
      stages: [{ name: 'New' }, { name: 'Talking' }, { name: 'Won' }],
    },
  );
  const ivy = await callApi<{ GTID: string }>(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
    name: 'Ivy Existing',
    emailAddress: `ivy.${unique}@example.com`,
    pipeline: { pipelineId: pipeline.groupUID },
  });
  return { teamUID, pipeline, unique, ivy };
}

test.describe('adding a contact by hand', () => {
  test('add a contact from a board column and find them with Ctrl+K', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { pipeline, unique, ivy } = await setUpTeam(page);

    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);
    const talking = column(page, 'Talking');
    await expect(talking.getByTestId('stage-count')).toHaveText('0 contacts');
    await talking.getByRole('button', { name: 'Add contact to Talking' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await expect(dialog.getByRole('combobox', { name: 'Stage' })).toHaveValue('Talking');
    await dialog.getByLabel('Name').fill('Nora Board');
    await dialog.getByLabel('Profile address or handle').fill('https://www.instagram.com/nora.board/?hl=en');
    await expect(dialog.getByText('Instagram · @nora.board')).toBeVisible();

    // Someone already in GroupTrack by email is the same person: the form offers them instead.
    await dialog.getByLabel('Email').fill(`IVY.${unique}@example.com`);
    const already = dialog.getByRole('alert').filter({ hasText: 'Already in GroupTrack' });
    await expect(already).toContainText('Ivy Existing');
    await expect(already).toContainText('same email');
    await expect(dialog.getByRole('button', { name: 'Open Ivy Existing' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add contact' })).toBeDisabled();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    await dialog.getByLabel('Email').fill(`nora.${unique}@example.com`);
    await expect(dialog.getByRole('button', { name: 'Open Ivy Existing' })).toHaveCount(0);
    await dialog.getByLabel('Phone').fill('+1 555 010 2030');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Added Nora Board')).toBeVisible();

    // The card arrives through the team's change events, in the column it was added from.
    await expect(talking.getByTestId('contact-card').filter({ hasText: 'Nora Board' })).toBeVisible();
    await expect(talking.getByTestId('stage-count')).toHaveText('1 contact');
    await expect(column(page, 'New').getByTestId('stage-count')).toHaveText('1 contact');

    // Found again with Ctrl+K, a letter wrong, and opened with Enter.
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('textbox', { name: /Command palette/ });
    await palette.fill('nora bpard');
    await expect(page.getByRole('button', { name: /^Nora Board/ })).toBeVisible();
    await palette.press('Enter');
    await expect(page).toHaveURL(/\/contact\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nora Board');
    expect(page.url()).not.toContain(ivy.GTID);
  });

  test("the search's last row creates the contact that was not found, from the name typed", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { pipeline } = await setUpTeam(page);
    await page.goto(`/contacts/pipeline/${pipeline.groupUID}`);

    const search = page.getByRole('combobox', { name: 'Search contacts' });
    await search.fill('Ivy Existing');
    await expect(page.getByRole('option', { name: /Ivy Existing/ }).first()).toBeVisible();
    await search.fill('Otto Nowhere');
    await page.getByRole('option', { name: 'Create contact ‘Otto Nowhere’' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Otto Nowhere');
    await expect(dialog.getByRole('combobox', { name: 'Pipeline' })).toHaveValue(pipeline.nickName);
    await expect(dialog.getByRole('combobox', { name: 'Stage' })).toHaveValue('New');
    // A handle typed alone needs its platform.
    await dialog.getByLabel('Profile address or handle').fill('@otto.nowhere');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog.getByText('Choose the platform of this handle')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'TikTok' }).click();
    await expect(dialog.getByText('TikTok · @otto.nowhere')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add contact' }).click();

    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Otto Nowhere');
  });

  test('a name already in GroupTrack may still be a different person; New contact on the Table adds them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { pipeline } = await setUpTeam(page);
    await page.goto(`/contacts/table/${pipeline.groupUID}`);
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(grid.getByRole('row', { name: /^Select Ivy Existing/ })).toBeVisible();

    await page.getByRole('button', { name: 'New contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.getByLabel('Name').fill('ivy existing');
    await expect(dialog.getByText('Someone similar is already in GroupTrack')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Open Ivy Existing' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add as a new person' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(grid.getByRole('row', { name: /^Select ivy existing/i })).toHaveCount(2);
  });
});
