/**
 * The extension's page that a content script frames inside a social site (?page=sidebar or
 * ?page=overlay). The site's own Content-Security-Policy may refuse frames of other sites, but not the
 * extension's pages, so this page frames the server's /bex page in turn. It relays that page's data
 * calls to the worker (startFrameRelay) and carries the messages between the content script in the
 * site's page and the server's page (its frame). The content script speaks through a MessageChannel it
 * hands over once, so what the two say never passes through the site's own window, where the site's
 * scripts would hear it.
 */
import { isFrameToPageMessage, isPageToFrameMessage } from '@grouptrack/domain';
import type { ExtensionState, PageRequest } from '../shared/worker-messages';
import { startFrameRelay } from './relay';

const FRAME_PAGES = { sidebar: '/bex/sidebar', overlay: '/bex/overlay' } as const;
type FramePage = keyof typeof FRAME_PAGES;

const root = document.getElementById('root')!;
const requested = new URLSearchParams(location.search).get('page');
/** The site's page that framed this one: only its content script's channel is taken. */
const parentOrigin = location.ancestorOrigins[0] ?? null;

/** The content script's end, once it has handed it over; what the server's page says before waits. */
let channel: MessagePort | null = null;
const waiting: unknown[] = [];

function toContentScript(message: unknown): void {
  if (channel) channel.postMessage(message);
  else waiting.push(message);
}

window.addEventListener('message', function takeChannel(event: MessageEvent<unknown>) {
  const data = event.data as { type?: unknown } | null;
  if (event.source !== window.parent || event.origin !== parentOrigin || data?.type !== 'gt_channel') return;
  const [port] = event.ports;
  if (!port) return;
  window.removeEventListener('message', takeChannel);
  channel = port;
  port.onmessage = (message) => onContentMessage?.(message.data);
  for (const message of waiting.splice(0)) port.postMessage(message);
});

let onContentMessage: ((message: unknown) => void) | null = null;

async function start(page: FramePage): Promise<void> {
  const state = await chrome.runtime.sendMessage<PageRequest, ExtensionState>({ kind: 'get_state' });
  if (!state.user || !state.serverUrl) {
    showText('Sign in to GroupTrack from the extension’s toolbar button to see people here.');
    return;
  }
  const serverOrigin = state.serverUrl;
  const frame = document.createElement('iframe');
  frame.title = page === 'sidebar' ? 'GroupTrack sidebar' : 'GroupTrack overlay';
  frame.src = new URL(FRAME_PAGES[page], serverOrigin).toString();
  root.replaceChildren(frame);
  startFrameRelay({
    frame,
    serverOrigin,
    onSignedOut: () => showText('Signed out of GroupTrack.'),
  });
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (
      event.source === frame.contentWindow &&
      event.origin === serverOrigin &&
      isFrameToPageMessage(event.data)
    )
      toContentScript(event.data);
  });
  onContentMessage = (message) => {
    if (isPageToFrameMessage(message)) frame.contentWindow?.postMessage(message, serverOrigin);
  };
}

function showText(text: string): void {
  const main = document.createElement('main');
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  main.append(paragraph);
  root.replaceChildren(main);
}

if (requested === 'sidebar' || requested === 'overlay') void start(requested);
else showText('Nothing to show here.');
