import { detectPageWithPack } from './detect-page';
import { readFirst, resolveKeywords, splitName, type ExtractContext } from './extract';
import type { SelectorPack } from './selector-pack';
import type { CapturedProfile, SelectorMiss } from './types';

/**
 * Reads the owner of a profile page with a pack: each field from its sources in order (page JSON first), the
 * address filling in a username or id the page does not give. Returns null when the page is no profile or
 * names nobody, and every selector tried in vain as a miss.
 */
export function captureProfile(
  doc: Document,
  url: string,
  pack: SelectorPack,
): { profile: CapturedProfile | null; misses: SelectorMiss[] } {
  const page = detectPageWithPack(url, pack);
  if (page === null || page.kind !== 'profile') return { profile: null, misses: [] };
  const missed = new Set<string>();
  const onMiss = (selectorId: string) => missed.add(selectorId);
  const ctx: ExtractContext = {
    doc,
    root: doc,
    url,
    vars: {
      username: page.username ?? undefined,
      profileId: page.profileId ?? undefined,
      groupId: page.groupId ?? undefined,
    },
    keywords: resolveKeywords(pack, doc),
  };
  const username = readFirst(pack.profile.username, ctx, onMiss) ?? page.username;
  // A page reached by id can name its username in its JSON: later selectors may look the owner up by it.
  const idCtx: ExtractContext = { ...ctx, vars: { ...ctx.vars, username: username ?? undefined } };
  const profileId = readFirst(pack.profile.profileId, idCtx, onMiss) ?? page.profileId;
  const fieldCtx: ExtractContext = { ...idCtx, vars: { ...idCtx.vars, profileId: profileId ?? undefined } };
  const givenName = readFirst(pack.profile.name, fieldCtx, onMiss);
  const givenFirst = readFirst(pack.profile.firstName, fieldCtx, onMiss);
  const givenLast = readFirst(pack.profile.lastName, fieldCtx, onMiss);
  // Some pages give the parts only (Skool), others the whole name only (Facebook): each fills in the other.
  const joined = [givenFirst, givenLast].filter((part) => part !== null).join(' ');
  const name = givenName ?? (joined === '' ? null : joined);
  const split = splitName(name);
  const firstName = givenFirst ?? split.firstName;
  const lastName = givenLast ?? (givenFirst === null ? split.lastName : null);
  const photoURL = readFirst(pack.profile.photoURL, fieldCtx, onMiss);
  const misses = [...missed].map((selectorId) => ({
    platform: pack.platform,
    pageKind: page.kind,
    selectorId,
  }));
  if (profileId === null && username === null) return { profile: null, misses };
  return {
    profile: {
      platform: pack.platform,
      profileId,
      username,
      name,
      firstName,
      lastName,
      url: buildProfileUrl(pack, { username, profileId }) ?? stripAddress(url),
      photoURL,
    },
    misses,
  };
}

function buildProfileUrl(
  pack: SelectorPack,
  { username, profileId }: { username: string | null; profileId: string | null },
): string | null {
  const { byUsername, byProfileId } = pack.profileUrl;
  if (username !== null && byUsername !== undefined) {
    return byUsername.replace('{username}', encodeURIComponent(username));
  }
  if (profileId !== null && byProfileId !== undefined) {
    return byProfileId.replace('{profileId}', encodeURIComponent(profileId));
  }
  return null;
}

function stripAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
