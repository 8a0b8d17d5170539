import { expect, test } from '@playwright/test';
import { startWebhookReceiver } from '../../apps/server/src/testing/webhook-receiver';
import { boardColumn as column, dragTo } from './board';
import { findBlockingA11yViolations, signUpWithPipeline } from './helpers';

interface PageClipboard {
  navigator: { clipboard: { readText(): Promise<string> } };
}

test.describe('connections', () => {
  test('a webhook added in the app receives a signed stage change; a failing receiver’s delivery retries, is dead-lettered, and Retry delivers it with the same webhook-id', async ({
    page,
    context,
  }) => {
    // The server tries a delivery 3 times, 1 s and 2 s apart (SYNC_RETRY_SCHEDULE in playwright.config.ts).
    const receiver = await startWebhookReceiver();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize({ width: 1280, height: 900 });
      // A team of its own: its board and its connections hold only what this journey made.
      const { pipeline, GTIDs } = await signUpWithPipeline(page.request, {
        firstName: 'Hook',
        stages: ['New', 'Talking'],
        people: ['Ana Hook', 'Ben Hook'],
      });

      await page.goto('/setup/connections');
      await expect(page.getByRole('heading', { name: 'No connections yet' })).toBeVisible();
      await page.getByRole('button', { name: 'Add connection' }).click();
      const editor = page.getByRole('dialog', { name: 'Add a connection' });
      await expect(editor.getByRole('combobox', { name: 'Type' })).toHaveValue('Webhook');
      await editor.getByRole('textbox', { name: 'Name' }).fill('Local receiver');
      await editor.getByRole('textbox', { name: 'Receiver URL' }).fill(receiver.url);
      await editor.getByRole('button', { name: 'Test connection' }).click();
      await expect(editor.getByRole('status')).toContainText('The receiver answered 200.');
      expect(await findBlockingA11yViolations(page)).toEqual([]);
      await editor.getByRole('button', { name: 'Add connection' }).click();

      // The signing secret shows once, copied from its box.
      const shown = page.getByRole('dialog', { name: 'Signing secret of Local receiver' });
      await expect(shown).toContainText('Copy it now: it will not be shown again');
      expect(await findBlockingA11yViolations(page)).toEqual([]);
      await shown.getByRole('button', { name: 'Copy' }).click();
      await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
      const secret = await page.evaluate(() =>
        (globalThis as unknown as PageClipboard).navigator.clipboard.readText(),
      );
      expect(secret).toMatch(/^whsec_/);
      await expect(shown.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(secret);
      receiver.useSecret(secret);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);

      const card = page.getByRole('article', { name: 'Connection Local receiver' });
      await expect(card.getByRole('switch', { name: 'Active' })).toBeChecked();
      await card.getByRole('button', { name: 'Pipelines' }).click();
      const links = page.getByRole('dialog', { name: 'Pipelines of Local receiver' });
      await links.getByRole('combobox', { name: 'Add a pipeline' }).click();
      await page.getByRole('option', { name: 'Members' }).click();
      await links.getByRole('button', { name: 'Sync this pipeline' }).click();
      await expect(links.getByRole('region', { name: 'Pipeline Members' })).toBeVisible();
      await links.getByRole('button', { name: 'Done' }).click();
      await expect(card).toContainText('Pipelines: Members (each change at once)');

      // The board moves cards in a tab of its own, while the delivery log stays open in this one.
      const board = await context.newPage();
      await board.setViewportSize({ width: 1280, height: 900 });
      await board.goto(`/contacts/pipeline/${pipeline.groupUID}`);
      const moveToTalking = async (name: string) => {
        const moving = column(board, 'New').getByTestId('contact-card').filter({ hasText: name });
        await dragTo(board, moving, column(board, 'Talking'));
        await expect(column(board, 'Talking').getByText(name)).toBeVisible();
      };
      const hooksOf = (GTID: string) => receiver.received.filter((hook) => hook.body.GTID === GTID);

      await moveToTalking('Ana Hook');
      await expect.poll(() => hooksOf(GTIDs['Ana Hook']!).length).toBe(1);
      const [first] = hooksOf(GTIDs['Ana Hook']!);
      expect(first!.verified).toBe(true);
      expect(first!.body).toMatchObject({
        event: 'stage',
        action: 'update',
        fullName: 'Ana Hook',
        pipeline: 'Members',
        stage: 'Talking',
      });

      await page.bringToFront();
      await card.getByRole('button', { name: 'Delivery log' }).click();
      const log = page.getByRole('dialog', { name: 'Delivery log of Local receiver' });
      const delivered = log.getByRole('article', { name: 'Delivery for Ana Hook' });
      await expect(delivered).toContainText('Delivered');
      await expect(delivered).toContainText('Stage changed');
      await expect(delivered).toContainText('1 try');

      // The receiver goes down: the next change is tried again, then waits in the dead-letter list.
      receiver.answer(500);
      await moveToTalking('Ben Hook');
      await page.bringToFront();
      const failing = log.getByRole('article', { name: 'Delivery for Ben Hook' });
      await expect(failing).toContainText('Retrying');
      await expect(failing).toContainText(/[12] tr(y|ies)/);
      await expect(failing).toContainText('500');
      await log.getByText('Dead letter', { exact: true }).click();
      const dead = log.getByRole('article', { name: 'Delivery for Ben Hook' });
      await expect(dead).toContainText('Failed');
      await expect(dead).toContainText('3 tries');
      await expect(card).toContainText('1 failed');
      // The open log and the cards behind it, with each kind of badge.
      expect(await findBlockingA11yViolations(page)).toEqual([]);

      // Back up, Retry sends it once more: delivered, with the webhook-id of its first try.
      receiver.answer(200);
      await dead.getByRole('button', { name: 'Retry' }).click();
      await expect(log.getByText('No failed deliveries.')).toBeVisible();
      await log.getByText('All', { exact: true }).click();
      await expect(log.getByRole('article', { name: 'Delivery for Ben Hook' })).toContainText('Delivered');
      const tries = hooksOf(GTIDs['Ben Hook']!);
      expect(tries.map((hook) => hook.answered)).toEqual([500, 500, 500, 200]);
      expect(new Set(tries.map((hook) => hook.id)).size).toBe(1);
      expect(tries.every((hook) => hook.verified && hook.body.event === 'stage')).toBe(true);

      // The contact's page says where they stand with the connection.
      await log.getByRole('link', { name: 'Ben Hook' }).click();
      await expect(page).toHaveURL(new RegExp(`/contact/${GTIDs['Ben Hook']}`));
      await page.getByRole('tab', { name: 'Activity' }).click();
      const state = page
        .getByRole('region', { name: 'Connections' })
        .getByRole('article', { name: 'Sync with Local receiver' });
      await expect(state).toContainText('Synced');
    } finally {
      await receiver.close();
    }
  });
});
