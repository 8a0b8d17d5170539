/**
 * Hosts a GroupTrack page in a frame (/ext/popup in the action popup; /bex/sidebar beside a social
 * page) and carries its data calls to the service worker's port. The frame has no cookies of its own
 * in a third-party context, so the extension's session makes its calls (SPEC §7).
 */
import { isFrameRequest } from '@grouptrack/domain';
import type { FrameApiRequest, FrameApiResponse, FrameConnectionState } from '@grouptrack/domain';
import { API_PORT_NAME } from '../shared/worker-messages';

export interface FrameRelayOptions {
  frame: HTMLIFrameElement;
  /** The origin the frame's page is served from; its messages must come from there. */
  serverOrigin: string;
  /** After the frame asked to sign out and the worker has done it. */
  onSignedOut?: () => void;
  /** Each connection state the worker pushes (signed out, unreachable…). */
  onConnectionState?: (state: FrameConnectionState) => void;
}

/** Starts relaying; the returned function stops it. */
export function startFrameRelay(options: FrameRelayOptions): () => void {
  const { frame, serverOrigin } = options;
  let port: chrome.runtime.Port | null = null;
  /** Calls sent and not answered yet: a port that drops takes their answers with it. */
  const pending = new Map<string, FrameApiRequest>();

  const toFrame = (message: FrameApiResponse | FrameConnectionState) => {
    frame.contentWindow?.postMessage(message, serverOrigin);
  };

  const connect = (): chrome.runtime.Port => {
    if (port) return port;
    const opened = chrome.runtime.connect({ name: API_PORT_NAME });
    opened.onMessage.addListener((message: unknown) => {
      if (isConnectionState(message)) {
        options.onConnectionState?.(message);
        toFrame(message);
        return;
      }
      const answer = message as { id?: unknown; status?: unknown; body?: unknown };
      if (typeof answer.id !== 'string' || typeof answer.status !== 'number' || !pending.has(answer.id))
        return;
      pending.delete(answer.id);
      toFrame({ type: 'gt_api_response', id: answer.id, status: answer.status, body: answer.body });
    });
    // A Manifest V3 worker is stopped when idle or updated, and its ports close with it: open a new
    // port and send the calls still waiting again. Only reads are sent again; a write may already have
    // been made, so its caller is told to try again.
    opened.onDisconnect.addListener(() => {
      port = null;
      const waiting = [...pending.values()];
      pending.clear();
      for (const request of waiting) {
        if (request.method === 'GET') send(request);
        else toFrame(retryAnswer(request.id));
      }
    });
    port = opened;
    return opened;
  };

  const send = (request: FrameApiRequest) => {
    pending.set(request.id, request);
    try {
      connect().postMessage({
        id: request.id,
        method: request.method,
        path: request.path,
        body: request.body,
      });
    } catch {
      // The extension itself was reloaded: this page cannot reach it any more.
      pending.delete(request.id);
      toFrame(retryAnswer(request.id));
    }
  };

  const onMessage = (event: MessageEvent<unknown>) => {
    if (event.source !== frame.contentWindow || event.origin !== serverOrigin) return;
    if (!isFrameRequest(event.data)) return;
    if (event.data.type === 'gt_sign_out') {
      void chrome.runtime.sendMessage({ kind: 'sign_out' }).then(() => options.onSignedOut?.());
      return;
    }
    send(event.data);
  };

  window.addEventListener('message', onMessage);
  connect();
  return () => {
    window.removeEventListener('message', onMessage);
    port?.disconnect();
    port = null;
  };
}

function retryAnswer(id: string): FrameApiResponse {
  return {
    type: 'gt_api_response',
    id,
    status: 503,
    body: { error: { code: 'extension-restarted', message: 'The extension restarted. Try again.' } },
  };
}

function isConnectionState(value: unknown): value is FrameConnectionState {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'gt_connection'
  );
}
