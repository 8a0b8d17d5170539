import { EXTENSION_CHECK, isCheckExtensionResult } from '@grouptrack/domain';
import type { ExtensionMessage, ExtensionStatus } from '@grouptrack/domain';

/** Posts a message to the extension's content script, which listens on this window. */
export function postToExtension(message: ExtensionMessage): void {
  window.postMessage(message, window.location.origin);
}

/** Asks the extension for its status; no answer within the timeout means it is not installed (SPEC §4). */
export function checkExtension(timeoutMs: number = EXTENSION_CHECK.replyTimeoutMs): Promise<ExtensionStatus> {
  return new Promise((resolve) => {
    const finish = (status: ExtensionStatus) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(status);
    };
    // Only this page's own window speaks for the extension; frames and other sites must not.
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.origin !== window.location.origin) return;
      if (isCheckExtensionResult(event.data)) finish(event.data.status);
    };
    const timer = window.setTimeout(() => finish('not_installed'), timeoutMs);
    window.addEventListener('message', onMessage);
    postToExtension({ type: 'check_extension' });
  });
}
