import { findConversationControl, readConversation } from '@grouptrack/capture';
import type { ConversationReading, SelectorMiss, SelectorPack } from '@grouptrack/capture';
import { PLATFORM_NAMES } from '@grouptrack/domain';
import type { SendInConversationAnswer } from '../shared/worker-messages';
import { asClickable, typeInto } from './composer';
import { isAlreadySent, isNewlySent } from './thread-rules';

/** How long the message box may take to show once the conversation's page loaded. */
export const COMPOSER_TIMEOUT_MS = 20_000;
/** How long the thread may take to show the message after Send (research §4: "over 8 s more than once"). */
export const CONFIRM_TIMEOUT_MS = 25_000;
/** How long the thread is given to draw its messages once the box shows, before it is looked through. */
export const THREAD_SETTLE_MS = 1000;
/** The pause between the text going in and the click on Send: 0.5 to 1.5 s, as a person's. */
export const SEND_JITTER_MS = { min: 500, max: 1500 } as const;
const POLL_MS = 250;

/** What a work tab's action on the page needs: the page, its pack, and (for tests) time and chance. */
export interface SendDeps {
  pack: SelectorPack;
  doc: Document;
  /** The page's address now: the site may move to its sign-in page while the script waits. */
  currentUrl: () => string;
  reportMisses: (misses: SelectorMiss[]) => void;
  wait?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Sends one queued message in the conversation open on this page, at most once: waits for the
 * message box (dismissing a dialog that covers it), stops on the sign-in page and the platform's
 * block notice, looks in the thread for the text first (a duplicate is reported already sent),
 * types the text once, clicks Send after a short human pause, and answers sent only once the
 * thread shows the message. Never types twice, never presses Enter (an untrusted key).
 */
export async function sendInConversation(
  { text, checkThreadFirst }: { text: string; checkThreadFirst: boolean },
  deps: SendDeps,
): Promise<SendInConversationAnswer> {
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms)));
  const random = deps.random ?? Math.random;
  const name = PLATFORM_NAMES[deps.pack.platform];
  const read = () => readConversation(deps.doc, deps.currentUrl(), deps.pack);
  const find = (control: 'composer' | 'send' | 'dismiss') =>
    findConversationControl(deps.doc, deps.currentUrl(), deps.pack, control);

  let composer: HTMLElement | null = null;
  for (let waited = 0; composer === null; waited += POLL_MS) {
    const reading = read();
    const stop = stopReason(reading, name);
    if (stop) return stop;
    asClickable(find('dismiss').control)?.click();
    const found = find('composer');
    composer = asClickable(found.control);
    if (composer !== null) break;
    if (waited >= COMPOSER_TIMEOUT_MS) {
      deps.reportMisses(found.misses);
      return failed(
        reading.isConversation
          ? `${name} showed no message box in the conversation.`
          : `The ${name} conversation did not open (the page is ${deps.currentUrl()}).`,
      );
    }
    await wait(POLL_MS);
  }

  await wait(THREAD_SETTLE_MS);
  const before = read();
  const stop = stopReason(before, name);
  if (stop) return stop;
  if (before.misses.length > 0) deps.reportMisses(before.misses);
  if (isAlreadySent({ messages: before.messages, text, checkThreadFirst })) {
    return { outcome: 'already-sent', reason: null };
  }

  if (!typeInto(deps.doc, composer, text)) {
    return failed(`The ${name} message box did not take the text.`);
  }
  await wait(SEND_JITTER_MS.min + random() * (SEND_JITTER_MS.max - SEND_JITTER_MS.min));
  const send = find('send');
  const button = asClickable(send.control);
  if (button === null) {
    deps.reportMisses(send.misses);
    return failed(`${name} showed no Send button: the text is in the message box, not sent.`);
  }
  button.click();

  for (let waited = 0; waited <= CONFIRM_TIMEOUT_MS; waited += POLL_MS) {
    const after = read();
    if (after.isBlocked) return blocked(name);
    if (isNewlySent({ before: before.messages, after: after.messages, text })) {
      return { outcome: 'sent', reason: null };
    }
    if (after.hasNotSentNotice) return failed(`${name} said the message could not be sent.`);
    if (after.isSignedOut) return notLoggedIn(name);
    await wait(POLL_MS);
  }
  return failed(
    `Send was clicked but the message did not show in the ${name} conversation within ${CONFIRM_TIMEOUT_MS / 1000} s; it is not sent again.`,
  );
}

function stopReason(reading: ConversationReading, name: string): SendInConversationAnswer | null {
  if (reading.isSignedOut) return notLoggedIn(name);
  if (reading.isBlocked) return blocked(name);
  return null;
}

function failed(reason: string): SendInConversationAnswer {
  return { outcome: 'failed', reason };
}

function blocked(name: string): SendInConversationAnswer {
  return { outcome: 'blocked', reason: `${name} shows a notice that you are temporarily blocked.` };
}

function notLoggedIn(name: string): SendInConversationAnswer {
  return { outcome: 'not-logged-in', reason: `You are not signed in to ${name} in this browser.` };
}
