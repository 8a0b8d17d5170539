import { describe, expect, it } from 'vitest';
import { isExtensionOrigin, isFromExtension } from './extension-auth';

const PUBLISHED = 'abcdefghijklmnopabcdefghijklmnop';
const OTHER = 'ponmlkjihgfedcbaponmlkjihgfedcba';

describe("the extension's origin", () => {
  it.each([
    ['a Chrome extension, when no EXTENSION_IDS are set', `chrome-extension://${OTHER}`, undefined, true],
    ['the published extension', `chrome-extension://${PUBLISHED}`, [PUBLISHED], true],
    ['another extension, when EXTENSION_IDS are set', `chrome-extension://${OTHER}`, [PUBLISHED], false],
    [
      'an id that is not 32 letters a to p',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnoz',
      undefined,
      false,
    ],
    ['a path after the id', `chrome-extension://${PUBLISHED}/popup.html`, undefined, false],
    ["a Firefox extension's origin", `moz-extension://${PUBLISHED}`, undefined, false],
    ['a web page', 'https://crm.example.test', undefined, false],
    ['the opaque origin of a sandboxed frame', 'null', undefined, false],
    ['no origin', undefined, undefined, false],
  ])('%s (%s) is accepted: %s', (_case, origin, extensionIds, accepted) => {
    expect(isExtensionOrigin(origin, extensionIds)).toBe(accepted);
  });
});

describe('a request from the extension, where its bearer token counts', () => {
  it.each([
    ['a write with its origin', 'POST', `chrome-extension://${PUBLISHED}`, 'none', true],
    [
      'a read with its origin (an extension without access to the site sends one)',
      'GET',
      `chrome-extension://${PUBLISHED}`,
      'none',
      true,
    ],
    ['a read with no origin and Sec-Fetch-Site none, as Chromium sends it', 'GET', undefined, 'none', true],
    ['a HEAD the same way', 'HEAD', undefined, 'none', true],
    ['a write with no origin, which Chromium never sends', 'DELETE', undefined, 'none', false],
    ["a web page's read", 'GET', undefined, 'cross-site', false],
    ["the app's own page's read", 'GET', undefined, 'same-origin', false],
    ['a script that says nothing', 'GET', undefined, undefined, false],
    ["a read from another extension's origin", 'GET', `chrome-extension://${OTHER}`, 'none', false],
    ["a web page's write", 'POST', 'https://evil.example', 'cross-site', false],
  ])('%s (%s): %s', (_case, method, origin, fetchSite, accepted) => {
    expect(isFromExtension({ method, origin, fetchSite }, [PUBLISHED])).toBe(accepted);
  });
});
