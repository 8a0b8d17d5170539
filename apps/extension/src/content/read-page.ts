import { captureProfile, detectPage, findPeople } from '@grouptrack/capture';
import type { FoundPerson, PageKind, SelectorMiss, SelectorPack } from '@grouptrack/capture';
import type { OnScreenPerson, SocialPlatform } from '@grouptrack/domain';

/** What a social page shows: one person (a profile, a conversation), the people of a list, or nothing. */
export interface PageReading {
  platform: SocialPlatform;
  kind: PageKind;
  /** The group the address names (a group's requests, members or posts), else null. */
  groupId: string | null;
  /** The person the sidebar is about: a profile's owner, or the other party of an open conversation. */
  person: OnScreenPerson | null;
  /** The rows of a member list, comment thread or conversation list, which get badges. */
  people: FoundPerson[];
  misses: SelectorMiss[];
}

/**
 * Reads a page with the packs in use. `doc` is the live document, or a fresh copy of the address after
 * a move inside a single-page site, whose embedded JSON would still describe the first page.
 */
export function readPage(
  doc: Document,
  url: string,
  packs: Readonly<Record<SocialPlatform, SelectorPack>>,
): PageReading | null {
  const page = detectPage(url, packs);
  if (page === null) return null;
  const pack = packs[page.platform];
  if (page.kind === 'profile') {
    const { profile, misses } = captureProfile(doc, url, pack);
    return { platform: page.platform, kind: page.kind, groupId: null, person: profile, people: [], misses };
  }
  const misses: SelectorMiss[] = [];
  const people = findPeople(doc, url, pack, { onMiss: (miss) => misses.push(miss) });
  // An open conversation is the list's row whose person the address names (…/t/<their id>/).
  const path = new URL(url).pathname;
  const open =
    page.kind === 'conversation'
      ? people.find((person) => person.profileId !== null && path.includes(`/${person.profileId}`))
      : undefined;
  const person = open ? toOnScreenPerson(open, pack, url) : null;
  return { platform: page.platform, kind: page.kind, groupId: page.groupId, person, people, misses };
}

/** The key a listed person's badge is asked for and drawn under. */
export function personKey(person: Pick<FoundPerson, 'profileId' | 'username'>): string {
  return `${person.profileId ?? ''}|${person.username ?? ''}`;
}

/** A listed person as the sidebar shows them (a badge clicked on a member list). */
export function toOnScreenPerson(
  person: Pick<FoundPerson, 'platform' | 'profileId' | 'username' | 'name'>,
  pack: SelectorPack,
  url: string,
): OnScreenPerson {
  const [firstName = null, ...rest] = person.name?.split(/\s+/).filter(Boolean) ?? [];
  return {
    platform: person.platform,
    profileId: person.profileId,
    username: person.username,
    name: person.name,
    firstName,
    lastName: rest.length > 0 ? rest.join(' ') : null,
    url: profileAddress(person, pack) ?? new URL(url).origin + '/',
    photoURL: null,
  };
}

/** A listed person's profile address, built as the pack says from their username or id. */
function profileAddress(
  { username, profileId }: Pick<FoundPerson, 'profileId' | 'username'>,
  pack: SelectorPack,
): string | null {
  const { byUsername, byProfileId } = pack.profileUrl;
  if (username !== null && byUsername !== undefined)
    return byUsername.replace('{username}', encodeURIComponent(username));
  if (profileId !== null && byProfileId !== undefined)
    return byProfileId.replace('{profileId}', encodeURIComponent(profileId));
  return null;
}
