/**
 * The bridge between the GroupTrack web app and the extension, run on the app's pages. The web app
 * posts check_extension and log_in to its own window (apps/web/src/lib/extension-bridge.ts); this
 * relays them to the service worker and posts the answer back to the page's own origin only.
 */
import { isExtensionMessage } from '@grouptrack/domain';
import type { BridgeEnvelope } from '../shared/worker-messages';

/** Relays the web app's messages; run once per page by the content script that imports it. */
export function startBridge(): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    // Only the page itself speaks for the web app: not its frames, nor a page of another site.
    if (event.source !== window || event.origin !== location.origin) return;
    if (!isExtensionMessage(event.data)) return;
    const envelope: BridgeEnvelope = { kind: 'web', message: event.data };
    chrome.runtime.sendMessage(envelope).then(
      (answer: unknown) => {
        if (answer !== undefined && answer !== null) window.postMessage(answer, location.origin);
      },
      // The extension was reloaded or removed since this page loaded: no answer reads as not installed.
      () => undefined,
    );
  });
}
