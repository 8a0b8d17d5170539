// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBridge } from './bridge';

let sendMessage: ReturnType<typeof vi.fn>;
let postToPage: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  sendMessage = vi.fn(() => Promise.resolve({ type: 'check_extension_result', status: 'not_logged_in' }));
  vi.stubGlobal('chrome', { runtime: { sendMessage } });
  postToPage = vi.spyOn(window, 'postMessage').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// One bridge for the file, as one content script runs once per page.
startBridge();

/** A message event as the page (or a frame, or another site) would send it. */
function post(
  data: unknown,
  { source = window, origin = location.origin }: { source?: object; origin?: string } = {},
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

describe('the web app bridge', () => {
  it('relays a known message of the page itself to the worker and posts the answer to the page origin only', async () => {
    post({ type: 'check_extension' });
    expect(sendMessage).toHaveBeenCalledWith({ kind: 'web', message: { type: 'check_extension' } });
    await vi.waitFor(() =>
      expect(postToPage).toHaveBeenCalledWith(
        { type: 'check_extension_result', status: 'not_logged_in' },
        location.origin,
      ),
    );
  });

  it.each([
    {
      name: 'another origin',
      data: { type: 'check_extension' },
      options: { origin: 'https://evil.example' },
    },
    { name: 'a frame of the page', data: { type: 'check_extension' }, options: { source: {} } },
    { name: 'an unknown type', data: { type: 'open_everything' }, options: {} },
    { name: 'a log_in without a code', data: { type: 'log_in', code: '' }, options: {} },
    { name: 'its own answer echoed', data: { type: 'check_extension_result', status: 'ok' }, options: {} },
  ])('ignores $name', ({ data, options }) => {
    post(data, options);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('stays quiet when the extension was reloaded under the page', async () => {
    sendMessage.mockRejectedValueOnce(new Error('Extension context invalidated.'));
    post({ type: 'check_extension' });
    await Promise.resolve();
    expect(postToPage).not.toHaveBeenCalled();
  });
});
