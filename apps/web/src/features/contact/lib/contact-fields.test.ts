import { describe, expect, it } from 'vitest';
import { formatContactName, readContactField } from './contact-fields';

describe('readContactField', () => {
  it.each([
    {
      field: 'emailAddress' as const,
      input: ' Ann@Example.COM ',
      expected: { ok: true, value: 'ann@example.com' },
      why: 'lower-cases an email',
    },
    {
      field: 'emailAddress' as const,
      input: '  ',
      expected: { ok: true, value: null },
      why: 'clears a blank email',
    },
    {
      field: 'phoneNumber' as const,
      input: '',
      expected: { ok: true, value: null },
      why: 'clears a blank phone',
    },
    {
      field: 'firstName' as const,
      input: ' Ann ',
      expected: { ok: true, value: 'Ann' },
      why: 'trims a name',
    },
  ])('$why', ({ field, input, expected }) => {
    expect(readContactField({ field, input })).toEqual(expected);
  });

  it.each([
    { field: 'emailAddress' as const, input: 'not-an-email', why: 'refuses an invalid email' },
    { field: 'phoneNumber' as const, input: 'call me', why: 'refuses a phone without digits' },
    { field: 'lastName' as const, input: 'x'.repeat(101), why: 'refuses a name over 100 characters' },
  ])('$why', ({ field, input }) => {
    expect(readContactField({ field, input }).ok).toBe(false);
  });
});

describe('formatContactName', () => {
  it('prefers first and last name', () => {
    expect(formatContactName({ firstName: 'Ann', lastName: 'Lee', name: 'A L' })).toBe('Ann Lee');
  });
  it('falls back to the full name, then a placeholder', () => {
    expect(formatContactName({ firstName: null, lastName: '', name: 'Bo' })).toBe('Bo');
    expect(formatContactName({ firstName: null, lastName: null, name: null })).toBe('Unnamed contact');
  });
});
