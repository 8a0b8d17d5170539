import { SOCIAL_PLATFORMS, type SocialPlatform } from '@grouptrack/domain';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import { detectPageWithPack, type DetectedPage } from './detect-page';
import type { SelectorPack } from './selector-pack';

/**
 * Tells which platform and kind of page an address is (with the username, id or group it names), or null
 * for a page capture does not read; `packs` lets the extension use the packs the server sent.
 */
export function detectPage(
  url: string,
  packs: Readonly<Record<SocialPlatform, SelectorPack>> = DEFAULT_SELECTOR_PACKS,
): DetectedPage | null {
  for (const platform of SOCIAL_PLATFORMS) {
    const found = detectPageWithPack(url, packs[platform]);
    if (found !== null) return found;
  }
  return null;
}
