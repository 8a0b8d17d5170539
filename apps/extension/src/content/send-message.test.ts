// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SELECTOR_PACKS } from '@grouptrack/capture';
import type { SelectorMiss } from '@grouptrack/capture';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_TIMEOUT_MS, sendInConversation } from './send-message';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/capture/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const THREAD = 'https://www.facebook.com/messages/t/100000000000001/';

/**
 * A Facebook conversation as the content script sees it. happy-dom has no editing commands, so the
 * page plays the browser's part: insertText writes into the box, and Send draws the box's text as
 * the viewer's new message, unless the test says the site ignores it.
 */
function openThread({ sendWorks = true }: { sendWorks?: boolean } = {}) {
  const window = new Window({
    url: THREAD,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  const doc = window.document as unknown as Document;
  doc.write(fixture('facebook/conversations.en.html'));
  const typed: string[] = [];
  Object.defineProperty(doc, 'execCommand', {
    configurable: true,
    value: (command: string, _ui?: boolean, value?: string) => {
      const box = doc.querySelector('[contenteditable="true"]');
      if (command === 'insertText' && box && value !== undefined) {
        typed.push(value);
        box.textContent = `${box.textContent ?? ''}${value}`;
      }
      return true;
    },
  });
  const clicks = vi.fn(() => {
    if (!sendWorks) return;
    const box = doc.querySelector('[contenteditable="true"]')!;
    const grid = doc.querySelector('div[role="main"] [role="grid"]')!;
    grid.insertAdjacentHTML(
      'beforeend',
      `<div role="row"><h5>You sent</h5><div data-scope="messages_table" role="gridcell"><div dir="auto">${box.textContent}</div></div></div>`,
    );
    box.textContent = '';
  });
  doc.querySelector('[aria-label="Press enter to send"]')!.addEventListener('click', clicks);
  return { doc, typed, clicks };
}

function deps(doc: Document, url = THREAD) {
  const misses: SelectorMiss[] = [];
  const waits: number[] = [];
  return {
    misses,
    waits,
    deps: {
      pack: DEFAULT_SELECTOR_PACKS.facebook,
      doc,
      currentUrl: () => url,
      reportMisses: (found: SelectorMiss[]) => misses.push(...found),
      wait: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
    },
  };
}

describe('sending a queued message in a conversation', () => {
  it('types the text once, clicks Send after a human pause and answers sent once the thread shows it', async () => {
    const { doc, typed, clicks } = openThread();
    const run = deps(doc);
    const answer = await sendInConversation(
      { text: 'Hi Ana, the replay is up', checkThreadFirst: false },
      run.deps,
    );
    expect(answer).toEqual({ outcome: 'sent', reason: null });
    expect(typed).toEqual(['Hi Ana, the replay is up']);
    expect(clicks).toHaveBeenCalledOnce();
    // The thread's settle, then the pause before Send: 0.5 + 0.5 × 1 s.
    expect(run.waits.slice(0, 2)).toEqual([1000, 1000]);
  });

  it('reports already sent, typing nothing, when the thread ends with the same text of the viewer', async () => {
    const { doc, typed, clicks } = openThread();
    const answer = await sendInConversation(
      { text: 'See you  Thursday', checkThreadFirst: false },
      deps(doc).deps,
    );
    expect(answer).toEqual({ outcome: 'already-sent', reason: null });
    expect(typed).toEqual([]);
    expect(clicks).not.toHaveBeenCalled();
  });

  it('stops on the platform’s block notice before typing', async () => {
    const { doc, typed } = openThread();
    doc.body.insertAdjacentHTML('beforeend', fixture('facebook/conversation-blocked.en.html'));
    const answer = await sendInConversation({ text: 'Hello', checkThreadFirst: false }, deps(doc).deps);
    expect(answer.outcome).toBe('blocked');
    expect(typed).toEqual([]);
  });

  it('says the user is not signed in on the platform’s sign-in page', async () => {
    const { doc } = openThread();
    const run = deps(doc, 'https://www.facebook.com/login/?next=%2Fmessages%2Ft%2F100000000000001');
    expect(await sendInConversation({ text: 'Hello', checkThreadFirst: false }, run.deps)).toEqual({
      outcome: 'not-logged-in',
      reason: 'You are not signed in to Facebook in this browser.',
    });
  });

  it('fails, reporting its selectors, when no message box shows within the time allowed', async () => {
    const { doc } = openThread();
    doc.querySelector('[contenteditable="true"]')!.remove();
    const run = deps(doc);
    const answer = await sendInConversation({ text: 'Hello', checkThreadFirst: false }, run.deps);
    expect(answer).toEqual({
      outcome: 'failed',
      reason: 'Facebook showed no message box in the conversation.',
    });
    expect(run.misses.map((miss) => miss.selectorId)).toContain('conversation.composer.lexicalTextbox');
  });

  it('fails without sending again when the thread never shows the message', async () => {
    const { doc, typed, clicks } = openThread({ sendWorks: false });
    const run = deps(doc);
    const answer = await sendInConversation({ text: 'Hello', checkThreadFirst: false }, run.deps);
    expect(answer.outcome).toBe('failed');
    expect(answer.reason).toContain(`within ${CONFIRM_TIMEOUT_MS / 1000} s`);
    expect(typed).toEqual(['Hello']);
    expect(clicks).toHaveBeenCalledOnce();
  });
});
