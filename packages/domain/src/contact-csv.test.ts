import { describe, expect, it } from 'vitest';
import { CONTACT_CSV_COLUMNS, formatTagCell, parseTagCell } from './contact-csv';

describe('contact CSV columns', () => {
  it('start with the contact and end with its pipeline data, with three columns per platform', () => {
    expect(CONTACT_CSV_COLUMNS.slice(0, 4)).toEqual(['GTID', 'First Name', 'Last Name', 'Full Name']);
    expect(CONTACT_CSV_COLUMNS).toContain('Facebook Profile ID');
    expect(CONTACT_CSV_COLUMNS).toContain('Skool Username');
    expect(new Set(CONTACT_CSV_COLUMNS).size).toBe(CONTACT_CSV_COLUMNS.length);
  });
});

describe('tag cells', () => {
  it('read back what they write', () => {
    const tags = [
      { tagSetName: 'Interests', tagName: 'Fitness' },
      { tagSetName: 'Source', tagName: 'Live: Q&A' },
    ];
    expect(parseTagCell(formatTagCell(tags), 'Imported')).toEqual(tags);
  });

  it.each([
    ['coaching, course-buyer', ['coaching', 'course-buyer']],
    ['coaching;course-buyer', ['coaching', 'course-buyer']],
    ['coaching | course-buyer', ['coaching', 'course-buyer']],
  ])('split %j into one tag each', (cell, names) => {
    expect(parseTagCell(cell, 'Imported')).toEqual(
      names.map((tagName) => ({ tagSetName: 'Imported', tagName })),
    );
  });

  it('put a tag without a set into the default set and skip empty parts', () => {
    expect(parseTagCell(' vip | | Interests: ', 'Imported')).toEqual([
      { tagSetName: 'Imported', tagName: 'vip' },
    ]);
  });

  it.each([
    ['* starred ::: * myContacts', []],
    ['* myContacts ::: Friends ::: Book club', ['Friends', 'Book club']],
    ['Navy ::: * other', ['Navy']],
    ['* friends', []],
  ])("reads Google Contacts' labels %j without its system labels", (cell, names) => {
    expect(parseTagCell(cell, 'Imported')).toEqual(
      names.map((tagName) => ({ tagSetName: 'Imported', tagName })),
    );
  });
});
