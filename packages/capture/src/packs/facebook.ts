import type { SelectorPack } from '../selector-pack';

/** Facebook: profiles, group members and member requests, group post comments, Messenger conversations. */
export const FACEBOOK_PACK: SelectorPack = {
  platform: 'facebook',
  version: 1,
  hosts: ['facebook.com'],
  pages: [
    {
      kind: 'member-list',
      pattern: String.raw`^/groups/(?<groupId>[^/?#]+)/(?:member-requests|requests|participant_requests|members)(?:/[^?#]*)?(?:\?.*)?$`,
    },
    {
      kind: 'comments',
      pattern: String.raw`^/groups/(?<groupId>[^/?#]+)/(?:posts|permalink)/[^/?#]+/?(?:\?.*)?$`,
    },
    { kind: 'conversation', pattern: String.raw`^/messages/(?:e2ee/)?t/[^/?#]+/?(?:\?.*)?$` },
    { kind: 'profile', pattern: String.raw`^/profile\.php\?(?:[^#]*&)?id=(?<profileId>\d+)` },
    { kind: 'profile', pattern: String.raw`^/people/[^/?#]+/(?<profileId>\d+)/?(?:\?.*)?$` },
    { kind: 'profile', pattern: String.raw`^/(?<username>[A-Za-z0-9.]{5,})/?(?:\?.*)?$` },
  ],
  reservedPaths: [
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
    'photos',
    'marketplace',
    'messages',
    'events',
    'gaming',
    'friends',
    'notifications',
    'settings',
    'help',
    'login',
    'login.php',
    'search',
    'stories',
    'home.php',
    'bookmarks',
    'saved',
    'hashtag',
    'permalink.php',
    'story.php',
    'privacy',
    'policies',
  ],
  profileUrl: {
    byUsername: 'https://www.facebook.com/{username}',
    byProfileId: 'https://www.facebook.com/profile.php?id={profileId}',
  },
  keywords: {
    en: {
      approve: ['Approve'],
      decline: ['Decline'],
      notifications: ['Notifications'],
      chats: ['Chats'],
      commentBy: ['Comment by'],
      replyBy: ['Reply by'],
      message: ['Message'],
      send: ['Press enter to send'],
      noPendingMembers: ['No pending members'],
    },
    fr: {
      approve: ['Approuver'],
      decline: ['Refuser'],
      notifications: ['Notifications'],
      chats: ['Discussions'],
      commentBy: ['Commentaire de'],
      replyBy: ['Réponse de'],
      message: ['Envoyer un message'],
      send: ['Appuyez sur Entrée pour envoyer'],
      noPendingMembers: ['Aucun membre en attente'],
    },
  },
  profile: {
    profileId: [
      {
        id: 'profile.profileId.alAndroidUrl',
        from: 'css',
        selector: 'meta[property="al:android:url"]',
        attribute: 'content',
        pattern: String.raw`^fb://profile/(\d+)`,
      },
      {
        id: 'profile.profileId.alIosUrl',
        from: 'css',
        selector: 'meta[property="al:ios:url"]',
        attribute: 'content',
        pattern: String.raw`^fb://profile/(\d+)`,
      },
      // The owner, never USER_ID / actorID / __user, which are the signed-in viewer.
      {
        id: 'profile.profileId.profileOwnerJson',
        from: 'json',
        selector: 'script[type="application/json"][data-sjs]',
        path: ['**', 'profile_owner', 'id'],
      },
    ],
    username: [
      {
        id: 'profile.username.canonicalLink',
        from: 'css',
        selector: 'link[rel="canonical"]',
        attribute: 'href',
        pattern: String.raw`^https://www\.facebook\.com/(?!profile\.php)([A-Za-z0-9.]{5,})/?$`,
        // A profile without a vanity address has profile.php as its canonical address.
        optional: true,
      },
    ],
    name: [
      {
        id: 'profile.name.mainHeading',
        from: 'css',
        selector: 'div[role="main"] h1',
        exclude: ['notifications', 'chats'],
      },
      {
        id: 'profile.name.ogTitle',
        from: 'css',
        selector: 'meta[property="og:title"]',
        attribute: 'content',
      },
    ],
    firstName: [],
    lastName: [],
    photoURL: [
      {
        id: 'profile.photoURL.ogImage',
        from: 'css',
        selector: 'meta[property="og:image"]',
        attribute: 'content',
      },
    ],
  },
  people: {
    'member-list': {
      item: [
        {
          id: 'memberList.item.groupUserLink',
          selector: 'div[role="main"] a[href*="/groups/"][href*="/user/"]',
        },
      ],
      container: ['[role="listitem"]', '[role="article"]'],
      fields: {
        profileId: [
          {
            id: 'memberList.profileId.groupUserHref',
            from: 'css',
            selector: 'a[href*="/user/"]',
            attribute: 'href',
            pattern: String.raw`/user/(\d+)`,
          },
        ],
        username: [],
        name: [
          { id: 'memberList.name.linkText', from: 'css', selector: 'a[href*="/user/"]' },
          {
            id: 'memberList.name.linkLabel',
            from: 'css',
            selector: 'a[href*="/user/"][aria-label]',
            attribute: 'aria-label',
          },
        ],
      },
    },
    comments: {
      item: [
        {
          id: 'comments.item.labelledArticle',
          selector:
            '[role="article"][aria-label^="{kw:commentBy}"], [role="article"][aria-label^="{kw:replyBy}"]',
        },
        // Structural fallback for a locale the table lacks: a comment is an article with a comment_id link.
        { id: 'comments.item.commentIdLink', selector: '[role="article"] a[href*="comment_id="]' },
      ],
      container: ['[role="article"]'],
      fields: {
        // A reply's own link carries reply_comment_id; a comment's carries comment_id alone.
        key: [
          {
            id: 'comments.key.commentId',
            from: 'css',
            selector: 'a[href*="comment_id="]',
            attribute: 'href',
            pattern: String.raw`[?&]reply_comment_id=(\d+)|^(?!.*reply_comment_id)[^#]*[?&]comment_id=(\d+)`,
          },
        ],
        profileId: [
          {
            id: 'comments.profileId.groupUserHref',
            from: 'css',
            selector: 'a[href*="/user/"]',
            attribute: 'href',
            pattern: String.raw`/user/(\d+)`,
          },
        ],
        username: [],
        name: [{ id: 'comments.name.authorLinkText', from: 'css', selector: 'a[href*="/user/"]' }],
      },
    },
    conversation: {
      item: [{ id: 'conversation.item.threadLink', selector: '[role="navigation"] a[href*="/t/"]' }],
      container: ['[role="row"]', '[role="listitem"]'],
      fields: {
        profileId: [
          {
            id: 'conversation.profileId.threadHref',
            from: 'css',
            selector: 'a[href*="/t/"]',
            attribute: 'href',
            pattern: String.raw`/messages/(?:e2ee/)?t/(\d+)`,
          },
        ],
        username: [],
        name: [
          {
            id: 'conversation.name.threadTitle',
            from: 'css',
            selector: 'a[href*="/t/"] span[dir="auto"] > span',
          },
          {
            id: 'conversation.name.avatarAlt',
            from: 'css',
            selector: 'a[href*="/t/"] img[alt]',
            attribute: 'alt',
          },
        ],
      },
    },
  },
};
