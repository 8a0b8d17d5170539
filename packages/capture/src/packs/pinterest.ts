import type { SelectorPack } from '../selector-pack';

const PWS_DATA = 'script#__PWS_DATA__';

/** Pinterest: /<username>/ profiles, read from `__PWS_DATA__`, whose `viewer` is the signed-in user. */
export const PINTEREST_PACK: SelectorPack = {
  platform: 'pinterest',
  version: 1,
  hosts: ['pinterest.com', 'pinterest.fr', 'pinterest.co.uk', 'pinterest.ca', 'pinterest.de'],
  pages: [
    {
      kind: 'profile',
      pattern: String.raw`^/(?<username>[A-Za-z0-9_]{3,30})/?(?:_(?:created|saved|profile)/?)?(?:\?.*)?$`,
    },
  ],
  reservedPaths: [
    'pin',
    'search',
    'ideas',
    'today',
    'settings',
    'business',
    'login',
    'logout',
    'explore',
    'categories',
    'topics',
    'news_hub',
    'about',
    'videos',
    'shopping',
    'password',
    'notifications',
  ],
  profileUrl: { byUsername: 'https://www.pinterest.com/{username}/' },
  keywords: {
    en: { followers: ['followers'], message: ['Message'] },
    fr: { followers: ['abonnés'], message: ['Message'] },
  },
  profile: {
    profileId: [
      {
        id: 'profile.profileId.reduxUser',
        from: 'json',
        selector: PWS_DATA,
        path: ['props', 'initialReduxState', 'users', '{username}', 'id'],
      },
      {
        id: 'profile.profileId.anyUser',
        from: 'json',
        selector: PWS_DATA,
        path: ['**', '[username={username}]', 'id'],
      },
    ],
    username: [],
    name: [
      {
        id: 'profile.name.reduxUser',
        from: 'json',
        selector: PWS_DATA,
        path: ['props', 'initialReduxState', 'users', '{username}', 'full_name'],
      },
      {
        id: 'profile.name.ogTitle',
        from: 'css',
        selector: 'meta[property="og:title"]',
        attribute: 'content',
        pattern: String.raw`^(.+?) \({username}\)`,
      },
    ],
    firstName: [
      {
        id: 'profile.firstName.reduxUser',
        from: 'json',
        selector: PWS_DATA,
        path: ['props', 'initialReduxState', 'users', '{username}', 'first_name'],
      },
    ],
    lastName: [
      {
        id: 'profile.lastName.reduxUser',
        from: 'json',
        selector: PWS_DATA,
        path: ['props', 'initialReduxState', 'users', '{username}', 'last_name'],
      },
    ],
    photoURL: [
      {
        id: 'profile.photoURL.reduxUser',
        from: 'json',
        selector: PWS_DATA,
        path: ['props', 'initialReduxState', 'users', '{username}', 'image_xlarge_url'],
      },
    ],
  },
  people: {},
};
