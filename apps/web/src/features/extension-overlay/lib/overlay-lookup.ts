import { OVERLAY_LOOKUP_MAX } from '@grouptrack/domain';
import type {
  KnownPeople,
  KnownPeopleQuery,
  OverlayLookupRequest,
  OverlayLookupResult,
} from '@grouptrack/domain';

/** The longest key, profile id or username the server takes (knownPeopleQuerySchema). */
const FIELD_MAX = 200;

/** A profile id or username the server can match: trimmed, and null when empty or longer than any it keeps. */
function readHandle(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || trimmed.length > FIELD_MAX ? null : trimmed;
}

/**
 * The server's look-up for the people a content script asks about, leaving out those it could not
 * match (no profile id or username) or answer (a key it would refuse), so one odd row does not cost
 * the whole page its badges; null when no one is left to ask about.
 */
export function buildKnownPeopleQuery(request: OverlayLookupRequest): KnownPeopleQuery | null {
  const people = request.people.slice(0, OVERLAY_LOOKUP_MAX).flatMap((person) => {
    const profileId = readHandle(person.profileId);
    const username = readHandle(person.username);
    if (person.key === '' || person.key.length > FIELD_MAX) return [];
    if (profileId === null && username === null) return [];
    return [{ key: person.key, profileId, username }];
  });
  return people.length === 0 ? null : { platform: request.platform, people };
}

/**
 * Answers one look-up of the content script: the badges of the people GroupTrack knows, or none when
 * the look-up fails (logged, so a page with no badges can be told from a failing one). Never rejects.
 */
export async function answerOverlayLookup(
  request: OverlayLookupRequest,
  lookUp: (query: KnownPeopleQuery) => Promise<KnownPeople>,
): Promise<OverlayLookupResult> {
  const query = buildKnownPeopleQuery(request);
  if (!query) return { type: 'gt_overlay_result', id: request.id, badges: [] };
  try {
    const { badges } = await lookUp(query);
    return { type: 'gt_overlay_result', id: request.id, badges };
  } catch (error) {
    console.warn('GroupTrack overlay: the look-up of known people failed.', error);
    return { type: 'gt_overlay_result', id: request.id, badges: [] };
  }
}
