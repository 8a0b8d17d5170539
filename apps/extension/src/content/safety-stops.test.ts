import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_SELECTOR_PACKS } from '@grouptrack/capture';
import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationStopAnswer } from '../shared/worker-messages';
import { createSafetyStops } from './safety-stops';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/capture/fixtures');
const THREAD = 'https://www.facebook.com/messages/t/100000000000001/';

function openThread() {
  const window = new Window({
    url: THREAD,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  const doc = window.document as unknown as Document;
  doc.write(readFileSync(path.join(FIXTURES, 'facebook/conversations.en.html'), 'utf8'));
  const add = (sender: string, text: string) =>
    doc
      .querySelector('div[role="main"] [role="grid"]')!
      .insertAdjacentHTML(
        'beforeend',
        `<div role="row"><h5>${sender}</h5><div data-scope="messages_table" role="gridcell"><div dir="auto">${text}</div></div></div>`,
      );
  return { doc, add };
}

function watch(doc: Document, answer: ConversationStopAnswer = { stopped: true, cancelled: 1 }) {
  const ask = vi.fn(() => Promise.resolve(answer));
  const stops = createSafetyStops({ pack: DEFAULT_SELECTOR_PACKS.facebook, doc, ask });
  stops.check(THREAD);
  return { ask, stops };
}

const ANA = [
  'https://www.facebook.com/profile.php?id=100000000000001',
  'https://www.facebook.com/ana.lima.demo',
];

describe('the safety stops of a conversation', () => {
  it('tells nothing of the messages already there when the conversation opens', () => {
    const { doc } = openThread();
    const { ask, stops } = watch(doc);
    stops.check(THREAD);
    expect(ask).not.toHaveBeenCalled();
  });

  it('tells a reply of the person once, with their profile addresses', async () => {
    const { doc, add } = openThread();
    const { ask, stops } = watch(doc);
    add('Ana Lima', 'Thanks, see you there!');
    stops.check(THREAD);
    add('Ana Lima', 'One more thing');
    stops.check(THREAD);
    await Promise.resolve();
    expect(ask).toHaveBeenCalledOnce();
    expect(ask).toHaveBeenCalledWith({
      kind: 'conversation_stop',
      platform: 'facebook',
      profileUrls: ANA,
      reason: 'replied',
      texts: [],
    });
  });

  it('tells a message of the user’s with its text, for the worker to tell from the queue’s', () => {
    const { doc, add } = openThread();
    const { ask, stops } = watch(doc);
    add('You sent', 'Typed by hand');
    stops.check(THREAD);
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'wrote-by-hand', texts: ['Typed by hand'] }),
    );
  });

  it('tells the user’s next message again when the last one was the queue’s', async () => {
    const { doc, add } = openThread();
    const { ask, stops } = watch(doc, { stopped: false, message: null });
    add('You sent', 'Sent by the queue');
    stops.check(THREAD);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledOnce());
    await Promise.resolve();
    add('You sent', 'Typed by hand');
    stops.check(THREAD);
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
