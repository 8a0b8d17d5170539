/**
 * The content script on the seven platforms' sites. Signed in, it reads the page with the selector
 * packs in use: a profile or an open conversation gives the person the sidebar is about, a member list,
 * comment thread or conversation list gives rows that get badges for people already in GroupTrack.
 * Single-page sites move without loading a page, so a changed address reads the page again.
 */
import { detectPageWithPack, isPackHost, isSignedOutAddress, readPostComments } from '@grouptrack/capture';
import type { SelectorMiss, SelectorPack } from '@grouptrack/capture';
import type { SocialPlatform } from '@grouptrack/domain';
import { MISSES_PER_REPORT, isPostWorkRequest, isSendInConversationRequest } from '../shared/worker-messages';
import type {
  CaptureContext,
  CaptureRequestsAnswer,
  ContentRequest,
  ConversationStopAnswer,
  PostWorkRequest,
  ReadPostCommentsAnswer,
  RequestWorkAnswer,
  SendInConversationAnswer,
  SendInConversationRequest,
} from '../shared/worker-messages';
import { startRequestCapture } from './member-requests';
import { createSafetyStops } from './safety-stops';
import { sendInConversation } from './send-message';
import { replyToComment, type ReplyAnswer } from './reply-to-comment';
import { mountOverlay } from './overlay';
import { readPage, toOnScreenPerson } from './read-page';
import type { PageReading } from './read-page';
import { mountSidebar } from './sidebar';

/** How often the address is compared, and how long the page must be still before its rows are read again. */
const ADDRESS_CHECK_MS = 500;
const ROWS_SETTLE_MS = 700;

async function start(): Promise<void> {
  const context = await askWorker<CaptureContext>({ kind: 'get_capture_context' });
  if (!context?.signedIn) return;
  const { packs } = context;
  const sidebar = mountSidebar();
  const overlay = mountOverlay((person) => {
    sidebar.showPerson(toOnScreenPerson(person, packs[person.platform], location.href), reading);
    sidebar.open();
  });

  let address = location.href;
  let reading: PageReading | null = null;
  // A conversation's new messages may stop the person's queued messages (a reply, a message by hand).
  const platform = Object.values(packs).find((pack) => isPackHost(pack, location.hostname));
  const stops = platform
    ? createSafetyStops({
        pack: platform,
        doc: document,
        ask: (request) => askWorker<ConversationStopAnswer>(request),
      })
    : null;
  // A group's requests page captures its requests as they show; started once per page of the site.
  let requests: { capture: () => void } | null = null;

  const show = (next: PageReading | null) => {
    reading = next;
    if (next?.kind === 'member-requests') {
      requests ??= startRequestCapture({
        pack: packs[next.platform],
        send: (batch) => askWorker<CaptureRequestsAnswer>({ kind: 'capture_member_requests', batch }),
        askWork: (platform, groupId) =>
          askWorker<RequestWorkAnswer>({ kind: 'member_request_work', platform, groupId }),
        reportOutcome: (requestId, outcome) =>
          askWorker({ kind: 'member_request_outcome', requestId, outcome }),
        reportMisses,
      });
    }
    stops?.check(location.href);
    sidebar.showPerson(next?.person ?? null, next);
    if (next && next.people.length > 0) overlay.showPeople(next.platform, next.people);
    if (next && next.misses.length > 0) reportMisses(next.misses);
  };

  show(readPage(document, address, packs));

  // A move inside the site keeps the first page's embedded JSON: read a fresh copy of the new address.
  window.setInterval(() => {
    if (location.href === address) return;
    address = location.href;
    const movedTo = address;
    void readFreshCopy(movedTo, packs).then((fresh) => {
      if (location.href === movedTo) show(fresh ?? readPage(document, movedTo, packs));
    });
  }, ADDRESS_CHECK_MS);

  // Lists grow as the user scrolls: read the rows again once the page is still.
  let settle: number | undefined;
  new MutationObserver(() => {
    if (!reading || reading.kind === 'profile') return;
    window.clearTimeout(settle);
    settle = window.setTimeout(() => {
      stops?.check(location.href);
      requests?.capture();
      const again = readPage(document, location.href, packs);
      if (again && again.people.length > 0) overlay.showPeople(again.platform, again.people);
    }, ROWS_SETTLE_MS);
  }).observe(document.body, { childList: true, subtree: true });
}

/** The page at an address as the site serves it, read with the packs; null when it cannot be fetched. */
async function readFreshCopy(
  url: string,
  packs: Readonly<Record<SocialPlatform, SelectorPack>>,
): Promise<PageReading | null> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) return null;
    const copy = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = readPage(copy, url, packs);
    // The rows to badge are the live page's; the fresh copy only says who the page is about.
    return fresh && fresh.kind !== 'profile' ? readPage(document, url, packs) : fresh;
  } catch {
    return null;
  }
}

function reportMisses(misses: SelectorMiss[]): void {
  void askWorker({ kind: 'report_misses', misses: misses.slice(0, MISSES_PER_REPORT) });
}

async function askWorker<T>(request: ContentRequest): Promise<T | null> {
  try {
    return await chrome.runtime.sendMessage<ContentRequest, T>(request);
  } catch {
    // The extension was reloaded or updated: this page's script can no longer reach it.
    return null;
  }
}

/**
 * Sends a queued message in the conversation this tab shows, when the worker opened it as the
 * platform's work tab; one at a time (the worker sends one per platform too).
 */
let sending = false;
async function sendQueued(request: SendInConversationRequest): Promise<SendInConversationAnswer> {
  if (sending) return { outcome: 'failed', reason: 'Another message is being sent in this tab.' };
  sending = true;
  try {
    const context = await askWorker<CaptureContext>({ kind: 'get_capture_context' });
    const pack = context && Object.values(context.packs).find((each) => isPackHost(each, location.hostname));
    if (!pack) return { outcome: 'failed', reason: 'GroupTrack does not send messages on this site.' };
    return await sendInConversation(request, {
      pack,
      doc: document,
      currentUrl: () => location.href,
      reportMisses,
    });
  } finally {
    sending = false;
  }
}

/** The Auto Responder's work on the tracked post open in this work tab: read its comments, or answer one. */
async function workOnPost(request: PostWorkRequest): Promise<ReadPostCommentsAnswer | ReplyAnswer> {
  const context = await askWorker<CaptureContext>({ kind: 'get_capture_context' });
  const pack = context && Object.values(context.packs).find((each) => isPackHost(each, location.hostname));
  if (request.kind === 'read_post_comments') {
    if (!pack) return { ok: false, reason: 'GroupTrack does not read posts on this site.' };
    const reading = readPostComments(document, location.href, pack);
    if (reading.misses.length > 0) reportMisses(reading.misses);
    return reading.isPost
      ? { ok: true, comments: reading.comments }
      : { ok: false, reason: `The post did not open (the page is ${location.href}).` };
  }
  if (!pack) return { outcome: 'failed', reason: 'GroupTrack does not answer comments on this site.' };
  if (sending) return { outcome: 'failed', reason: 'Another action is under way in this tab.' };
  sending = true;
  try {
    return await replyToComment(request, {
      pack,
      doc: document,
      currentUrl: () => location.href,
      reportMisses,
    });
  } finally {
    sending = false;
  }
}

/**
 * Tells the worker a conversation (or the sign-in page) is ready, in case this tab is a work tab
 * it is waiting for: a message can be sent from here without waiting for the page's pictures.
 */
async function announceConversationPage(): Promise<void> {
  const context = await askWorker<CaptureContext>({ kind: 'get_capture_context' });
  const pack = context && Object.values(context.packs).find((each) => isPackHost(each, location.hostname));
  if (!pack) return;
  const kind = detectPageWithPack(location.href, pack)?.kind;
  // A tracked post is a work tab's page too (the Auto Responder reads and answers its comments).
  if (kind === 'conversation' || kind === 'comments' || isSignedOutAddress(pack, location.href))
    await askWorker({ kind: 'conversation_page_ready' });
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || sender.tab) return false;
  if (isSendInConversationRequest(message)) {
    void sendQueued(message).then(sendResponse);
    return true;
  }
  if (isPostWorkRequest(message)) {
    void workOnPost(message).then(sendResponse);
    return true;
  }
  return false;
});

void announceConversationPage();
void start();
