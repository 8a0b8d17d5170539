import type { BrowserContext } from '@playwright/test';
import { callApi, signUpWithPipeline } from '../helpers';
import { askExtension, expect, readCaptureFixture, signInExtension, test } from './fixtures';

const POST = 'https://www.facebook.com/groups/demofounders/posts/700000000000002/';

/**
 * What the fixture post does when "Post comment" is clicked, as Facebook does: the comment box's text
 * becomes the viewer's new comment under the post a moment later, and the box empties. Each post is
 * recorded with its text in the site's storage, so the journey sees what was posted and how often.
 */
const POST_SIMULATOR = `<script>
(() => {
  let next = 900000000000001;
  document.addEventListener('click', (event) => {
    if (!event.target.closest('[aria-label="Post comment"]')) return;
    const box = document.querySelector('[contenteditable="true"][aria-label^="Comment as"]');
    const text = (box && box.textContent || '').trim();
    if (text === '') return;
    const posts = JSON.parse(localStorage.getItem('gtPosts') || '[]');
    posts.push(text);
    localStorage.setItem('gtPosts', JSON.stringify(posts));
    const id = next++;
    setTimeout(() => {
      const last = [...document.querySelectorAll('[role="article"][aria-label^="Comment by"]')].at(-1);
      last.insertAdjacentHTML('afterend',
        '<div aria-label="Comment by Dana Reyes Just now" role="article"><a href="/groups/demofounders/user/100000000000099/" role="link">Dana Reyes</a>' +
        '<div dir="auto">' + text + '</div>' +
        '<a href="/groups/demofounders/posts/700000000000002/?comment_id=' + id + '" role="link">1m</a></div>');
      box.innerHTML = '<p><br></p>';
    }, 300);
  }, true);
})();
</script>`;

/** Serves the post of ten comments at its real address, its comment box empty, posting as above. */
async function servePost(context: BrowserContext) {
  await context.route('https://www.facebook.com/**', async (route) => {
    // The server keeps the post's address without its last slash, as Facebook links it.
    const path = (url: string) => new URL(url).pathname.replace(/\/$/, '');
    if (path(route.request().url()) !== path(POST)) {
      return route.fulfill({ status: 404, body: '' });
    }
    const page = readCaptureFixture('facebook/post-ten-comments.en.html')
      // The box empty, as Facebook's editor draws it (the saved page holds a draft of the viewer's,
      // which the extension never types over).
      .replace(
        /<p class="xdj266r x11i5rnm" dir="auto"><span data-lexical-text="true">Sending the info to everyone who asked<\/span><\/p>/,
        '<p><br></p>',
      )
      .replace('</body>', `${POST_SIMULATOR}</body>`);
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page });
  });
}

/** The comments the fixture post recorded as posted, read from the post's tab. */
async function readPosts(context: BrowserContext): Promise<string[]> {
  for (const tab of context.pages()) {
    if (!tab.url().startsWith(POST.replace(/\/$/, ''))) continue;
    const posts = await tab
      .evaluate(
        () =>
          (
            globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
          ).localStorage.getItem('gtPosts') ?? '[]',
      )
      .catch(() => '[]');
    return JSON.parse(posts) as string[];
  }
  return [];
}

test('the Auto Responder set up on its screen answers, through the extension, each of the four commenters who ask for info, once, and nobody else', async ({
  extensionContext,
  extensionPage: page,
  serviceWorker,
}) => {
  test.setTimeout(180_000);
  // A new team starts on a Pro trial, which the Auto Responder needs.
  const { teamUID } = await signUpWithPipeline(page.request, {
    firstName: 'Replier',
    stages: ['Asked'],
    people: [],
  });
  const team = (...path: string[]) => `/api/v1/teams/${teamUID}/${path.join('/')}`;
  await callApi(page.request, 'POST', team('tag-sets'), { name: 'Interest', tags: ['Guide'] });
  await callApi(page.request, 'POST', team('message-templates'), {
    name: 'Comment reply',
    text: 'Sent you a message, {firstName}!',
  });
  await callApi(page.request, 'POST', team('message-templates'), {
    name: 'Guide',
    text: 'Hi {firstName}, here is the guide.',
  });

  // The screen: a group, switched on, and a job on the post.
  await page.goto('/tools/postTracker');
  await page.getByRole('button', { name: 'New group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New group' });
  await groupDialog.getByRole('textbox', { name: 'Name' }).fill('Launch');
  await groupDialog.getByRole('button', { name: 'Save group' }).click();
  await expect(groupDialog).toBeHidden();
  const group = page.getByRole('region', { name: 'Group Launch' });
  // Mantine draws the switch's track over its input: the click lands on the track, as a person's does.
  // The switch shows the server's state, so it turns on once the server answers (the check below waits).
  await group.getByRole('switch', { name: 'Run Launch' }).click({ force: true });
  await expect(group.getByRole('switch', { name: 'Run Launch' })).toBeChecked();

  await page.getByRole('button', { name: 'New auto responder' }).click();
  const editor = page.getByRole('dialog', { name: 'New auto responder' });
  await editor.getByRole('textbox', { name: 'Name' }).fill('Launch post');
  await editor.getByRole('textbox', { name: 'Post address' }).fill(POST);
  await editor.getByRole('textbox', { name: 'Trigger words' }).fill('info, details');
  await editor.getByRole('combobox', { name: 'Reply with' }).click();
  await page.getByRole('option', { name: 'Comment reply' }).click();
  await editor.getByRole('combobox', { name: 'Send a message' }).click();
  await page.getByRole('option', { name: 'Guide' }).click();
  await editor.getByRole('combobox', { name: 'Pipeline' }).click();
  await page.getByRole('option', { name: 'Members' }).click();
  await editor.getByRole('button', { name: 'Save auto responder' }).click();
  await expect(editor).toBeHidden();
  const card = page.getByRole('article', { name: 'Auto responder Launch post' });
  await expect(card).toContainText('info');

  // The extension, signed in, with the Facebook work tab it reuses, and the post at its real address.
  await servePost(extensionContext);
  await signInExtension(page);
  const workTab = await extensionContext.newPage();
  await workTab.goto('about:blank#grouptrack-work-facebook');
  await serviceWorker.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: {
        tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
        storage: { local: { set(values: object): Promise<void> } };
      };
    };
    const tab = (await chrome.tabs.query({})).find((each) => each.url?.endsWith('#grouptrack-work-facebook'));
    await chrome.storage.local.set({ workTabs: { facebook: tab?.id } });
  });

  // The Facebook processor tab visits the post: four replies, one to each person asking for info.
  await page.goto('/queue/facebook');
  await expect.poll(() => readPosts(extensionContext), { timeout: 90_000 }).toHaveLength(4);
  expect((await readPosts(extensionContext)).sort()).toEqual([
    'Sent you a message, Ana!',
    'Sent you a message, Chloé!',
    'Sent you a message, Diego!',
    'Sent you a message, Grace!',
  ]);
  await expect(page.getByRole('region', { name: 'Auto Responder from this tab' })).toContainText(
    'Launch post — Read 10 comments; replied to 4.',
  );
  const [job] = await callApi<{ jobID: string; counts: Record<string, number> }[]>(
    page.request,
    'GET',
    team('auto-responders'),
  );
  expect(job!.counts).toEqual({ seen: 10, matched: 4, replied: 4, messaged: 4, captured: 4 });

  // A second reading of the post, its replies now among the comments, answers nobody. The processor
  // tab's last message may still be going out through the Facebook work tab after the page is left,
  // and until it has, the extension answers "not-sent" (the work tab is busy): ask until it is read.
  await page.goto('/contacts/pipeline');
  let reread = { outcome: '', reason: null as string | null, comments: [] as unknown[] };
  await expect
    .poll(
      async () => {
        reread = await askExtension<typeof reread>(
          page,
          { type: 'read_post', platform: 'facebook', permalinkURL: POST },
          'read_post_result',
        );
        return reread.outcome === 'read' ? 'read' : `${reread.outcome}: ${reread.reason}`;
      },
      { timeout: 60_000 },
    )
    .toBe('read');
  expect(reread.comments).toHaveLength(14);
  const second = await callApi<{ replies: unknown[]; counts: Record<string, number> }>(
    page.request,
    'POST',
    team('auto-responders', job!.jobID, 'comments'),
    { comments: reread.comments },
  );
  expect(second.replies).toEqual([]);
  expect(second.counts).toEqual({ seen: 10, matched: 4, replied: 4, messaged: 4, captured: 4 });
  expect(await readPosts(extensionContext)).toHaveLength(4);
});
