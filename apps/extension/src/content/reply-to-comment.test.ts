// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SELECTOR_PACKS } from '@grouptrack/capture';
import type { SelectorMiss } from '@grouptrack/capture';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { REPLY_CONFIRM_TIMEOUT_MS, replyToComment } from './reply-to-comment';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/capture/fixtures');
const POST = 'https://www.facebook.com/groups/demofounders/posts/700000000000002/';
const ANA = '800000000000011';
const REPLY = 'Sent you a message, Ana!';

/**
 * The group post of ten comments as the content script sees it. happy-dom has no editing commands,
 * so the page plays the browser's part: insertText writes into the comment box, and Post comment
 * draws the box's text as the viewer's reply to Ana, unless the test says the site ignores it.
 */
function openPost({ draft = '', postWorks = true }: { draft?: string; postWorks?: boolean } = {}) {
  const window = new Window({
    url: POST,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  const doc = window.document as unknown as Document;
  doc.write(readFileSync(path.join(FIXTURES, 'facebook/post-ten-comments.en.html'), 'utf8'));
  const box = doc.querySelector<HTMLElement>('[aria-label="Comment as Dana Reyes"]')!;
  box.textContent = draft;
  const typed: string[] = [];
  Object.defineProperty(doc, 'execCommand', {
    configurable: true,
    value: (command: string, _ui?: boolean, value?: string) => {
      if (command === 'insertText' && value !== undefined) {
        typed.push(value);
        box.textContent = `${box.textContent ?? ''}${value}`;
      }
      return true;
    },
  });
  const submits = vi.fn(() => {
    if (!postWorks) return;
    const ana = doc.querySelector('[aria-label^="Comment by Ana Lima"]')!;
    ana.insertAdjacentHTML(
      'beforeend',
      `<div aria-label="Reply by Dana Reyes to Ana Lima's comment Just now" role="article">
        <a href="/groups/demofounders/user/100000000000099/" role="link">Dana Reyes</a>
        <div dir="auto">${box.textContent}</div>
        <a href="/groups/demofounders/posts/700000000000002/?comment_id=${ANA}&amp;reply_comment_id=800000000000099" role="link">1m</a>
      </div>`,
    );
    box.textContent = '';
  });
  doc.querySelector('[aria-label="Post comment"]')!.addEventListener('click', submits);
  return { doc, typed, submits };
}

function depsOf(doc: Document) {
  const misses: SelectorMiss[] = [];
  let clock = 0;
  return {
    misses,
    elapsed: () => clock,
    deps: {
      pack: DEFAULT_SELECTOR_PACKS.facebook,
      doc,
      currentUrl: () => POST,
      reportMisses: (found: SelectorMiss[]) => misses.push(...found),
      wait: (ms: number) => {
        clock += ms;
        return Promise.resolve();
      },
      random: () => 0.5,
    },
  };
}

describe('replying to a comment', () => {
  it('types the reply once, posts it after a pause, and answers posted once the post shows it', async () => {
    const { doc, typed, submits } = openPost();
    const { deps } = depsOf(doc);
    expect(await replyToComment({ commentId: ANA, text: REPLY }, deps)).toEqual({
      outcome: 'posted',
      reason: null,
    });
    expect(typed).toEqual([REPLY]);
    expect(submits).toHaveBeenCalledTimes(1);
  });

  it('answers already posted, typing nothing, when the post shows the reply', async () => {
    const { doc, typed } = openPost();
    await replyToComment({ commentId: ANA, text: REPLY }, depsOf(doc).deps);
    expect(await replyToComment({ commentId: ANA, text: REPLY }, depsOf(doc).deps)).toEqual({
      outcome: 'already-posted',
      reason: null,
    });
    expect(typed).toEqual([REPLY]);
  });

  it('never types over a draft of the user', async () => {
    const { doc, typed, submits } = openPost({ draft: 'Sending the info to everyone who asked' });
    const answer = await replyToComment({ commentId: ANA, text: REPLY }, depsOf(doc).deps);
    expect(answer).toEqual({
      outcome: 'failed',
      reason: 'The Facebook comment box holds a draft of yours: the reply was not typed over it.',
    });
    expect(typed).toEqual([]);
    expect(submits).not.toHaveBeenCalled();
  });

  it('fails, without typing, for a comment no longer on the post', async () => {
    const { doc, typed } = openPost();
    const answer = await replyToComment({ commentId: '899999999999999', text: REPLY }, depsOf(doc).deps);
    expect(answer).toEqual({ outcome: 'failed', reason: 'The comment is no longer on the Facebook post.' });
    expect(typed).toEqual([]);
  });

  it('posts once and says so when the post never shows the reply', async () => {
    const { doc, submits } = openPost({ postWorks: false });
    const { deps, elapsed } = depsOf(doc);
    const answer = await replyToComment({ commentId: ANA, text: REPLY }, deps);
    expect(answer.outcome).toBe('failed');
    expect(answer.reason).toContain('it is not posted again');
    expect(submits).toHaveBeenCalledTimes(1);
    expect(elapsed()).toBeGreaterThanOrEqual(REPLY_CONFIRM_TIMEOUT_MS);
  });
});
