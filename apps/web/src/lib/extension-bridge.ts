import {
  EXTENSION_CHECK,
  isCheckExtensionResult,
  isLogInResult,
  isReadPostResult,
  isReplyToCommentResult,
  isSendQueueItemResult,
  isWaitABitResult,
} from '@grouptrack/domain';
import type {
  ExtensionMessage,
  ExtensionStatus,
  ExtensionUser,
  LogInResult,
  ReadPostMessage,
  ReadPostResult,
  ReplyToCommentMessage,
  ReplyToCommentResult,
  SendQueueItemMessage,
  SendQueueItemResult,
} from '@grouptrack/domain';

/** What the extension answered: its status, and its version and user when it said them. */
export interface ExtensionCheck {
  status: ExtensionStatus;
  version: string | null;
  user: ExtensionUser | null;
  /** Until when wait_a_bit holds automated actions (ms since the epoch); null when it does not. */
  holdUntil?: number | null;
}

/** The web app's page that explains installing the extension (the server serves its zip). */
export const EXTENSION_INSTALL_PATH = '/setup/extension';

/** Where the extension's zip is downloaded from this server. */
export const EXTENSION_ZIP_PATH = '/extension/grouptrack-extension.zip';

/** Posts a message to the extension's content script, which listens on this window. */
export function postToExtension(message: ExtensionMessage): void {
  window.postMessage(message, window.location.origin);
}

/**
 * Posts a message to the extension and waits for the first answer `read` takes from this page's own
 * window (frames and other sites never speak for the extension); null when none came in time.
 */
function exchange<T>(
  message: ExtensionMessage,
  read: (data: unknown) => T | undefined,
  timeoutMs: number,
): Promise<T | null> {
  return new Promise((resolve) => {
    const finish = (answer: T | null) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      const answer = read(event.data);
      if (answer !== undefined) finish(answer);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    window.addEventListener('message', onMessage);
    postToExtension(message);
  });
}

/** Asks the extension for its status; no answer within the timeout means it is not installed (SPEC §4). */
export async function askExtension(
  timeoutMs: number = EXTENSION_CHECK.replyTimeoutMs,
): Promise<ExtensionCheck> {
  const answer = await exchange(
    { type: 'check_extension' },
    (data) => (isCheckExtensionResult(data) ? data : undefined),
    timeoutMs,
  );
  if (answer === null) return { status: 'not_installed', version: null, user: null };
  const { status, version, user, holdUntil } = answer;
  return {
    status,
    version: version ?? null,
    user: status === 'ok' ? (user ?? null) : null,
    holdUntil: holdUntil ?? null,
  };
}

/** The extension's status alone (SPEC §4). */
export async function checkExtension(timeoutMs?: number): Promise<ExtensionStatus> {
  return (await askExtension(timeoutMs)).status;
}

/** How long /authorize waits for the extension to trade its code with the server. */
export const LOG_IN_TIMEOUT_MS = 10_000;

/**
 * Hands the extension a one-time code and waits for it to say whether it signed in with it; null when
 * no extension answered (not installed in this browser, or it cannot reach this page).
 */
export function logInExtension(
  code: string,
  timeoutMs: number = LOG_IN_TIMEOUT_MS,
): Promise<LogInResult | null> {
  return exchange({ type: 'log_in', code }, (data) => (isLogInResult(data) ? data : undefined), timeoutMs);
}

/**
 * Asks the extension to send one leased queue item, and waits for its answer for that lease; null
 * when no answer came in time (the extension is missing, or was reloaded under the page).
 */
export function sendQueueItemThroughExtension(
  message: SendQueueItemMessage,
  timeoutMs: number,
): Promise<SendQueueItemResult | null> {
  return exchange(
    message,
    (data) => (isSendQueueItemResult(data) && data.leaseId === message.leaseId ? data : undefined),
    timeoutMs,
  );
}

/**
 * Asks the extension to hold its automated actions for a moment, while the user works on the site by
 * hand; resolves to until when it holds them (ms since the epoch), or null when no extension answered.
 */
export function waitABit(timeoutMs: number = EXTENSION_CHECK.replyTimeoutMs): Promise<number | null> {
  return exchange(
    { type: 'wait_a_bit' },
    (data) => (isWaitABitResult(data) ? data.holdUntil : undefined),
    timeoutMs,
  );
}

/**
 * The Auto Responder's two asks: read a tracked post's comments, and answer one comment. One at a time
 * (the processor waits for each answer), so an answer needs no id; null when no answer came in time.
 */
export function readPostThroughExtension(
  message: ReadPostMessage,
  timeoutMs: number,
): Promise<ReadPostResult | null> {
  return exchange(message, (data) => (isReadPostResult(data) ? data : undefined), timeoutMs);
}

export function replyThroughExtension(
  message: ReplyToCommentMessage,
  timeoutMs: number,
): Promise<ReplyToCommentResult | null> {
  return exchange(message, (data) => (isReplyToCommentResult(data) ? data : undefined), timeoutMs);
}
