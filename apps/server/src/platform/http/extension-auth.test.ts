import { describe, expect, it } from 'vitest';
import { isExtensionOrigin } from './extension-auth';

const PUBLISHED = 'abcdefghijklmnopabcdefghijklmnop';
const OTHER = 'ponmlkjihgfedcbaponmlkjihgfedcba';

describe("the extension's origin, where its bearer token is accepted", () => {
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
