import { expect, test } from '@playwright/test';
import { APP_ORIGIN, buildUser, callApi, findBlockingA11yViolations, readCurrentTeamUID } from './helpers';

// AI writing with the offline writer (the e2e server has no AI service): the team's context, a
// writing style read from pasted messages, a message template generated from a goal, and the next
// best message for a contact in their Message dialog, with no template picked and with one.
test('AI writing: save the team context, read a writing style, generate a template, write to a contact', async ({
  page,
}) => {
  test.slow(); // four screens, a reload, two axe scans and five answers of the writer
  // A team of its own, so its usage count and templates are this journey's alone.
  const headers = { origin: APP_ORIGIN };
  const user = { ...buildUser('Aiden'), teamName: 'Runners Club' };
  expect((await page.request.post('/api/auth/sign-up/email', { data: user, headers })).ok()).toBe(true);
  const terms = { termsVersion: '1.0.1' };
  expect((await page.request.post('/api/v1/me/accept-terms', { data: terms, headers })).ok()).toBe(true);
  await page.goto('/setup/ai');
  await expect(page.getByRole('heading', { level: 1, name: 'AI setup' })).toBeVisible();

  await page
    .getByRole('textbox', { name: 'What the community is' })
    .fill('Runners Club, for first marathons');
  await page.getByRole('textbox', { name: 'What you offer' }).fill('a 12-week coaching plan');
  await page.getByRole('textbox', { name: 'Who the audience is' }).fill('new runners');
  await page.getByRole('combobox', { name: 'Words to avoid' }).fill('cheap');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Signature' }).fill('Coach Aiden');
  await page.getByRole('button', { name: 'Save AI context' }).click();
  await expect(page.getByText('AI context saved.')).toBeVisible();

  await page
    .getByRole('textbox', { name: 'Messages you wrote' })
    .fill('Hey Sam! Great run today 🏃\nCheers\n---\nHey Jo, how did the 10k go?\nCheers');
  await page.getByRole('button', { name: 'Analyze pasted messages' }).click();
  const profile = page.getByRole('textbox', { name: 'Style profile' });
  await expect(profile).toHaveValue(/Greeting: opens with "Hey"/);
  await expect(page.getByText(/^1 of [\d,]+ AI requests used$/)).toBeVisible();

  // What was saved is there after a reload (scanned then: the toasts' close buttons have no name yet).
  await page.reload();
  // The whole app boots again: on a busy machine that alone can take most of the usual wait.
  await expect(page.getByRole('heading', { level: 1, name: 'AI setup' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'What you offer' })).toHaveValue('a 12-week coaching plan');
  await expect(profile).toHaveValue(/Sign-off: "Cheers"/);
  expect(await findBlockingA11yViolations(page)).toEqual([]);

  await page.goto('/setup/messaging');
  await page.getByRole('button', { name: 'New message template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message template' });
  await dialog.getByRole('button', { name: 'Generate with AI' }).click();
  await dialog.getByRole('textbox', { name: 'Goal of the template' }).fill('welcome new members');
  await dialog.getByRole('button', { name: 'Write a prompt' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Prompt' })).toHaveValue(/welcome new members/);
  await dialog.getByRole('button', { name: 'Generate template' }).click();
  await expect(dialog.getByTestId('ai-answer')).toContainText('Hey {firstName|there},');
  await expect(dialog.getByText('Draft', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this text' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(
    /^Hey \{firstName\|there\},[\s\S]*Coach Aiden$/,
  );
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Welcome from AI');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Message template Welcome from AI' })).toContainText(
    'a 12-week coaching plan',
  );

  // The next best message for a contact, in their Message dialog, in the style read above.
  const teamUID = await readCurrentTeamUID(page.request);
  const { pipelines } = await callApi<{ pipelines: { groupUID: string }[] }>(
    page.request,
    'GET',
    `/api/v1/teams/${teamUID}/pipelines`,
  );
  const ada = await callApi<{ GTID: string }>(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    name: 'Ada Lovelace',
    pipeline: { pipelineId: pipelines[0]!.groupUID },
  });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/contact/${ada.GTID}`);
  const message = page.getByRole('dialog', { name: 'Message Ada Lovelace' });

  // With no template picked, the AI writes the whole message, and its copy is logged in her activity.
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await message.getByRole('button', { name: 'Next best message' }).click();
  await expect(message.getByTestId('ai-answer')).toContainText('Hey Ada,');
  await message.getByRole('button', { name: 'Use this text' }).click();
  const written = await message.getByRole('textbox', { name: 'Message' }).inputValue();
  expect(written).toMatch(/^Hey Ada,\n\n[\s\S]*Coach Aiden$/);
  await message.getByRole('button', { name: 'Copy message' }).click();
  await expect(message).toBeHidden();
  await page.getByRole('tab', { name: 'Activity' }).click();
  const latest = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
  await expect(latest).toContainText('Message copied');
  await expect(latest).not.toContainText('from template');
  await expect(latest).toContainText('Coach Aiden');

  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await message.getByRole('combobox', { name: 'Template' }).fill('Welcome from AI');
  await page.getByRole('option', { name: 'Welcome from AI' }).click();
  await message.getByRole('button', { name: 'Next best message' }).click();
  await expect(message.getByTestId('ai-answer')).toContainText('Hey Ada,');
  await expect(message.getByTestId('ai-answer')).toContainText('Coach Aiden');
  expect(await findBlockingA11yViolations(page)).toEqual([]);
  await message.getByRole('button', { name: 'Use this text' }).click();
  await expect(message.getByRole('textbox', { name: 'Message' })).toHaveValue(
    /^Hey Ada,\n\n[\s\S]*Runners Club/,
  );
  await expect(message.getByRole('button', { name: 'Copy message' })).toBeEnabled();
});
