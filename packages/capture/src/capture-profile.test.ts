import { describe, expect, it } from 'vitest';
import { captureProfile } from './capture-profile';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import type { SelectorPack } from './selector-pack';
import { loadFixture } from './test-fixtures';
import type { CapturedProfile } from './types';

/** Ids and names of the signed-in viewer in every fixture: never the captured person. */
const VIEWER_MARKERS = [
  '100000000000999',
  '5000000999',
  '700000999',
  'zoe',
  'Zoé',
  '500000000000000999',
  '7000000000000000999',
  'f0e1d2c3b4a5968778695a4b3c2d1e0f',
];

interface ProfileCase {
  fixture: string;
  url: string;
  expected: CapturedProfile;
  misses?: string[];
}

const PROFILE_CASES: ProfileCase[] = [
  {
    fixture: 'facebook/profile.en.html',
    url: 'https://www.facebook.com/ana.lima.demo?ref=bookmarks',
    expected: {
      platform: 'facebook',
      profileId: '100000000000001',
      username: 'ana.lima.demo',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.facebook.com/ana.lima.demo',
      photoURL:
        'https://scontent.xx.fbcdn.net/v/t39.30808-1/ana-lima-demo.jpg?stp=dst-jpg_s200x200&oh=00_Demo&oe=6A000000',
    },
  },
  {
    fixture: 'facebook/profile.fr.html',
    url: 'https://m.facebook.com/profile.php?id=100000000000002&sk=about',
    expected: {
      platform: 'facebook',
      profileId: '100000000000002',
      username: null,
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.facebook.com/profile.php?id=100000000000002',
      photoURL:
        'https://scontent.xx.fbcdn.net/v/t39.30808-1/bruno-costa-demo.jpg?stp=dst-jpg_s200x200&oh=00_Demo&oe=6A000000',
    },
  },
  {
    fixture: 'instagram/profile.en.html',
    url: 'https://www.instagram.com/ana.lima/',
    expected: {
      platform: 'instagram',
      profileId: '5000000001',
      username: 'ana.lima',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.instagram.com/ana.lima/',
      photoURL:
        'https://scontent.cdninstagram.com/v/t51.2885-19/ana-lima-320.jpg?stp=dst-jpg_s320x320&_nc_ht=scontent.cdninstagram.com&oh=00_Demo&oe=6A000000',
    },
  },
  {
    fixture: 'instagram/profile.fr.html',
    url: 'https://www.instagram.com/bruno.costa?hl=fr',
    expected: {
      platform: 'instagram',
      profileId: '5000000002',
      username: 'bruno.costa',
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.instagram.com/bruno.costa/',
      photoURL:
        'https://scontent.cdninstagram.com/v/t51.2885-19/bruno-costa-320.jpg?stp=dst-jpg_s320x320&_nc_ht=scontent.cdninstagram.com&oh=00_Demo&oe=6A000000',
    },
  },
  ...(['en', 'fr'] as const).map((locale): ProfileCase => ({
    fixture: `instagram/profile-fallback.${locale}.html`,
    url: 'https://www.instagram.com/ana.lima/',
    expected: {
      platform: 'instagram',
      profileId: null,
      username: 'ana.lima',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.instagram.com/ana.lima/',
      photoURL:
        'https://scontent.cdninstagram.com/v/t51.2885-19/ana-lima-150.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&oh=00_Demo&oe=6A000000',
    },
    // Without the page JSON the id is unknown and the header and meta tags give the rest: each JSON selector is reported.
    misses: [
      'profile.profileId.userJson',
      'profile.name.userJson',
      'profile.photoURL.userJsonHd',
      'profile.photoURL.userJson',
    ],
  })),
  {
    fixture: 'linkedin/profile.en.html',
    url: 'https://www.linkedin.com/in/ana-lima-1a2b3c/?originalSubdomain=uk',
    expected: {
      platform: 'linkedin',
      profileId: '700000001',
      username: 'ana-lima-1a2b3c',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.linkedin.com/in/ana-lima-1a2b3c/',
      photoURL:
        'https://media.licdn.com/dms/image/v2/D4E03AQdemoana-lima/profile-displayphoto-shrink_200_200/0/1700000000000?e=1790000000&v=beta&t=demo',
    },
  },
  {
    fixture: 'linkedin/profile.fr.html',
    url: 'https://fr.linkedin.com/in/bruno-costa-4d5e6f',
    expected: {
      platform: 'linkedin',
      profileId: '700000002',
      username: 'bruno-costa-4d5e6f',
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.linkedin.com/in/bruno-costa-4d5e6f/',
      photoURL:
        'https://media.licdn.com/dms/image/v2/D4E03AQdemobruno-costa/profile-displayphoto-shrink_200_200/0/1700000000000?e=1790000000&v=beta&t=demo',
    },
  },
  {
    fixture: 'pinterest/profile.en.html',
    url: 'https://www.pinterest.com/anabakes/_created/',
    expected: {
      platform: 'pinterest',
      profileId: '500000000000000001',
      username: 'anabakes',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.pinterest.com/anabakes/',
      photoURL: 'https://i.pinimg.com/280x280_RS/demo/anabakes.jpg',
    },
  },
  {
    fixture: 'pinterest/profile.fr.html',
    url: 'https://fr.pinterest.com/brunocosta/',
    expected: {
      platform: 'pinterest',
      profileId: '500000000000000002',
      username: 'brunocosta',
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.pinterest.com/brunocosta/',
      photoURL: 'https://i.pinimg.com/280x280_RS/demo/brunocosta.jpg',
    },
  },
  {
    fixture: 'tiktok/profile.en.html',
    url: 'https://www.tiktok.com/@ana.lima?lang=en',
    expected: {
      platform: 'tiktok',
      profileId: '7000000000000000001',
      username: 'ana.lima',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.tiktok.com/@ana.lima',
      photoURL:
        'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/demo-ana-lima~c5_1080x1080.jpeg?x-expires=1790000000&x-signature=demo',
    },
  },
  {
    fixture: 'tiktok/profile.fr.html',
    url: 'https://www.tiktok.com/@bruno.costa/',
    expected: {
      platform: 'tiktok',
      profileId: '7000000000000000002',
      username: 'bruno.costa',
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.tiktok.com/@bruno.costa',
      photoURL:
        'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/demo-bruno-costa~c5_1080x1080.jpeg?x-expires=1790000000&x-signature=demo',
    },
  },
  {
    // An older page with SIGI_STATE only: the id from it, the rest from the meta tags and the avatar.
    fixture: 'tiktok/profile-legacy.en.html',
    url: 'https://www.tiktok.com/@ana.lima',
    expected: {
      platform: 'tiktok',
      profileId: '7000000000000000001',
      username: 'ana.lima',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.tiktok.com/@ana.lima',
      photoURL:
        'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/demo-ana-lima~c5_1080x1080.jpeg?x-expires=1790000000&x-signature=demo',
    },
    misses: [
      'profile.profileId.userDetail',
      'profile.username.userDetail',
      'profile.name.userDetail',
      'profile.photoURL.userDetail',
    ],
  },
  {
    fixture: 'youtube/channel.en.html',
    url: 'https://www.youtube.com/@anafit/videos',
    expected: {
      platform: 'youtube',
      profileId: 'UCdemoAnaLima00000000000',
      username: 'anafit',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.youtube.com/@anafit',
      photoURL: 'https://yt3.googleusercontent.com/demo-anafit=s900-c-k-c0x00ffffff-no-rj',
    },
  },
  {
    // Reached by its channel id: the handle comes from the page JSON.
    fixture: 'youtube/channel.fr.html',
    url: 'https://m.youtube.com/channel/UCdemoBrunoCosta00000000',
    expected: {
      platform: 'youtube',
      profileId: 'UCdemoBrunoCosta00000000',
      username: 'brunocosta',
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.youtube.com/@brunocosta',
      photoURL: 'https://yt3.googleusercontent.com/demo-brunocosta=s900-c-k-c0x00ffffff-no-rj',
    },
  },
  {
    fixture: 'skool/profile.en.html',
    url: 'https://www.skool.com/@ana-lima-1234?g=demofounders',
    expected: {
      platform: 'skool',
      profileId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      username: 'ana-lima-1234',
      name: 'Ana Lima',
      firstName: 'Ana',
      lastName: 'Lima',
      url: 'https://www.skool.com/@ana-lima-1234',
      photoURL: 'https://assets.skool.com/f/demo/ana-lima-1234.jpg',
    },
  },
  {
    fixture: 'skool/profile.fr.html',
    url: 'https://www.skool.com/@bruno-costa-5678',
    expected: {
      platform: 'skool',
      profileId: 'b2c3d4e5f60718293a4b5c6d7e8f90a1',
      username: 'bruno-costa-5678',
      name: 'Bruno Costa',
      firstName: 'Bruno',
      lastName: 'Costa',
      url: 'https://www.skool.com/@bruno-costa-5678',
      photoURL: 'https://assets.skool.com/f/demo/bruno-costa-5678.jpg',
    },
  },
];

/** A copy of a default pack with one selector's CSS or JSON path pointing at nothing, as after a site change. */
function breakSelector(pack: SelectorPack, selectorId: string): SelectorPack {
  const copy = structuredClone(pack);
  for (const sources of Object.values(copy.profile)) {
    for (const source of sources) {
      if (source.id !== selectorId) continue;
      if (source.from === 'json') source.path = ['noLongerThere'];
      else if (source.from === 'css') source.selector = '[data-no-longer-there]';
      return copy;
    }
  }
  throw new Error(`no selector ${selectorId} in the ${pack.platform} pack`);
}

describe('captureProfile', () => {
  it.each(PROFILE_CASES)('reads the owner of $fixture', ({ fixture, url, expected, misses = [] }) => {
    const doc = loadFixture(fixture, url);
    const result = captureProfile(doc, url, DEFAULT_SELECTOR_PACKS[expected.platform]);
    expect(result.profile).toEqual(expected);
    expect(result.misses.map((miss) => miss.selectorId).sort()).toEqual([...misses].sort());
    for (const miss of result.misses)
      expect(miss).toMatchObject({ platform: expected.platform, pageKind: 'profile' });
  });

  it.each(PROFILE_CASES)('never captures the signed-in viewer of $fixture', ({ fixture, url, expected }) => {
    const doc = loadFixture(fixture, url);
    const { profile } = captureProfile(doc, url, DEFAULT_SELECTOR_PACKS[expected.platform]);
    const text = JSON.stringify(profile);
    for (const marker of VIEWER_MARKERS) expect(text).not.toContain(marker);
  });

  it.each([
    [
      'facebook',
      'facebook/profile.en.html',
      'https://www.facebook.com/ana.lima.demo',
      'profile.profileId.alAndroidUrl',
      'profileId',
      '100000000000001',
    ],
    [
      'facebook',
      'facebook/profile.fr.html',
      'https://www.facebook.com/profile.php?id=100000000000002',
      'profile.name.mainHeading',
      'name',
      'Bruno Costa',
    ],
    [
      'instagram',
      'instagram/profile.en.html',
      'https://www.instagram.com/ana.lima/',
      'profile.photoURL.userJsonHd',
      'photoURL',
      'https://scontent.cdninstagram.com/v/t51.2885-19/ana-lima-150.jpg?stp=dst-jpg_s150x150&_nc_ht=scontent.cdninstagram.com&oh=00_Demo&oe=6A000000',
    ],
    [
      'instagram',
      'instagram/profile.fr.html',
      'https://www.instagram.com/bruno.costa/',
      'profile.name.userJson',
      'name',
      'Bruno Costa',
    ],
    [
      'linkedin',
      'linkedin/profile.en.html',
      'https://www.linkedin.com/in/ana-lima-1a2b3c/',
      'profile.name.mainHeading',
      'name',
      'Ana Lima',
    ],
    [
      'linkedin',
      'linkedin/profile.fr.html',
      'https://www.linkedin.com/in/bruno-costa-4d5e6f/',
      'profile.profileId.memberUrn',
      'profileId',
      'ACoAAA1demoBrunoCosta02',
    ],
    [
      'pinterest',
      'pinterest/profile.en.html',
      'https://www.pinterest.com/anabakes/',
      'profile.profileId.reduxUser',
      'profileId',
      '500000000000000001',
    ],
    [
      'pinterest',
      'pinterest/profile.fr.html',
      'https://www.pinterest.com/brunocosta/',
      'profile.name.reduxUser',
      'name',
      'Bruno Costa',
    ],
    [
      'tiktok',
      'tiktok/profile.en.html',
      'https://www.tiktok.com/@ana.lima',
      'profile.photoURL.userDetail',
      'photoURL',
      'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/demo-ana-lima~c5_1080x1080.jpeg?x-expires=1790000000&x-signature=demo',
    ],
    [
      'tiktok',
      'tiktok/profile.fr.html',
      'https://www.tiktok.com/@bruno.costa',
      'profile.name.userDetail',
      'name',
      'Bruno Costa',
    ],
    [
      'youtube',
      'youtube/channel.en.html',
      'https://www.youtube.com/@anafit',
      'profile.name.channelByHandle',
      'name',
      'Ana Lima',
    ],
    [
      'youtube',
      'youtube/channel.fr.html',
      'https://www.youtube.com/channel/UCdemoBrunoCosta00000000',
      'profile.photoURL.channelByHandle',
      'photoURL',
      'https://yt3.googleusercontent.com/demo-brunocosta=s900-c-k-c0x00ffffff-no-rj',
    ],
    [
      'skool',
      'skool/profile.en.html',
      'https://www.skool.com/@ana-lima-1234',
      'profile.profileId.pageUser',
      'profileId',
      'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    ],
    [
      'skool',
      'skool/profile.fr.html',
      'https://www.skool.com/@bruno-costa-5678',
      'profile.profileId.pageUser',
      'profileId',
      'b2c3d4e5f60718293a4b5c6d7e8f90a1',
    ],
  ] as const)(
    '%s: reports %s when %s breaks and still reads %s through the next selector',
    (platform, fixture, url, selectorId, field, value) => {
      const doc = loadFixture(fixture, url);
      const pack = breakSelector(DEFAULT_SELECTOR_PACKS[platform], selectorId);
      const { profile, misses } = captureProfile(doc, url, pack);
      expect(misses).toEqual([{ platform, pageKind: 'profile', selectorId }]);
      expect(profile?.[field]).toBe(value);
    },
  );

  it('reads the page header when the channel JSON describes another channel', () => {
    const url = 'https://www.youtube.com/@anafit';
    const doc = loadFixture('youtube/channel.en.html', url);
    let pack = breakSelector(DEFAULT_SELECTOR_PACKS.youtube, 'profile.photoURL.channelByHandle');
    pack = breakSelector(pack, 'profile.photoURL.channelById');
    const { profile, misses } = captureProfile(doc, url, pack);
    expect(profile?.photoURL).toBe(
      'https://yt3.googleusercontent.com/demo-anafit=s160-c-k-c0x00ffffff-no-rj',
    );
    expect(misses.map((miss) => miss.selectorId)).toEqual([
      'profile.photoURL.channelByHandle',
      'profile.photoURL.channelById',
    ]);
  });

  it('reports every selector of a field and leaves it empty when none finds it', () => {
    const url = 'https://www.tiktok.com/@ana.lima';
    const doc = loadFixture('tiktok/profile.en.html', url);
    let pack = breakSelector(DEFAULT_SELECTOR_PACKS.tiktok, 'profile.photoURL.userDetail');
    pack = breakSelector(pack, 'profile.photoURL.avatarImage');
    const { profile, misses } = captureProfile(doc, url, pack);
    expect(profile?.photoURL).toBeNull();
    expect(misses.map((miss) => miss.selectorId)).toEqual([
      'profile.photoURL.userDetail',
      'profile.photoURL.avatarImage',
    ]);
  });

  it.each([
    ['instagram', 'instagram/profile.en.html', 'https://www.instagram.com/bruno.costa/', 'bruno.costa'],
    [
      'instagram',
      'instagram/profile-fallback.en.html',
      'https://www.instagram.com/bruno.costa/',
      'bruno.costa',
    ],
    ['tiktok', 'tiktok/profile.en.html', 'https://www.tiktok.com/@bruno.costa', 'bruno.costa'],
    ['skool', 'skool/profile.en.html', 'https://www.skool.com/@bruno-costa-5678', 'bruno-costa-5678'],
    ['pinterest', 'pinterest/profile.en.html', 'https://www.pinterest.com/brunocosta/', 'brunocosta'],
    [
      'linkedin',
      'linkedin/profile.en.html',
      'https://www.linkedin.com/in/bruno-costa-4d5e6f/',
      'bruno-costa-4d5e6f',
    ],
    ['youtube', 'youtube/channel.en.html', 'https://www.youtube.com/@brunocosta', 'brunocosta'],
  ] as const)(
    "%s: does not take the previous profile's page data for the next one after a move inside the site",
    (platform, fixture, url, username) => {
      // Single-page sites re-render the page but keep the first page's JSON and meta tags: here only Ana's
      // head and embedded data are left, at Bruno's address.
      const doc = loadFixture(fixture, url);
      const data = Array.from(doc.body.querySelectorAll('script, code'));
      doc.body.replaceChildren(...data);
      const { profile } = captureProfile(doc, url, DEFAULT_SELECTOR_PACKS[platform]);
      expect(profile?.username).toBe(username);
      expect(profile?.profileId).toBeNull();
      expect(JSON.stringify(profile)).not.toMatch(/Ana|ana-lima|anabakes|ana\.lima/);
    },
  );

  it('captures nobody from a page that is not a profile', () => {
    const url = 'https://www.facebook.com/groups/demofounders/members';
    const doc = loadFixture('facebook/members.en.html', url);
    expect(captureProfile(doc, url, DEFAULT_SELECTOR_PACKS.facebook)).toEqual({ profile: null, misses: [] });
  });

  it('treats a selector the browser cannot parse as a miss, not a crash', () => {
    const url = 'https://www.facebook.com/ana.lima.demo';
    const doc = loadFixture('facebook/profile.en.html', url);
    const pack = structuredClone(DEFAULT_SELECTOR_PACKS.facebook);
    const [first] = pack.profile.profileId;
    if (first?.from === 'css') first.selector = 'meta[property=';
    const { profile, misses } = captureProfile(doc, url, pack);
    expect(misses.map((miss) => miss.selectorId)).toEqual(['profile.profileId.alAndroidUrl']);
    expect(profile?.profileId).toBe('100000000000001');
  });
});
