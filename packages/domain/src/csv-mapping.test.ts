import { describe, expect, it } from 'vitest';
import { CONTACT_CSV_COLUMNS } from './contact-csv';
import { CSV_FIELDS, isGroupTrackExport, mapCsvRow, suggestCsvMapping } from './csv-mapping';

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
      },
    });
  });

  it.each([
    [['Bo', 'not-an-email'], 'Email "not-an-email" is not a valid address.'],
    [['', ''], 'Nothing identifies this person: no name, email, phone or profile.'],
    [['x'.repeat(101), ''], 'The name is longer than 100 characters.'],
  ])('refuses %j with a reason', (values, reason) => {
    expect(mapCsvRow(values, ['name', 'emailAddress'])).toEqual({ ok: false, reason });
  });
});
