import type { PeopleRule, SelectorPack } from '../selector-pack';
import { ENGLISH_TIME_WORDS, FRENCH_TIME_WORDS } from './time-words';

const GROUP_USER_HREF = String.raw`/user/(\d+)`;

/** A comment or a reply of a post: an article labelled "Comment by …" or "Reply by …" (research §3.4). */
const COMMENT_ARTICLE =
  '[role="article"][aria-label^="{kw:commentBy}"], [role="article"][aria-label^="{kw:replyBy}"]';

/**
 * A comment's id, from its own timestamp link: a reply's link carries reply_comment_id (its id) beside
 * comment_id (its parent's); a comment's carries comment_id alone.
 */
const COMMENT_ID_HREF = String.raw`[?&]reply_comment_id=(\d+)|^(?!.*reply_comment_id)[^#]*[?&]comment_id=(\d+)`;

/**
 * The requests page: a card is the row (list item, or article in the older layout) holding an Approve
 * button, and the card's first person link is the requester (a second one is whoever invited them).
 */
const MEMBER_REQUEST_ROWS: PeopleRule = {
  item: [
    {
      id: 'memberRequests.item.groupUserLink',
      selector: 'div[role="main"] a[href*="/groups/"][href*="/user/"]',
    },
    { id: 'memberRequests.item.profilePhpLink', selector: 'div[role="main"] a[href*="profile.php?id="]' },
  ],
  container: ['[role="listitem"]', '[role="article"]'],
  requires: 'div[role="button"][aria-label="{kw:approve}"]',
  fields: {
    profileId: [
      {
        id: 'memberRequests.profileId.groupUserHref',
        from: 'css',
        selector: 'a[href*="/user/"]',
        attribute: 'href',
        pattern: GROUP_USER_HREF,
      },
      {
        id: 'memberRequests.profileId.profilePhpHref',
        from: 'css',
        selector: 'a[href*="profile.php?id="]',
        attribute: 'href',
        pattern: String.raw`[?&]id=(\d+)`,
      },
    ],
    username: [],
    name: [
      { id: 'memberRequests.name.nameLink', from: 'css', selector: 'span > span > span > a' },
      {
        id: 'memberRequests.name.linkLabel',
        from: 'css',
        selector: 'a[aria-label]',
        attribute: 'aria-label',
      },
    ],
  },
};

/** Facebook: profiles, group members and member requests, group post comments, Messenger conversations. */
export const FACEBOOK_PACK: SelectorPack = {
  platform: 'facebook',
  version: 6,
  hosts: ['facebook.com'],
  pages: [
    {
      kind: 'member-requests',
      pattern: String.raw`^/groups/(?<groupId>[^/?#]+)/(?:member-requests|requests|participant_requests)(?:/[^?#]*)?(?:\?.*)?$`,
    },
    {
      kind: 'member-list',
      pattern: String.raw`^/groups/(?<groupId>[^/?#]+)/members(?:/[^?#]*)?(?:\?.*)?$`,
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
      requested: ['Requested'],
      agreedToRules: ['Agreed to group rules', 'Agreed to the group rules'],
      notAgreedToRules: ["Didn't agree to group rules", 'Did not agree to the group rules'],
      blockedNotice: ['Temporarily blocked', 'going too fast', 'Try again later'],
      moreRequestOptions: ['More request options'],
      declineWithFeedback: ['Decline with feedback'],
      messageBox: ['Message'],
      youSent: ['You sent'],
      continue: ['Continue'],
      couldNotSend: ["Couldn't send", 'Failed to send'],
      commentAs: ['Comment as'],
      leaveComment: ['Leave a comment'],
      postComment: ['Post comment'],
      replyButton: ['Reply'],
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
      requested: ['Demande envoyée'],
      agreedToRules: ['A accepté les règles du groupe', 'A accepté le règlement du groupe'],
      notAgreedToRules: ["N'a pas accepté les règles du groupe", 'N’a pas accepté les règles du groupe'],
      blockedNotice: ['temporairement bloqué', 'allez trop vite', 'Réessayez plus tard'],
      messageBox: ['Message', 'Écrire un message'],
      youSent: ['Vous avez envoyé'],
      continue: ['Continuer'],
      couldNotSend: ["Impossible d'envoyer", "Échec de l'envoi"],
      commentAs: ['Commenter en tant que'],
      // Not seen on a French page yet (research §13): the comment box's own label is.
      leaveComment: ['Laisser un commentaire', 'Écrire un commentaire'],
      postComment: ['Publier le commentaire'],
      replyButton: ['Répondre'],
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
    'member-requests': MEMBER_REQUEST_ROWS,
    comments: {
      item: [
        { id: 'comments.item.labelledArticle', selector: COMMENT_ARTICLE },
        // Structural fallback for a locale the table lacks: a comment is an article with a comment_id link.
        { id: 'comments.item.commentIdLink', selector: '[role="article"] a[href*="comment_id="]' },
      ],
      container: ['[role="article"]'],
      fields: {
        key: [
          {
            id: 'comments.key.commentId',
            from: 'css',
            selector: 'a[href*="comment_id="]',
            attribute: 'href',
            pattern: COMMENT_ID_HREF,
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
  memberRequests: {
    photoURL: [
      {
        id: 'memberRequests.photoURL.svgImage',
        from: 'css',
        selector: 'a[href*="/user/"] svg image',
        attribute: 'xlink:href',
      },
      {
        id: 'memberRequests.photoURL.linkImg',
        from: 'css',
        selector: 'a[href*="profile.php?id="] img[src]',
        attribute: 'src',
      },
    ],
    // A card's answers are `ul > li`, the question its first child and the answer its second.
    answers: {
      item: [{ id: 'memberRequests.answers.listItem', selector: 'ul > li' }],
      question: [{ id: 'memberRequests.answers.question', from: 'css', selector: 'li > :first-child' }],
      answer: [{ id: 'memberRequests.answers.answer', from: 'css', selector: 'li > :nth-child(2)' }],
    },
    agreedToRules: {
      yes: [{ id: 'memberRequests.agreedToRules.yes', selector: 'span', text: 'agreedToRules' }],
      no: [{ id: 'memberRequests.agreedToRules.no', selector: 'span', text: 'notAgreedToRules' }],
    },
    requestedAt: [
      // The older layout carries the exact time; the current one only says "Requested 2 days ago".
      {
        id: 'memberRequests.requestedAt.utime',
        from: 'css',
        selector: 'abbr[data-utime]',
        attribute: 'data-utime',
        optional: true,
      },
      {
        id: 'memberRequests.requestedAt.requestedText',
        from: 'css',
        selector: 'div > span > span',
        pattern: String.raw`^{kw:requested}\s+(.+?)(?:\s+·.*)?$`,
      },
    ],
    timeWords: { en: ENGLISH_TIME_WORDS, fr: FRENCH_TIME_WORDS },
    groupName: [
      {
        id: 'memberRequests.groupName.groupLink',
        from: 'css',
        selector: '[role="navigation"] a[href$="/groups/{groupId}/"]',
      },
      {
        id: 'memberRequests.groupName.title',
        from: 'css',
        selector: 'title',
        pattern: String.raw`^.+? \| (.+?) \| Facebook$`,
      },
    ],
    // USER_ID is the signed-in viewer, who may appear on the page but never asks to join.
    viewer: {
      profileId: [
        {
          id: 'memberRequests.viewer.currentUserJson',
          from: 'json',
          selector: 'script[type="application/json"][data-sjs]',
          path: ['**', 'USER_ID'],
        },
        {
          id: 'memberRequests.viewer.bannerProfileLink',
          from: 'css',
          selector: '[role="banner"] a[href*="profile.php?id="]',
          attribute: 'href',
          pattern: String.raw`[?&]id=(\d+)`,
        },
      ],
      username: [],
    },
    empty: [
      { id: 'memberRequests.empty.noPending', selector: 'div[role="main"] span', text: 'noPendingMembers' },
    ],
    blocked: [
      { id: 'memberRequests.blocked.dialog', selector: 'div[role="dialog"]', text: 'blockedNotice' },
      { id: 'memberRequests.blocked.alert', selector: '[role="alert"]', text: 'blockedNotice' },
    ],
    actions: {
      approve: [
        {
          id: 'memberRequests.actions.approve',
          selector: 'div[role="button"][aria-label="{kw:approve}"]',
        },
      ],
      decline: [
        {
          id: 'memberRequests.actions.decline',
          selector: 'div[role="button"][aria-label="{kw:decline}"]',
        },
      ],
      // Social Attaché's anchors (research §3.1). The French words are not known yet: a French page
      // finds no menu, and the extension declines without the feedback.
      declineWithFeedback: {
        open: [
          {
            id: 'memberRequests.actions.feedback.open',
            selector: 'div[role="button"][aria-label="{kw:moreRequestOptions}"]',
          },
        ],
        item: [
          {
            id: 'memberRequests.actions.feedback.menuItem',
            selector: '[role="menuitem"]',
            text: 'declineWithFeedback',
          },
        ],
        dialog: [
          {
            id: 'memberRequests.actions.feedback.dialog',
            selector: 'div[role="dialog"][aria-label="{kw:declineWithFeedback}"]',
          },
        ],
        text: [
          { id: 'memberRequests.actions.feedback.textarea', selector: 'textarea' },
          {
            id: 'memberRequests.actions.feedback.textbox',
            selector: '[contenteditable="true"][role="textbox"]',
          },
        ],
        submit: [
          {
            id: 'memberRequests.actions.feedback.submit',
            selector: 'div[role="button"][aria-label="{kw:decline}"]',
          },
        ],
      },
    },
  },
  // Messenger on facebook.com (messenger.com closed in April 2026): research/extension-capture.md §3.3.
  conversation: {
    addresses: [
      {
        uses: 'profileId',
        pattern: String.raw`^\d+$`,
        url: 'https://www.facebook.com/messages/t/{profileId}',
      },
      { uses: 'username', url: 'https://www.facebook.com/messages/t/{username}' },
    ],
    composer: [
      {
        id: 'conversation.composer.lexicalTextbox',
        selector: 'div[role="main"] div[role="textbox"][contenteditable="true"][data-lexical-editor="true"]',
      },
      {
        id: 'conversation.composer.messageLabel',
        selector: 'div[role="main"] div[contenteditable="true"][aria-label="{kw:messageBox}"]',
      },
    ],
    send: [
      {
        id: 'conversation.send.pressEnterLabel',
        selector: 'div[role="main"] div[role="button"][aria-label="{kw:send}"]',
      },
    ],
    messages: [
      {
        id: 'conversation.messages.gridRow',
        selector: 'div[role="main"] [role="grid"] [role="row"]:has([data-scope="messages_table"])',
      },
    ],
    // Each message row of the viewer's own carries a heading for screen readers, "You sent".
    mine: [{ id: 'conversation.mine.youSentHeading', selector: 'h5, h6', text: 'youSent' }],
    text: [
      {
        id: 'conversation.text.messageCell',
        from: 'css',
        selector: '[data-scope="messages_table"] div[dir="auto"]',
      },
    ],
    dismiss: [
      {
        id: 'conversation.dismiss.e2eeContinue',
        selector: 'div[role="dialog"] div[role="button"][aria-label="{kw:continue}"]',
      },
    ],
    blocked: [{ id: 'conversation.blocked.dialog', selector: 'div[role="dialog"]', text: 'blockedNotice' }],
    notSent: [
      {
        id: 'conversation.notSent.rowNotice',
        selector: 'div[role="main"] [role="row"] span',
        text: 'couldNotSend',
      },
    ],
    otherParty: {
      profileId: [
        {
          id: 'conversation.otherParty.threadAddress',
          from: 'url',
          pattern: String.raw`/messages/(?:e2ee/)?t/(\d+)`,
        },
      ],
      username: [
        {
          id: 'conversation.otherParty.headerLink',
          from: 'css',
          selector: 'div[role="main"] > div a[role="link"][href^="/"]',
          attribute: 'href',
          pattern: String.raw`^/([A-Za-z0-9.]{5,})/?$`,
          optional: true,
        },
      ],
    },
    signedOut: [String.raw`^/login(?:\.php)?(?:[/?]|$)`, String.raw`^/checkpoint(?:[/?]|$)`],
  },
  // The Auto Responder on a group post: research/extension-capture.md §3.4.
  postComments: {
    item: [
      { id: 'postComments.item.labelledArticle', selector: COMMENT_ARTICLE },
      // Structural fallback for a locale the table lacks: a comment is an article with a comment_id link.
      { id: 'postComments.item.commentIdLink', selector: '[role="article"] a[href*="comment_id="]' },
    ],
    container: ['[role="article"]'],
    // In some locales the comment box's label starts like a comment's: it is never read as one.
    skip: ['[contenteditable]'],
    fields: {
      commentId: [
        {
          id: 'postComments.commentId.timestampLink',
          from: 'css',
          selector: 'a[href*="comment_id="]',
          attribute: 'href',
          pattern: COMMENT_ID_HREF,
        },
      ],
      // A comment on the post has no reply link: finding none is normal.
      parentCommentId: [
        {
          id: 'postComments.parentCommentId.replyLink',
          from: 'css',
          selector: 'a[href*="reply_comment_id="]',
          attribute: 'href',
          pattern: String.raw`[?&]comment_id=(\d+)`,
          optional: true,
        },
      ],
      // The author's link comes before any member the text mentions.
      authorName: [
        { id: 'postComments.authorName.authorLinkText', from: 'css', selector: 'a[href*="/user/"]' },
        {
          id: 'postComments.authorName.avatarLabel',
          from: 'css',
          selector: 'a[href*="/user/"][aria-label]',
          attribute: 'aria-label',
        },
      ],
      profileId: [
        {
          id: 'postComments.profileId.groupUserHref',
          from: 'css',
          selector: 'a[href*="/user/"]',
          attribute: 'href',
          pattern: GROUP_USER_HREF,
        },
      ],
      username: [],
      // One element per paragraph; the whole text under span[lang] where paragraphs are not marked.
      text: [
        { id: 'postComments.text.paragraphs', from: 'css', selector: 'div[dir="auto"]' },
        { id: 'postComments.text.langSpan', from: 'css', selector: 'span[lang]' },
      ],
    },
    composer: [
      {
        id: 'postComments.composer.commentAsTextbox',
        selector: 'div[contenteditable="true"][role="textbox"][aria-label^="{kw:commentAs}"]',
      },
    ],
    expand: [
      {
        id: 'postComments.expand.leaveComment',
        selector: 'div[role="button"][aria-label="{kw:leaveComment}"]',
      },
    ],
    submit: [
      {
        id: 'postComments.submit.postComment',
        selector: 'div[role="button"][aria-label="{kw:postComment}"]',
      },
    ],
    reply: [{ id: 'postComments.reply.replyButton', selector: 'div[role="button"]', text: 'replyButton' }],
  },
};
