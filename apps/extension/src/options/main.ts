/**
 * The options page: the server address the extension signs in at, and the account it is signed in as.
 * An address other than a local server needs the browser's permission for that site, asked here
 * (chrome.permissions.request must run in the click that asks for it).
 */
import { startFrameRelay } from '../frames/relay';
import { isLocalOrigin, toServerOrigin } from '../shared/storage';
import { openSignIn } from '../shared/sign-in-link';
import type { ExtensionState, PageRequest } from '../shared/worker-messages';

const form = document.getElementById('server-form') as HTMLFormElement;
const input = document.getElementById('server-address') as HTMLInputElement;
const formMessage = document.getElementById('form-message')!;
const account = document.getElementById('account')!;
const unreachable = document.getElementById('unreachable')!;
const signInButton = document.getElementById('sign-in') as HTMLButtonElement;
const signOutButton = document.getElementById('sign-out') as HTMLButtonElement;
const checkSection = document.getElementById('check')!;
const checkButton = document.getElementById('check-connection') as HTMLButtonElement;
let state: ExtensionState | null = null;

function show(next: ExtensionState): void {
  state = next;
  if (document.activeElement !== input) input.value = next.serverAddress;
  document.getElementById('version')!.textContent = next.version;
  account.textContent = next.user
    ? `Signed in as ${next.user.name} (${next.user.email}) at ${next.serverUrl ?? ''}.`
    : 'Not signed in.';
  unreachable.hidden = next.unreachable === null;
  unreachable.textContent = next.unreachable ?? '';
  signOutButton.hidden = next.user === null;
  signInButton.textContent = next.user ? 'Sign in again' : 'Sign in';
  checkSection.hidden = next.user === null || next.serverUrl === null;
}

let stopCheck: (() => void) | null = null;

/** Shows the server's /bex/test, whose calls go through the extension's session like the sidebar's. */
function checkConnection(serverUrl: string): void {
  stopCheck?.();
  checkSection.querySelector('iframe')?.remove();
  const frame = document.createElement('iframe');
  frame.title = 'GroupTrack connection check';
  frame.src = new URL('/bex/test', serverUrl).toString();
  checkSection.append(frame);
  stopCheck = startFrameRelay({ frame, serverOrigin: serverUrl });
}

function say(text: string, role: 'alert' | 'status'): void {
  formMessage.hidden = false;
  formMessage.setAttribute('role', role);
  formMessage.textContent = text;
}

async function refresh(): Promise<void> {
  show(await chrome.runtime.sendMessage<PageRequest, ExtensionState>({ kind: 'get_state' }));
}

/** Saves the address, asking for the site's permission first when it is not a local server. */
async function saveAddress(): Promise<string | null> {
  const origin = toServerOrigin(input.value);
  if (!origin) {
    say('Enter the full address, starting with https:// or http://.', 'alert');
    return null;
  }
  if (!isLocalOrigin(origin)) {
    const granted = await chrome.permissions.request({ origins: [`${origin}/*`] });
    if (!granted) {
      say(`The extension needs your permission to reach ${origin}.`, 'alert');
      return null;
    }
  }
  show(await chrome.runtime.sendMessage<PageRequest, ExtensionState>({ kind: 'register_server', origin }));
  say(`Saved: the extension signs in at ${origin}.`, 'status');
  return origin;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void saveAddress();
});

signInButton.addEventListener('click', () => {
  // A changed address is saved first, in the same click, so the permission prompt may show.
  const typed = toServerOrigin(input.value);
  const address = typed && typed !== state?.serverAddress ? saveAddress() : Promise.resolve(typed);
  void address.then((origin) => (origin ? openSignIn(origin) : undefined));
});

checkButton.addEventListener('click', () => {
  if (state?.serverUrl) checkConnection(state.serverUrl);
});

signOutButton.addEventListener('click', () => {
  void chrome.runtime.sendMessage<PageRequest, ExtensionState>({ kind: 'sign_out' }).then(show);
});

chrome.storage.onChanged.addListener(() => void refresh());
void refresh();
