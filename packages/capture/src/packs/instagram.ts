import type { SelectorPack } from '../selector-pack';

const USER_JSON = 'script[type="application/json"]';

/**
 * Instagram: profiles, read from the page's embedded JSON first and its meta tags and header second;
 * direct messages sent in a thread; a post's comments and the box to answer them
 * (research/extension-capture.md §4).
 */
export const INSTAGRAM_PACK: SelectorPack = {
  platform: 'instagram',
  version: 3,
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
    en: {
      profilePicture: ["'s profile picture"],
      message: ['Message'],
      followers: ['followers'],
      messageBox: ['Message'],
      messagePlaceholder: ['Message...'],
      send: ['Send'],
      youSent: ['You sent'],
      notNow: ['Not Now', 'Not now'],
      blockedNotice: ['Try Again Later', 'We restrict certain activity', 'temporarily blocked'],
      couldNotSend: ['Failed to send', "Couldn't send"],
      addComment: ['Add a comment'],
      postComment: ['Post'],
      replyButton: ['Reply'],
    },
    fr: {
      profilePicture: ['Photo de profil de'],
      message: ['Envoyer un message'],
      followers: ['followers'],
      messageBox: ['Message', 'Votre message'],
      messagePlaceholder: ['Votre message...', 'Message...'],
      send: ['Envoyer'],
      youSent: ['Vous avez envoyé'],
      notNow: ['Plus tard', 'Pas maintenant'],
      blockedNotice: ['Réessayez plus tard', 'Nous limitons certaines activités', 'temporairement bloqué'],
      couldNotSend: ["Échec de l'envoi", "Impossible d'envoyer"],
      // Not seen on a French page yet (research §13).
      addComment: ['Ajouter un commentaire', 'Ajoutez un commentaire'],
      postComment: ['Publier'],
      replyButton: ['Répondre'],
    },
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
  conversation: {
    // A thread's address holds a thread id, never the person's: a contact captured from a profile has
    // their username, and Instagram's own link ig.me/m/<username> opens (or starts) the thread with them.
    addresses: [{ uses: 'username', url: 'https://ig.me/m/{username}' }],
    composer: [
      {
        id: 'conversation.composer.messageTextbox',
        selector:
          'div[role="main"] div[role="textbox"][contenteditable="true"][aria-label="{kw:messageBox}"]',
      },
      {
        id: 'conversation.composer.messagePlaceholder',
        selector: 'div[role="main"] div[contenteditable="true"][aria-placeholder="{kw:messagePlaceholder}"]',
      },
    ],
    send: [
      {
        id: 'conversation.send.labelledButton',
        selector: 'div[role="main"] div[role="button"]',
        text: 'send',
      },
      {
        id: 'conversation.send.sendIcon',
        selector: 'div[role="main"] div[role="button"]:has(svg[aria-label="{kw:send}"])',
      },
    ],
    messages: [
      {
        id: 'conversation.messages.gridRow',
        selector: 'div[role="main"] div[role="grid"] div[role="row"]',
      },
    ],
    mine: [{ id: 'conversation.mine.youSentHeading', selector: 'h5, h6', text: 'youSent' }],
    text: [
      { id: 'conversation.text.dirAuto', from: 'css', selector: 'div[role="gridcell"] div[dir="auto"]' },
    ],
    // "Turn on Notifications" covers the message box: a click there lands on the dialog.
    dismiss: [{ id: 'conversation.dismiss.notNow', selector: 'div[role="dialog"] button', text: 'notNow' }],
    blocked: [{ id: 'conversation.blocked.dialog', selector: 'div[role="dialog"]', text: 'blockedNotice' }],
    notSent: [
      {
        id: 'conversation.notSent.rowNotice',
        selector: 'div[role="main"] div[role="row"] span',
        text: 'couldNotSend',
      },
    ],
    otherParty: {
      profileId: [],
      username: [
        {
          id: 'conversation.otherParty.headerLink',
          from: 'css',
          selector: 'div[role="main"] a[role="link"][href^="/"]',
          attribute: 'href',
          pattern: String.raw`^/([A-Za-z0-9._]{1,30})/?$`,
        },
      ],
    },
    signedOut: [String.raw`^/accounts/login(?:[/?]|$)`, String.raw`^/challenge(?:[/?]|$)`],
  },
  // A post's comments are an author link, a text and a time, every class obfuscated (research §4). Their
  // list structure and the replies' nesting inside their comment are unconfirmed (§13).
  postComments: {
    // The caption (an h1) is the post's own text: no comment, even where it is drawn like one.
    item: [{ id: 'postComments.item.timedListItem', selector: 'ul li:has(time[datetime]):not(:has(h1))' }],
    container: [],
    skip: ['[contenteditable]'],
    fields: {
      // No comment id in the markup: each comment is known by its author, time and text instead.
      commentId: [],
      // A reply is drawn inside its parent's item.
      parentCommentId: [],
      // Comments show the username alone.
      authorName: [],
      profileId: [],
      username: [
        {
          id: 'postComments.username.authorLink',
          from: 'css',
          selector: 'a[href^="/"]',
          attribute: 'href',
          pattern: String.raw`^/([A-Za-z0-9._]{1,30})/$`,
        },
      ],
      // The username is a span[dir=auto] too, inside its link; the text's is a div's child.
      text: [{ id: 'postComments.text.dirAutoSpan', from: 'css', selector: 'div > span[dir="auto"]' }],
      postedAt: [
        {
          id: 'postComments.postedAt.timeDatetime',
          from: 'css',
          selector: 'time[datetime]',
          attribute: 'datetime',
        },
      ],
    },
    composer: [
      { id: 'postComments.composer.addCommentTextarea', selector: 'textarea[aria-label^="{kw:addComment}"]' },
    ],
    // The box is always open.
    expand: [],
    submit: [
      { id: 'postComments.submit.postButton', selector: 'form div[role="button"]', text: 'postComment' },
    ],
    reply: [
      { id: 'postComments.reply.replyButton', selector: 'div[role="button"], button', text: 'replyButton' },
    ],
  },
};
