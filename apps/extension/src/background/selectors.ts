/** Where the server serves the current selector packs (versioned, one per platform). */
export const SELECTORS_PATH = '/api/v1/extension/selectors';

/** The selector packs last fetched from the server, as chrome.storage.local keeps them. */
export interface StoredSelectorPacks {
  fetchedAt: number;
  /** The server's `data`: the packs by platform. */
  packs: Record<string, unknown>;
}

export const SELECTOR_PACKS_KEY = 'selectorPacks';

/**
 * Keeps the packs the server answered with, so a page whose markup changed is read again without a new
 * release of the extension. An answer of another shape is ignored: the packs kept before, or the ones
 * bundled with the extension, stay in use.
 */
export async function storeSelectorPacks(body: unknown): Promise<boolean> {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const stored: StoredSelectorPacks = { fetchedAt: Date.now(), packs: data as Record<string, unknown> };
  await chrome.storage.local.set({ [SELECTOR_PACKS_KEY]: stored });
  return true;
}
