import { SOCIAL_PLATFORMS, type SocialPlatform } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import { detectPageWithPack } from './detect-page';
import { queryAll, readSource, resolveKeywords, type ExtractContext } from './extract';
import { findPeople } from './find-people';
import { hasMarker } from './read-member-requests';
import {
  PERSON_FIELDS,
  PROFILE_FIELDS,
  listSelectorIds,
  parseSelectorPack,
  type Marker,
  type ValueSource,
} from './selector-pack';
import { loadFixture, readFixture } from './test-fixtures';

/** Every fixture at an address it is served at, so each selector is checked against a page. */
const FIXTURE_PAGES: [SocialPlatform, string, string][] = [
  ...(['en', 'fr'] as const).flatMap((locale): [SocialPlatform, string, string][] => [
    ['facebook', `facebook/profile.${locale}.html`, 'https://www.facebook.com/ana.lima.demo'],
    [
      'facebook',
      `facebook/member-requests.${locale}.html`,
      'https://www.facebook.com/groups/demofounders/member-requests',
    ],
    ['facebook', `facebook/members.${locale}.html`, 'https://www.facebook.com/groups/demofounders/members'],
    [
      'facebook',
      `facebook/post-comments.${locale}.html`,
      'https://www.facebook.com/groups/demofounders/posts/700000000000001/',
    ],
    [
      'facebook',
      `facebook/conversations.${locale}.html`,
      'https://www.facebook.com/messages/t/100000000000001/',
    ],
    ['instagram', `instagram/profile-fallback.${locale}.html`, 'https://www.instagram.com/ana.lima/'],
    [
      'instagram',
      `instagram/direct.${locale}.html`,
      'https://www.instagram.com/direct/t/340282366841710300949128/',
    ],
    ['skool', `skool/members.${locale}.html`, 'https://www.skool.com/demofounders/-/members'],
    [
      'facebook',
      `facebook/member-requests-empty.${locale}.html`,
      'https://www.facebook.com/groups/demofounders/member-requests',
    ],
    [
      'facebook',
      `facebook/member-requests-blocked.${locale}.html`,
      'https://www.facebook.com/groups/demofounders/member-requests',
    ],
    ['skool', `skool/pending.${locale}.html`, 'https://www.skool.com/demofounders/-/members?t=pending'],
  ]),
  [
    'facebook',
    'facebook/participant-requests.en.html',
    'https://www.facebook.com/groups/demofounders/participant_requests',
  ],
  [
    'facebook',
    'facebook/member-requests-no-questions.en.html',
    'https://www.facebook.com/groups/quietreaders/member-requests',
  ],
  ['skool', 'skool/pending-empty.en.html', 'https://www.skool.com/demofounders/-/members?t=pending'],
  [
    'facebook',
    'facebook/post-ten-comments.en.html',
    'https://www.facebook.com/groups/demofounders/posts/700000000000002/',
  ],
  ['instagram', 'instagram/post-comments.en.html', 'https://www.instagram.com/p/DAbCdEfGhIj/'],
  ['instagram', 'instagram/profile.en.html', 'https://www.instagram.com/ana.lima/'],
  ['instagram', 'instagram/profile.fr.html', 'https://www.instagram.com/bruno.costa/'],
  ['linkedin', 'linkedin/profile.en.html', 'https://www.linkedin.com/in/ana-lima-1a2b3c/'],
  ['linkedin', 'linkedin/profile.fr.html', 'https://www.linkedin.com/in/bruno-costa-4d5e6f/'],
  [
    'linkedin',
    'linkedin/messaging.en.html',
    'https://www.linkedin.com/messaging/compose/?recipient=ACoAABcDeFgHiJkLmNoP',
  ],
  ['linkedin', 'linkedin/messaging.fr.html', 'https://www.linkedin.com/messaging/thread/2-ZGVtbw==/'],
  ['pinterest', 'pinterest/profile.en.html', 'https://www.pinterest.com/anabakes/'],
  ['pinterest', 'pinterest/profile.fr.html', 'https://www.pinterest.com/brunocosta/'],
  ['tiktok', 'tiktok/profile.en.html', 'https://www.tiktok.com/@ana.lima'],
  ['tiktok', 'tiktok/profile.fr.html', 'https://www.tiktok.com/@bruno.costa'],
  ['tiktok', 'tiktok/profile-legacy.en.html', 'https://www.tiktok.com/@ana.lima'],
  ['youtube', 'youtube/channel.en.html', 'https://www.youtube.com/@anafit'],
  ['youtube', 'youtube/channel.fr.html', 'https://www.youtube.com/channel/UCdemoBrunoCosta00000000'],
  ['skool', 'skool/profile.en.html', 'https://www.skool.com/@ana-lima-1234'],
  ['skool', 'skool/profile.fr.html', 'https://www.skool.com/@bruno-costa-5678'],
];

/**
 * Notices and dialogs drawn over a conversation (a block, a message that did not go out, a dialog to
 * dismiss), each into the part of the page where the platform shows it.
 */
const CONVERSATION_OVERLAYS: Partial<Record<SocialPlatform, [fragment: string, into: string][]>> = {
  facebook: [
    ['facebook/conversation-blocked.en.html', 'body'],
    ['facebook/conversation-e2ee.en.html', 'body'],
    ['facebook/conversation-not-sent.en.html', 'div[role="main"] [role="grid"]'],
  ],
  instagram: [
    ['instagram/direct-blocked.en.html', 'body'],
    ['instagram/direct-notifications.en.html', 'body'],
    ['instagram/direct-not-sent.en.html', 'div[role="main"] [role="grid"]'],
  ],
  linkedin: [
    ['linkedin/messaging-blocked.en.html', 'body'],
    ['linkedin/messaging-not-sent.en.html', 'ul.msg-s-message-list-content'],
  ],
};

describe('default selector packs', () => {
  it.each(SOCIAL_PLATFORMS)('%s: survives the trip through JSON the server serves it by', (platform) => {
    const pack = DEFAULT_SELECTOR_PACKS[platform];
    expect(pack.platform).toBe(platform);
    expect(parseSelectorPack(JSON.parse(JSON.stringify(pack)))).toEqual(pack);
  });

  it('has every selector find its value on at least one fixture page', () => {
    const found = new Set<string>();
    for (const [platform, fixture, url] of FIXTURE_PAGES) {
      const pack = DEFAULT_SELECTOR_PACKS[platform];
      const page = detectPageWithPack(url, pack);
      if (page === null) throw new Error(`${url} is no ${platform} page`);
      const doc = loadFixture(fixture, url);
      const ctx: ExtractContext = {
        doc,
        root: doc,
        url,
        vars: {
          username: page.username ?? undefined,
          profileId: page.profileId ?? undefined,
          groupId: page.groupId ?? undefined,
        },
        keywords: resolveKeywords(pack, doc),
      };
      if (page.kind === 'profile') {
        for (const field of PROFILE_FIELDS) {
          for (const source of pack.profile[field])
            if (readSource(source, ctx) !== null) found.add(`${platform}:${source.id}`);
        }
        continue;
      }
      const requests = pack.memberRequests;
      if (page.kind === 'member-requests' && requests !== undefined) {
        const exercise = (sources: readonly ValueSource[], root: Document | Element) => {
          for (const source of sources)
            if (readSource(source, { ...ctx, root }) !== null) found.add(`${platform}:${source.id}`);
        };
        const mark = (markers: readonly Marker[], root: Document | Element) => {
          for (const marker of markers)
            if (hasMarker(marker, { ...ctx, root })) found.add(`${platform}:${marker.id}`);
        };
        exercise([...requests.groupName, ...requests.viewer.profileId, ...requests.viewer.username], doc);
        mark([...requests.empty, ...requests.blocked], doc);
        for (const { element: row } of findPeople(doc, url, pack)) {
          exercise([...requests.photoURL, ...requests.requestedAt], row);
          mark([...requests.agreedToRules.yes, ...requests.agreedToRules.no], row);
          mark([...(requests.actions?.approve ?? []), ...(requests.actions?.decline ?? [])], row);
          for (const item of requests.answers.item) {
            for (const pair of queryAll(row, item.selector, { ...ctx, root: row })) {
              found.add(`${platform}:${item.id}`);
              exercise([...requests.answers.question, ...requests.answers.answer], pair);
            }
          }
        }
      }
      const conversation = pack.conversation;
      if (page.kind === 'conversation' && conversation !== undefined) {
        for (const [fragment, into] of CONVERSATION_OVERLAYS[platform] ?? []) {
          doc.querySelector(into)?.insertAdjacentHTML('beforeend', readFixture(fragment));
        }
        const { composer, send, dismiss, blocked, notSent, otherParty } = conversation;
        for (const marker of [...composer, ...send, ...dismiss, ...blocked, ...notSent])
          if (hasMarker(marker, ctx)) found.add(`${platform}:${marker.id}`);
        for (const source of [...otherParty.profileId, ...otherParty.username])
          if (readSource(source, ctx) !== null) found.add(`${platform}:${source.id}`);
        for (const item of conversation.messages) {
          for (const row of queryAll(doc, item.selector, ctx)) {
            found.add(`${platform}:${item.id}`);
            for (const source of conversation.text)
              if (readSource(source, { ...ctx, root: row }) !== null) found.add(`${platform}:${source.id}`);
            for (const marker of conversation.mine)
              if (hasMarker(marker, { ...ctx, root: row })) found.add(`${platform}:${marker.id}`);
          }
        }
      }
      const postComments = pack.postComments;
      if (page.kind === 'comments' && postComments !== undefined) {
        const { composer, expand, submit, reply } = postComments;
        for (const marker of [...composer, ...expand, ...submit])
          if (hasMarker(marker, ctx)) found.add(`${platform}:${marker.id}`);
        const sources = Object.values(postComments.fields).flatMap((each) => each ?? []);
        for (const item of postComments.item) {
          for (const element of queryAll(doc, item.selector, ctx)) {
            found.add(`${platform}:${item.id}`);
            const row =
              postComments.container
                .map((selector) => element.closest(selector))
                .find((candidate) => candidate !== null) ?? element;
            for (const source of sources)
              if (readSource(source, { ...ctx, root: row }) !== null) found.add(`${platform}:${source.id}`);
            for (const marker of reply)
              if (hasMarker(marker, { ...ctx, root: row })) found.add(`${platform}:${marker.id}`);
          }
        }
      }
      const rule = pack.people[page.kind];
      if (rule === undefined) continue;
      for (const item of rule.item) {
        for (const element of doc.querySelectorAll(
          item.selector.replace(/\{kw:(\w+)\}/g, (_m, id: string) => ctx.keywords[id]?.[0] ?? ''),
        )) {
          found.add(`${platform}:${item.id}`);
          const row =
            rule.container
              .map((selector) => element.closest(selector))
              .find((candidate) => candidate !== null) ?? element;
          for (const field of PERSON_FIELDS) {
            for (const source of rule.fields[field] ?? []) {
              if (readSource(source, { ...ctx, root: row }) !== null) found.add(`${platform}:${source.id}`);
            }
          }
        }
      }
    }
    const unexercised = SOCIAL_PLATFORMS.flatMap((platform) =>
      listSelectorIds(DEFAULT_SELECTOR_PACKS[platform]).map((id) => `${platform}:${id}`),
    ).filter((id) => !found.has(id));
    expect(unexercised).toEqual([]);
  });

  it.each([
    ['en', 'Approve', 'Message'],
    ['en-GB', 'Approve', 'Message'],
    ['fr', 'Approuver', 'Envoyer un message'],
    ['fr-CA', 'Approuver', 'Envoyer un message'],
    // A language without a table of its own reads English labels.
    ['vi', 'Approve', 'Message'],
    ['', 'Approve', 'Message'],
  ])('picks the keywords of a page in "%s"', (lang, approve, message) => {
    const doc = loadFixture(
      'facebook/members.en.html',
      'https://www.facebook.com/groups/demofounders/members',
    );
    doc.documentElement.setAttribute('lang', lang);
    const keywords = resolveKeywords(DEFAULT_SELECTOR_PACKS.facebook, doc);
    expect(keywords['approve']).toEqual([approve]);
    expect(keywords['message']).toEqual([message]);
  });
});

const DELETE = Symbol('delete');

/** A valid pack as JSON with one value changed (or deleted) at `path`. */
function spoiledPack(path: (string | number)[], value: unknown): unknown {
  const pack = JSON.parse(JSON.stringify(DEFAULT_SELECTOR_PACKS.facebook)) as Record<string, unknown>;
  let node = pack as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] ?? '';
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return pack;
}

describe('parseSelectorPack', () => {
  it.each([
    ['an unknown platform', ['platform'], 'myspace', /platform: Invalid option/],
    ['a version that is not a whole number', ['version'], 1.5, /version:/],
    ['a source without a selector', ['profile', 'name', 0, 'selector'], DELETE, /profile\.name\.0\.selector/],
    [
      'a source read from an unknown place',
      ['profile', 'name', 0, 'from'],
      'xpath',
      /profile\.name\.0\.from/,
    ],
    [
      'a broken regular expression',
      ['profile', 'profileId', 0, 'pattern'],
      '(unclosed',
      /profile\.profileId\.0\.pattern: is not a valid regular expression/,
    ],
    [
      'a selector id that is not dotted words',
      ['profile', 'name', 0, 'id'],
      'name',
      /profile\.name\.0\.id: must be dotted words/,
    ],
    ['an unknown page kind', ['pages', 0, 'kind'], 'timeline', /pages\.0\.kind/],
    ['a keyword table without English', ['keywords', 'en'], DELETE, /keywords: must have an "en" table/],
    ['an unknown field', ['profile', 'nickname'], [], /profile: Unrecognized key/],
    [
      'a profile address that is not https',
      ['profileUrl', 'byUsername'],
      'http://facebook.com/{username}',
      /profileUrl\.byUsername: must be an https address/,
    ],
    [
      'a selector id used twice',
      ['profile', 'name', 1, 'id'],
      'profile.name.mainHeading',
      /selector id "profile\.name\.mainHeading" is used twice/,
    ],
    [
      'a requests rule whose time words lack English',
      ['memberRequests', 'timeWords', 'en'],
      DELETE,
      /memberRequests\.timeWords: must have an "en" table/,
    ],
    [
      'time words without all twelve months',
      ['memberRequests', 'timeWords', 'fr', 'months'],
      [['janvier']],
      /memberRequests\.timeWords\.fr\.months/,
    ],
    [
      'a marker without a selector',
      ['memberRequests', 'empty', 0, 'selector'],
      DELETE,
      /memberRequests\.empty\.0\.selector/,
    ],
    [
      'a pattern whose keyword breaks it',
      ['memberRequests', 'requestedAt', 1, 'pattern'],
      '^{kw:requested}(',
      /memberRequests\.requestedAt\.1\.pattern: is not a valid regular expression/,
    ],
    [
      'a requests selector id used twice',
      ['memberRequests', 'answers', 'question', 0, 'id'],
      'memberRequests.answers.answer',
      /selector id "memberRequests\.answers\.answer" is used twice/,
    ],
    [
      'a post comments selector id used twice',
      ['postComments', 'fields', 'text', 1, 'id'],
      'postComments.text.paragraphs',
      /selector id "postComments\.text\.paragraphs" is used twice/,
    ],
    ['post comments without a comment box', ['postComments', 'composer'], [], /postComments\.composer:/],
  ] as const)('refuses %s, naming the problem', (_label, path, value, message) => {
    expect(() => parseSelectorPack(spoiledPack([...path], value))).toThrow(message);
  });

  it('refuses something that is not a pack at all', () => {
    expect(() => parseSelectorPack(null)).toThrow(/Invalid selector pack: \(pack\)/);
    expect(() => parseSelectorPack('facebook')).toThrow(/Invalid selector pack/);
  });
});
