// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFrameRelay } from './relay';

const SERVER = 'http://localhost:3000';

/** A stand-in for chrome.runtime's port: records what the relay sends, and lets the test answer or drop it. */
function fakePort() {
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  return {
    sent: [] as unknown[],
    postMessage(message: unknown) {
      this.sent.push(message);
    },
    disconnect: vi.fn(),
    onMessage: { addListener: (listener: (message: unknown) => void) => messageListeners.push(listener) },
    onDisconnect: { addListener: (listener: () => void) => disconnectListeners.push(listener) },
    answer: (message: unknown) => messageListeners.forEach((listener) => listener(message)),
    drop: () => disconnectListeners.forEach((listener) => listener()),
  };
}

let ports: ReturnType<typeof fakePort>[];
/** The frame's window as the relay sees it: only its postMessage is used. */
let frameWindow: { postMessage: ReturnType<typeof vi.fn> };
let toFrame: ReturnType<typeof vi.fn>;
let stop: () => void;

beforeEach(() => {
  ports = [];
  vi.stubGlobal('chrome', {
    runtime: {
      connect: vi.fn(() => {
        const port = fakePort();
        ports.push(port);
        return port;
      }),
      sendMessage: vi.fn(() => Promise.resolve({})),
    },
  });
  toFrame = vi.fn();
  frameWindow = { postMessage: toFrame };
  // A loaded frame's contentWindow; the test environment does not load frames.
  const frame = { contentWindow: frameWindow } as unknown as HTMLIFrameElement;
  stop = startFrameRelay({ frame, serverOrigin: SERVER });
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

/** A message as the frame's page would post it to the relay's window. */
function post(
  data: unknown,
  { source = frameWindow, origin = SERVER }: { source?: unknown; origin?: string } = {},
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

const read = { type: 'gt_api_request', id: 'r1', method: 'GET', path: '/api/v1/me' };
const write = { type: 'gt_api_request', id: 'w1', method: 'POST', path: '/api/v1/x', body: { a: 1 } };

describe('startFrameRelay', () => {
  it('passes a data call of its frame to the worker and its answer back to the frame, at the server origin', () => {
    post(read);
    expect(ports[0]!.sent).toEqual([{ id: 'r1', method: 'GET', path: '/api/v1/me', body: undefined }]);
    ports[0]!.answer({ id: 'r1', status: 200, body: { data: { uid: 'u1' } } });
    expect(toFrame).toHaveBeenCalledWith(
      { type: 'gt_api_response', id: 'r1', status: 200, body: { data: { uid: 'u1' } } },
      SERVER,
    );
  });

  it.each([
    { name: 'another origin', options: { origin: 'https://evil.example' } },
    { name: 'another window (the page itself)', options: { source: window } },
  ])('ignores a call from $name', ({ options }) => {
    post(read, options);
    expect(ports[0]!.sent).toEqual([]);
  });

  it('ignores a call outside the data API', () => {
    post({ ...read, path: '/api/auth/sign-out' });
    post({ ...read, path: 'https://evil.example/api/v1/me' });
    expect(ports[0]!.sent).toEqual([]);
  });

  it('does not pass on an answer to a call it did not send', () => {
    ports[0]!.answer({ id: 'nobody-asked', status: 200, body: {} });
    expect(toFrame).not.toHaveBeenCalled();
  });

  it('forwards the connection states the worker pushes', () => {
    const state = {
      type: 'gt_connection',
      state: 'unreachable',
      serverUrl: SERVER,
      message: `Can't reach GroupTrack at ${SERVER}`,
    };
    ports[0]!.answer(state);
    expect(toFrame).toHaveBeenCalledWith(state, SERVER);
  });

  it('when the worker stops, sends the waiting reads again on a new port and asks the writes to be tried again', () => {
    post(read);
    post(write);
    ports[0]!.drop();
    expect(ports).toHaveLength(2);
    expect(ports[1]!.sent).toEqual([{ id: 'r1', method: 'GET', path: '/api/v1/me', body: undefined }]);
    expect(toFrame).toHaveBeenCalledWith(
      {
        type: 'gt_api_response',
        id: 'w1',
        status: 503,
        body: { error: { code: 'extension-restarted', message: 'The extension restarted. Try again.' } },
      },
      SERVER,
    );
  });

  it('asks the worker to sign out when the frame says so', () => {
    post({ type: 'gt_sign_out' });
    expect(chrome.runtime.sendMessage).toHaveBeenCalledWith({ kind: 'sign_out' });
  });
});
