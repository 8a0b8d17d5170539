import { expect, test } from '@playwright/test';
import { APP_ORIGIN, buildUser, callApi, readCurrentTeamUID, signUpThroughApi } from './helpers';
import type { PageWindow } from './helpers';

// The sidebar as the extension shows it beside a social page, without the extension: a stand-in
// Instagram page frames /bex/sidebar and plays the content script's part. It tells the frame who is on
// screen, answers its inserts, and relays its data calls (which a frame makes through the extension,
// having no cookie of its own) to the server with the signed-in test's session.
const HOST_PAGE = 'https://www.instagram.com/ana.lima/';

function buildHostPage(person: Record<string, unknown>): string {
  return `<!doctype html>
<html lang="en"><head><title>Instagram</title></head><body>
<iframe id="gt-sidebar" title="GroupTrack" src="${APP_ORIGIN}/bex/sidebar" style="width:360px;height:1400px;border:0"></iframe>
<script>
  const frame = document.getElementById('gt-sidebar');
  const person = ${JSON.stringify(person)};
  window.gtInserted = [];
  const answer = (message) => frame.contentWindow.postMessage(message, ${JSON.stringify(APP_ORIGIN)});
  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow) return;
    const data = event.data;
    if (data.type === 'gt_api_request') {
      const reply = await window.gtRelay(data.method, data.path, data.body === undefined ? null : data.body);
      answer({ type: 'gt_api_response', id: data.id, status: reply.status, body: reply.body });
    } else if (data.type === 'gt_sidebar_ready') {
      answer({ type: 'gt_person', person, pageKind: 'profile', platform: 'instagram', groupId: null });
    } else if (data.type === 'gt_insert_text') {
      window.gtInserted.push(data.text);
      answer({ type: 'gt_insert_text_result', id: data.id, inserted: true, message: null });
    }
  });
</script>
</body></html>`;
}

test('the sidebar adds the person on screen, changes their stage, takes a note, inserts a message and asks the AI for the next one', async ({
  page,
}) => {
  // A team of its own: the person it adds must not change the demo team other journeys read.
  await signUpThroughApi(page.request, buildUser('Sidebar'));
  const teamUID = await readCurrentTeamUID(page.request);
  const me = await callApi<{ name: string }>(page.request, 'GET', '/api/v1/me');
  const unique = Date.now().toString(36);
  const { pipelines } = await callApi<{
    pipelines: {
      groupUID: string;
      nickName: string;
      isDefault: boolean;
      stages: { stageUID: string; name: string }[];
    }[];
  }>(page.request, 'GET', `/api/v1/teams/${teamUID}/pipelines`);
  const pipeline = pipelines.find((each) => each.isDefault) ?? pipelines[0]!;
  const templateName = `Sidebar welcome ${unique}`;
  await callApi(page.request, 'POST', `/api/v1/teams/${teamUID}/message-templates`, {
    name: templateName,
    text: 'Hi {firstName}, welcome to the group! {senderName}',
  });

  await page.exposeFunction('gtRelay', async (method: string, path: string, body: unknown) => {
    const response = await page.request.fetch(`${APP_ORIGIN}${path}`, {
      method,
      data: body === null ? undefined : body,
      headers: { origin: APP_ORIGIN },
    });
    const text = await response.text();
    return { status: response.status(), body: text === '' ? null : (JSON.parse(text) as unknown) };
  });
  const username = `ana.lima.sidebar.${unique}`;
  await page.route(HOST_PAGE, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: buildHostPage({
        platform: 'instagram',
        profileId: null,
        username,
        name: 'Ana Sidebar',
        firstName: 'Ana',
        lastName: 'Sidebar',
        url: `https://www.instagram.com/${username}/`,
        photoURL: null,
      }),
    }),
  );
  // Chromium asks before a public site's page frames a loopback server, as the e2e server is.
  await page.context().grantPermissions(['local-network-access'], { origin: new URL(HOST_PAGE).origin });
  await page.goto(HOST_PAGE);
  const sidebar = page.frameLocator('#gt-sidebar');

  // Not in GroupTrack yet: added in one click to the team's default pipeline and its first stage.
  await expect(sidebar.getByRole('heading', { name: 'Ana Sidebar' })).toBeVisible();
  await expect(sidebar.getByRole('combobox', { name: 'Pipeline' })).toHaveValue(pipeline.nickName);
  await expect(sidebar.getByRole('combobox', { name: 'Stage', exact: true })).toHaveValue(
    pipeline.stages[0]!.name,
  );
  await sidebar.getByRole('button', { name: 'Add to GroupTrack' }).click();
  const stage = sidebar.getByRole('combobox', { name: `Stage in ${pipeline.nickName}` });
  await expect(stage).toHaveValue(pipeline.stages[0]!.name);
  await expect(sidebar.getByRole('link', { name: 'Open in GroupTrack' })).toHaveAttribute('target', '_blank');

  // A change made elsewhere shows when the frame gets focus again.
  const found = await callApi<{ found: boolean; contact: { GTID: string } }>(
    page.request,
    'POST',
    `/api/v1/teams/${teamUID}/contacts/core-data`,
    { platform: 'instagram', contact: { username } },
  );
  const secondStage = pipeline.stages[1]!;
  await callApi(
    page.request,
    'PUT',
    `/api/v1/teams/${teamUID}/contacts/${found.contact.GTID}/pipelines/${pipeline.groupUID}`,
    {
      stageId: secondStage.stageUID,
    },
  );
  await page.frame({ url: /\/bex\/sidebar/ })!.evaluate('window.dispatchEvent(new Event("focus"))');
  await expect(stage).toHaveValue(secondStage.name);

  await sidebar.getByRole('textbox', { name: 'Note', exact: true }).fill('Met her in the Sunday live.');
  await sidebar.getByRole('button', { name: 'Add note' }).click();
  await expect(sidebar.getByText('Met her in the Sunday live.')).toBeVisible();
  await expect(sidebar.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('');

  // A template, filled in for her, goes to the page's message box.
  await sidebar.getByRole('button', { name: 'Message', exact: true }).click();
  await sidebar.getByRole('combobox', { name: 'Template' }).fill(templateName);
  await sidebar.getByRole('option', { name: templateName }).click();
  await sidebar.getByRole('button', { name: 'Insert' }).click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as PageWindow).gtInserted))
    .toEqual([`Hi Ana, welcome to the group! ${me.name}`]);
  await expect(sidebar.getByText(/Inserted in the message box\./)).toBeVisible();

  // The same template can instead wait in her Instagram queue, to go out at the queue's pace.
  await sidebar.getByRole('button', { name: 'Queue', exact: true }).click();
  const queueing = sidebar.getByRole('dialog', { name: /^Queue a message to / });
  await queueing.getByRole('combobox', { name: 'Template' }).fill(templateName);
  await sidebar.getByRole('option', { name: templateName }).click();
  await queueing.getByRole('button', { name: 'Queue message' }).click();
  await expect(queueing.getByRole('status')).toContainText('Scheduled');
  // Inside the platform's page, Conversations opens in a tab of its own rather than in the sidebar.
  await expect(queueing.getByRole('link', { name: 'Open Conversations' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await queueing.getByRole('button', { name: 'Done' }).click();

  // The AI writes her next message, its answer relayed whole through the extension's part.
  await sidebar.getByRole('button', { name: 'Next best message' }).click();
  await expect(sidebar.getByTestId('ai-answer')).toContainText('Ana');
  await sidebar.getByRole('button', { name: 'Use this text' }).click();
  await expect(sidebar.getByRole('textbox', { name: 'Message text' })).toHaveValue(/^[^\n]*\bAna,\n\n\S/);
});
