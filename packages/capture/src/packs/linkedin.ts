import type { SelectorPack } from '../selector-pack';

/**
 * LinkedIn: /in/<slug> profiles, read from the page's `<code>` JSON and the top card; messages sent
 * in a messaging thread (research/extension-capture.md §5).
 */
export const LINKEDIN_PACK: SelectorPack = {
  platform: 'linkedin',
  version: 2,
  hosts: ['linkedin.com'],
  pages: [
    { kind: 'profile', pattern: String.raw`^/in/(?<username>[^/?#]+)/?(?:\?.*)?$` },
    {
      kind: 'conversation',
      pattern: String.raw`^/messaging(?:/thread/[^/?#]+|/compose)?/?(?:\?.*)?$`,
    },
  ],
  reservedPaths: [],
  profileUrl: { byUsername: 'https://www.linkedin.com/in/{username}/' },
  keywords: {
    en: {
      message: ['Message'],
      connect: ['Connect'],
      followers: ['followers'],
      writeMessage: ['Write a message'],
      blockedNotice: ['temporarily restricted', 'reached the weekly limit', 'Try again later'],
      couldNotSend: ['Failed to send', "Couldn't send"],
    },
    fr: {
      message: ['Message'],
      connect: ['Se connecter'],
      followers: ['abonnés'],
      writeMessage: ['Rédigez un message', 'Écrivez un message'],
      blockedNotice: ['temporairement restreint', 'limite hebdomadaire', 'Réessayez plus tard'],
      couldNotSend: ["Échec de l'envoi", "Impossible d'envoyer"],
    },
  },
  profile: {
    // The `<code>` JSON lists the viewer's mini profile too: each path picks the address's publicIdentifier.
    profileId: [
      {
        id: 'profile.profileId.memberUrn',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'objectUrn'],
        pattern: String.raw`^urn:li:member:(\d+)$`,
      },
      {
        id: 'profile.profileId.fsdProfileUrn',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'entityUrn'],
        pattern: String.raw`^urn:li:fsd_profile:([\w-]+)$`,
      },
    ],
    username: [],
    name: [{ id: 'profile.name.mainHeading', from: 'css', selector: 'main h1' }],
    firstName: [
      {
        id: 'profile.firstName.profileJson',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'firstName'],
      },
    ],
    lastName: [
      {
        id: 'profile.lastName.profileJson',
        from: 'json',
        selector: 'code',
        path: ['**', '[publicIdentifier={username}]', 'lastName'],
      },
    ],
    photoURL: [
      {
        id: 'profile.photoURL.topCardImage',
        from: 'css',
        selector:
          'main img.pv-top-card-profile-picture__image--show, main img.pv-top-card-profile-picture__image',
        attribute: 'src',
        // A member without a photo shows a "ghost" placeholder from static.licdn.com: that is no photo.
        pattern: String.raw`^https://media\.licdn\.com/.+`,
        optional: true,
      },
    ],
  },
  people: {},
  conversation: {
    // A new message opens on the person's profile URN (OpenOutreach's /messaging/thread/new/?recipient=,
    // the profile's Message button's /messaging/compose/?recipient=), never their public slug.
    addresses: [
      {
        uses: 'profileId',
        pattern: String.raw`^ACo[\w-]+$`,
        url: 'https://www.linkedin.com/messaging/compose/?recipient={profileId}',
      },
      {
        uses: 'profileId',
        pattern: String.raw`^\d+$`,
        url: 'https://www.linkedin.com/messaging/thread/new/?recipient=urn%3Ali%3Amember%3A{profileId}',
      },
    ],
    composer: [
      {
        id: 'conversation.composer.writeMessageTextbox',
        selector: 'div[role="textbox"][contenteditable="true"][aria-label*="{kw:writeMessage}"]',
      },
      {
        id: 'conversation.composer.msgFormEditable',
        selector: 'div[contenteditable="true"][class*="msg-form__contenteditable"]',
      },
    ],
    send: [
      { id: 'conversation.send.msgFormSubmit', selector: 'button[type="submit"][class*="msg-form"]' },
      { id: 'conversation.send.sendButton', selector: 'button[class*="send-button"]' },
    ],
    messages: [
      {
        id: 'conversation.messages.listEvent',
        selector: 'ul.msg-s-message-list-content > li.msg-s-message-list__event',
      },
    ],
    // The other party's messages carry the --other modifier; the viewer's own do not.
    mine: [
      {
        id: 'conversation.mine.notOtherListItem',
        selector: '.msg-s-event-listitem:not(.msg-s-event-listitem--other)',
      },
    ],
    text: [{ id: 'conversation.text.eventBody', from: 'css', selector: 'p.msg-s-event-listitem__body' }],
    dismiss: [],
    blocked: [{ id: 'conversation.blocked.alert', selector: '[role="alert"]', text: 'blockedNotice' }],
    notSent: [
      {
        id: 'conversation.notSent.eventNotice',
        selector: 'li.msg-s-message-list__event span',
        text: 'couldNotSend',
      },
    ],
    otherParty: {
      profileId: [
        {
          id: 'conversation.otherParty.recipientAddress',
          from: 'url',
          pattern: String.raw`[?&]recipient=(ACo[\w-]+)`,
        },
      ],
      username: [
        {
          id: 'conversation.otherParty.profileLink',
          from: 'css',
          selector: 'a.msg-thread__link-to-profile[href*="/in/"]',
          attribute: 'href',
          pattern: String.raw`/in/([^/?#]+)`,
        },
      ],
    },
    signedOut: [
      String.raw`^/login(?:[/?]|$)`,
      String.raw`^/checkpoint(?:[/?]|$)`,
      String.raw`^/uas/login(?:[/?]|$)`,
      String.raw`^/authwall(?:[/?]|$)`,
    ],
  },
};
