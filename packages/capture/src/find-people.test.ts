import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import { findPeople } from './find-people';
import type { SelectorPack } from './selector-pack';
import { loadFixture } from './test-fixtures';
import type { SelectorMiss } from './types';

type Person = { profileId: string | null; username: string | null; name: string | null };

const fb = (profileId: string, name: string): Person => ({ profileId, username: null, name });
const skool = (username: string, name: string): Person => ({ profileId: null, username, name });

interface PeopleCase {
  fixture: string;
  url: string;
  platform: 'facebook' | 'skool';
  expected: Person[];
}

const PEOPLE_CASES: PeopleCase[] = (['en', 'fr'] as const).flatMap((locale): PeopleCase[] => [
  {
    fixture: `facebook/member-requests.${locale}.html`,
    url: 'https://www.facebook.com/groups/demofounders/member-requests?orderby=chronological',
    platform: 'facebook',
    // Bruno's card also links to whoever invited him: that link is not a request of its own.
    expected: [
      fb('100000000000001', 'Ana Lima'),
      fb('100000000000002', 'Bruno Costa'),
      fb('100000000000003', 'Chloé Dubois'),
      fb('100000000000008', 'Elena Rossi'),
      fb('100000000000009', 'Farid Haddad'),
    ],
  },
  {
    fixture: `facebook/members.${locale}.html`,
    url: 'https://web.facebook.com/groups/demofounders/members/',
    platform: 'facebook',
    expected: [
      fb('100000000000001', 'Ana Lima'),
      fb('100000000000003', 'Chloé Dubois'),
      fb('100000000000004', 'Diego Alves'),
      fb('100000000000005', 'Emma Rossi'),
    ],
  },
  {
    fixture: `facebook/post-comments.${locale}.html`,
    url: 'https://www.facebook.com/groups/demofounders/posts/700000000000001/',
    platform: 'facebook',
    // Ana's comment is rendered twice on the page and listed once; the post's author did not comment.
    expected: [
      fb('100000000000001', 'Ana Lima'),
      fb('100000000000002', 'Bruno Costa'),
      fb('100000000000003', 'Chloé Dubois'),
    ],
  },
  {
    fixture: `facebook/conversations.${locale}.html`,
    url: 'https://www.facebook.com/messages/t/100000000000001/',
    platform: 'facebook',
    expected: [
      fb('100000000000001', 'Ana Lima'),
      fb('100000000000003', 'Chloé Dubois'),
      fb('100000000000005', 'Emma Rossi'),
    ],
  },
  {
    fixture: `skool/members.${locale}.html`,
    url: 'https://www.skool.com/demofounders/-/members?t=active',
    platform: 'skool',
    expected: [
      skool('ana-lima-1234', 'Ana Lima'),
      skool('bruno-costa-5678', 'Bruno Costa'),
      skool('chloe-dubois-2468', 'Chloé Dubois'),
    ],
  },
]);

function breakItemSelector(
  pack: SelectorPack,
  kind: 'member-list' | 'comments',
  selectorId: string,
): SelectorPack {
  const copy = structuredClone(pack);
  const item = copy.people[kind]?.item.find((candidate) => candidate.id === selectorId);
  if (item === undefined) throw new Error(`no item selector ${selectorId}`);
  item.selector = '[data-no-longer-there]';
  return copy;
}

describe('findPeople', () => {
  it.each(PEOPLE_CASES)(
    'lists each person of $fixture once, beside their own row',
    ({ fixture, url, platform, expected }) => {
      const doc = loadFixture(fixture, url);
      const misses: SelectorMiss[] = [];
      const people = findPeople(doc, url, DEFAULT_SELECTOR_PACKS[platform], {
        onMiss: (miss) => misses.push(miss),
      });
      expect(people.map(({ profileId, username, name }) => ({ profileId, username, name }))).toEqual(
        expected,
      );
      expect(misses).toEqual([]);
      for (const person of people) {
        expect(person.platform).toBe(platform);
        // The badge goes beside the row that names this person, not beside the whole list.
        expect(person.element.textContent).toContain(person.name);
        expect(new Set(people.map((other) => other.element)).size).toBe(people.length);
      }
    },
  );

  it.each(PEOPLE_CASES)('never lists the signed-in viewer of $fixture', ({ fixture, url, platform }) => {
    const doc = loadFixture(fixture, url);
    const people = findPeople(doc, url, DEFAULT_SELECTOR_PACKS[platform]);
    expect(
      JSON.stringify(people.map(({ profileId, username, name }) => [profileId, username, name])),
    ).not.toMatch(/100000000000999|zoe-martin|Zoé/);
  });

  it('reads only the part of the page it is given, as the overlay does for rows added by scrolling', () => {
    const url = 'https://www.facebook.com/groups/demofounders/members';
    const doc = loadFixture('facebook/members.en.html', url);
    const rows = doc.querySelectorAll('[role="listitem"]');
    const people = findPeople(rows[1]!, url, DEFAULT_SELECTOR_PACKS.facebook);
    expect(people.map((person) => person.name)).toEqual(['Chloé Dubois']);
  });

  it.each(['en', 'fr'])(
    'finds %s comments through the structural fallback when the labelled selector breaks, and reports it',
    (locale) => {
      const url = 'https://www.facebook.com/groups/demofounders/posts/700000000000001/';
      const doc = loadFixture(`facebook/post-comments.${locale}.html`, url);
      const pack = breakItemSelector(
        DEFAULT_SELECTOR_PACKS.facebook,
        'comments',
        'comments.item.labelledArticle',
      );
      const misses: SelectorMiss[] = [];
      const people = findPeople(doc, url, pack, { onMiss: (miss) => misses.push(miss) });
      expect(people.map((person) => person.profileId)).toEqual([
        '100000000000001',
        '100000000000002',
        '100000000000003',
      ]);
      expect(misses).toEqual([
        { platform: 'facebook', pageKind: 'comments', selectorId: 'comments.item.labelledArticle' },
      ]);
    },
  );

  it('reports a list selector that finds nobody', () => {
    const url = 'https://www.skool.com/demofounders/-/members';
    const doc = loadFixture('skool/members.en.html', url);
    const pack = breakItemSelector(DEFAULT_SELECTOR_PACKS.skool, 'member-list', 'memberList.item.memberLink');
    const misses: SelectorMiss[] = [];
    expect(findPeople(doc, url, pack, { onMiss: (miss) => misses.push(miss) })).toEqual([]);
    expect(misses).toEqual([
      { platform: 'skool', pageKind: 'member-list', selectorId: 'memberList.item.memberLink' },
    ]);
  });

  it('lists nobody on a profile page or a page of another platform', () => {
    const url = 'https://www.facebook.com/ana.lima.demo';
    const doc = loadFixture('facebook/profile.en.html', url);
    expect(findPeople(doc, url, DEFAULT_SELECTOR_PACKS.facebook)).toEqual([]);
    expect(
      findPeople(doc, 'https://www.skool.com/demofounders/-/members', DEFAULT_SELECTOR_PACKS.facebook),
    ).toEqual([]);
  });
});
