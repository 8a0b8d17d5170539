import { readFileSync } from 'node:fs';
import { DEFAULT_SELECTOR_PACKS } from '@grouptrack/capture';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { personKey, readPage } from './read-page';

const FIXTURES = new URL('../../../../packages/capture/fixtures/', import.meta.url);

function load(fixture: string, url: string): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  window.document.write(readFileSync(new URL(fixture, FIXTURES), 'utf8'));
  return window.document as unknown as Document;
}

describe('reading a social page for the sidebar and the badges', () => {
  it('gives the owner of a profile as the person on screen, never the signed-in viewer', () => {
    const url = 'https://www.instagram.com/ana.lima/';
    const reading = readPage(load('instagram/profile.en.html', url), url, DEFAULT_SELECTOR_PACKS);
    expect(reading).toMatchObject({
      platform: 'instagram',
      kind: 'profile',
      person: { platform: 'instagram', username: 'ana.lima', name: 'Ana Lima' },
      people: [],
    });
    expect(reading?.person?.photoURL).toMatch(/^https:\/\/scontent\.cdninstagram\.com\//);
  });

  it('gives the rows of a member list, one key each, and no one person', () => {
    const url = 'https://www.facebook.com/groups/demofounders/members';
    const reading = readPage(load('facebook/members.en.html', url), url, DEFAULT_SELECTOR_PACKS);
    expect(reading?.person).toBeNull();
    expect(reading?.people.map((person) => personKey(person))).toEqual([
      '100000000000001|',
      '100000000000003|',
      '100000000000004|',
      '100000000000005|',
    ]);
  });

  it("gives an open conversation's other party, named as the conversation list names them", () => {
    const url = 'https://www.facebook.com/messages/t/100000000000001/';
    const reading = readPage(load('facebook/conversations.en.html', url), url, DEFAULT_SELECTOR_PACKS);
    expect(reading?.person).toMatchObject({
      platform: 'facebook',
      profileId: '100000000000001',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
    });
    expect(reading?.person?.url).toContain('100000000000001');
  });

  it('reads nothing on a page of a site the packs do not know', () => {
    const url = 'https://www.instagram.com/explore/';
    expect(
      readPage(load('instagram/profile.en.html', url), url, DEFAULT_SELECTOR_PACKS)?.person ?? null,
    ).toBeNull();
    expect(
      readPage(load('instagram/profile.en.html', url), 'https://example.com/', DEFAULT_SELECTOR_PACKS),
    ).toBeNull();
  });
});
