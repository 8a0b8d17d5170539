import { PLATFORM_NAMES, SOCIAL_PLATFORMS, type SocialPlatform } from './constants';
import type { MemberRequestPlatform } from './group-integrations';

/** A person's profile on one platform, as read from an address or a handle someone typed. */
export interface ProfileAddress {
  platform: SocialPlatform;
  /** The handle (without @); null when the address names the profile by its number only. */
  username: string | null;
  /** The platform's own id when the address carries it (Facebook's number, YouTube's channel id). */
  profileId: string | null;
  /** The profile's address, written the one way the platform shows it. */
  url: string;
}

export type ProfileAddressReading =
  | { ok: true; profile: ProfileAddress }
  | { ok: false; problem: 'empty' | 'needs-platform' | 'unknown-site' | 'not-a-profile'; message: string };

interface PlatformShape {
  /** Host names, without `www.` or `m.`; a host ending in `.<name>` matches too. */
  hosts: string[];
  /** A handle the platform allows (after @ is taken off). */
  handle: RegExp;
  /** The profile in a path's segments, or null when the address is a post, a group or a page of the site. */
  read: (
    segments: string[],
    query: ReadonlyMap<string, string>,
  ) => { username?: string; profileId?: string } | null;
  /** The address the platform shows for a profile. */
  address: (profile: { username: string | null; profileId: string | null }) => string;
}

const FACEBOOK_RESERVED = new Set([
  'profile.php',
  'groups',
  'people',
  'pages',
  'watch',
  'reel',
  'reels',
  'share',
  'posts',
  'photo',
  'photo.php',
  'story.php',
  'permalink.php',
  'events',
  'marketplace',
  'messages',
  'gaming',
  'login',
  'help',
  'friends',
  'search',
  'hashtag',
  'notifications',
  'settings',
  'home.php',
]);
const INSTAGRAM_RESERVED = new Set([
  'p',
  'reel',
  'reels',
  'tv',
  'explore',
  'stories',
  'accounts',
  'direct',
  'about',
  'legal',
]);
const PINTEREST_RESERVED = new Set(['pin', 'search', 'ideas', 'business', 'today', 'settings', 'login']);

/** A first path segment that is the handle, unless the site keeps that word for its own pages. */
function firstSegmentHandle(reserved: Set<string>) {
  return (segments: string[]) => {
    const [first] = segments;
    return first && !reserved.has(first.toLowerCase()) ? { username: first } : null;
  };
}

/** `/@handle`, as TikTok, YouTube and Skool write a profile. */
function atHandle(segments: string[]) {
  const [first] = segments;
  return first?.startsWith('@') && first.length > 1 ? { username: first.slice(1) } : null;
}

const SHAPES: Record<SocialPlatform, PlatformShape> = {
  facebook: {
    hosts: ['facebook.com', 'fb.com'],
    handle: /^[A-Za-z0-9.]{1,50}$/,
    read: (segments, query) => {
      const [first, , third, fourth] = segments;
      const id = query.get('id');
      if (first === 'profile.php') return id && /^\d+$/.test(id) ? { profileId: id } : null;
      // /people/<Name>/<id>/ and a group member's /groups/<gid>/user/<uid>/ carry the number.
      if (first === 'people' && third && /^\d+$/.test(third)) return { profileId: third };
      if (first === 'groups' && third === 'user' && fourth && /^\d+$/.test(fourth))
        return { profileId: fourth };
      return firstSegmentHandle(FACEBOOK_RESERVED)(segments);
    },
    address: ({ username, profileId }) =>
      username
        ? `https://www.facebook.com/${username}`
        : `https://www.facebook.com/profile.php?id=${profileId ?? ''}`,
  },
  instagram: {
    hosts: ['instagram.com', 'instagr.am'],
    handle: /^[A-Za-z0-9._]{1,30}$/,
    read: firstSegmentHandle(INSTAGRAM_RESERVED),
    address: ({ username }) => `https://www.instagram.com/${username ?? ''}/`,
  },
  linkedin: {
    hosts: ['linkedin.com'],
    handle: /^[\p{L}\p{N}_-]{3,100}$/u,
    read: (segments) => (segments[0] === 'in' && segments[1] ? { username: segments[1] } : null),
    address: ({ username }) => `https://www.linkedin.com/in/${username ?? ''}/`,
  },
  pinterest: {
    // Pinterest answers on a domain per country (pinterest.co.uk, pinterest.de, …).
    hosts: [
      'pinterest.com',
      'pinterest.co.uk',
      'pinterest.ca',
      'pinterest.de',
      'pinterest.fr',
      'pinterest.es',
    ],
    handle: /^[A-Za-z0-9_]{3,30}$/,
    read: firstSegmentHandle(PINTEREST_RESERVED),
    address: ({ username }) => `https://www.pinterest.com/${username ?? ''}/`,
  },
  tiktok: {
    hosts: ['tiktok.com'],
    handle: /^[A-Za-z0-9._]{2,24}$/,
    read: atHandle,
    address: ({ username }) => `https://www.tiktok.com/@${username ?? ''}`,
  },
  youtube: {
    hosts: ['youtube.com'],
    handle: /^[\p{L}\p{N}._-]{3,30}$/u,
    read: (segments) => {
      const [first, second] = segments;
      if (first === 'channel' && second && /^UC[\w-]{22}$/.test(second)) return { profileId: second };
      // The older custom and user addresses still lead to the channel.
      if ((first === 'c' || first === 'user') && second) return { username: second };
      return atHandle(segments);
    },
    address: ({ username, profileId }) =>
      username
        ? `https://www.youtube.com/@${username}`
        : `https://www.youtube.com/channel/${profileId ?? ''}`,
  },
  skool: {
    hosts: ['skool.com'],
    handle: /^[a-z0-9-]{1,100}$/,
    read: atHandle,
    address: ({ username }) => `https://www.skool.com/@${username ?? ''}`,
  },
};

function platformOfHost(host: string): SocialPlatform | null {
  const bare = host.toLowerCase().replace(/^(www|m|mobile|web)\./, '');
  return (
    SOCIAL_PLATFORMS.find((platform) =>
      SHAPES[platform].hosts.some((known) => bare === known || bare.endsWith(`.${known}`)),
    ) ?? null
  );
}

/** Decodes a part of an address, keeping it as typed when it is not validly encoded. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/**
 * The host, path segments and query of an http(s) address. The domain runs without the browser's
 * or Node's URL, and a profile (or post) address needs no more than this.
 */
export function splitAddress(text: string) {
  const parts = /^https?:\/\/([^/?#:@\s]+)(?::\d+)?(\/[^?#]*)?(?:\?([^#]*))?(?:#.*)?$/i.exec(text);
  if (!parts) return null;
  const [, host = '', path = '', search = ''] = parts;
  const query = new Map<string, string>();
  for (const pair of search.split('&')) {
    const [key = '', value = ''] = pair.split('=');
    if (key !== '' && !query.has(key)) query.set(decodePart(key), decodePart(value));
  }
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodePart);
  return { host, segments, query };
}

function profileOf(
  platform: SocialPlatform,
  found: { username?: string; profileId?: string },
): ProfileAddressReading {
  const shape = SHAPES[platform];
  const username = found.username ?? null;
  if (username !== null && !shape.handle.test(username)) {
    return {
      ok: false,
      problem: 'not-a-profile',
      message: `"${username}" is not a valid ${PLATFORM_NAMES[platform]} username.`,
    };
  }
  const profileId = found.profileId ?? null;
  return {
    ok: true,
    profile: { platform, username, profileId, url: shape.address({ username, profileId }) },
  };
}

/**
 * Reads the platform and the username (or the platform's id) from a profile address someone pasted,
 * with or without `https://`, or from a handle (`@jane`, `jane`) on the platform given. A post, a
 * group or another page of the site is not a profile, and says so.
 */
export function readProfileAddress(typed: string, platform?: SocialPlatform | null): ProfileAddressReading {
  const text = typed.trim();
  if (text === '' || text === '@') {
    return { ok: false, problem: 'empty', message: 'Paste a profile address or type a handle.' };
  }
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  // A handle may hold dots (jane.doe), so only a slash or a known site's name makes it an address.
  if (!hasScheme && !text.includes('/') && !platformOfHost(text.split('?')[0] ?? '')) {
    const handle = text.replace(/^@/, '');
    if (!platform) {
      return {
        ok: false,
        problem: 'needs-platform',
        message: 'Choose the platform of this handle, or paste the profile’s address.',
      };
    }
    return profileOf(platform, { username: handle });
  }
  const address = splitAddress(hasScheme ? text : `https://${text}`);
  const site = address ? platformOfHost(address.host) : null;
  if (!address || !site) {
    return {
      ok: false,
      problem: 'unknown-site',
      message: `Paste a profile address from ${SOCIAL_PLATFORMS.map((item) => PLATFORM_NAMES[item]).join(', ')}.`,
    };
  }
  const found = SHAPES[site].read(address.segments, address.query);
  if (!found) {
    return {
      ok: false,
      problem: 'not-a-profile',
      message: `This ${PLATFORM_NAMES[site]} address is not a person’s profile.`,
    };
  }
  return profileOf(site, found);
}

/** Skool addresses whose first part is no community: the site's own pages (profiles start with @). */
const SKOOL_PAGES = new Set(['discovery', 'settings', 'signup', 'login', 'pricing', 'about', 'legal']);
const GROUP_ID = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * The group an address names, as a pipeline's group integration keeps it: a Facebook group
 * (facebook.com/groups/{id}/…, any subdomain) or a Skool community (skool.com/{slug}/…). Null for any
 * other address, including a profile or a page of the site itself.
 */
export function readGroupAddress(
  address: string,
): { platform: MemberRequestPlatform; groupId: string } | null {
  const parts = splitAddress(address.trim());
  if (!parts) return null;
  const platform = platformOfHost(parts.host);
  const [first = '', second = ''] = parts.segments;
  if (platform === 'facebook' && first === 'groups' && GROUP_ID.test(second)) {
    return { platform, groupId: second };
  }
  if (
    platform === 'skool' &&
    !first.startsWith('@') &&
    !SKOOL_PAGES.has(first.toLowerCase()) &&
    GROUP_ID.test(first)
  ) {
    return { platform, groupId: first };
  }
  return null;
}
