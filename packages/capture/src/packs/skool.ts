import type { SelectorPack } from '../selector-pack';

const NEXT_DATA = 'script#__NEXT_DATA__';

/**
 * Skool: /@slug member pages and community member lists, read from `__NEXT_DATA__`, whose `self` is the viewer;
 * `__NEXT_DATA__` keeps the first page's data after a move inside the site, so each path picks the address's slug.
 */
export const SKOOL_PACK: SelectorPack = {
  platform: 'skool',
  version: 1,
  hosts: ['skool.com'],
  pages: [
    { kind: 'member-list', pattern: String.raw`^/(?<groupId>[a-z0-9-]+)/-/members/?(?:\?.*)?$` },
    { kind: 'profile', pattern: String.raw`^/@(?<username>[a-z0-9-]+)/?(?:\?.*)?$` },
  ],
  reservedPaths: [],
  profileUrl: { byUsername: 'https://www.skool.com/@{username}' },
  keywords: {
    en: { members: ['Members'], chat: ['Chat'] },
    fr: { members: ['Membres'], chat: ['Discuter'] },
  },
  profile: {
    profileId: [
      {
        id: 'profile.profileId.pageUser',
        from: 'json',
        selector: NEXT_DATA,
        path: ['props', 'pageProps', '[name={username}]', 'id'],
      },
      {
        id: 'profile.profileId.anyUser',
        from: 'json',
        selector: NEXT_DATA,
        path: ['**', '[name={username}]', 'id'],
      },
    ],
    username: [
      {
        id: 'profile.username.pageUser',
        from: 'json',
        selector: NEXT_DATA,
        path: ['props', 'pageProps', '[name={username}]', 'name'],
      },
    ],
    name: [],
    firstName: [
      {
        id: 'profile.firstName.pageUser',
        from: 'json',
        selector: NEXT_DATA,
        path: ['props', 'pageProps', '[name={username}]', 'firstName'],
      },
    ],
    lastName: [
      {
        id: 'profile.lastName.pageUser',
        from: 'json',
        selector: NEXT_DATA,
        path: ['props', 'pageProps', '[name={username}]', 'lastName'],
      },
    ],
    photoURL: [
      {
        id: 'profile.photoURL.pageUser',
        from: 'json',
        selector: NEXT_DATA,
        path: ['props', 'pageProps', '[name={username}]', 'metadata', 'pictureProfile'],
      },
    ],
  },
  people: {
    'member-list': {
      item: [{ id: 'memberList.item.memberLink', selector: 'main a[href^="/@"]' }],
      // The row is the nearest block holding the member's photo link; its classes are generated, so unusable.
      container: ['[role="listitem"]', 'div:has(> a[href^="/@"] img)'],
      fields: {
        // A member's row links to them twice (photo, name): the slug is the key that makes them one person.
        profileId: [],
        username: [
          {
            id: 'memberList.username.memberHref',
            from: 'css',
            selector: 'a[href^="/@"]',
            attribute: 'href',
            pattern: String.raw`^/@([a-z0-9-]+)`,
          },
        ],
        name: [
          { id: 'memberList.name.linkText', from: 'css', selector: 'a[href^="/@"]' },
          {
            id: 'memberList.name.avatarAlt',
            from: 'css',
            selector: 'a[href^="/@"] img[alt]',
            attribute: 'alt',
          },
        ],
      },
    },
  },
};
