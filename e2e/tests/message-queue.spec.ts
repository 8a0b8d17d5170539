import { expect, test } from '@playwright/test';
import { callApi, findBlockingA11yViolations, signUpWithPipeline } from './helpers';

test.describe('message queue', () => {
  test('queues a template to a Table selection, reviews the one with a gap by keyboard, reorders and cancels, and sets the Instagram queue', async ({
    page,
  }) => {
    test.slow(); // a bulk job, the three lists, the setup form, a contact page and two axe scans
    // A new team starts on a Pro trial, which the queue needs.
    const { teamUID, pipeline } = await signUpWithPipeline(page.request, {
      firstName: 'Queue',
      stages: ['New'],
      people: [],
    });
    const people = [
      { name: 'Ana Queue', phoneNumber: '+351912345678' },
      { name: 'Bruno Queue', phoneNumber: null },
      { name: 'Carla Queue', phoneNumber: '+351913345678' },
    ];
    for (const [index, person] of people.entries()) {
      await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/contacts`, {
        name: person.name,
        phoneNumber: person.phoneNumber,
        sources: [{ platform: 'instagram', username: `queue.person.${index}` }],
        pipeline: { pipelineId: pipeline.groupUID, stageId: pipeline.stages[0]!.stageUID },
      });
    }
    await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/message-templates`, {
      name: 'Call offer',
      text: 'Hi {firstName}, may I call you on {phoneNumber}?',
    });

    // From the Table: all three, the template, Instagram.
    await page.goto('/contacts/table');
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await expect(grid.getByRole('row')).toHaveCount(4);
    await grid.getByRole('checkbox', { name: 'Select all loaded contacts' }).check();
    await page.getByRole('button', { name: 'Queue message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Queue message' });
    await dialog.getByRole('combobox', { name: 'Message template' }).click();
    await page.getByRole('option', { name: 'Call offer' }).click();
    await dialog.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Instagram' }).click();
    await dialog.getByRole('button', { name: 'Queue message' }).click();
    const progress = page.getByRole('status', { name: 'Bulk action progress' });
    await expect(progress).toContainText('Queue message: done, 3 of 3 contacts.');
    await progress.getByRole('link', { name: 'Open Conversations' }).click();

    // Two scheduled, filled in; the one without a phone waits in Review with the reason.
    await expect(page).toHaveURL(/\/messages\/scheduled$/);
    await page.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Instagram' }).click();
    await expect(page).toHaveURL(/\/messages\/scheduled\/instagram$/);
    const scheduled = page.getByRole('list', { name: 'Scheduled messages on Instagram' });
    await expect(scheduled.getByRole('listitem')).toHaveCount(2);
    await expect(scheduled.getByRole('listitem', { name: 'Ana Queue' })).toContainText(
      'Hi Ana, may I call you on +351912345678?',
    );

    await page.getByRole('tab', { name: 'Review' }).click();
    await expect(page).toHaveURL(/\/messages\/review\/instagram$/);
    const review = page.getByRole('list', { name: 'Review messages on Instagram' });
    const bruno = review.getByRole('listitem', { name: 'Bruno Queue' });
    await expect(bruno).toContainText('Needs {phoneNumber}: this person has no value for it.');
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    // By keyboard: E edits the text, A approves it.
    await bruno.focus();
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit the message to Bruno Queue' });
    await edit.getByRole('textbox', { name: 'Message' }).fill('Hi Bruno, may I call you this week?');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(bruno).toBeFocused();
    await page.keyboard.press('a');
    await expect(page.getByText('Approved 1 message.')).toBeVisible();
    await expect(page.getByText('Nothing waits for review.')).toBeVisible();

    // Scheduled: the approved one joined; move the last one up, then cancel the first.
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    const rows = scheduled.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    const before = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
    await rows.nth(2).getByRole('button', { name: 'Move up' }).click();
    await expect
      .poll(() => rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))))
      .toEqual([before[0], before[2], before[1]]);
    await rows.nth(0).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Cancelled 1 message.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(scheduled.getByRole('listitem', { name: before[0]! })).toHaveCount(0);

    // Queue Setup for Instagram: a wrong gap is said at its field, then the settings are saved and the
    // queue says where it stands.
    await page.goto('/setup/queue/instagram');
    await expect(page.getByRole('tab', { name: 'Instagram', selected: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Instagram queue settings' });
    await form.getByRole('textbox', { name: 'Shortest gap: minutes' }).fill('5');
    await form.getByRole('textbox', { name: 'Longest gap: minutes' }).fill('4');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Make the longest gap at least as long as the shortest.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Longest gap: minutes' }).fill('8');
    await expect(form.getByText('Make the longest gap at least as long as the shortest.')).toHaveCount(0);
    await form.getByRole('switch', { name: 'Sunday' }).click();
    await expect(form.getByText('Off: nothing is sent on Sunday.')).toBeVisible();
    await form.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
    await form.getByRole('textbox', { name: 'Most messages a day' }).fill('30');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Saved. The Instagram queue follows these settings now.')).toBeVisible();

    const saved = await callApi<{
      settings: { minGapSeconds: number; maxGapSeconds: number; dailyMax: number; workingHours: unknown[][] };
    }>(page.request, 'GET', `/api/v1/teams/${teamUID}/queue-settings/instagram`);
    expect(saved.settings).toMatchObject({ minGapSeconds: 300, maxGapSeconds: 480, dailyMax: 30 });
    expect(saved.settings.workingHours[0]).toEqual([]);
    const status = await callApi<{ sentence: string }>(
      page.request,
      'GET',
      `/api/v1/teams/${teamUID}/queue/instagram`,
    );
    const now = page.getByRole('region', { name: 'Instagram queue now' });
    await expect(now.getByText(status.sentence)).toBeVisible();
    await expect(now).toContainText('0 of 30 sent today');
    await expect(now.getByRole('link', { name: '2 scheduled' })).toBeVisible();
    expect(await findBlockingA11yViolations(page)).toEqual([]);

    // From a contact page, the server's answer is said plainly: one message a person a day.
    await page.goto('/messages/scheduled/instagram');
    await scheduled
      .getByRole('listitem', { name: before[2]! })
      .getByRole('link', { name: before[2]! })
      .click();
    await page.getByRole('button', { name: 'Queue message' }).click();
    const single = page.getByRole('dialog', { name: `Queue a message to ${before[2]!}` });
    await single.getByText('Write it', { exact: true }).click();
    await single.getByRole('textbox', { name: 'Message' }).fill('Hello {firstName}!');
    await expect(single.getByLabel(`Preview for ${before[2]!}`)).toHaveText(
      `Hello ${before[2]!.split(' ')[0]}!`,
    );
    await single.getByRole('button', { name: 'Queue message' }).click();
    await expect(single.getByRole('status')).toContainText(
      'Not queuedAlready has a message waiting to be sent: queue it with "allow the same day" to send another.',
    );
    await single.getByRole('button', { name: 'Done' }).click();
  });
});
