import { isFrameMessage } from '@grouptrack/domain';
import type {
  FrameApiMethod,
  FrameApiRequest,
  FrameApiResponse,
  FrameSignOutRequest,
} from '@grouptrack/domain';

/** The pages the extension shows in a frame: beside a social page (/bex/…) and in its toolbar popup. */
const FRAME_PAGES = /^\/(bex|ext\/popup)(\/|$)/;

/**
 * Whether this page runs inside the extension's frame. There it has no cookies of its own (a
 * third-party frame), so its data calls go to the extension, which makes them with its own session
 * (SPEC §7: inside the extension the same data calls go through a browser messaging port).
 */
export function isExtensionFrame(): boolean {
  // typeof: the unit tests of the API client run without a window.
  return (
    typeof window !== 'undefined' && window.parent !== window && FRAME_PAGES.test(window.location.pathname)
  );
}

/** The origin of the page framing this one, when the browser says it (Chromium does). */
function parentOrigin(): string | null {
  return window.location.ancestorOrigins?.[0] ?? null;
}

let counter = 0;

/**
 * Sends one data call to the extension's relay in the parent page and resolves with its answer: the
 * server's status and body, or status 0 when the extension could not reach the server.
 */
export function requestThroughExtension(
  path: string,
  {
    method,
    body,
    signal,
    timeoutMs,
  }: { method: FrameApiMethod; body?: unknown; signal?: AbortSignal; timeoutMs: number },
): Promise<FrameApiResponse> {
  counter += 1;
  const id = `${Date.now().toString(36)}-${counter}`;
  const expectedOrigin = parentOrigin();
  return new Promise((resolve, reject) => {
    const finish = () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
    };
    // Only the parent, where the extension's relay runs, answers; and only from its own origin.
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.source !== window.parent) return;
      if (expectedOrigin !== null && event.origin !== expectedOrigin) return;
      const data = event.data;
      if (!isFrameMessage(data) || data.type !== 'gt_api_response' || data.id !== id) return;
      finish();
      resolve(data);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    const timer = window.setTimeout(() => {
      finish();
      resolve({
        type: 'gt_api_response',
        id,
        status: 0,
        body: {
          error: {
            code: 'timeout',
            message: 'The GroupTrack extension did not answer. Close and open it again.',
          },
        },
      });
    }, timeoutMs);
    window.addEventListener('message', onMessage);
    signal?.addEventListener('abort', onAbort);
    const request: FrameApiRequest = { type: 'gt_api_request', id, method, path, body };
    window.parent.postMessage(request, expectedOrigin ?? '*');
  });
}

/** Asks the extension to sign out (the popup's "Sign out"); the extension then shows its signed-out state. */
export function signOutOfExtension(): void {
  const request: FrameSignOutRequest = { type: 'gt_sign_out' };
  window.parent.postMessage(request, parentOrigin() ?? '*');
}
