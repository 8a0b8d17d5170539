import type { SelectorPack } from '../selector-pack';
import { ENGLISH_TIME_WORDS, FRENCH_TIME_WORDS } from './time-words';

const NEXT_DATA = 'script#__NEXT_DATA__';

/**
 * Skool: /@slug member pages and community member lists, read from `__NEXT_DATA__`, whose `self` is the viewer;
 * `__NEXT_DATA__` keeps the first page's data after a move inside the site, so each path picks the address's slug.
 */
export const SKOOL_PACK: SelectorPack = {
  platform: 'skool',
  version: 3,
  hosts: ['skool.com'],
  pages: [
    // The members page's Pending tab lists the people asking to join, with their answers.
    {
      kind: 'member-requests',
      pattern: String.raw`^/(?<groupId>[a-z0-9-]+)/-/members/?\?(?:[^#]*&)?t=pending(?:[&#].*)?$`,
    },
    { kind: 'member-list', pattern: String.raw`^/(?<groupId>[a-z0-9-]+)/-/members/?(?:\?.*)?$` },
    { kind: 'profile', pattern: String.raw`^/@(?<username>[a-z0-9-]+)/?(?:\?.*)?$` },
  ],
  reservedPaths: [],
  profileUrl: { byUsername: 'https://www.skool.com/@{username}' },
  keywords: {
    en: {
      members: ['Members'],
      chat: ['Chat'],
      requested: ['Requested'],
      noPendingMembers: ['No pending members', 'No membership requests'],
      approve: ['Approve'],
      decline: ['Decline'],
    },
    fr: {
      members: ['Membres'],
      chat: ['Discuter'],
      requested: ['Demande'],
      noPendingMembers: ['Aucun membre en attente', 'Aucune demande d’adhésion'],
      approve: ['Approuver'],
      decline: ['Refuser'],
    },
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
    'member-requests': {
      item: [{ id: 'memberRequests.item.memberLink', selector: 'main a[href^="/@"]' }],
      container: ['[role="listitem"]', 'div:has(> a[href^="/@"] img)'],
      fields: {
        profileId: [],
        username: [
          {
            id: 'memberRequests.username.memberHref',
            from: 'css',
            selector: 'a[href^="/@"]',
            attribute: 'href',
            pattern: String.raw`^/@([a-z0-9-]+)`,
          },
        ],
        name: [
          { id: 'memberRequests.name.linkText', from: 'css', selector: 'a[href^="/@"]' },
          {
            id: 'memberRequests.name.avatarAlt',
            from: 'css',
            selector: 'a[href^="/@"] img[alt]',
            attribute: 'alt',
          },
        ],
      },
    },
  },
  memberRequests: {
    photoURL: [
      {
        id: 'memberRequests.photoURL.avatar',
        from: 'css',
        selector: 'a[href^="/@"] img[src]',
        attribute: 'src',
      },
    ],
    // Skool's classes are generated: the answers are the list in the card, question then answer.
    answers: {
      item: [{ id: 'memberRequests.answers.listItem', selector: 'ul > li' }],
      question: [{ id: 'memberRequests.answers.question', from: 'css', selector: 'li > :first-child' }],
      answer: [{ id: 'memberRequests.answers.answer', from: 'css', selector: 'li > :nth-child(2)' }],
    },
    // Skool asks no agreement to rules of its own.
    agreedToRules: { yes: [], no: [] },
    requestedAt: [
      {
        id: 'memberRequests.requestedAt.requestedText',
        from: 'css',
        selector: 'span',
        pattern: String.raw`^{kw:requested}\s+(.+)$`,
      },
    ],
    timeWords: { en: ENGLISH_TIME_WORDS, fr: FRENCH_TIME_WORDS },
    groupName: [
      {
        id: 'memberRequests.groupName.currentGroup',
        from: 'json',
        selector: NEXT_DATA,
        path: ['props', 'pageProps', 'currentGroup', 'metadata', 'displayName'],
      },
      {
        id: 'memberRequests.groupName.title',
        from: 'css',
        selector: 'title',
        pattern: String.raw`^.+? · (.+?) · Skool$`,
      },
    ],
    viewer: {
      profileId: [],
      username: [
        {
          id: 'memberRequests.viewer.self',
          from: 'json',
          selector: NEXT_DATA,
          path: ['props', 'pageProps', 'self', 'name'],
        },
      ],
    },
    empty: [{ id: 'memberRequests.empty.noPending', selector: 'main span', text: 'noPendingMembers' }],
    blocked: [],
    // Skool's controls are pointer-cursor boxes with no role or label: their words find them.
    actions: {
      approve: [{ id: 'memberRequests.actions.approve', selector: 'div > span', text: 'approve' }],
      decline: [{ id: 'memberRequests.actions.decline', selector: 'div > span', text: 'decline' }],
    },
  },
};
