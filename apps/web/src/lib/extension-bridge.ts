import {
  EXTENSION_CHECK,
  isCheckExtensionResult,
  isLogInResult,
  isSendQueueItemResult,
} from '@grouptrack/domain';
import type {
  ExtensionMessage,
  ExtensionStatus,
  ExtensionUser,
  LogInResult,
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

/** Asks the extension for its status; no answer within the timeout means it is not installed (SPEC §4). */
export function askExtension(timeoutMs: number = EXTENSION_CHECK.replyTimeoutMs): Promise<ExtensionCheck> {
  return new Promise((resolve) => {
    const finish = (check: ExtensionCheck) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(check);
    };
    // Only this page's own window speaks for the extension; frames and other sites must not.
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      if (!isCheckExtensionResult(event.data)) return;
      const { status, version, user, holdUntil } = event.data;
      finish({
        status,
        version: version ?? null,
        user: status === 'ok' ? (user ?? null) : null,
        holdUntil: holdUntil ?? null,
      });
    };
    const timer = window.setTimeout(
      () => finish({ status: 'not_installed', version: null, user: null }),
      timeoutMs,
    );
    window.addEventListener('message', onMessage);
    postToExtension({ type: 'check_extension' });
  });
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
  return new Promise((resolve) => {
    const finish = (result: LogInResult | null) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      if (isLogInResult(event.data)) finish(event.data);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    window.addEventListener('message', onMessage);
    postToExtension({ type: 'log_in', code });
  });
}

/**
 * Asks the extension to send one leased queue item, and waits for its answer for that lease; null
 * when no answer came in time (the extension is missing, or was reloaded under the page).
 */
export function sendQueueItemThroughExtension(
  message: SendQueueItemMessage,
  timeoutMs: number,
): Promise<SendQueueItemResult | null> {
  return new Promise((resolve) => {
    const finish = (result: SendQueueItemResult | null) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      if (isSendQueueItemResult(event.data) && event.data.leaseId === message.leaseId) finish(event.data);
    };
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    window.addEventListener('message', onMessage);
    postToExtension(message);
  });
}
