import type { SocialPlatform } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import {
  conversationAddress,
  findConversationControl,
  isSameMessageText,
  isSignedOutAddress,
  readConversation,
} from './read-conversation';
import { loadFixture, readFixture } from './test-fixtures';

const FACEBOOK_THREAD = 'https://www.facebook.com/messages/t/100000000000001/';
const INSTAGRAM_THREAD = 'https://www.instagram.com/direct/t/340282366841710300949128/';
const LINKEDIN_THREAD = 'https://www.linkedin.com/messaging/compose/?recipient=ACoAABcDeFgHiJkLmNoP';

const THREADS: {
  platform: SocialPlatform;
  fixture: string;
  url: string;
  messages: { isMine: boolean; text: string }[];
  otherParty: { profileId: string | null; username: string | null };
}[] = [
  {
    platform: 'facebook',
    fixture: 'facebook/conversations.en.html',
    url: FACEBOOK_THREAD,
    messages: [
      { isMine: false, text: 'Hi! Is the workshop still on Thursday?' },
      { isMine: true, text: 'See you Thursday' },
    ],
    otherParty: { profileId: '100000000000001', username: 'ana.lima.demo' },
  },
  {
    platform: 'facebook',
    fixture: 'facebook/conversations.fr.html',
    url: FACEBOOK_THREAD,
    messages: [
      { isMine: false, text: 'Salut ! L’atelier est toujours jeudi ?' },
      { isMine: true, text: 'À jeudi' },
    ],
    otherParty: { profileId: '100000000000001', username: 'ana.lima.demo' },
  },
  {
    platform: 'instagram',
    fixture: 'instagram/direct.en.html',
    url: INSTAGRAM_THREAD,
    messages: [
      { isMine: false, text: 'Hey! Loved your post about the retreat' },
      { isMine: true, text: 'Thanks Ben, glad it helped' },
    ],
    otherParty: { profileId: null, username: 'ben.costa' },
  },
  {
    platform: 'instagram',
    fixture: 'instagram/direct.fr.html',
    url: INSTAGRAM_THREAD,
    messages: [
      { isMine: false, text: 'Salut ! J’ai adoré ton post sur la retraite' },
      { isMine: true, text: 'Merci Ben, ravi que ça t’aide' },
    ],
    otherParty: { profileId: null, username: 'ben.costa' },
  },
  {
    platform: 'linkedin',
    fixture: 'linkedin/messaging.en.html',
    url: LINKEDIN_THREAD,
    messages: [
      { isMine: false, text: 'Hi Zoé, thanks for connecting!' },
      { isMine: true, text: 'Happy to connect, Cara. Are you at the summit?' },
    ],
    otherParty: { profileId: 'ACoAABcDeFgHiJkLmNoP', username: 'cara-nunes-demo' },
  },
  {
    platform: 'linkedin',
    fixture: 'linkedin/messaging.fr.html',
    url: 'https://www.linkedin.com/messaging/thread/2-ZGVtbw==/',
    messages: [
      { isMine: false, text: 'Bonjour Zoé, merci pour la mise en relation !' },
      { isMine: true, text: 'Ravie d’échanger, Cara. Tu viens au sommet ?' },
    ],
    otherParty: { profileId: null, username: 'cara-nunes-demo' },
  },
];

describe('readConversation', () => {
  it.each(THREADS)(
    '$fixture: tells the viewer’s messages from the other party’s, oldest first, and whom the thread is with',
    ({ platform, fixture, url, messages, otherParty }) => {
      const reading = readConversation(loadFixture(fixture, url), url, DEFAULT_SELECTOR_PACKS[platform]);
      expect(reading).toMatchObject({
        isConversation: true,
        isSignedOut: false,
        isBlocked: false,
        hasNotSentNotice: false,
        messages,
        otherParty,
        misses: [],
      });
    },
  );

  it.each([
    ['facebook', 'facebook/conversations.en.html', FACEBOOK_THREAD, 'facebook/conversation-blocked.en.html'],
    ['facebook', 'facebook/conversations.fr.html', FACEBOOK_THREAD, 'facebook/conversation-blocked.fr.html'],
    ['instagram', 'instagram/direct.en.html', INSTAGRAM_THREAD, 'instagram/direct-blocked.en.html'],
    ['linkedin', 'linkedin/messaging.en.html', LINKEDIN_THREAD, 'linkedin/messaging-blocked.en.html'],
  ] as const)('%s (%s): sees the platform’s block notice', (platform, fixture, url, notice) => {
    const doc = loadFixture(fixture, url);
    const pack = DEFAULT_SELECTOR_PACKS[platform];
    expect(readConversation(doc, url, pack).isBlocked).toBe(false);
    doc.body.insertAdjacentHTML('beforeend', readFixture(notice));
    expect(readConversation(doc, url, pack).isBlocked).toBe(true);
  });

  it.each([
    [
      'facebook',
      'facebook/conversations.en.html',
      FACEBOOK_THREAD,
      'facebook/conversation-not-sent.en.html',
      'div[role="main"] [role="grid"]',
    ],
    [
      'instagram',
      'instagram/direct.en.html',
      INSTAGRAM_THREAD,
      'instagram/direct-not-sent.en.html',
      'div[role="main"] [role="grid"]',
    ],
    [
      'linkedin',
      'linkedin/messaging.en.html',
      LINKEDIN_THREAD,
      'linkedin/messaging-not-sent.en.html',
      'ul.msg-s-message-list-content',
    ],
  ] as const)('%s: sees a message that did not go out', (platform, fixture, url, notice, thread) => {
    const doc = loadFixture(fixture, url);
    doc.querySelector(thread)?.insertAdjacentHTML('beforeend', readFixture(notice));
    const reading = readConversation(doc, url, DEFAULT_SELECTOR_PACKS[platform]);
    expect(reading.hasNotSentNotice).toBe(true);
    expect(reading.messages.at(-1)).toEqual({ isMine: true, text: 'Hello again' });
  });

  it('reads nothing on a page that is no conversation, and says when it is the sign-in page', () => {
    const pack = DEFAULT_SELECTOR_PACKS.facebook;
    const profile = 'https://www.facebook.com/ana.lima.demo';
    expect(readConversation(loadFixture('facebook/profile.en.html', profile), profile, pack)).toMatchObject({
      isConversation: false,
      isSignedOut: false,
      messages: [],
    });
    const login = 'https://www.facebook.com/login/?next=%2Fmessages%2Ft%2F100000000000001';
    expect(readConversation(loadFixture('facebook/profile.en.html', login), login, pack).isSignedOut).toBe(
      true,
    );
  });

  it('reports the message selectors when a thread’s rows are gone', () => {
    const doc = loadFixture('facebook/conversations.en.html', FACEBOOK_THREAD);
    for (const cell of doc.querySelectorAll('[data-scope="messages_table"]'))
      cell.removeAttribute('data-scope');
    const reading = readConversation(doc, FACEBOOK_THREAD, DEFAULT_SELECTOR_PACKS.facebook);
    expect(reading.messages).toEqual([]);
  });
});

describe('findConversationControl', () => {
  it.each(THREADS)('$fixture: finds the message box and Send', ({ platform, fixture, url }) => {
    const doc = loadFixture(fixture, url);
    const pack = DEFAULT_SELECTOR_PACKS[platform];
    const composer = findConversationControl(doc, url, pack, 'composer');
    expect(composer.control?.getAttribute('contenteditable')).toBe('true');
    const send = findConversationControl(doc, url, pack, 'send');
    expect(send.control).not.toBeNull();
    expect(send.misses).toEqual([]);
    // No dialog covers the box: nothing to dismiss, and no miss for it.
    expect(findConversationControl(doc, url, pack, 'dismiss')).toEqual({ control: null, misses: [] });
  });

  it.each([
    [
      'facebook',
      'facebook/conversations.en.html',
      FACEBOOK_THREAD,
      'facebook/conversation-e2ee.en.html',
      'Continue',
    ],
    [
      'instagram',
      'instagram/direct.en.html',
      INSTAGRAM_THREAD,
      'instagram/direct-notifications.en.html',
      'Not Now',
    ],
  ] as const)(
    '%s: finds the control that dismisses a dialog over the message box',
    (platform, fixture, url, dialog, label) => {
      const doc = loadFixture(fixture, url);
      doc.body.insertAdjacentHTML('beforeend', readFixture(dialog));
      const found = findConversationControl(doc, url, DEFAULT_SELECTOR_PACKS[platform], 'dismiss');
      expect(found.control?.textContent?.trim()).toBe(label);
    },
  );

  it('reports every selector tried when the message box is gone', () => {
    const doc = loadFixture('facebook/conversations.en.html', FACEBOOK_THREAD);
    doc.querySelector('[contenteditable="true"]')?.remove();
    const found = findConversationControl(doc, FACEBOOK_THREAD, DEFAULT_SELECTOR_PACKS.facebook, 'composer');
    expect(found.control).toBeNull();
    expect(found.misses.map((miss) => miss.selectorId)).toEqual([
      'conversation.composer.lexicalTextbox',
      'conversation.composer.messageLabel',
    ]);
  });

  it('finds nothing, and reports nothing, on a page that is no conversation', () => {
    const url = 'https://www.facebook.com/ana.lima.demo';
    const found = findConversationControl(
      loadFixture('facebook/profile.en.html', url),
      url,
      DEFAULT_SELECTOR_PACKS.facebook,
      'send',
    );
    expect(found).toEqual({ control: null, misses: [] });
  });
});

describe('conversationAddress', () => {
  it.each([
    [
      'facebook',
      { profileId: '100000000000001', username: 'ana.lima.demo', url: null },
      'https://www.facebook.com/messages/t/100000000000001',
    ],
    [
      'facebook',
      { profileId: null, username: 'ana.lima.demo', url: null },
      'https://www.facebook.com/messages/t/ana.lima.demo',
    ],
    [
      'instagram',
      { profileId: '5550001', username: 'ben.costa', url: 'https://www.instagram.com/ben.costa/' },
      'https://ig.me/m/ben.costa',
    ],
    ['instagram', { profileId: null, username: 'ben.costa', url: INSTAGRAM_THREAD }, INSTAGRAM_THREAD],
    ['instagram', { profileId: '5550001', username: null, url: null }, null],
    [
      'linkedin',
      { profileId: 'ACoAABcDeFgHiJkLmNoP', username: 'cara-nunes-demo', url: null },
      LINKEDIN_THREAD,
    ],
    [
      'linkedin',
      { profileId: '123456', username: 'cara-nunes-demo', url: null },
      'https://www.linkedin.com/messaging/thread/new/?recipient=urn%3Ali%3Amember%3A123456',
    ],
    [
      'linkedin',
      { profileId: null, username: 'cara-nunes-demo', url: 'https://www.linkedin.com/in/cara-nunes-demo/' },
      null,
    ],
    ['pinterest', { profileId: null, username: 'anabakes', url: null }, null],
  ] as const)('%s: opens the conversation with %j at %s', (platform, recipient, expected) => {
    expect(conversationAddress(DEFAULT_SELECTOR_PACKS[platform], recipient)).toBe(expected);
  });
});

describe('isSignedOutAddress', () => {
  it.each([
    ['facebook', 'https://www.facebook.com/login/?next=x', true],
    ['facebook', 'https://www.facebook.com/login.php', true],
    ['facebook', 'https://www.facebook.com/checkpoint/828281030927956/', true],
    ['facebook', 'https://www.facebook.com/loginsbyana', false],
    ['facebook', FACEBOOK_THREAD, false],
    ['instagram', 'https://www.instagram.com/accounts/login/?next=%2Fdirect%2F', true],
    ['instagram', 'https://www.instagram.com/challenge/?next=/', true],
    ['instagram', INSTAGRAM_THREAD, false],
    ['linkedin', 'https://www.linkedin.com/authwall?trk=x', true],
    ['linkedin', 'https://www.linkedin.com/uas/login?session_redirect=x', true],
    ['linkedin', 'https://www.linkedin.com/checkpoint/lg/login-submit', true],
    ['linkedin', LINKEDIN_THREAD, false],
  ] as const)('%s: %s is a sign-in page: %s', (platform, url, expected) => {
    expect(isSignedOutAddress(DEFAULT_SELECTOR_PACKS[platform], url)).toBe(expected);
  });
});

describe('isSameMessageText', () => {
  it.each([
    ['See you Thursday', 'see you  thursday ', true],
    ['Line one\nline two', 'Line one line two', true],
    ['It’s on', "It's on", true],
    ['See you Thursday', 'See you Friday', false],
  ])('%j and %j read the same: %s', (a, b, expected) => {
    expect(isSameMessageText(a, b)).toBe(expected);
  });
});
