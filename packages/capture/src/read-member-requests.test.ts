import { memberRequestSchema, type MemberRequest } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTOR_PACKS } from './default-packs';
import { findPeople } from './find-people';
import { findFeedbackControl, findRequestAction, readMemberRequests } from './read-member-requests';
import { parseRequestTime } from './request-time';
import type { FeedbackStep } from './read-member-requests';
import type { SelectorPack } from './selector-pack';
import { ENGLISH_TIME_WORDS, FRENCH_TIME_WORDS } from './packs/time-words';
import { loadFixture, readFixture } from './test-fixtures';

/** The moment the tests read the pages at: "2 days ago" is 2025-03-08T12:00Z. */
const NOW = new Date('2025-03-10T12:00:00.000Z');
const FB_REQUESTS = 'https://www.facebook.com/groups/demofounders/member-requests';
const SKOOL_PENDING = 'https://www.skool.com/demofounders/-/members?t=pending';

const fbPhoto = (slug: string) => `https://scontent.xx.fbcdn.net/v/${slug}-demo.jpg`;

function fb(
  profileId: string,
  name: string,
  photo: string,
  request: Pick<MemberRequest, 'answers' | 'agreedToRules' | 'requestedAt'>,
): MemberRequest {
  return {
    profileId,
    username: null,
    name,
    url: `https://www.facebook.com/profile.php?id=${profileId}`,
    photoURL: fbPhoto(photo),
    ...request,
  };
}

function skool(
  username: string,
  name: string,
  request: Pick<MemberRequest, 'answers' | 'requestedAt'>,
): MemberRequest {
  return {
    profileId: null,
    username,
    name,
    url: `https://www.skool.com/@${username}`,
    photoURL: `https://assets.skool.com/f/demo/${username}.jpg`,
    agreedToRules: null,
    ...request,
  };
}

const qa = (...pairs: [string, string][]) => pairs.map(([question, answer]) => ({ question, answer }));

const FB_TEXTS = {
  en: {
    learn: 'What do you want to learn here?',
    clients: 'How to find my first ten clients.',
    email: 'What is the best email to reach you?',
    heard: 'Where did you hear about us?',
    friend: "A friend's post.",
    newsletter: 'Grow my newsletter to a thousand readers.',
    sales: 'Closing sales calls.',
    callMe: 'No email, call me on +351 912 345 678',
  },
  fr: {
    learn: 'Qu’aimeriez-vous apprendre ici ?',
    clients: 'Trouver mes dix premiers clients.',
    email: 'Quelle est la meilleure adresse e-mail pour vous joindre ?',
    heard: 'Comment nous avez-vous connus ?',
    friend: 'Une publication d’une amie.',
    newsletter: 'Faire grandir ma newsletter jusqu’à mille lecteurs.',
    sales: 'Conclure mes appels de vente.',
    callMe: 'Pas d’e-mail, appelez-moi au +351 912 345 678',
  },
} as const;

/** The requests page of Demo Founders Circle, as both locales show it. */
function demoFoundersRequests(locale: 'en' | 'fr'): MemberRequest[] {
  const text = FB_TEXTS[locale];
  return [
    fb('100000000000001', 'Ana Lima', 'ana-lima', {
      answers: qa([text.learn, text.clients], [text.email, 'ana.lima@example.com']),
      agreedToRules: true,
      requestedAt: '2025-03-08T12:00:00.000Z',
    }),
    // Bruno answered nothing and was invited by Diego, whose link in his card is not a request.
    fb('100000000000002', 'Bruno Costa', 'bruno-costa', {
      answers: [],
      agreedToRules: null,
      requestedAt: '2025-03-10T07:00:00.000Z',
    }),
    fb('100000000000003', 'Chloé Dubois', 'chloe-dubois', {
      answers: qa([text.heard, text.friend]),
      agreedToRules: true,
      requestedAt: '2025-03-03T12:00:00.000Z',
    }),
    fb('100000000000008', 'Elena Rossi', 'elena-rossi', {
      answers: qa([text.learn, text.newsletter], [text.email, 'elena.rossi@example.com']),
      agreedToRules: true,
      requestedAt: '2025-03-10T09:00:00.000Z',
    }),
    fb('100000000000009', 'Farid Haddad', 'farid-haddad', {
      answers: qa([text.learn, text.sales], [text.email, text.callMe]),
      agreedToRules: true,
      requestedAt: '2025-03-06T12:00:00.000Z',
    }),
  ];
}

const SKOOL_TEXTS = {
  en: {
    goal: 'What is your main goal for the next 90 days?',
    email: 'What is the best email to reach you?',
    heard: 'Where did you hear about us?',
    diegoGoal: 'Launch my coaching offer.',
    video: 'A YouTube video.',
    emmaGoal: 'Get my first paying client.',
  },
  fr: {
    goal: 'Quel est votre objectif principal pour les 90 prochains jours ?',
    email: 'Quelle est la meilleure adresse e-mail pour vous joindre ?',
    heard: 'Comment nous avez-vous connus ?',
    diegoGoal: 'Lancer mon offre de coaching.',
    video: 'Une vidéo YouTube.',
    emmaGoal: 'Trouver mon premier client payant.',
  },
} as const;

interface RequestsCase {
  fixture: string;
  url: string;
  platform: 'facebook' | 'skool';
  groupId: string;
  groupName: string;
  requests: MemberRequest[];
  empty?: boolean;
  blocked?: boolean;
  /** Selectors of the current layout an older page does not have, reported as operators should see. */
  misses?: string[];
}

const CASES: RequestsCase[] = [
  ...(['en', 'fr'] as const).flatMap((locale): RequestsCase[] => [
    {
      fixture: `facebook/member-requests.${locale}.html`,
      url: `${FB_REQUESTS}?orderby=chronological`,
      platform: 'facebook',
      groupId: 'demofounders',
      groupName: 'Demo Founders Circle',
      requests: demoFoundersRequests(locale),
    },
    {
      fixture: `facebook/member-requests-empty.${locale}.html`,
      url: FB_REQUESTS,
      platform: 'facebook',
      groupId: 'demofounders',
      groupName: 'Demo Founders Circle',
      requests: [],
      empty: true,
    },
    {
      fixture: `skool/pending.${locale}.html`,
      url: SKOOL_PENDING,
      platform: 'skool',
      groupId: 'demofounders',
      groupName: 'Demo Founders Circle',
      requests: [
        skool('diego-alves-1357', 'Diego Alves', {
          answers: qa(
            [SKOOL_TEXTS[locale].goal, SKOOL_TEXTS[locale].diegoGoal],
            [SKOOL_TEXTS[locale].email, 'diego.alves@example.com'],
            [SKOOL_TEXTS[locale].heard, SKOOL_TEXTS[locale].video],
          ),
          requestedAt: '2025-03-07T12:00:00.000Z',
        }),
        skool('emma-rossi-8642', 'Emma Rossi', {
          answers: qa([SKOOL_TEXTS[locale].goal, SKOOL_TEXTS[locale].emmaGoal]),
          requestedAt: '2025-03-10T07:00:00.000Z',
        }),
      ],
    },
  ]),
  // The notice covers the requests page after approving too fast: the cards are still read, and marked.
  {
    fixture: 'facebook/member-requests-blocked.en.html',
    url: FB_REQUESTS,
    platform: 'facebook',
    groupId: 'demofounders',
    groupName: 'Demo Founders Circle',
    requests: demoFoundersRequests('en').slice(0, 3),
    blocked: true,
  },
  // A notice in place of the queue: no cards, and their absence is not the pack's fault.
  {
    fixture: 'facebook/member-requests-blocked.fr.html',
    url: FB_REQUESTS,
    platform: 'facebook',
    groupId: 'demofounders',
    groupName: 'Demo Founders Circle',
    requests: [],
    blocked: true,
  },
  {
    fixture: 'facebook/member-requests-no-questions.en.html',
    url: 'https://www.facebook.com/groups/quietreaders/member-requests',
    platform: 'facebook',
    groupId: 'quietreaders',
    groupName: 'Quiet Readers Club',
    requests: [
      fb('100000000000006', 'Gabriel Souza', 'gabriel-souza', {
        answers: [],
        agreedToRules: null,
        requestedAt: '2025-03-10T10:00:00.000Z',
      }),
      fb('100000000000007', 'Hana Sato', 'hana-sato', {
        answers: [],
        agreedToRules: null,
        requestedAt: '2025-03-09T12:00:00.000Z',
      }),
    ],
  },
  // The older layout: article cards, profile.php links, exact times; Diego's card is rendered twice.
  {
    fixture: 'facebook/participant-requests.en.html',
    url: 'https://www.facebook.com/groups/demofounders/participant_requests',
    platform: 'facebook',
    groupId: 'demofounders',
    groupName: 'Demo Founders Circle',
    requests: [
      fb('100000000000004', 'Diego Alves', 'diego-alves', {
        answers: qa(
          ['What do you want to learn here?', 'Pricing and proposals.'],
          ['What is your phone number?', '+33 6 12 34 56 78'],
        ),
        agreedToRules: true,
        requestedAt: '2025-03-03T11:06:40.000Z',
      }),
      fb('100000000000005', 'Emma Rossi', 'emma-rossi', {
        answers: qa(['Where did you hear about us?', 'A podcast episode.']),
        agreedToRules: false,
        requestedAt: '2025-02-27T00:00:00.000Z',
      }),
    ],
    misses: [
      'memberRequests.item.groupUserLink',
      'memberRequests.profileId.groupUserHref',
      'memberRequests.name.nameLink',
      'memberRequests.photoURL.svgImage',
    ],
  },
  {
    fixture: 'skool/pending-empty.en.html',
    url: SKOOL_PENDING,
    platform: 'skool',
    groupId: 'demofounders',
    groupName: 'Demo Founders Circle',
    requests: [],
    empty: true,
  },
];

function read({ fixture, url, platform }: RequestsCase, pack?: SelectorPack) {
  return readMemberRequests(loadFixture(fixture, url), url, pack ?? DEFAULT_SELECTOR_PACKS[platform], {
    now: NOW,
  });
}

describe('readMemberRequests', () => {
  it.each(CASES)('reads every request of $fixture once, in order', (testCase) => {
    const reading = read(testCase);
    expect(reading.requests).toEqual(testCase.requests);
    expect(reading.groupId).toBe(testCase.groupId);
    expect(reading.groupName).toBe(testCase.groupName);
    expect(reading.empty).toBe(testCase.empty ?? false);
    expect(reading.blocked).toBe(testCase.blocked ?? false);
    expect(reading.misses).toEqual(
      (testCase.misses ?? []).map((selectorId) => ({
        platform: testCase.platform,
        pageKind: 'member-requests',
        selectorId,
      })),
    );
  });

  it.each(CASES)('reads requests of $fixture that the server accepts', (testCase) => {
    for (const request of read(testCase).requests) {
      expect(memberRequestSchema.parse(request)).toEqual(request);
    }
  });

  it.each(CASES)('never takes the signed-in viewer of $fixture for a request', (testCase) => {
    expect(JSON.stringify(read(testCase).requests)).not.toMatch(/100000000000999|zoe-martin|Zoé/);
  });

  it.each([
    [
      'facebook',
      'facebook/member-requests.en.html',
      FB_REQUESTS,
      '"USER_ID":"100000000000999"',
      '"USER_ID":"100000000000001"',
    ],
    [
      'skool',
      'skool/pending.en.html',
      SKOOL_PENDING,
      '"name":"zoe-martin-9999"',
      '"name":"diego-alves-1357"',
    ],
  ] as const)(
    "leaves out a %s card that is the viewer's own",
    (platform, fixture, url, viewer, requester) => {
      const doc = loadFixture(fixture, url);
      const data = doc.querySelector('script[data-sjs], script#__NEXT_DATA__');
      if (data === null) throw new Error(`${fixture} embeds no page data`);
      data.textContent = data.textContent.replace(viewer, requester);
      const reading = readMemberRequests(doc, url, DEFAULT_SELECTOR_PACKS[platform], { now: NOW });
      expect(reading.requests.map((request) => request.name)).not.toContain(
        platform === 'facebook' ? 'Ana Lima' : 'Diego Alves',
      );
      expect(reading.requests).toHaveLength(platform === 'facebook' ? 4 : 1);
    },
  );

  it('counts relative times back from the moment it is given', () => {
    const later = new Date('2025-03-11T12:00:00.000Z');
    const url = FB_REQUESTS;
    const reading = readMemberRequests(
      loadFixture('facebook/member-requests.en.html', url),
      url,
      DEFAULT_SELECTOR_PACKS.facebook,
      { now: later },
    );
    expect(reading.requests.map((request) => request.requestedAt)).toEqual([
      '2025-03-09T12:00:00.000Z',
      '2025-03-11T07:00:00.000Z',
      '2025-03-04T12:00:00.000Z',
      '2025-03-11T09:00:00.000Z',
      '2025-03-07T12:00:00.000Z',
    ]);
  });

  it('reports an answers selector that no longer finds the question, and keeps the rest', () => {
    const url = FB_REQUESTS;
    const pack = structuredClone(DEFAULT_SELECTOR_PACKS.facebook);
    const question = pack.memberRequests?.answers.question[0];
    if (question?.from !== 'css') throw new Error('the question is read with CSS');
    question.selector = '[data-no-longer-there]';
    const reading = readMemberRequests(loadFixture('facebook/member-requests.en.html', url), url, pack, {
      now: NOW,
    });
    expect(reading.requests.map((request) => request.answers)).toEqual([[], [], [], [], []]);
    expect(reading.requests.map((request) => request.name)).toEqual([
      'Ana Lima',
      'Bruno Costa',
      'Chloé Dubois',
      'Elena Rossi',
      'Farid Haddad',
    ]);
    expect(reading.misses).toEqual([
      { platform: 'facebook', pageKind: 'member-requests', selectorId: 'memberRequests.answers.question' },
    ]);
  });

  it('reports the row selectors when a queue that is neither empty nor blocked shows nobody', () => {
    const url = FB_REQUESTS;
    const doc = loadFixture('facebook/member-requests.en.html', url);
    for (const row of doc.querySelectorAll('[role="listitem"]')) row.remove();
    const reading = readMemberRequests(doc, url, DEFAULT_SELECTOR_PACKS.facebook, { now: NOW });
    expect(reading).toMatchObject({ requests: [], empty: false, blocked: false });
    expect(reading.misses.map((miss) => miss.selectorId)).toEqual([
      'memberRequests.item.groupUserLink',
      'memberRequests.item.profilePhpLink',
    ]);
  });

  it.each([
    ['a members page', 'facebook/members.en.html', 'https://www.facebook.com/groups/demofounders/members'],
    ['a profile', 'facebook/profile.en.html', 'https://www.facebook.com/ana.lima.demo'],
    ['a Skool members page', 'skool/members.en.html', 'https://www.skool.com/demofounders/-/members'],
  ])('reads no request on %s', (_label, fixture, url) => {
    const platform = url.includes('skool') ? 'skool' : 'facebook';
    const reading = readMemberRequests(loadFixture(fixture, url), url, DEFAULT_SELECTOR_PACKS[platform], {
      now: NOW,
    });
    expect(reading).toMatchObject({ requests: [], empty: false, blocked: false, misses: [] });
  });
});

describe('parseRequestTime', () => {
  const tables = {
    en: [ENGLISH_TIME_WORDS],
    fr: [FRENCH_TIME_WORDS, ENGLISH_TIME_WORDS],
  } as const;

  it.each([
    ['en', '3 days ago', '2025-03-07T12:00:00.000Z'],
    ['en', 'Requested 2 days ago', '2025-03-08T12:00:00.000Z'],
    ['en', '2h', '2025-03-10T10:00:00.000Z'],
    ['en', '45m', '2025-03-10T11:15:00.000Z'],
    ['en', '3d', '2025-03-07T12:00:00.000Z'],
    ['en', 'a day ago', '2025-03-09T12:00:00.000Z'],
    ['en', 'an hour ago', '2025-03-10T11:00:00.000Z'],
    ['en', '1 week ago', '2025-03-03T12:00:00.000Z'],
    ['en', '2 months ago', '2025-01-09T12:00:00.000Z'],
    ['en', '1 year ago', '2024-03-10T12:00:00.000Z'],
    ['en', 'just now', '2025-03-10T12:00:00.000Z'],
    ['en', 'Yesterday', '2025-03-09T12:00:00.000Z'],
    ['en', 'on March 3, 2025', '2025-03-03T00:00:00.000Z'],
    ['en', 'Mar 3', '2025-03-03T00:00:00.000Z'],
    // A day without its year that is still to come this year is last year's.
    ['en', 'December 24', '2024-12-24T00:00:00.000Z'],
    ['en', '3 March 2024', '2024-03-03T00:00:00.000Z'],
    ['en', '2025-02-01T08:30:00Z', '2025-02-01T08:30:00.000Z'],
    ['en', '1741000000', '2025-03-03T11:06:40.000Z'],
    ['fr', 'il y a 3 jours', '2025-03-07T12:00:00.000Z'],
    ['fr', 'Demande envoyée il y a 5 heures', '2025-03-10T07:00:00.000Z'],
    ['fr', 'il y a 2 h', '2025-03-10T10:00:00.000Z'],
    ['fr', 'il y a une semaine', '2025-03-03T12:00:00.000Z'],
    ['fr', 'il y a 2 mois', '2025-01-09T12:00:00.000Z'],
    ['fr', 'il y a 1 an', '2024-03-10T12:00:00.000Z'],
    ['fr', 'il y a 10 min', '2025-03-10T11:50:00.000Z'],
    ['fr', 'hier', '2025-03-09T12:00:00.000Z'],
    ['fr', 'À l’instant', '2025-03-10T12:00:00.000Z'],
    ['fr', 'le 3 mars 2025', '2025-03-03T00:00:00.000Z'],
    ['fr', '1er févr.', '2025-02-01T00:00:00.000Z'],
    // A French page may still write some dates in English.
    ['fr', '2 days ago', '2025-03-08T12:00:00.000Z'],
  ] as const)('reads "%s" %s', (locale, text, expected) => {
    expect(parseRequestTime(text, tables[locale], NOW)?.toISOString()).toBe(expected);
  });

  it.each(['Invited by Diego Alves', 'Ana Lima', 'I am here', 'February 30, 2025', ''])(
    'reads no date in "%s"',
    (text) => {
      expect(parseRequestTime(text, [FRENCH_TIME_WORDS, ENGLISH_TIME_WORDS], NOW)).toBeNull();
    },
  );
});

describe('finding the control that carries a decision out', () => {
  it.each([
    [
      'facebook',
      'facebook/member-requests.en.html',
      'https://www.facebook.com/groups/demofounders/member-requests',
      { profileId: '100000000000002', username: null },
      'Approve',
    ],
    [
      'facebook',
      'facebook/member-requests.fr.html',
      'https://www.facebook.com/groups/demofounders/member-requests',
      { profileId: '100000000000002', username: null },
      'Refuser',
    ],
    [
      'skool',
      'skool/pending.en.html',
      'https://www.skool.com/demofounders/-/members?t=pending',
      null,
      'Approve',
    ],
    [
      'skool',
      'skool/pending.fr.html',
      'https://www.skool.com/demofounders/-/members?t=pending',
      null,
      'Refuser',
    ],
  ] as const)('%s (%s): in the row of that person', (platform, fixture, url, given, label) => {
    const doc = loadFixture(fixture, url);
    const pack = DEFAULT_SELECTOR_PACKS[platform];
    // Skool's fixture names people by username: take the second request the page shows.
    const person = given ?? readMemberRequests(doc, url, pack, { now: new Date() }).requests[1]!;
    const decision = label === 'Approve' ? 'approve' : 'decline';
    const { control, misses } = findRequestAction(doc, url, pack, person, decision);
    expect(misses).toEqual([]);
    expect((control?.getAttribute('aria-label') ?? control?.textContent)?.trim()).toBe(label);
    // The control is in that person's row, not in another's.
    const rows = findPeople(doc, url, pack);
    const row = rows.find((each) => each.element.contains(control));
    expect(row?.profileId ?? row?.username).toBe(person.profileId ?? person.username);
  });

  it('finds nothing for someone whose request is no longer on the page', () => {
    const url = 'https://www.facebook.com/groups/demofounders/member-requests';
    const doc = loadFixture('facebook/member-requests.en.html', url);
    const found = findRequestAction(
      doc,
      url,
      DEFAULT_SELECTOR_PACKS.facebook,
      { profileId: '100000000000777', username: null },
      'approve',
    );
    expect(found).toEqual({ control: null, misses: [] });
  });
});

describe('finding the steps of declining with feedback', () => {
  const bruno = { profileId: '100000000000002', username: null };
  /** The requests page with Facebook's menu and dialog drawn over it, as after pressing the row's menu. */
  function withFeedbackLayers(locale: 'en' | 'fr' = 'en') {
    const doc = loadFixture(`facebook/member-requests.${locale}.html`, FB_REQUESTS);
    doc.body.insertAdjacentHTML('beforeend', readFixture('facebook/member-requests-feedback.en.html'));
    return doc;
  }
  const find = (doc: Document, step: FeedbackStep) =>
    findFeedbackControl(doc, FB_REQUESTS, DEFAULT_SELECTOR_PACKS.facebook, bruno, step);

  it("finds the row's menu button, the menu's item, then the dialog's text box and its Decline", () => {
    const doc = withFeedbackLayers();
    const open = find(doc, 'open');
    expect(open.control?.getAttribute('aria-label')).toBe('More request options');
    const row = findPeople(doc, FB_REQUESTS, DEFAULT_SELECTOR_PACKS.facebook).find(
      (person) => person.profileId === bruno.profileId,
    );
    expect(row?.element.contains(open.control)).toBe(true);
    expect(find(doc, 'item').control?.textContent?.trim()).toBe('Decline with feedback');
    expect(find(doc, 'text').control?.tagName).toBe('TEXTAREA');
    const submit = find(doc, 'submit').control;
    expect(submit?.getAttribute('aria-label')).toBe('Decline');
    // The dialog's Decline, not the one in a row.
    expect(submit?.closest('[role="dialog"]')).not.toBeNull();
  });

  it('reports the selectors of a step whose menu or dialog is not drawn', () => {
    const doc = loadFixture('facebook/member-requests.en.html', FB_REQUESTS);
    expect(find(doc, 'item')).toEqual({
      control: null,
      misses: [
        {
          platform: 'facebook',
          pageKind: 'member-requests',
          selectorId: 'memberRequests.actions.feedback.menuItem',
        },
      ],
    });
    expect(find(doc, 'submit').misses.map((miss) => miss.selectorId)).toEqual([
      'memberRequests.actions.feedback.dialog',
    ]);
  });

  it('finds no menu on a French page, whose words the pack does not know yet', () => {
    const found = find(withFeedbackLayers('fr'), 'open');
    expect(found.control).toBeNull();
    expect(found.misses.map((miss) => miss.selectorId)).toEqual(['memberRequests.actions.feedback.open']);
  });

  it('has no steps on a platform without feedback, nor for someone no longer on the page', () => {
    const skoolUrl = SKOOL_PENDING;
    const skoolPage = loadFixture('skool/pending.en.html', skoolUrl);
    expect(
      findFeedbackControl(
        skoolPage,
        skoolUrl,
        DEFAULT_SELECTOR_PACKS.skool,
        { profileId: null, username: 'emma-rossi-8642' },
        'open',
      ),
    ).toEqual({ control: null, misses: [] });
    expect(
      findFeedbackControl(
        withFeedbackLayers(),
        FB_REQUESTS,
        DEFAULT_SELECTOR_PACKS.facebook,
        { profileId: '100000000000777', username: null },
        'open',
      ),
    ).toEqual({ control: null, misses: [] });
  });
});
