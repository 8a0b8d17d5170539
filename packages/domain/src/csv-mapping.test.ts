import { describe, expect, it } from 'vitest';
import { CONTACT_CSV_COLUMNS } from './contact-csv';
import { parseCsvDate } from './csv-dates';
import {
  CSV_FIELDS,
  isGroupTrackExport,
  mapCsvRow,
  formatImportWarning,
  listQuestionPairs,
  splitMultiValueCell,
  suggestCsvMapping,
  type CsvField,
} from './csv-mapping';

/** The first columns of Google Contacts' export today. */
const GOOGLE_HEADERS = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Phonetic First Name',
  'Nickname',
  'Organization Name',
  'Organization Title',
  'Birthday',
  'Notes',
  'Photo',
  'Labels',
  'E-mail 1 - Label',
  'E-mail 1 - Value',
  'E-mail 2 - Label',
  'E-mail 2 - Value',
  'Phone 1 - Label',
  'Phone 1 - Value',
];
/** The first columns of Google Contacts' older export ("Google CSV" before 2023). */
const GOOGLE_LEGACY_HEADERS = [
  'Name',
  'Given Name',
  'Additional Name',
  'Family Name',
  'Yomi Name',
  'Nickname',
  'Birthday',
  'Notes',
  'Photo',
  'Group Membership',
  'E-mail 1 - Type',
  'E-mail 1 - Value',
  'Phone 1 - Type',
  'Phone 1 - Value',
  'Organization 1 - Type',
  'Organization 1 - Name',
  'Organization 1 - Title',
];
/** HubSpot's contacts export. */
const HUBSPOT_HEADERS = [
  'Record ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Contact owner',
  'Associated Company',
  'Lead Status',
  'Lifecycle Stage',
  'Create Date',
];

describe('suggestCsvMapping', () => {
  it('maps every column of our own export to its field', () => {
    const mapping = suggestCsvMapping(CONTACT_CSV_COLUMNS);
    expect(mapping).not.toContain('ignore');
    expect(mapping.slice(0, 7)).toEqual([
      'GTID',
      'firstName',
      'lastName',
      'name',
      'emailAddress',
      'phoneNumber',
      'photoURL',
    ]);
    expect(mapping).toContain('instagram.username');
    expect(isGroupTrackExport(CONTACT_CSV_COLUMNS)).toBe(true);
  });

  it.each([
    [
      'Google Contacts',
      ['Given Name', 'Family Name', 'E-mail 1 - Value', 'E-mail 2 - Value', 'Phone 1 - Value', 'Labels'],
      ['firstName', 'lastName', 'emailAddress', 'ignore', 'phoneNumber', 'globalTags'],
    ],
    [
      'HubSpot',
      ['First Name', 'Last Name', 'Email', 'Phone Number', 'Lifecycle Stage'],
      ['firstName', 'lastName', 'emailAddress', 'phoneNumber', 'stage'],
    ],
    [
      "HubSpot's full export",
      HUBSPOT_HEADERS,
      [
        'ignore',
        'firstName',
        'lastName',
        'emailAddress',
        'phoneNumber',
        'ignore',
        'organization',
        'stage',
        'ignore',
        'createdAt',
      ],
    ],
    [
      "Google Contacts' export today",
      GOOGLE_HEADERS,
      [
        'firstName',
        'middleName',
        'lastName',
        'ignore',
        'ignore',
        'organization',
        'ignore',
        'ignore',
        'note',
        'photoURL',
        'globalTags',
        'ignore',
        'emailAddress',
        'ignore',
        'ignore',
        'ignore',
        'phoneNumber',
      ],
    ],
    [
      "Google Contacts' older export",
      GOOGLE_LEGACY_HEADERS,
      [
        'name',
        'firstName',
        'middleName',
        'lastName',
        'ignore',
        'ignore',
        'ignore',
        'note',
        'photoURL',
        'globalTags',
        'ignore',
        'emailAddress',
        'ignore',
        'phoneNumber',
        'ignore',
        'organization',
        'ignore',
      ],
    ],
    [
      'a Facebook group export',
      ['Name', 'Profile URL', 'User ID', 'Question 1', 'Answer 1', 'Q2', 'A2'],
      ['name', 'facebook.url', 'facebook.profileId', 'question.1', 'answer.1', 'question.2', 'answer.2'],
    ],
  ])('maps the headers of %s', (_source, headers, expected) => {
    expect(suggestCsvMapping(headers)).toEqual(expected);
  });

  it('leaves unknown columns out', () => {
    expect(suggestCsvMapping(['Favourite colour'])).toEqual(['ignore']);
    expect(isGroupTrackExport(['Name'])).toBe(false);
    expect(CSV_FIELDS).toContain('ignore');
  });
});

describe('mapCsvRow', () => {
  const mapping = suggestCsvMapping([
    'Name',
    'Email',
    'Phone',
    'Instagram Username',
    'Labels',
    'Question 1',
    'Answer 1',
  ]);

  it('reads a row into a contact with sources, tags and answers', () => {
    const result = mapCsvRow(
      [
        'Ana Ruiz',
        'ANA@Example.test',
        '+34 600 000 000',
        'ana.r',
        'vip | Interests: yoga',
        'Why?',
        'Friends',
      ],
      mapping,
    );
    expect(result).toEqual({
      ok: true,
      candidate: {
        name: 'Ana Ruiz',
        emailAddress: 'ana@example.test',
        phoneNumber: '+34600000000',
        sources: [{ platform: 'instagram', username: 'ana.r' }],
        globalTags: [
          { tagSetName: 'Imported', tagName: 'vip' },
          { tagSetName: 'Interests', tagName: 'yoga' },
        ],
        pipelineTags: [],
        questions: [{ question: 'Why?', answer: 'Friends' }],
        notes: [],
      },
      warnings: [],
    });
  });

  it.each([
    [['Bo', 'n/a'], 1, 'n/a', 'not an email address; left empty'],
    [['Bo', 'none'], 1, 'none', 'not an email address; left empty'],
    [['x'.repeat(101), 'bo@example.test'], 0, 'x'.repeat(101), 'longer than 100 characters; left empty'],
  ])(
    'keeps the person of %j and leaves the bad cell empty with a warning',
    (values, column, value, reason) => {
      const result = mapCsvRow(values, ['name', 'emailAddress']);
      expect(result.ok).toBe(true);
      expect(result.warnings).toEqual([{ column, value, reason }]);
    },
  );

  it.each([
    [['', ''], 'Nothing identifies this person: no name, email, phone or profile.'],
    [
      ['', 'n/a'],
      'Nothing identifies this person: no name, email, phone or profile. "n/a" is not an email address.',
    ],
  ])('refuses %j, which identifies nobody, saying why', (values, reason) => {
    expect(mapCsvRow(values, ['name', 'emailAddress'])).toMatchObject({ ok: false, reason });
  });

  it.each(['jösé@example.com', '用户@例子.广告'])('takes the internationalised address %s', (email) => {
    expect(mapCsvRow(['Ann', email], ['name', 'emailAddress'])).toMatchObject({
      ok: true,
      candidate: { emailAddress: email },
      warnings: [],
    });
  });

  it.each([
    ['none', 'not a phone number; left empty'],
    ['+1 555 '.repeat(7), 'not a phone number; left empty'],
  ])('leaves the phone %j empty, with a warning', (phone, reason) => {
    const result = mapCsvRow(['Ann', phone], ['name', 'phoneNumber']);
    expect(result).toMatchObject({ ok: true, warnings: [{ column: 1, reason }] });
    expect(result.ok && result.candidate.phoneNumber).toBeUndefined();
  });

  it('normalises a phone as a form does', () => {
    expect(mapCsvRow(['Ann', '00 44 20 7946 0123'], ['name', 'phoneNumber'])).toMatchObject({
      candidate: { phoneNumber: '+442079460123' },
    });
  });

  it('splits tags on commas, semicolons and bars', () => {
    const result = mapCsvRow(
      ['Ann', 'coaching, course-buyer; vip | Source: Webinar'],
      ['name', 'globalTags'],
    );
    expect(result.ok && result.candidate.globalTags).toEqual([
      { tagSetName: 'Imported', tagName: 'coaching' },
      { tagSetName: 'Imported', tagName: 'course-buyer' },
      { tagSetName: 'Imported', tagName: 'vip' },
      { tagSetName: 'Source', tagName: 'Webinar' },
    ]);
  });

  it('makes a Notes column the first note, before the further emails', () => {
    const result = mapCsvRow(
      ['Ann', 'a@x.test ::: b@x.test', 'Met at the fair'],
      ['name', 'emailAddress', 'note'],
    );
    expect(result.ok && result.candidate.notes).toEqual([
      'Met at the fair',
      'Also in the imported file:\nEmail: b@x.test',
    ]);
  });

  it('asks an answer without a question column by its header', () => {
    const result = mapCsvRow(
      ['Ann', 'Lisbon', 'Why?', 'Friends'],
      ['name', 'answer.1', 'question.2', 'answer.2'],
      {
        headers: ['Name', 'Where are you from?', 'Q2', 'A2'],
      },
    );
    expect(result.ok && result.candidate.questions).toEqual([
      { question: 'Where are you from?', answer: 'Lisbon' },
      { question: 'Why?', answer: 'Friends' },
    ]);
  });

  it('reads numeric dates in the chosen order, and warns of one that is no date in it', () => {
    const mapping: CsvField[] = ['name', 'createdAt'];
    expect(mapCsvRow(['Ann', '03/04/2024'], mapping, { dateOrder: 'day-first' })).toMatchObject({
      candidate: { createdAt: '2024-04-03T00:00:00.000Z' },
    });
    expect(mapCsvRow(['Ann', '03/04/2024'], mapping, { dateOrder: 'month-first' })).toMatchObject({
      candidate: { createdAt: '2024-03-04T00:00:00.000Z' },
    });
    expect(mapCsvRow(['Ann', '13/04/2024'], mapping, { dateOrder: 'month-first' })).toMatchObject({
      ok: true,
      warnings: [
        { column: 1, value: '13/04/2024', reason: 'not a date read month first; dated by the import' },
      ],
    });
  });
});

describe('listQuestionPairs', () => {
  it('pairs questions with their answers by number, an answer alone too', () => {
    expect(listQuestionPairs(['name', 'answer.2', 'question.1', 'answer.1', 'ignore'])).toEqual([
      { pair: 1, questionColumn: 2, answerColumn: 3 },
      { pair: 2, questionColumn: null, answerColumn: 1 },
    ]);
  });
});

describe('formatImportWarning', () => {
  it('names the row, the column, the value and why', () => {
    expect(
      formatImportWarning({
        rowNumber: 7,
        header: 'email',
        value: 'n/a',
        reason: 'not an email address; left empty',
      }),
    ).toBe('Row 7, email "n/a": not an email address; left empty');
  });
});

describe('mapCsvRow web addresses', () => {
  const mapping: CsvField[] = ['name', 'photoURL', 'facebook.url'];

  it('keeps http and https addresses and gives https:// to one written without a scheme', () => {
    const read = mapCsvRow(['Ann', 'http://img.example.test/a.png', 'www.facebook.com/ann'], mapping);
    expect(read).toMatchObject({
      ok: true,
      candidate: {
        photoURL: 'http://img.example.test/a.png',
        sources: [{ platform: 'facebook', url: 'https://www.facebook.com/ann' }],
      },
    });
  });

  it.each([
    [['Ann', 'javascript:alert(document.cookie)', ''], 1, 'javascript:alert(document.cookie)'],
    [['Ann', '', 'javascript://%0aalert(1)'], 2, 'javascript://%0aalert(1)'],
    [
      ['Ann', `data:image/svg+xml;base64,${'A'.repeat(100)}`, ''],
      1,
      `data:image/svg+xml;base64,${'A'.repeat(100)}`,
    ],
  ])('leaves out %j, which a browser would run, with a warning', (values, column, value) => {
    const result = mapCsvRow(values, mapping);
    expect(result).toMatchObject({
      ok: true,
      warnings: [
        { column, value, reason: 'not a web address starting with http:// or https://; left empty' },
      ],
    });
    expect(result.ok && [result.candidate.photoURL, result.candidate.sources]).toEqual([undefined, []]);
  });
});

describe('mapCsvRow on real exports', () => {
  const row = (headers: string[], cells: Record<string, string>) =>
    headers.map((header) => cells[header] ?? '');
  const read = (headers: string[], cells: Record<string, string>) =>
    mapCsvRow(row(headers, cells), suggestCsvMapping(headers));

  it('keeps the first of several emails and phones in one cell and notes the others', () => {
    expect(
      read(GOOGLE_HEADERS, {
        'First Name': 'Grace',
        'Last Name': 'Hopper',
        'E-mail 1 - Value': 'grace@navy.example ::: grace.h@example.test',
        'Phone 1 - Value': '+1 555 0100 ::: +44 20 7946 0000 ::: ext. 12',
      }),
    ).toMatchObject({
      ok: true,
      candidate: {
        firstName: 'Grace',
        lastName: 'Hopper',
        emailAddress: 'grace@navy.example',
        phoneNumber: '+15550100',
        notes: [
          'Also in the imported file:\nEmail: grace.h@example.test\nPhone: +442079460000\nPhone: ext. 12',
        ],
      },
      warnings: [],
    });
  });

  it.each([
    [GOOGLE_HEADERS, { Labels: '* starred ::: * myContacts' }, []],
    [GOOGLE_HEADERS, { Labels: '* myContacts ::: Book club ::: Volunteers' }, ['Book club', 'Volunteers']],
    [GOOGLE_LEGACY_HEADERS, { 'Group Membership': '* myContacts ::: * friends ::: Choir' }, ['Choir']],
  ])('turns labels into tags without Google system labels (%#)', (headers, cells, tags) => {
    const result = read(headers, { ...cells, 'E-mail 1 - Value': 'ada@example.test' });
    expect(result.ok && result.candidate.globalTags).toEqual(
      tags.map((tagName) => ({ tagSetName: 'Imported', tagName })),
    );
  });

  it.each([
    [GOOGLE_HEADERS, { 'Organization Name': 'Harbour Bakery', 'E-mail 1 - Value': 'hi@bakery.test' }],
    [GOOGLE_LEGACY_HEADERS, { 'Organization 1 - Name': 'Harbour Bakery' }],
    [HUBSPOT_HEADERS, { 'Associated Company': 'Harbour Bakery', Email: 'hi@bakery.test' }],
  ])('names an organisation-only row after the organisation (%#)', (headers, cells) => {
    expect(read(headers, cells)).toMatchObject({ ok: true, candidate: { name: 'Harbour Bakery' } });
  });

  it('keeps a named person named after themselves, with the middle name in the full name', () => {
    const result = read(GOOGLE_HEADERS, {
      'First Name': 'Grace',
      'Middle Name': 'Brewster',
      'Last Name': 'Hopper',
      'Organization Name': 'US Navy',
    });
    expect(result).toMatchObject({
      ok: true,
      candidate: { firstName: 'Grace', lastName: 'Hopper', name: 'Grace Brewster Hopper' },
    });
    const plain = read(GOOGLE_HEADERS, { 'First Name': 'Ada', 'Organization Name': 'Analytical' });
    expect(plain.ok && plain.candidate.name).toBeUndefined();
  });

  it("reads HubSpot's Create Date as the contact's created date", () => {
    expect(
      read(HUBSPOT_HEADERS, {
        'Record ID': '51',
        'First Name': 'Camille',
        Email: 'camille@example.test',
        'Create Date': '2023-11-06 10:25',
      }),
    ).toMatchObject({ ok: true, candidate: { createdAt: '2023-11-06T10:25:00.000Z' } });
  });

  it('reads cells our export neutralised against formulas as they were', () => {
    const mapping: CsvField[] = ['name', 'phoneNumber', 'globalTags'];
    expect(mapCsvRow(['\'=HYPERLINK("x")', "'+15551234567", "'-vip"], mapping)).toMatchObject({
      ok: true,
      candidate: {
        name: '=HYPERLINK("x")',
        phoneNumber: '+15551234567',
        globalTags: [{ tagSetName: 'Imported', tagName: '-vip' }],
      },
    });
  });

  it('keeps the first valid email of a cell whose first is invalid, and warns of that one', () => {
    expect(read(GOOGLE_HEADERS, { 'E-mail 1 - Value': 'not-an-email ::: ok@example.test' })).toEqual({
      ok: true,
      candidate: expect.objectContaining({ emailAddress: 'ok@example.test' }),
      warnings: [{ column: 12, value: 'not-an-email', reason: 'not an email address; left out' }],
    });
  });
});

describe('cell helpers', () => {
  it.each([
    ['a@x.test ::: b@y.test', ['a@x.test', 'b@y.test']],
    ['a@x.test:::b@y.test', ['a@x.test', 'b@y.test']],
    ['only@x.test', ['only@x.test']],
    [' ::: ', []],
  ])('splits %j', (cell, parts) => {
    expect(splitMultiValueCell(cell)).toEqual(parts);
  });

  it.each([
    ['2024-03-12 09:14', '2024-03-12T09:14:00.000Z'],
    ['2024-03-12 9:14:33', '2024-03-12T09:14:33.000Z'],
    ['2024-03-12', '2024-03-12T00:00:00.000Z'],
    ['2024-03-12T09:14:00.000+02:00', '2024-03-12T07:14:00.000Z'],
    ['not a date', undefined],
  ])('reads the date %j as %j', (value, iso) => {
    expect(parseCsvDate(value)).toBe(iso);
  });
});
