import { DEFAULT_SELECTOR_PACKS, parseSelectorPack } from '@grouptrack/capture';
import type { SelectorPack } from '@grouptrack/capture';
import type { SocialPlatform } from '@grouptrack/domain';

/** Where the server serves the current selector packs (versioned, one per platform). */
export const SELECTORS_PATH = '/api/v1/extension/selectors';

/** The selector packs last fetched from the server, as chrome.storage.local keeps them. */
export interface StoredSelectorPacks {
  fetchedAt: number;
  packs: Partial<Record<SocialPlatform, SelectorPack>>;
}

export const SELECTOR_PACKS_KEY = 'selectorPacks';

/**
 * The usable packs of the server's answer `{data: {packs: [...]}}`, each checked against the pack
 * schema: a pack that does not parse is left out, so the one in use before stays in use.
 */
export function readServedPacks(body: unknown): Partial<Record<SocialPlatform, SelectorPack>> {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const packs = typeof data === 'object' && data !== null ? (data as { packs?: unknown }).packs : undefined;
  const found: Partial<Record<SocialPlatform, SelectorPack>> = {};
  if (!Array.isArray(packs)) return found;
  for (const json of packs) {
    try {
      const pack = parseSelectorPack(json);
      if ((found[pack.platform]?.version ?? 0) < pack.version) found[pack.platform] = pack;
    } catch {
      // A pack this version of the extension cannot read: the bundled or earlier one serves instead.
    }
  }
  return found;
}

/**
 * The pack to read each platform's pages with: the newer of the one bundled with the extension and the
 * one last served, so a changed page is fixed without a new release, and an older served pack never
 * replaces a newer bundled one.
 */
export function choosePacks(
  served: Partial<Record<SocialPlatform, SelectorPack>>,
): Record<SocialPlatform, SelectorPack> {
  const chosen = { ...DEFAULT_SELECTOR_PACKS };
  for (const pack of Object.values(served)) {
    if (pack && pack.version > chosen[pack.platform].version) chosen[pack.platform] = pack;
  }
  return chosen;
}

/** Keeps the packs the server answered with; answers how many it could read. */
export async function storeSelectorPacks(body: unknown): Promise<number> {
  const packs = readServedPacks(body);
  const stored: StoredSelectorPacks = { fetchedAt: Date.now(), packs };
  await chrome.storage.local.set({ [SELECTOR_PACKS_KEY]: stored });
  return Object.keys(packs).length;
}

/** The packs in use now, for the content scripts: the stored ones over the bundled defaults. */
export async function readSelectorPacks(): Promise<Record<SocialPlatform, SelectorPack>> {
  const values =
    await chrome.storage.local.get<Record<string, StoredSelectorPacks | undefined>>(SELECTOR_PACKS_KEY);
  return choosePacks(values[SELECTOR_PACKS_KEY]?.packs ?? {});
}
