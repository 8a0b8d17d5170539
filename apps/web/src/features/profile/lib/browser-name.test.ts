import { describe, expect, it } from 'vitest';
import { formatBrowserName } from './browser-name';

describe('formatBrowserName', () => {
  it.each([
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on Windows',
    ],
    [
      'Edge, which also says Chrome',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 on Windows',
    ],
    [
      'Chrome on a Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Chrome 130 on macOS',
    ],
    [
      'ChromeOS, which also says Linux',
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
      'Chrome 129 on ChromeOS',
    ],
    [
      'headless Chrome on Linux',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Headless Chrome 131 on Linux',
    ],
    [
      'a browser it does not know, on a system it does',
      'Mozilla/5.0 (X11; Linux x86_64) Unknown/1.0',
      'A browser on Linux',
    ],
    ['an agent it cannot read at all', 'curl/8.5.0', 'Unknown browser'],
    ['no user agent', null, 'Unknown browser'],
  ])('names %s', (_case, userAgent, name) => {
    expect(formatBrowserName(userAgent)).toBe(name);
  });
});
