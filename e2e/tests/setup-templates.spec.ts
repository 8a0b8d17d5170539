import { expect, test } from '@playwright/test';
import {
  APP_ORIGIN,
  DEMO_USER,
  buildUser,
  callApi,
  createOperatorRequest,
  findBlockingA11yViolations,
  readCurrentTeamUID,
  signInThroughApi,
  signUpThroughApi,
} from './helpers';

interface ContactAnswer {
  GTID: string;
  firstName: string | null;
  lastName: string | null;
}

interface PageClipboard {
  navigator: { clipboard: { readText(): Promise<string> } };
}

test.describe('template setup', () => {
  test('adds, edits and deletes a task template', async ({ page }) => {
    await signInThroughApi(page.request, DEMO_USER);
    const unique = Date.now().toString(36);
    const name = `Send welcome pack ${unique}`;
    const edited = `Call to welcome ${unique}`;
    await page.goto('/setup/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Task templates' })).toBeVisible();

    await page.getByRole('button', { name: 'New task template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task template' });
    await dialog.getByRole('textbox', { name: 'Task name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Category' }).fill(`Onboarding ${unique}`);
    await dialog.getByRole('combobox', { name: 'Type' }).fill('Welcome');
    await dialog.getByRole('textbox', { name: 'Due after (days)' }).fill('2');
    await dialog.getByLabel('Time', { exact: true }).fill('10:00');
    await expect(dialog.getByText('A task made from this template is due in 2 days at 10:00.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'SMS' })).toBeDisabled();
    await expect(
      dialog.getByText('SMS reminders need an SMS provider; ask your administrator to set one up.'),
    ).toBeVisible();
    await dialog.getByRole('radio', { name: 'Email' }).check();
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: `Task template ${name}` });
    await expect(card).toContainText('Due in 2 days at 10:00');
    await expect(card).toContainText('Whoever creates the task');
    await expect(card).toContainText('Email reminder');
    await expect(page.getByRole('region', { name: `Onboarding ${unique}` })).toContainText(name);

    await page.getByRole('button', { name: `Edit task template ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: `Edit task template ${name}` });
    await editDialog.getByRole('textbox', { name: 'Task name' }).fill(edited);
    await editDialog.getByRole('textbox', { name: 'Due after (days)' }).fill('0');
    await editDialog.getByLabel('Time', { exact: true }).fill('');
    await editDialog.getByRole('combobox', { name: 'Assign to' }).click();
    await page.getByRole('option', { name: 'Demo Lead' }).click();
    await editDialog.getByRole('button', { name: 'Save template' }).click();
    await expect(editDialog).toBeHidden();
    const editedCard = page.getByRole('article', { name: `Task template ${edited}` });
    await expect(editedCard).toContainText('Due today at 8:00');
    await expect(editedCard).toContainText('Demo Lead');
    await page.reload();
    await expect(editedCard).toContainText('Due today at 8:00');

    await page.getByRole('button', { name: `Delete task template ${edited}` }).click();
    await page
      .getByRole('dialog', { name: `Delete task template ${edited}?` })
      .getByRole('button', { name: 'Delete template' })
      .click();
    await expect(editedCard).toBeHidden();
  });

  test('flags unknown fields, previews for a contact, copies, edits and deletes a message template', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughApi(page.request, DEMO_USER);
    const teamUID = await readCurrentTeamUID(page.request);
    const search = await callApi<{ hits: { GTID: string }[] }>(page.request, 'POST', '/search/v2', {
      teamUID,
      paging: { from: 137, size: 1 },
    });
    const contact = await callApi<ContactAnswer>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/contacts/${search.hits[0]?.GTID ?? 'none'}`,
    );
    const firstName = contact.firstName ?? '';
    expect(firstName, 'the demo contact has a first name').not.toBe('');
    const unique = Date.now().toString(36);
    const name = `Welcome ${unique}`;
    const edited = `Warm welcome ${unique}`;

    await page.goto('/setup/messaging');
    await expect(page.getByRole('heading', { level: 1, name: 'Message templates' })).toBeVisible();
    await page.getByRole('button', { name: 'New message template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Category' }).fill(`Onboarding ${unique}`);
    const message = dialog.getByRole('textbox', { name: 'Message' });
    await message.fill('Hi {frstName}, welcome!');
    await expect(
      dialog.getByText('{frstName} is not a field. Use one of the fields above, or fix its spelling.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('{frstName} is not a field. Use one of the fields above, or fix its spelling.'),
    ).toBeVisible();

    await message.fill('Hi ');
    await dialog.getByRole('button', { name: 'Insert {firstName}' }).click();
    await expect(message).toHaveValue('Hi {firstName}');
    await expect(dialog.getByText('is not a field')).toBeHidden();

    // The whole name: another contact may carry the first name in theirs ("Lily Noah").
    const fullName = `${firstName} ${contact.lastName ?? ''}`.trim();
    await dialog.getByRole('combobox', { name: 'Preview with contact' }).fill(fullName);
    await page.getByRole('option').filter({ hasText: fullName }).first().click();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview).toHaveText(`Hi ${firstName}`);
    expect(await findBlockingA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy preview' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(
      await page.evaluate(() => (globalThis as unknown as PageClipboard).navigator.clipboard.readText()),
    ).toBe(`Hi ${firstName}`);
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: `Message template ${name}` });
    await expect(card.getByRole('region', { name: `Preview of ${name}` })).toHaveText(`Hi ${firstName}`);
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Edit message template ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: `Edit message template ${name}` });
    await editDialog.getByRole('textbox', { name: 'Name' }).fill(edited);
    await editDialog.getByRole('textbox', { name: 'Message' }).fill('Hello {firstName}!');
    await editDialog.getByRole('button', { name: 'Save template' }).click();
    await expect(editDialog).toBeHidden();
    const editedCard = page.getByRole('article', { name: `Message template ${edited}` });
    await expect(editedCard.getByRole('region', { name: `Preview of ${edited}` })).toHaveText(
      `Hello ${firstName}!`,
    );
    await page.getByRole('textbox', { name: 'Search templates' }).fill(`warm ${unique}`);
    await expect(page.getByRole('article')).toHaveCount(1);

    await page.getByRole('button', { name: `Delete message template ${edited}` }).click();
    await page
      .getByRole('dialog', { name: `Delete message template ${edited}?` })
      .getByRole('button', { name: 'Delete template' })
      .click();
    await expect(editedCard).toBeHidden();
  });

  test('shows templates read-only to a member, who can still copy a message', async ({
    page,
    context,
    playwright,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const operator = await createOperatorRequest(playwright.request);
    const teamUID = await readCurrentTeamUID(operator);
    const unique = Date.now().toString(36);
    const messageName = `Check in ${unique}`;
    const taskName = `Follow up ${unique}`;
    const message = await callApi<{ templateUID: string }>(
      operator,
      'POST',
      `/api/v1/teams/${teamUID}/message-templates`,
      { name: messageName, text: 'Checking in on {pipeline}, {firstName}?' },
    );
    const task = await callApi<{ templateUID: string }>(
      operator,
      'POST',
      `/api/v1/teams/${teamUID}/task-templates`,
      {
        name: taskName,
        dueInDays: 3,
        reminder: 'in-app',
      },
    );
    const invitation = await callApi<{ inviteCode: string }>(
      operator,
      'POST',
      `/api/v1/teams/${teamUID}/invitations`,
      { role: 'member' },
    );
    await signUpThroughApi(page.request, buildUser('Tess'));
    await callApi(page.request, 'POST', `/api/v1/invitations/${invitation.inviteCode}/accept`);
    await callApi(page.request, 'POST', '/api/v1/me/current-team', { teamUID });

    await page.goto('/setup/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Task templates' })).toBeVisible();
    await expect(page.getByText('View only')).toBeVisible();
    await expect(page.getByRole('article', { name: `Task template ${taskName}` })).toContainText(
      'Due in 3 days at 8:00',
    );
    await expect(
      page.getByRole('button', { name: /^(New task template|Edit task template|Delete task template)/ }),
    ).toHaveCount(0);

    await page.goto('/setup/messaging');
    await expect(page.getByText('View only')).toBeVisible();
    await expect(
      page.getByRole('button', {
        name: /^(New message template|Edit message template|Delete message template)/,
      }),
    ).toHaveCount(0);
    const card = page.getByRole('article', { name: `Message template ${messageName}` });
    await expect(card.getByRole('region', { name: `Preview of ${messageName}` })).toHaveText(
      /^Checking in on .+, .+\?$/,
    );
    await card.getByRole('button', { name: `Copy ${messageName}` }).click();
    await expect(card.getByRole('status')).toHaveText('Copied');
    expect(
      await page.evaluate(() => (globalThis as unknown as PageClipboard).navigator.clipboard.readText()),
    ).toMatch(/^Checking in on .+, .+\?$/);

    // A change made by an owner shows without a reload.
    for (const path of [`message-templates/${message.templateUID}`, `task-templates/${task.templateUID}`]) {
      const deleted = await operator.delete(`/api/v1/teams/${teamUID}/${path}`, {
        headers: { origin: APP_ORIGIN },
      });
      expect(deleted.status()).toBe(204);
    }
    await expect(card).toBeHidden();
    await operator.dispose();
  });
});
