import { expect, test } from '@playwright/test';
import { callApi, findBlockingA11yViolations, signUpWithPipeline } from './helpers';

test.describe('workflows', () => {
  test('a workflow "added to the pipeline → tag, task and welcome message" runs for a person captured, and its run shows each step', async ({
    page,
  }) => {
    test.slow(); // an editor of three steps, the engine's run and two pages that follow it
    // A new team starts on a Pro trial, which automations need.
    const { teamUID, pipeline } = await signUpWithPipeline(page.request, {
      firstName: 'Flow',
      stages: ['New', 'Talking'],
      people: [],
    });
    const team = `/api/v1/teams/${teamUID}`;
    await callApi(page.request, 'POST', `${team}/tag-sets`, { name: 'Journey', tags: ['Welcomed'] });
    await callApi(page.request, 'POST', `${team}/task-templates`, { name: 'Call them', dueInDays: 1 });
    await callApi(page.request, 'POST', `${team}/message-templates`, {
      name: 'Welcome note',
      text: 'Hi {firstName}, welcome to {pipeline}!',
    });

    await page.goto('/setup/workflows');
    await expect(page.getByRole('heading', { name: 'No workflows yet' })).toBeVisible();
    await page.getByRole('button', { name: 'New workflow' }).click();
    const editor = page.getByRole('dialog', { name: 'New workflow' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('Welcome');
    await editor.getByRole('switch', { name: /Running/ }).check();
    // The trigger starts as "Someone is added to" the team's pipeline, and step 1 adds its first tag.
    await expect(editor.getByRole('combobox', { name: 'Trigger' })).toHaveValue(
      'Someone is added to a pipeline',
    );
    await expect(editor.getByRole('combobox', { name: 'Pipeline' })).toHaveValue('Members');
    await expect(editor.getByRole('group', { name: 'Step 1' })).toContainText('Welcomed');

    // A wait last is refused in words, before anything is sent.
    await editor.getByRole('button', { name: 'Add a step' }).click();
    const second = editor.getByRole('group', { name: 'Step 2' });
    await second.getByRole('combobox', { name: 'Step' }).click();
    await page.getByRole('option', { name: 'Wait' }).click();
    await editor.getByRole('button', { name: 'Save workflow' }).click();
    await expect(editor.getByRole('alert')).toContainText('Step 2: A workflow cannot end with a wait');

    await second.getByRole('combobox', { name: 'Step' }).click();
    await page.getByRole('option', { name: 'Create a task from a template' }).click();
    await expect(second.getByRole('combobox', { name: 'Task template' })).toHaveValue('Call them');
    await editor.getByRole('button', { name: 'Add a step' }).click();
    const third = editor.getByRole('group', { name: 'Step 3' });
    await third.getByRole('combobox', { name: 'Step' }).click();
    await page.getByRole('option', { name: 'Queue a message from a template' }).click();
    await expect(third.getByRole('combobox', { name: 'Message template' })).toHaveValue('Welcome note');
    await editor.getByRole('button', { name: 'Save workflow' }).click();
    await expect(editor).toBeHidden();

    const card = page.getByRole('article', { name: 'Workflow Welcome' });
    await expect(card).toContainText('When someone is added to "Members":');
    await expect(card.getByRole('listitem')).toHaveText([
      'Add the tag "Welcomed"',
      'Create the task "Call them"',
      'Queue the message "Welcome note" on Facebook',
    ]);
    await expect(card.getByRole('switch', { name: 'Run Welcome' })).toBeChecked();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    // Someone is captured, as the extension would: the workflow runs for them.
    const { GTID } = await callApi<{ GTID: string }>(page.request, 'POST', `${team}/contacts`, {
      name: 'Ana Flow',
      firstName: 'Ana',
      sources: [{ platform: 'facebook', username: 'ana.flow' }],
      pipeline: { pipelineId: pipeline.groupUID },
    });
    await card.getByRole('button', { name: 'Runs' }).click();
    const runs = page.getByRole('dialog', { name: 'Runs of Welcome' });
    const run = runs.getByRole('article', { name: 'Run of Welcome for Ana Flow' });
    await expect(run).toContainText('Done', { timeout: 15_000 });
    await expect(run.getByRole('listitem')).toHaveText([
      'Add the tag "Welcomed"',
      'Create the task "Call them"',
      'Queue the message "Welcome note" on Facebook',
    ]);
    await run.getByRole('link', { name: 'Ana Flow' }).click();

    // The contact shows the tag, the task, the message in Conversations, and the run in its activity.
    await expect(page).toHaveURL(new RegExp(`/contact/${GTID}`));
    await expect(page.getByText('Welcomed').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(page.getByText('Call them')).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    const onContact = page.getByRole('region', { name: 'Workflows' });
    await expect(onContact.getByRole('article', { name: 'Run of Welcome for Ana Flow' })).toContainText(
      'Done',
    );
    await page.goto('/messages/scheduled');
    await expect(page.getByRole('listitem', { name: 'Ana Flow' })).toContainText(
      'Hi Ana, welcome to Members!',
    );
  });
});
