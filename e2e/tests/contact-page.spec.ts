import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  DEMO_USER,
  callApi,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signInThroughApi,
} from './helpers';

interface ContactAnswer {
  GTID: string;
  firstName: string | null;
  groupData: Record<string, { stage: string }>;
}

interface PipelinesAnswer {
  pipelines: { groupUID: string; nickName: string; stages: { stageUID: string; name: string }[] }[];
}

/** One of the seeded contacts, read through the same search the views use. */
async function pickContact(request: APIRequestContext, teamUID: string, from: number) {
  const search = await callApi<{ hits: { GTID: string }[] }>(request, 'POST', '/search/v2', {
    teamUID,
    paging: { from, size: 1 },
  });
  const GTID = search.hits[0]?.GTID;
  expect(GTID, 'the demo seed has contacts').toBeTruthy();
  return callApi<ContactAnswer>(request, 'GET', `/api/v1/teams/${teamUID}/contacts/${GTID}`);
}

test.describe('contact page', () => {
  test('edits the email, adds a note, moves the stage and sees it all in the activity', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const contact = await pickContact(page.request, teamUID, 41);
    const { pipelines } = await callApi<PipelinesAnswer>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/pipelines`,
    );
    const pipeline = pipelines.find((each) => contact.groupData[each.groupUID]);
    expect(pipeline, 'the contact is in a pipeline').toBeTruthy();
    if (!pipeline) return;
    const target = pipeline.stages.find(
      (stage) => stage.stageUID !== contact.groupData[pipeline.groupUID]?.stage,
    );
    if (!target) throw new Error('the pipeline has a second stage');

    await page.goto(`/contact/${contact.GTID}`);
    await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    // Email: refused when invalid, saved when valid.
    await page.getByRole('button', { name: 'Edit email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save email' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    const email = `e2e.${Date.now().toString(36)}@example.com`;
    await page.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Save email' }).click();
    await expect(page.getByRole('button', { name: 'Edit email' })).toBeVisible();
    await expect(page.getByRole('main').getByText(email, { exact: true }).first()).toBeVisible();

    // A platform profile: added, then taken off again.
    const profiles = page.getByRole('region', { name: 'Sources' });
    await profiles.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'TikTok', exact: true }).click();
    await profiles.getByRole('textbox', { name: 'Username' }).fill('e2e.mover');
    await profiles.getByRole('textbox', { name: 'Profile address' }).fill('not a link');
    await profiles.getByRole('button', { name: 'Save profile' }).click();
    await expect(profiles.getByText('Enter the profile address starting with https://')).toBeVisible();
    await profiles
      .getByRole('textbox', { name: 'Profile address' })
      .fill('https://www.tiktok.com/@e2e.mover');
    await profiles.getByRole('button', { name: 'Save profile' }).click();
    await expect(profiles.getByText('TikTok · e2e.mover')).toBeVisible();
    await profiles.getByRole('button', { name: 'Remove the TikTok profile' }).click();
    await expect(profiles.getByText('TikTok · e2e.mover')).toHaveCount(0);

    // Note, from the header's quick action.
    await page.getByRole('button', { name: 'Add note' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/contact/${contact.GTID}/notes$`));
    await page.getByRole('textbox', { name: 'New note' }).fill('Asked about the coaching offer.');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Add note' }).click();
    await expect(
      page.getByRole('list', { name: 'Notes' }).getByText('Asked about the coaching offer.'),
    ).toBeVisible();

    // Stage, from the Overview's select.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('combobox', { name: `Stage in ${pipeline.nickName}` }).click();
    await page.getByRole('option', { name: target.name, exact: true }).click();
    await expect(page.getByRole('combobox', { name: `Stage in ${pipeline.nickName}` })).toHaveValue(
      target.name,
    );
    await expect
      .poll(async () => {
        const saved = await callApi<ContactAnswer>(
          page.request,
          'GET',
          `/api/v1/teams/${teamUID}/contacts/${contact.GTID}`,
        );
        return saved.groupData[pipeline.groupUID]?.stage;
      })
      .toBe(target.stageUID);

    // The timeline, newest first.
    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect(activity.getByRole('listitem').first()).toContainText(
      `Moved to stage ${target.name} in ${pipeline.nickName}`,
    );
    await expect(activity.getByText('Note added')).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await expect(activity.getByText('Updated email').first()).toBeVisible();
  });

  test("shows a teammate's change without a reload", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const contact = await pickContact(page.request, teamUID, 57);
    await page.goto(`/contact/${contact.GTID}`);
    await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();

    const firstName = `Live${Date.now().toString(36)}`;
    await callApi(page.request, 'PATCH', `/api/v1/teams/${teamUID}/contacts/${contact.GTID}`, { firstName });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName);
  });

  test('edits and deletes a note, and adds, edits and wins a deal', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const contact = await pickContact(page.request, teamUID, 73);

    await page.goto(`/contact/${contact.GTID}/notes`);
    await page.getByRole('textbox', { name: 'New note' }).fill('First draft');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Add note' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    await expect(notes.getByText('First draft')).toBeVisible();
    await notes.getByRole('button', { name: 'Edit note' }).first().click();
    await notes.getByRole('textbox', { name: 'Edit note' }).fill('Second draft');
    await notes.getByRole('button', { name: 'Save note' }).click();
    await expect(notes.getByText('Second draft')).toBeVisible();
    await notes.getByRole('button', { name: 'Delete note' }).first().click();
    await page
      .getByRole('dialog', { name: 'Delete this note?' })
      .getByRole('button', { name: 'Delete note' })
      .click();
    await expect(page.getByText('Second draft')).toBeHidden();

    await page.getByRole('tab', { name: 'Deals' }).click();
    await page.getByRole('button', { name: 'Add deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a deal' });
    await dialog.getByRole('textbox', { name: 'Deal name' }).fill('Coaching');
    await dialog.getByRole('button', { name: 'Save deal' }).click();
    await expect(dialog.getByText('Enter an amount of 0 or more')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Value' }).fill('1200');
    await dialog.getByRole('button', { name: 'Save deal' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Coaching/ });
    await expect(row).toContainText('open');

    await page.getByRole('button', { name: 'Edit deal Coaching' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit deal Coaching' });
    await edit.getByRole('textbox', { name: 'Deal name' }).fill('Coaching plus');
    await edit.getByRole('button', { name: 'Save deal' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: 'Mark deal Coaching plus won' }).click();
    await expect(page.getByRole('row', { name: /Coaching plus/ })).toContainText('won');
  });

  test('messages the contact from a template, filled in for them, and sees the copy in the activity', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const contact = await pickContact(page.request, teamUID, 89);
    const templateName = `Welcome ${Date.now().toString(36)}`;
    const template = await callApi<{ templateUID: string }>(
      page.request,
      'POST',
      `/api/v1/teams/${teamUID}/message-templates`,
      { name: templateName, text: 'Hi {name}, glad you joined!', category: 'Journeys' },
    );

    await page.goto(`/contact/${contact.GTID}`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Message ${name}` });
    await dialog.getByRole('combobox', { name: 'Template' }).fill(templateName);
    await page.getByRole('option', { name: templateName }).click();
    const text = `Hi ${name}, glad you joined!`;
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy message' }).click();
    await expect(dialog).toBeHidden();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(text);

    await page.getByRole('tab', { name: 'Activity' }).click();
    const latest = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
    await expect(latest).toContainText(`Message copied from template ${templateName}`);
    await expect(latest).toContainText(text);
    await callApi(
      page.request,
      'DELETE',
      `/api/v1/teams/${teamUID}/message-templates/${template.templateUID}`,
    );
  });

  test('says when a contact does not exist, with a way back', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    await page.goto('/contact/no-such-contact-123');
    await expect(page.getByRole('heading', { name: 'Contact not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the pipeline' }).first().click();
    await expect(page).toHaveURL(/\/contacts\/pipeline/);
  });
});
