import type { BrowserContext } from '@playwright/test';
import { callApi, createOperatorRequest, signUpWithPipeline } from '../helpers';
import { askExtension, expect, readCaptureFixture, signInExtension, test } from './fixtures';

/** A Send the fixture conversation pages saw: where, what the message box held, and when. */
interface SendRecord {
  host: string;
  path: string;
  text: string;
  at: number;
}

const ANA_THREAD = 'https://www.facebook.com/messages/t/100000000000001/';
const INSTAGRAM_THREAD_PATH = '/direct/t/340282366841710300949128/';

/**
 * What the fixture conversation pages do when Send is clicked, as the sites do: the message box's text
 * becomes the viewer's new message in the thread and the box empties. Each Send is recorded with the
 * text and the time in the site's storage, so the journey sees what was typed, in what order and at
 * what pace. (A script of the page's own: a browser context's init scripts and bindings can hold up
 * the first load of a tab the extension opens.)
 */
const SEND_SIMULATOR = `<script>
(() => {
  const sites = {
    'www.facebook.com': {
      send: '[aria-label="Press enter to send"]',
      box: 'div[role="main"] [contenteditable="true"]',
      thread: 'div[role="main"] [role="grid"]',
      row: (text) => '<div role="row"><h5>You sent</h5><div data-scope="messages_table" role="gridcell"><div dir="auto">' + text + '</div></div></div>',
    },
    'www.instagram.com': {
      send: 'div[role="main"] div[role="button"].xjqpnuy',
      box: 'div[role="main"] [contenteditable="true"]',
      thread: 'div[role="main"] [role="grid"]',
      row: (text) => '<div role="row"><h6>You sent</h6><div role="gridcell"><div dir="auto">' + text + '</div></div></div>',
    },
    'www.linkedin.com': {
      send: 'button.msg-form__send-button',
      box: '.msg-form__contenteditable',
      thread: 'ul.msg-s-message-list-content',
      row: (text) => '<li class="msg-s-message-list__event"><div class="msg-s-event-listitem"><p class="msg-s-event-listitem__body">' + text + '</p></div></li>',
    },
  };
  const site = sites[location.hostname];
  // LinkedIn's Send is a form's submit button: the site sends without leaving the page.
  document.addEventListener('submit', (event) => event.preventDefault(), true);
  document.addEventListener('click', (event) => {
    if (!event.target.closest(site.send)) return;
    const box = document.querySelector(site.box);
    const text = (box && box.textContent || '').trim();
    if (text === '') return;
    const sends = JSON.parse(localStorage.getItem('gtSends') || '[]');
    sends.push({ host: location.hostname, path: location.pathname, text, at: Date.now() });
    localStorage.setItem('gtSends', JSON.stringify(sends));
    // The site draws the message a moment later, as a real one would.
    setTimeout(() => {
      document.querySelector(site.thread).insertAdjacentHTML('beforeend', site.row(text));
      box.innerHTML = '<p><br></p>';
    }, 300);
  }, true);
})();
</script>`;

/** Serves saved conversation pages at a site's real addresses, with the Send behaviour above. */
async function serveConversations(context: BrowserContext, site: string, pages: Record<string, string>) {
  await context.route(`https://${site}/**`, async (route) => {
    const fixture = pages[new URL(route.request().url()).pathname];
    if (fixture === undefined) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: readCaptureFixture(fixture).replace('</body>', `${SEND_SIMULATOR}</body>`),
    });
  });
}

/** Every Send the conversation pages recorded, oldest first, read from the sites' pages still open. */
async function readSends(context: BrowserContext): Promise<SendRecord[]> {
  const byHost = new Map<string, SendRecord[]>();
  for (const tab of context.pages()) {
    const host = URL.canParse(tab.url()) ? new URL(tab.url()).hostname : '';
    if (!['www.facebook.com', 'www.instagram.com', 'www.linkedin.com'].includes(host)) continue;
    const records = await tab
      .evaluate(
        () =>
          (
            globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
          ).localStorage.getItem('gtSends') ?? '[]',
      )
      .catch(() => '[]');
    byHost.set(host, JSON.parse(records) as SendRecord[]);
  }
  return [...byHost.values()].flat().sort((a, b) => a.at - b.at);
}

test('the queue processors send queued messages through the extension on Facebook, Instagram and LinkedIn in order, at the set pace, stop at the maximum, wait a bit when asked, and a reply cancels the rest for that person', async ({
  extensionContext,
  extensionPage: page,
  serviceWorker,
  playwright,
}) => {
  test.setTimeout(180_000);
  const { teamUID, pipeline } = await signUpWithPipeline(page.request, {
    firstName: 'Sender',
    stages: ['New'],
    people: [],
  });
  // A Pro team, with Facebook's and Instagram's own Pro plans, which sending there needs.
  const operator = await createOperatorRequest(playwright.request);
  await callApi(operator, 'PATCH', `/api/v1/admin/teams/${teamUID}/subscription`, {
    status: 'active',
    tier: 3,
    facebookPlan: 'pro',
    instagramPlan: 'pro',
  });
  await operator.dispose();

  const team = (...path: string[]) => `/api/v1/teams/${teamUID}/${path.join('/')}`;
  const people = {
    ana: {
      name: 'Ana Lima',
      sources: [{ platform: 'facebook', profileId: '100000000000001', username: 'ana.lima.demo' }],
    },
    emma: { name: 'Emma Rossi', sources: [{ platform: 'facebook', profileId: '100000000000005' }] },
    // Ben's source holds his thread's address (a contact captured from his profile is reached through
    // ig.me/m/ben.costa instead, which a routed browser cannot follow).
    ben: {
      name: 'Ben Costa',
      sources: [
        {
          platform: 'instagram',
          username: 'ben.costa',
          url: `https://www.instagram.com${INSTAGRAM_THREAD_PATH}`,
        },
      ],
    },
    cara: {
      name: 'Cara Nunes',
      sources: [{ platform: 'linkedin', profileId: 'ACoAABcDeFgHiJkLmNoP', username: 'cara-nunes-demo' }],
    },
  };
  const GTID: Record<keyof typeof people, string> = { ana: '', emma: '', ben: '', cara: '' };
  for (const [key, person] of Object.entries(people) as [keyof typeof people, (typeof people)['ana']][]) {
    const contact = await callApi<{ GTID: string }>(page.request, 'POST', team('contacts'), {
      ...person,
      pipeline: { pipelineId: pipeline.groupUID, stageId: pipeline.stages[0]!.stageUID },
    });
    GTID[key] = contact.GTID;
  }

  // Short test gaps, every hour of every day, at most two Facebook messages a day.
  const allDay = Array.from({ length: 7 }, () => [{ start: '00:00', end: '00:00' }]);
  for (const [platform, dailyMax] of [
    ['facebook', 2],
    ['instagram', 5],
    ['linkedin', 5],
  ] as const) {
    await callApi(page.request, 'PUT', team('queue-settings', platform), {
      minGapSeconds: 10,
      maxGapSeconds: 12,
      breakAfterMessages: null,
      breakMinutes: 1,
      workingHours: allDay,
      dailyMax,
      timeZone: 'UTC',
    });
  }
  const queue = (who: keyof typeof people, platform: string, text: string, allowSameDay = false) =>
    callApi<{ id: string; status: string }>(
      page.request,
      'POST',
      team('contacts', GTID[who], 'queue-items'),
      {
        platform,
        text,
        allowSameDay,
      },
    );
  const first = await queue('ana', 'facebook', 'Hi Ana, the replay of Thursday is up.');
  const second = await queue('emma', 'facebook', 'Hi Emma, thanks for joining the group!');
  const third = await queue('ana', 'facebook', 'Ana, one more thing about Thursday.', true);
  const toBen = await queue('ben', 'instagram', 'Hi Ben, glad the retreat post helped.');
  const toCara = await queue('cara', 'linkedin', 'Hi Cara, see you at the summit.');
  for (const item of [first, second, third, toBen, toCara]) expect(item.status).toBe('scheduled');

  // The conversation pages at the platforms' real addresses.
  await serveConversations(extensionContext, 'www.facebook.com', {
    '/messages/t/100000000000001': 'facebook/conversations.en.html',
    '/messages/t/100000000000001/': 'facebook/conversations.en.html',
    '/messages/t/100000000000005': 'facebook/conversations.en.html',
  });
  await serveConversations(extensionContext, 'www.instagram.com', {
    [INSTAGRAM_THREAD_PATH]: 'instagram/direct.en.html',
  });
  await serveConversations(extensionContext, 'www.linkedin.com', {
    '/messaging/compose/': 'linkedin/messaging.en.html',
  });

  await signInExtension(page);
  // The platforms' work tabs are opened here and handed to the extension, which reuses its work tab
  // from one message to the next: Playwright does not always take charge of a tab an extension opens.
  for (const platform of ['facebook', 'instagram', 'linkedin']) {
    const tab = await extensionContext.newPage();
    await tab.goto(`about:blank#grouptrack-work-${platform}`);
  }
  await serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
        storage: { local: { set(values: object): Promise<void> } };
      };
    };
    const workTabs: Record<string, number> = {};
    for (const tab of await chrome.tabs.query({})) {
      const platform = /#grouptrack-work-(\w+)$/.exec(tab.url ?? '')?.[1];
      if (platform && tab.id !== undefined) workTabs[platform] = tab.id;
    }
    await chrome.storage.local.set({ workTabs });
  });
  // The web app asks the extension for the Facebook processor tab, which opens after the SPEC §9 delay.
  await page.goto('/contacts/pipeline');
  const opened = extensionContext.waitForEvent('page');
  await askExtension(
    page,
    { type: 'open_queue_processor', platform: 'facebook' },
    'open_queue_processor_result',
  );
  const facebook = await opened;
  // Each app tab holds its event streams open, and a local server speaks HTTP/1.1 (six connections a
  // host): the journey keeps one app tab open at a time.
  await page.goto('about:blank');
  await expect(facebook).toHaveURL(/\/queue\/facebook$/);
  await facebook.bringToFront();
  await expect(facebook).toHaveTitle(/Queue Processor \(facebook\)/, { timeout: 30_000 });

  // Each message is typed once and sent in its person's conversation, in queue order.
  await expect.poll(async () => (await readSends(extensionContext)).length, { timeout: 60_000 }).toBe(2);
  let sends = await readSends(extensionContext);
  expect(sends.map(({ host, path, text }) => ({ host, path, text }))).toEqual([
    {
      host: 'www.facebook.com',
      path: '/messages/t/100000000000001',
      text: 'Hi Ana, the replay of Thursday is up.',
    },
    {
      host: 'www.facebook.com',
      path: '/messages/t/100000000000005',
      text: 'Hi Emma, thanks for joining the group!',
    },
  ]);
  // At the set pace: at least the 10 s minimum gap between the two.
  expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(10_000);

  // Facebook stops at its maximum of two: the processor says so, and Ana's second message waits.
  await expect(facebook.getByRole('region', { name: 'Today' })).toContainText('Sent today: 2 of 2');
  await expect
    .poll(
      async () =>
        (await callApi<{ waitReason: string | null }>(page.request, 'GET', team('queue', 'facebook')))
          .waitReason,
    )
    .toBe('daily-max');
  const sent = await callApi<{ items: { id: string }[] }>(
    page.request,
    'GET',
    `${team('queue-items')}?status=sent&platform=facebook`,
  );
  expect(sent.items.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());

  // "Wait a bit" holds the extension's automated actions for a minute while the user works by hand.
  await facebook.getByRole('button', { name: 'Wait a bit' }).click();
  await expect(facebook.getByRole('status', { name: 'Queue' })).toHaveText('Waiting a bit while you work.');
  await expect(facebook.getByLabel('Countdown to the next message')).toHaveText(/Next message in 0:[0-5]\d/);
  const holdUntil = await serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { get(key: string): Promise<{ holdUntil?: number }> } } };
    };
    return (await chrome.storage.local.get('holdUntil')).holdUntil ?? 0;
  });
  expect(holdUntil - Date.now()).toBeGreaterThan(30_000);
  await facebook.close();
  // The rest of the journey does not wait the minute out.
  await serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { local: { remove(key: string): Promise<void> } } };
    };
    await chrome.storage.local.remove('holdUntil');
  });

  // Instagram's and LinkedIn's processors send theirs in the person's thread.
  for (const [platform, host, path, text] of [
    ['instagram', 'www.instagram.com', INSTAGRAM_THREAD_PATH, 'Hi Ben, glad the retreat post helped.'],
    ['linkedin', 'www.linkedin.com', '/messaging/compose/', 'Hi Cara, see you at the summit.'],
  ] as const) {
    const processor = await extensionContext.newPage();
    await processor.goto(`/queue/${platform}`);
    await expect
      .poll(async () => (await readSends(extensionContext)).find((send) => send.host === host), {
        timeout: 45_000,
      })
      .toMatchObject({ path, text });
    await expect(processor.getByRole('region', { name: 'Today' })).toContainText('Sent today: 1 of 5');
    await processor.close();
  }
  sends = await readSends(extensionContext);
  expect(sends).toHaveLength(4);

  // Ana replies in the conversation the user has open: her waiting message is cancelled.
  const thread = await extensionContext.newPage();
  await thread.goto(ANA_THREAD);
  await expect(thread.getByText('See you Thursday', { exact: true })).toBeVisible();
  // The extension has read the thread as it opened (its sidebar is mounted in the same step): the
  // reply below is new to it.
  await expect(thread.locator('grouptrack-sidebar')).toBeAttached();
  await thread.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { querySelector(s: string): { insertAdjacentHTML(p: string, h: string): void } };
      }
    ).document;
    doc
      .querySelector('div[role="main"] [role="grid"]')
      .insertAdjacentHTML(
        'beforeend',
        '<div role="row"><h5>Ana Lima</h5><div data-scope="messages_table" role="gridcell"><div dir="auto">Thanks! Watching it tonight.</div></div></div>',
      );
  });
  await expect
    .poll(
      async () =>
        (
          await callApi<{ items: { id: string; reason: string | null }[] }>(
            page.request,
            'GET',
            `${team('queue-items')}?status=cancelled&platform=facebook`,
          )
        ).items.map((item) => item.id),
      { timeout: 20_000 },
    )
    .toEqual([third.id]);
  // Nothing more went out.
  expect(await readSends(extensionContext)).toHaveLength(4);

  // The Daily Goal on Conversations counts the four sends, per platform, against the goal set there.
  await thread.close();
  const conversations = await extensionContext.newPage();
  await conversations.goto('/messages/sent');
  const goal = conversations.getByRole('region', { name: 'Daily Goal' });
  await expect(goal).toContainText('4 sent today');
  await expect(goal).toContainText('Facebook 2 · Instagram 1 · LinkedIn 1');
  await goal.getByRole('textbox', { name: 'Goal (messages a day)' }).fill('10');
  await goal.getByRole('button', { name: 'Save goal' }).click();
  await expect(goal).toContainText('4 of 10 sent today');
});
