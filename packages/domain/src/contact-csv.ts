import { SOCIAL_PLATFORMS, type SocialPlatform } from './constants';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The platform columns of our contact CSV: profile URL, id and username per platform. */
export const PLATFORM_CSV_COLUMNS = SOCIAL_PLATFORMS.flatMap((platform: SocialPlatform) => [
  `${capitalise(platform)} URL`,
  `${capitalise(platform)} Profile ID`,
  `${capitalise(platform)} Username`,
]);

/**
 * The columns of GroupTrack's contact CSV, in order. One row per contact and pipeline (a contact in
 * no pipeline has one row with the pipeline columns empty), so an import reads it back losslessly.
 */
export const CONTACT_CSV_COLUMNS = [
  'GTID',
  'First Name',
  'Last Name',
  'Full Name',
  'Email',
  'Phone',
  'Photo URL',
  ...PLATFORM_CSV_COLUMNS,
  'Global Tags',
  'Pipeline',
  'Stage',
  'Pipeline Tags',
  'Questions',
  'Created At',
] as const;

/** Tags as one cell: "Tag set: Tag | Tag set: Tag". */
export function formatTagCell(tags: readonly { tagSetName: string; tagName: string }[]): string {
  return tags.map((tag) => `${tag.tagSetName}: ${tag.tagName}`).join(' | ');
}

/**
 * Reads a tag cell back; a tag without "Set:" belongs to `defaultSetName`. Tags are split on "|"
 * (our export), ",", ";" (what people type: "coaching, course-buyer") and ":::" (Google Contacts'
 * labels, "* myContacts ::: Friends", whose system labels, all beginning with "* " (starred, my
 * contacts, other), are no tags anyone chose and are left out).
 */
export function parseTagCell(
  cell: string,
  defaultSetName: string,
): { tagSetName: string; tagName: string }[] {
  return cell
    .split(/\||:::|[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('* '))
    .map((part) => {
      const colon = part.indexOf(':');
      return colon > 0
        ? { tagSetName: part.slice(0, colon).trim(), tagName: part.slice(colon + 1).trim() }
        : { tagSetName: defaultSetName, tagName: part };
    })
    .filter((tag) => tag.tagName !== '');
}
