/**
 * The extension's service worker. Chromium stops it when idle, so everything it must remember lives
 * in chrome.storage.local and its timers longer than a few seconds are chrome.alarms; listeners are
 * added at the top level so a message or alarm that wakes it finds them.
 */
import { conversationAddress } from '@grouptrack/capture';
import { PLATFORM_NAMES, unreachableMessage } from '@grouptrack/domain';
import type {
  CheckExtensionResult,
  ExtensionMessage,
  LogInResult,
  FrameConnectionState,
  MemberRequestBatch,
  MemberRequestBatchResult,
  MemberRequestWork,
  ReadPostMessage,
  ReadPostResult,
  ReplyToCommentMessage,
  ReplyToCommentResult,
  SendQueueItemMessage,
  SendQueueItemResult,
  SocialPlatform,
  WaitABitResult,
} from '@grouptrack/domain';
import bridgeScript from '../bridge/registered?script&iife';
import {
  DEFAULT_SERVER_ADDRESS,
  isLocalOrigin,
  readStored,
  removeStored,
  toServerOrigin,
  writeStored,
} from '../shared/storage';
import type { ExtensionSession } from '../shared/storage';
import { API_PORT_NAME, isBridgeEnvelope, isContentRequest, isPageRequest } from '../shared/worker-messages';
import type {
  CaptureContext,
  CaptureRequestsAnswer,
  ContentRequest,
  ConversationStopAnswer,
  ConversationStopRequest,
  ExtensionState,
  PageRequest,
  PortApiRequest,
  PostWorkRequest,
  ReadPostCommentsAnswer,
  ReplyToCommentAnswer,
  SendInConversationAnswer,
  SendInConversationRequest,
} from '../shared/worker-messages';
import { reconnectDelayMs } from './backoff';
import {
  hasTimeToSend,
  isQueueText,
  queueProcessorDelayMs,
  queueProcessorUrl,
  rememberQueueText,
} from './queue';
import { callServer, sleep } from './server-call';
import type { ServerAnswer } from './server-call';
import { EXCHANGE_PATH, readExchangeAnswer } from './sign-in';
import { SELECTORS_PATH, readSelectorPacks, storeSelectorPacks } from './selectors';

const VERSION = chrome.runtime.getManifest().version;

/** The worker's fetch, called on its global: called as another object's method, fetch throws "Illegal invocation". */
const workerFetch: typeof fetch = (input, init) => {
  return originReady.then(() => fetch(input, init));
};

/**
 * Makes the worker's own calls carry `Origin: chrome-extension://<id>`, which the server requires
 * with the extension's token. Chromium sends that Origin on a POST, but not on a GET from an extension
 * holding the site's host permission, so a session rule adds it to the requests this extension makes
 * outside any tab (its worker's). Session rules outlive the worker but not the browser: set on each start.
 */
async function setOriginRule(): Promise<void> {
  await chrome.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [ORIGIN_RULE_ID],
    addRules: [
      {
        id: ORIGIN_RULE_ID,
        priority: 1,
        action: {
          type: chrome.declarativeNetRequest.RuleActionType.MODIFY_HEADERS,
          requestHeaders: [
            {
              header: 'Origin',
              operation: chrome.declarativeNetRequest.HeaderOperation.SET,
              value: `chrome-extension://${chrome.runtime.id}`,
            },
          ],
        },
        condition: {
          initiatorDomains: [chrome.runtime.id],
          tabIds: [chrome.tabs.TAB_ID_NONE],
          resourceTypes: [chrome.declarativeNetRequest.ResourceType.XMLHTTPREQUEST],
        },
      },
    ],
  });
}

const ORIGIN_RULE_ID = 1;
const originReady = setOriginRule().catch((error: unknown) => {
  console.error('GroupTrack: could not set the Origin of its calls', error);
});

/** How long the worker waits for an AI answer, beyond the server's own AI timeout. */
const AI_CALL_TIMEOUT_MS = 90_000;

/** How long wait_a_bit holds automated actions back. */
const WAIT_A_BIT_MS = 60_000;

const ALARMS = { reconnect: 'reconnect', selectors: 'refresh-selectors' } as const;
const SELECTORS_PERIOD_MINUTES = 30;
const BRIDGE_SCRIPT_ID = 'grouptrack-bridge';

// ---- Session and connection ------------------------------------------------------------------------

async function currentSession(): Promise<ExtensionSession | null> {
  return (await readStored('session')) ?? null;
}

async function signOut(options: { revoke: boolean }): Promise<void> {
  const session = await currentSession();
  if (session && options.revoke) await revokeAtServer(session);
  await removeStored('session', 'connection');
  await chrome.alarms.clear(ALARMS.reconnect);
  broadcast(await connectionState());
}

/**
 * Signs this browser out at the server too, so the token is no longer valid anywhere. Best effort: a
 * server that does not answer still leaves the extension signed out, and the user can end the
 * session from /profile ("Signed-in browsers").
 */
async function revokeAtServer(session: ExtensionSession): Promise<void> {
  const call = (method: string, path: string) =>
    callServer({ ...session, method, path }, { fetch: workerFetch, sleep, timeoutMs: 5000 });
  const list = await call('GET', '/api/v1/me/browser-sessions');
  if (list.kind !== 'answered' || list.status !== 200) return;
  const rows = (list.body as { data?: unknown }).data;
  if (!Array.isArray(rows)) return;
  const own = rows.find((row): row is { id: string } => {
    const item = row as { id?: unknown; isCurrent?: unknown; current?: unknown };
    return typeof item.id === 'string' && (item.isCurrent === true || item.current === true);
  });
  if (own) await call('DELETE', `/api/v1/me/browser-sessions/${encodeURIComponent(own.id)}`);
}

async function connectionState(): Promise<FrameConnectionState> {
  const session = await currentSession();
  if (!session) return { type: 'gt_connection', state: 'not_logged_in', serverUrl: null, message: null };
  const connection = await readStored('connection');
  if (connection?.state === 'unreachable' && connection.serverUrl === session.serverUrl) {
    return {
      type: 'gt_connection',
      state: 'unreachable',
      serverUrl: session.serverUrl,
      message: unreachableMessage(session.serverUrl),
    };
  }
  return { type: 'gt_connection', state: 'ok', serverUrl: session.serverUrl, message: null };
}

/**
 * Calls the server with the session's token and keeps the connection state: a 401 means the token was
 * revoked or expired, so the extension is signed out; no answer at all marks the server unreachable and
 * sets an alarm to try it again with a growing wait.
 */
async function callWithSession(
  session: ExtensionSession,
  request: Omit<PortApiRequest, 'id'>,
): Promise<ServerAnswer> {
  // An AI answer may take as long as the server lets its provider write (60 s by default): waiting
  // less would call a slow answer an unreachable server.
  const timeoutMs = request.path.startsWith('/api/v2/ai/') ? AI_CALL_TIMEOUT_MS : undefined;
  const answer = await callServer({ ...session, ...request }, { fetch: workerFetch, sleep, timeoutMs });
  if (answer.kind === 'unreachable') {
    await markUnreachable(session.serverUrl);
    return answer;
  }
  const before = await readStored('connection');
  if (before?.state === 'unreachable') {
    await removeStored('connection');
    await chrome.alarms.clear(ALARMS.reconnect);
    broadcast(await connectionState());
  }
  if (answer.status === 401) await signOut({ revoke: false });
  return answer;
}

async function markUnreachable(serverUrl: string): Promise<void> {
  const before = await readStored('connection');
  const failures =
    before?.state === 'unreachable' && before.serverUrl === serverUrl ? before.failures + 1 : 1;
  const retryAt = Date.now() + reconnectDelayMs(failures);
  await writeStored({ connection: { state: 'unreachable', serverUrl, retryAt, failures } });
  await chrome.alarms.create(ALARMS.reconnect, { when: retryAt });
  broadcast(await connectionState());
}

/** The alarm's try at an unreachable server: GET /api/v1/me answers quickly and checks the token too. */
async function retryConnection(): Promise<void> {
  const session = await currentSession();
  if (!session) return;
  await callWithSession(session, { method: 'GET', path: '/api/v1/me' });
}

// ---- Selector packs --------------------------------------------------------------------------------

async function refreshSelectors(): Promise<void> {
  const session = await currentSession();
  if (!session) return;
  const answer = await callWithSession(session, { method: 'GET', path: SELECTORS_PATH });
  if (answer.kind === 'answered' && answer.status === 200) await storeSelectorPacks(answer.body);
}

// ---- Messages from the web app ---------------------------------------------------------------------

async function handleWebMessage(message: ExtensionMessage, origin: string): Promise<unknown> {
  switch (message.type) {
    case 'check_extension':
      return checkExtension(origin);
    case 'log_in':
      return logIn(message.code, origin);
    case 'wait_a_bit': {
      const holdUntil = Date.now() + WAIT_A_BIT_MS;
      await writeStored({ holdUntil });
      return { type: 'wait_a_bit_result', holdUntil } satisfies WaitABitResult;
    }
    case 'open_queue_processor':
      return openQueueProcessor(message.platform);
    case 'send_queue_item':
      return sendQueueItem(message, origin);
    case 'read_post':
    case 'reply_to_comment':
      return workOnPost(message, origin);
  }
}

/** Signed in ('ok') only for the server the asking page belongs to: another server's page is told 'not_logged_in'. */
async function checkExtension(origin: string): Promise<CheckExtensionResult> {
  const session = await currentSession();
  if (!session || session.serverUrl !== origin) {
    return { type: 'check_extension_result', status: 'not_logged_in', version: VERSION };
  }
  void verifySession(session);
  const holdUntil = await readStored('holdUntil');
  return {
    type: 'check_extension_result',
    status: 'ok',
    version: VERSION,
    user: session.user,
    ...(holdUntil !== undefined && holdUntil > Date.now() && { holdUntil }),
  };
}

/** How often check_extension makes sure the token still works. */
const VERIFY_EVERY_MS = 60_000;
let verifiedAt = 0;

/**
 * Makes sure the session still signs in, at most once a minute, while the web app asks: a browser
 * signed out from /profile (or expired) then reads "not logged in" on the app's next check. The app
 * waits a second at most for the answer, so this runs after it; a 401 signs the extension out.
 */
async function verifySession(session: ExtensionSession): Promise<void> {
  if (Date.now() - verifiedAt < VERIFY_EVERY_MS) return;
  verifiedAt = Date.now();
  await callWithSession(session, { method: 'GET', path: '/api/v1/me' });
}

/** Trades the one-time code at the server the page came from: that is the server the user signed in at. */
async function logIn(code: string, origin: string): Promise<LogInResult> {
  let status: number;
  let body: unknown;
  try {
    const response = await workerFetch(`${origin}${EXCHANGE_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ code }),
      credentials: 'omit',
      signal: AbortSignal.timeout(20_000),
    });
    status = response.status;
    body = await response.json().catch(() => null);
  } catch {
    return { type: 'log_in_result', status: 'failed', message: unreachableMessage(origin) };
  }
  const result = readExchangeAnswer(origin, status, body);
  if (!result.ok) return { type: 'log_in_result', status: 'failed', message: result.message };
  await writeStored({ session: result.session, serverAddress: origin });
  await removeStored('connection');
  broadcast(await connectionState());
  void refreshSelectors();
  return { type: 'log_in_result', status: 'ok', user: result.session.user };
}

/**
 * Opens a platform's queue processor tab after the SPEC §9 delay, or leaves the one already open:
 * one processor per platform in this browser (the server's leases keep two browsers apart).
 */
async function openQueueProcessor(platform: SocialPlatform): Promise<unknown> {
  const session = await currentSession();
  if (!session) return { type: 'open_queue_processor_result', status: 'not_logged_in' };
  const url = queueProcessorUrl(session.serverUrl, platform);
  if (await findTab(url)) return { type: 'open_queue_processor_result', status: 'open' };
  const delayMs = queueProcessorDelayMs(platform);
  // Under 30 s, so a timer: the answer below keeps the worker busy only briefly, and an open tab request
  // lost to a stopped worker is asked for again by the queue on its next round.
  setTimeout(() => {
    void findTab(url).then(async (open) => {
      if (open) return;
      // Opened blank and then sent to the address: a browser driven for tests attaches to a new tab
      // before its first navigation, and one opened straight at an address may load nothing.
      const tab = await chrome.tabs.create({ url: 'about:blank', active: false });
      if (tab.id !== undefined) await chrome.tabs.update(tab.id, { url });
    });
  }, delayMs);
  return { type: 'open_queue_processor_result', status: 'scheduled', delayMs };
}

/** An open tab at the address (its query and hash aside), or null. */
async function findTab(url: string): Promise<chrome.tabs.Tab | null> {
  const tabs = await chrome.tabs.query({});
  return tabs.find((tab) => tab.url !== undefined && tab.url.split(/[?#]/)[0] === url) ?? null;
}

// ---- Sending queued messages -----------------------------------------------------------------------

/** How long a work tab's page may take to load the conversation. */
const WORK_TAB_LOAD_MS = 30_000;
/** How often, and how many times, the work tab's content script is asked before it is taken for absent. */
const CONTENT_READY_TRIES = 20;
const CONTENT_READY_GAP_MS = 500;

/**
 * The work tabs waiting for their conversation page: its content script says it is ready as soon as
 * it runs, long before the page's frames and pictures have loaded.
 */
const workTabReady = new Map<number, () => void>();

/** The platforms a message is being sent on now: one at a time each, as they share one work tab. */
const sendingOn = new Set<SocialPlatform>();

/**
 * Sends a leased queue item for the processor tab of the signed-in server: opens the person's
 * conversation in the platform's work tab and has its content script send the text there. Nothing
 * is typed while wait_a_bit holds, when the lease may run out before the send ends, or while
 * another message goes out on the platform; the processor tab reports the outcome with the lease.
 */
async function sendQueueItem(message: SendQueueItemMessage, origin: string): Promise<SendQueueItemResult> {
  const answer = (
    outcome: SendQueueItemResult['outcome'],
    reason: string | null,
    holdUntil?: number,
  ): SendQueueItemResult => ({
    type: 'send_queue_item_result',
    leaseId: message.leaseId,
    outcome,
    reason,
    ...(holdUntil !== undefined && { holdUntil }),
  });
  const session = await currentSession();
  if (!session || session.serverUrl !== origin) {
    return answer('not-sent', 'The GroupTrack extension is not signed in to this server.');
  }
  const holdUntil = await readStored('holdUntil');
  if (holdUntil !== undefined && holdUntil > Date.now()) {
    return answer('not-sent', 'Held for a moment while you work (wait a bit).', holdUntil);
  }
  if (!hasTimeToSend(message.leaseUntil, Date.now())) {
    return answer('not-sent', 'The lease would run out before the message is sent.');
  }
  const { platform } = message;
  const name = PLATFORM_NAMES[platform];
  const pack = (await readSelectorPacks())[platform];
  const address = conversationAddress(pack, message.profile);
  if (address === null) {
    return answer(
      'failed',
      pack.conversation === undefined
        ? `GroupTrack cannot send ${name} messages yet.`
        : `GroupTrack cannot open a ${name} conversation with them: their ${name} profile lacks the ${platform === 'linkedin' ? 'profile id' : 'username or id'} it needs.`,
    );
  }
  if (sendingOn.has(platform)) {
    return answer('not-sent', `Another ${name} message is being sent in this browser.`);
  }
  sendingOn.add(platform);
  try {
    // Remembered before it is typed, so the conversation's safety stops never take it for the user's.
    const texts = (await readStored('queueTexts')) ?? [];
    await writeStored({
      queueTexts: rememberQueueText(texts, { platform, text: message.text, at: Date.now() }),
    });
    const tabId = await openWorkTab(platform, address);
    if (tabId === null) return answer('failed', `The ${name} conversation did not load.`);
    const request: SendInConversationRequest = {
      kind: 'send_in_conversation',
      text: message.text,
      checkThreadFirst: message.checkThreadFirst,
    };
    const sent = await askWorkTab<SendInConversationRequest, SendInConversationAnswer>(tabId, request);
    if (sent === null) return answer('failed', `GroupTrack could not reach the ${name} page to send.`);
    return answer(sent.outcome, sent.reason);
  } finally {
    sendingOn.delete(platform);
  }
}

/**
 * The Auto Responder's visit to a tracked post, for the processor tab of the signed-in server: opens
 * the post in the platform's work tab (unless it is there already) and has its content script read the
 * comments, or answer one. Like a send, nothing is done while wait_a_bit holds or while another action
 * uses the platform's work tab.
 */
async function workOnPost(
  message: ReadPostMessage | ReplyToCommentMessage,
  origin: string,
): Promise<ReadPostResult | ReplyToCommentResult> {
  const name = PLATFORM_NAMES[message.platform];
  const answer = (outcome: 'failed' | 'not-sent', reason: string): ReadPostResult | ReplyToCommentResult =>
    message.type === 'read_post'
      ? { type: 'read_post_result', outcome, reason, comments: [] }
      : { type: 'reply_to_comment_result', outcome, reason };
  const session = await currentSession();
  if (!session || session.serverUrl !== origin) {
    return answer('not-sent', 'The GroupTrack extension is not signed in to this server.');
  }
  const holdUntil = await readStored('holdUntil');
  if (holdUntil !== undefined && holdUntil > Date.now()) {
    return answer('not-sent', 'Held for a moment while you work (wait a bit).');
  }
  if (sendingOn.has(message.platform)) return answer('not-sent', `The ${name} work tab is busy.`);
  sendingOn.add(message.platform);
  try {
    const tabId = await workTabAt(message.platform, message.permalinkURL);
    if (tabId === null) return answer('failed', `The ${name} post did not load.`);
    if (message.type === 'read_post') {
      const read = await askWorkTab<PostWorkRequest, ReadPostCommentsAnswer>(tabId, {
        kind: 'read_post_comments',
      });
      if (read === null)
        return answer('failed', `GroupTrack could not reach the ${name} page to read the post.`);
      return read.ok
        ? { type: 'read_post_result', outcome: 'read', reason: null, comments: read.comments }
        : answer('failed', read.reason);
    }
    const replied = await askWorkTab<PostWorkRequest, ReplyToCommentAnswer>(tabId, {
      kind: 'reply_to_comment',
      commentId: message.commentId,
      text: message.text,
    });
    if (replied === null) return answer('failed', `GroupTrack could not reach the ${name} page to reply.`);
    return { type: 'reply_to_comment_result', ...replied };
  } finally {
    sendingOn.delete(message.platform);
  }
}

/** The platform's work tab showing the address: as it is when it shows it already, else loaded there. */
async function workTabAt(platform: SocialPlatform, address: string): Promise<number | null> {
  const known = ((await readStored('workTabs')) ?? {})[platform];
  const tab = known === undefined ? null : await chrome.tabs.get(known).catch(() => null);
  const strip = (url: string) => url.split('#')[0]!.replace(/\/$/, '');
  if (tab?.id !== undefined && tab.url !== undefined && strip(tab.url) === strip(address)) return tab.id;
  return openWorkTab(platform, address);
}

/**
 * Opens the conversation in the platform's work tab, the same tab from one message to the next
 * (a new one when the user closed it), and waits for its page to load; null when it does not.
 */
async function openWorkTab(platform: SocialPlatform, address: string): Promise<number | null> {
  const workTabs = (await readStored('workTabs')) ?? {};
  const known = workTabs[platform];
  const existing = known === undefined ? null : await chrome.tabs.get(known).catch(() => null);
  let tabId: number | null = existing?.id ?? null;
  // Listening before navigating: the first load completed after it is the conversation's.
  let resolveLoaded: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => (resolveLoaded = resolve));
  let isNavigating = false;
  const onUpdated = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => {
    if (id === tabId && isNavigating && change.status === 'complete' && tab.url !== 'about:blank')
      resolveLoaded();
  };
  chrome.tabs.onUpdated.addListener(onUpdated);
  try {
    if (tabId === null) {
      // Opened blank first and then sent to the conversation, as the processor tab is (openQueueProcessor).
      const tab = await chrome.tabs.create({ url: 'about:blank', active: false });
      tabId = tab.id ?? null;
      if (tabId === null) return null;
      await writeStored({ workTabs: { ...workTabs, [platform]: tabId } });
    }
    isNavigating = true;
    workTabReady.set(tabId, resolveLoaded);
    // A load that stalls is started once more, as a person would reload the page.
    for (let attempt = 0; attempt < 2; attempt++) {
      await chrome.tabs.update(tabId, { url: address });
      const isLoaded = await Promise.race([
        loaded.then(() => true),
        sleep(WORK_TAB_LOAD_MS / 2).then(() => false),
      ]);
      if (isLoaded) return tabId;
    }
    return null;
  } finally {
    chrome.tabs.onUpdated.removeListener(onUpdated);
    if (tabId !== null) workTabReady.delete(tabId);
  }
}

/** Asks the work tab's content script to do its work; it may take a moment to start on a fresh page. */
async function askWorkTab<Request, Answer>(tabId: number, request: Request): Promise<Answer | null> {
  for (let attempt = 0; attempt < CONTENT_READY_TRIES; attempt++) {
    try {
      const answer = await chrome.tabs.sendMessage<Request, Answer>(tabId, request, { frameId: 0 });
      if (answer !== undefined) return answer;
    } catch {
      // "Receiving end does not exist": the page's script has not started yet.
    }
    await sleep(CONTENT_READY_GAP_MS);
  }
  return null;
}

/**
 * Cancels a person's waiting messages on a platform because a conversation showed their reply or
 * a message the user wrote by hand (a text the queue typed is neither). The person is found by
 * their profile addresses, as capture finds them.
 */
async function stopForConversation(request: ConversationStopRequest): Promise<ConversationStopAnswer> {
  if (request.reason === 'wrote-by-hand') {
    const texts = (await readStored('queueTexts')) ?? [];
    const now = Date.now();
    const byHand = request.texts.filter(
      (text) => !isQueueText(texts, { platform: request.platform, text, now }),
    );
    if (byHand.length === 0) return { stopped: false, message: null };
  }
  for (const profile of request.profileUrls) {
    const query = new URLSearchParams({ profile, platform: request.platform });
    const found = await callForTeam('GET', `/contacts/matches?${query.toString()}`);
    if (!found.ok) return { stopped: false, message: found.message };
    const match = (found.data as { matches?: { GTID: string; samePerson: boolean }[] } | null)?.matches?.find(
      (each) => each.samePerson,
    );
    if (!match) continue;
    const cancelled = await callForTeam(
      'POST',
      `/contacts/${encodeURIComponent(match.GTID)}/queue-items/cancel`,
      { platform: request.platform, reason: request.reason },
    );
    if (!cancelled.ok) return { stopped: false, message: cancelled.message };
    return { stopped: true, cancelled: (cancelled.data as { cancelled?: number } | null)?.cancelled ?? 0 };
  }
  // Nobody in GroupTrack: nothing is queued for them, and nothing will be told again for this conversation.
  return { stopped: true, cancelled: 0 };
}

// ---- Messages from the popup and options pages -----------------------------------------------------

async function handlePageRequest(request: PageRequest): Promise<unknown> {
  switch (request.kind) {
    case 'get_state':
      return extensionState();
    case 'sign_out':
      await signOut({ revoke: true });
      return extensionState();
    case 'retry_connection':
      await retryConnection();
      return extensionState();
    case 'register_server': {
      const origin = toServerOrigin(request.origin);
      if (!origin) return { error: 'That is not a web address.' };
      await writeStored({ serverAddress: origin });
      await syncBridgeScripts();
      return extensionState();
    }
  }
}

async function extensionState(): Promise<ExtensionState> {
  const session = await currentSession();
  const connection = await connectionState();
  return {
    version: VERSION,
    serverAddress: (await readStored('serverAddress')) ?? session?.serverUrl ?? DEFAULT_SERVER_ADDRESS,
    user: session?.user ?? null,
    serverUrl: session?.serverUrl ?? null,
    unreachable: connection.message,
  };
}

// ---- Requests from the content scripts on the social sites ----------------------------------------

/** The selector misses already reported since the worker started: a page read again misses the same. */
const reportedMisses = new Set<string>();

async function handleContentRequest(
  request: ContentRequest,
  sender: chrome.runtime.MessageSender,
): Promise<unknown> {
  switch (request.kind) {
    case 'get_capture_context': {
      const session = await currentSession();
      const context: CaptureContext = {
        signedIn: session !== null,
        serverUrl: session?.serverUrl ?? null,
        packs: await readSelectorPacks(),
      };
      return context;
    }
    case 'report_misses': {
      const session = await currentSession();
      if (!session) return { reported: 0 };
      const fresh = request.misses.filter((miss) => {
        const key = `${miss.platform}|${miss.pageKind}|${miss.selectorId}`;
        if (reportedMisses.has(key)) return false;
        reportedMisses.add(key);
        return true;
      });
      for (const miss of fresh) {
        await callWithSession(session, {
          method: 'POST',
          path: '/api/v1/extension/selector-misses',
          body: { ...miss, extensionVersion: VERSION },
        });
      }
      return { reported: fresh.length };
    }
    case 'capture_member_requests':
      return captureMemberRequests(request.batch);
    case 'member_request_work': {
      // The day's cap counts the admin's day, in this browser's time zone.
      const query = new URLSearchParams({
        platform: request.platform,
        groupId: request.groupId,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      const answer = await callForTeam('GET', `/member-requests/work?${query.toString()}`);
      return answer.ok ? { ok: true, work: answer.data as MemberRequestWork } : answer;
    }
    case 'member_request_outcome':
      return callForTeam('POST', `/member-requests/${encodeURIComponent(request.requestId)}/outcome`, {
        outcome: request.outcome,
      });
    case 'conversation_stop':
      return stopForConversation(request);
    case 'conversation_page_ready':
      if (sender.tab?.id !== undefined) workTabReady.get(sender.tab.id)?.();
      return { ok: true };
  }
}

/**
 * Calls a route of the signed-in user's current team (`/api/v1/teams/:teamUID…`): the server's data,
 * or its own message for a refusal, or where it could not be reached.
 */
async function callForTeam(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ ok: true; data: unknown } | { ok: false; message: string }> {
  const session = await currentSession();
  if (!session) return { ok: false, message: 'The GroupTrack extension is not signed in.' };
  const me = await callWithSession(session, { method: 'GET', path: '/api/v1/me' });
  const teamUID = me.kind === 'answered' && me.status === 200 ? readCurrentTeam(me.body) : null;
  if (!teamUID) return { ok: false, message: failureMessage(me, session.serverUrl) };
  const answer = await callWithSession(session, {
    method,
    path: `/api/v1/teams/${encodeURIComponent(teamUID)}${path}`,
    body,
  });
  if (answer.kind === 'answered' && answer.status >= 200 && answer.status < 300) {
    return { ok: true, data: (answer.body as { data?: unknown } | null)?.data ?? null };
  }
  return { ok: false, message: failureMessage(answer, session.serverUrl) };
}

/**
 * Sends a batch of a group's pending requests to the signed-in user's current team. The server finds
 * each person again, so a batch sent twice (a page read again) changes nothing the second time.
 */
async function captureMemberRequests(batch: MemberRequestBatch): Promise<CaptureRequestsAnswer> {
  const answer = await callForTeam('POST', '/member-requests', batch);
  return answer.ok ? { ok: true, result: answer.data as MemberRequestBatchResult } : answer;
}

function readCurrentTeam(body: unknown): string | null {
  const teamUID = (body as { data?: { currentTeam?: { teamUID?: unknown } } } | null)?.data?.currentTeam
    ?.teamUID;
  return typeof teamUID === 'string' ? teamUID : null;
}

/** The server's own message for a refused call, or where it could not be reached. */
function failureMessage(answer: ServerAnswer, serverUrl: string): string {
  if (answer.kind === 'unreachable') return unreachableMessage(serverUrl);
  const message = (answer.body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : `GroupTrack answered ${answer.status}.`;
}

// ---- The bridge on servers the user added ----------------------------------------------------------

/**
 * Runs the web app bridge on every server address the user granted in the options page. The local
 * servers have it from the manifest; registered scripts persist across restarts, and this brings them
 * in line with the granted permissions whenever those change.
 */
async function syncBridgeScripts(): Promise<void> {
  const { origins = [] } = await chrome.permissions.getAll();
  const matches = origins.filter((pattern) => {
    const origin = toServerOrigin(pattern.replace(/\/\*$/, ''));
    return origin !== null && !isLocalOrigin(origin) && !pattern.includes('*.') && !pattern.startsWith('*');
  });
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [BRIDGE_SCRIPT_ID] });
  if (existing.length > 0) await chrome.scripting.unregisterContentScripts({ ids: [BRIDGE_SCRIPT_ID] });
  if (matches.length === 0) return;
  await chrome.scripting.registerContentScripts([
    {
      id: BRIDGE_SCRIPT_ID,
      matches,
      js: [bridgeScript],
      runAt: 'document_start',
      persistAcrossSessions: true,
    },
  ]);
}

// ---- Ports for the frames' data calls --------------------------------------------------------------

const ports = new Set<chrome.runtime.Port>();

function broadcast(state: FrameConnectionState): void {
  for (const port of ports) port.postMessage(state);
}

function isPortApiRequest(value: unknown): value is PortApiRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { id, method, path } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof method === 'string' && typeof path === 'string';
}

async function answerPortRequest(port: chrome.runtime.Port, request: PortApiRequest): Promise<void> {
  const session = await currentSession();
  let status: number;
  let body: unknown;
  if (!session) {
    status = 401;
    body = { error: { code: 'unauthenticated', message: 'The GroupTrack extension is not signed in.' } };
  } else {
    const answer = await callWithSession(session, request);
    if (answer.kind === 'answered') {
      ({ status, body } = answer);
    } else {
      status = 0;
      body = { error: { code: 'unreachable', message: unreachableMessage(session.serverUrl) } };
    }
  }
  if (ports.has(port)) port.postMessage({ id: request.id, status, body });
}

chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== API_PORT_NAME || port.sender?.id !== chrome.runtime.id) {
    port.disconnect();
    return;
  }
  ports.add(port);
  port.onDisconnect.addListener(() => ports.delete(port));
  port.onMessage.addListener((message: unknown) => {
    if (isPortApiRequest(message)) void answerPortRequest(port, message);
  });
  void connectionState().then((state) => {
    if (ports.has(port)) port.postMessage(state);
  });
});

// ---- Listeners -------------------------------------------------------------------------------------

/** The origin of the page a message came from: the bridge's tab, or a page of a local server. */
function senderOrigin(sender: chrome.runtime.MessageSender): string | null {
  const origin = sender.origin ?? (sender.url ? new URL(sender.url).origin : null);
  return origin ? toServerOrigin(origin) : null;
}

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  let work: Promise<unknown> | null = null;
  if (isBridgeEnvelope(message) && sender.tab) {
    const origin = senderOrigin(sender);
    if (origin) work = handleWebMessage(message.message, origin);
  } else if (isPageRequest(message) && sender.url?.startsWith(chrome.runtime.getURL(''))) {
    work = handlePageRequest(message);
  } else if (isContentRequest(message) && sender.tab) {
    work = handleContentRequest(message, sender);
  }
  if (!work) return false;
  work.then(sendResponse, (error: unknown) => sendResponse({ error: String(error) }));
  return true;
});

// The web app of a local server may also call the extension directly (externally_connectable).
chrome.runtime.onMessageExternal.addListener((message: unknown, sender, sendResponse) => {
  const origin = senderOrigin(sender);
  if (!origin || !isBridgeEnvelope({ kind: 'web', message })) return false;
  handleWebMessage(message as ExtensionMessage, origin).then(sendResponse, () => sendResponse(undefined));
  return true;
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === ALARMS.reconnect) void retryConnection();
  if (alarm.name === ALARMS.selectors) void refreshSelectors();
});

chrome.permissions.onAdded.addListener(() => void syncBridgeScripts());
chrome.permissions.onRemoved.addListener(() => void syncBridgeScripts());

/** Alarms may be lost across browser restarts (before Chrome 150): set them again whenever the worker starts. */
async function ensureAlarms(): Promise<void> {
  if (!(await chrome.alarms.get(ALARMS.selectors))) {
    await chrome.alarms.create(ALARMS.selectors, {
      periodInMinutes: SELECTORS_PERIOD_MINUTES,
      delayInMinutes: 1,
    });
  }
  const connection = await readStored('connection');
  if (connection?.state === 'unreachable' && !(await chrome.alarms.get(ALARMS.reconnect))) {
    await chrome.alarms.create(ALARMS.reconnect, {
      when: Math.max(connection.retryAt ?? 0, Date.now() + 1000),
    });
  }
}

chrome.runtime.onInstalled.addListener(() => void syncBridgeScripts());
void ensureAlarms();
