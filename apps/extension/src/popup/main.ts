/**
 * The toolbar popup. Signed in, it shows the server's /ext/popup page in a frame (who is signed in, the
 * team switcher, links into the app) and relays that page's data calls; signed out, or with the server
 * unreachable, it says so itself, since the server's page may not load.
 */
import { startFrameRelay } from '../frames/relay';
import { platformOfUrl } from '../shared/platform';
import type { ExtensionState, PageRequest } from '../shared/worker-messages';
import { openSignIn } from '../shared/sign-in-link';

const root = document.getElementById('root')!;
let stopRelay: (() => void) | null = null;
/** Counts renders, so a render overtaken by a newer one while it waited draws nothing. */
let renders = 0;

async function render(): Promise<void> {
  const generation = ++renders;
  const state = await chrome.runtime.sendMessage<PageRequest, ExtensionState>({ kind: 'get_state' });
  if (generation !== renders) return;
  stopRelay?.();
  stopRelay = null;
  root.replaceChildren();
  if (!state.user || !state.serverUrl) {
    renderSignedOut(state);
    return;
  }
  if (state.unreachable) {
    renderUnreachable(state.unreachable);
    return;
  }
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (generation !== renders) return;
  const platform = platformOfUrl(tab?.url);
  const url = new URL('/ext/popup', state.serverUrl);
  if (platform) url.searchParams.set('platform', platform);
  const frame = document.createElement('iframe');
  frame.title = 'GroupTrack';
  frame.src = url.toString();
  root.append(frame);
  // The server's page cannot say the server is down: ask the worker to call it now, and show what it
  // found instead of the frame when it could not reach it or the sign-in has ended.
  void chrome.runtime
    .sendMessage<PageRequest, ExtensionState>({ kind: 'retry_connection' })
    .then((checked) => {
      if (checked.unreachable || !checked.user) void render();
    });
  stopRelay = startFrameRelay({
    frame,
    serverOrigin: state.serverUrl,
    onSignedOut: () => void render(),
    onConnectionState: (connection) => {
      if (connection.state !== 'ok') void render();
    },
  });
}

function renderSignedOut(state: ExtensionState): void {
  const main = document.createElement('main');
  main.innerHTML = `
    <h1>GroupTrack</h1>
    <p>The extension is not signed in.</p>
    <p>Server: <strong data-field="server"></strong> (<a href="#" data-action="options">change</a>)</p>
    <button type="button" data-action="sign-in">Sign in</button>`;
  main.querySelector('[data-field="server"]')!.textContent = state.serverAddress;
  main.querySelector('[data-action="sign-in"]')!.addEventListener('click', () => {
    void openSignIn(state.serverAddress).then(() => window.close());
  });
  main.querySelector('[data-action="options"]')!.addEventListener('click', (event) => {
    event.preventDefault();
    void chrome.runtime.openOptionsPage();
  });
  root.append(main);
}

function renderUnreachable(message: string): void {
  const main = document.createElement('main');
  main.innerHTML = `
    <h1>GroupTrack</h1>
    <p role="alert"></p>
    <p>The extension tries again by itself. Check that the server is running, or try now.</p>
    <button type="button">Try again</button>`;
  main.querySelector('[role="alert"]')!.textContent = message;
  main.querySelector('button')!.addEventListener('click', () => void retry());
  root.append(main);
}

async function retry(): Promise<void> {
  await chrome.runtime.sendMessage<PageRequest>({ kind: 'retry_connection' });
  await render();
}

void render();
