import type { SelectorPack } from '../selector-pack';

const UNIVERSAL = 'script#__UNIVERSAL_DATA_FOR_REHYDRATION__';
// The user whose handle is the address's: after a move inside the site the JSON may describe the previous one.
const USER_DETAIL = ['__DEFAULT_SCOPE__', 'webapp.user-detail', 'userInfo', '[uniqueId={username}]'];

/** TikTok: /@handle profiles, read from the rehydration JSON (older pages: SIGI_STATE), never the DOM titles. */
export const TIKTOK_PACK: SelectorPack = {
  platform: 'tiktok',
  version: 1,
  hosts: ['tiktok.com'],
  pages: [{ kind: 'profile', pattern: String.raw`^/@(?<username>[A-Za-z0-9._]{2,24})/?(?:\?.*)?$` }],
  reservedPaths: [],
  profileUrl: { byUsername: 'https://www.tiktok.com/@{username}' },
  keywords: {
    en: { followers: ['Followers'], message: ['Message'] },
    fr: { followers: ['Abonnés'], message: ['Message'] },
  },
  profile: {
    profileId: [
      { id: 'profile.profileId.userDetail', from: 'json', selector: UNIVERSAL, path: [...USER_DETAIL, 'id'] },
      {
        id: 'profile.profileId.sigiState',
        from: 'json',
        selector: 'script#SIGI_STATE',
        path: ['UserModule', 'users', '{username}', 'id'],
      },
    ],
    username: [
      {
        id: 'profile.username.userDetail',
        from: 'json',
        selector: UNIVERSAL,
        path: [...USER_DETAIL, 'uniqueId'],
      },
    ],
    name: [
      {
        id: 'profile.name.userDetail',
        from: 'json',
        selector: UNIVERSAL,
        path: [...USER_DETAIL, 'nickname'],
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
        id: 'profile.photoURL.userDetail',
        from: 'json',
        selector: UNIVERSAL,
        path: [...USER_DETAIL, 'avatarLarger'],
      },
      {
        id: 'profile.photoURL.avatarImage',
        from: 'css',
        selector: '[data-e2e="user-avatar"] img',
        attribute: 'src',
      },
    ],
  },
  people: {},
};
