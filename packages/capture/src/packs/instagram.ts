import type { SelectorPack } from '../selector-pack';

const USER_JSON = 'script[type="application/json"]';

/** Instagram: profiles, read from the page's embedded JSON first and its meta tags and header second. */
export const INSTAGRAM_PACK: SelectorPack = {
  platform: 'instagram',
  version: 1,
  hosts: ['instagram.com'],
  pages: [
    { kind: 'conversation', pattern: String.raw`^/direct/(?:inbox|t/[^/?#]+)/?(?:\?.*)?$` },
    { kind: 'comments', pattern: String.raw`^/(?:[A-Za-z0-9._]+/)?(?:p|reel)/[^/?#]+/?(?:\?.*)?$` },
    { kind: 'profile', pattern: String.raw`^/(?<username>[A-Za-z0-9._]{1,30})/?(?:\?.*)?$` },
  ],
  reservedPaths: [
    'explore',
    'p',
    'reel',
    'reels',
    'direct',
    'accounts',
    'stories',
    'about',
    'developer',
    'legal',
    'web',
    'challenge',
    'emails',
    'oauth',
    'session',
    'tv',
    'privacy',
    'api',
    'graphql',
  ],
  profileUrl: { byUsername: 'https://www.instagram.com/{username}/' },
  keywords: {
    en: { profilePicture: ["'s profile picture"], message: ['Message'], followers: ['followers'] },
    fr: { profilePicture: ['Photo de profil de'], message: ['Envoyer un message'], followers: ['followers'] },
  },
  profile: {
    // The page JSON holds the viewer (and, after a move inside the site, the previous profile) too: every
    // source picks the user whose username is the address's. `"page_id":"profilePage_…"` is not used for this reason.
    profileId: [
      {
        id: 'profile.profileId.userJson',
        from: 'json',
        selector: USER_JSON,
        path: ['**', '[username={username}]', 'id'],
      },
    ],
    username: [],
    name: [
      {
        id: 'profile.name.userJson',
        from: 'json',
        selector: USER_JSON,
        path: ['**', '[username={username}]', 'full_name'],
      },
      {
        id: 'profile.name.ogTitle',
        from: 'css',
        selector: 'meta[property="og:title"]',
        attribute: 'content',
        pattern: String.raw`^(.+?) \(@{username}\)`,
      },
    ],
    firstName: [],
    lastName: [],
    photoURL: [
      {
        id: 'profile.photoURL.userJsonHd',
        from: 'json',
        selector: USER_JSON,
        path: ['**', '[username={username}]', 'hd_profile_pic_url_info', 'url'],
      },
      {
        id: 'profile.photoURL.userJson',
        from: 'json',
        selector: USER_JSON,
        path: ['**', '[username={username}]', 'profile_pic_url'],
      },
      {
        id: 'profile.photoURL.headerImage',
        from: 'css',
        selector: 'header img[alt*="{kw:profilePicture}"][alt*="{username}"]',
        attribute: 'src',
      },
    ],
  },
  people: {},
};
