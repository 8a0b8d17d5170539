/** Terms version every signed-in user must have accepted (SPEC §4). */
export const TERMS_VERSION = '1.0.1';

/** Prefix of every page title, followed by the view name (SPEC §2). */
export const PAGE_TITLE_PREFIX = 'GroupTrack 2.0 | ';

/** Colour a new tag set gets when none is chosen (SPEC §9). */
export const DEFAULT_TAG_SET_COLOR = '#1C7EBB';

/** Avatar size in pixels when none is asked for (SPEC §9). */
export const AVATAR_SIZE_DEFAULT = 80;

/** Avatar size in pixels used by the profile and sidebar (SPEC §9). */
export const AVATAR_SIZE_IN_USE = 150;

/** Search paging when the caller sends none; size 0 means counts only (SPEC §9). */
export const SEARCH_PAGING_DEFAULTS = { from: 0, size: 0 } as const;

/** Random delay range before a queue processor tab opens (SPEC §9). */
export const QUEUE_TAB_DELAY_MS = { min: 2000, max: 4000 } as const;

/** Extra delay per platform index so queue tabs never open together (SPEC §9). */
export const QUEUE_TAB_PLATFORM_OFFSET_MS = 50;

/** How far contact-added activities are backdated (SPEC §9). */
export const CONTACT_ADDED_BACKDATE_MS = { initial: 120_000, pipelineAdd: 60_000 } as const;

/** How long a dismissed notification stays hidden (SPEC §9). */
export const NOTIFICATION_SNOOZE_MS = 86_400_000;

/** How long a toast notification stays on screen (SPEC §9). */
export const TOAST_TIMEOUT_MS = 5000;

/** How often and how many times the app polls for base data before signing out (SPEC §4). */
export const BASE_DATA_POLL = { tries: 8, intervalMs: 1000 } as const;

/** Interval at which the route guard re-checks its inputs (SPEC §9). */
export const ROUTE_GUARD_POLL_MS = 1000;

/** Debounce before reacting to a changed app version (SPEC §9). */
export const VERSION_POLL_DEBOUNCE_MS = 1000;

/** Social platforms the product works with, in display order (SPEC §9). */
export const SOCIAL_PLATFORMS = [
  'instagram',
  'facebook',
  'linkedin',
  'pinterest',
  'tiktok',
  'youtube',
  'skool',
] as const;

/** One of the social platforms of SPEC §9. */
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Each platform's name as the platform spells it, e.g. 'TikTok'. */
export const PLATFORM_NAMES: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  skool: 'Skool',
};

/** Each platform's site; its subdomains (www., m., web.) belong to it too. */
export const PLATFORM_SITES: Readonly<Record<SocialPlatform, string>> = {
  instagram: 'instagram.com',
  facebook: 'facebook.com',
  linkedin: 'linkedin.com',
  pinterest: 'pinterest.com',
  tiktok: 'tiktok.com',
  youtube: 'youtube.com',
  skool: 'skool.com',
};

/** Number of team database shards, S1 to S3 (SPEC §9). */
export const DEFAULT_SHARD_COUNT = 3;

/** Length of a new team's trial in days (PRODUCT.md). */
export const TRIAL_DAYS = 12;

/** Longest team (community) name, at sign-up and on renaming. */
export const TEAM_NAME_MAX_LENGTH = 100;

/**
 * The stages of the pipeline a new team starts with (named after the team), so its first contact has
 * somewhere to go. It is an ordinary pipeline: renamed, re-staged or deleted like any other.
 */
export const STARTER_STAGES = [
  'New member',
  'Welcomed',
  'In conversation',
  'Call booked',
  'Client',
  'Not a fit',
] as const;

/** Days a canceled team's data is kept (PRODUCT.md). */
export const CANCELED_DATA_RETENTION_DAYS = 90;

/** Sync period of an integration when none is set (SPEC §9). */
export const DEFAULT_SYNC_PERIOD = 0;

/** Views a contact list can open in (SPEC §2). */
export const CONTACT_VIEWS = ['pipeline', 'table'] as const;

/** One of the contact list views. */
export type ContactView = (typeof CONTACT_VIEWS)[number];

/** Checks that a value is one of the social platforms. */
export function isSocialPlatform(value: unknown): value is SocialPlatform {
  return typeof value === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** Checks that a value is one of the contact views. */
export function isContactView(value: unknown): value is ContactView {
  return typeof value === 'string' && (CONTACT_VIEWS as readonly string[]).includes(value);
}

/** Picks the delay before opening the queue tab of the platform at `platformIndex`. */
export function pickQueueTabDelayMs(platformIndex: number, random: () => number = Math.random): number {
  const { min, max } = QUEUE_TAB_DELAY_MS;
  // Math.min keeps a random() of exactly 1 (some stubs return it) inside the range.
  const jitter = Math.min(max - min, Math.floor(random() * (max - min + 1)));
  return min + jitter + QUEUE_TAB_PLATFORM_OFFSET_MS * platformIndex;
}
