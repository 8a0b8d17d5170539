import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  hexColorSchema,
  isNameTaken,
  isWebAddress,
  normalizePhone,
  passwordSchema,
  personNameSchema,
  phoneSchema,
  mobileNumberSchema,
  webAddressSchema,
} from './forms';

function readError(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('personNameSchema', () => {
  it.each([
    { value: '  Ann Lee  ', expected: { success: true, data: 'Ann Lee' } },
    { value: 'x'.repeat(100), expected: { success: true, data: 'x'.repeat(100) } },
  ])('trims a name of up to 100 characters ($value)', ({ value, expected }) => {
    expect(personNameSchema.safeParse(value)).toMatchObject(expected);
  });

  it.each([
    { value: '   ', message: 'Enter a name (1 to 100 characters).' },
    { value: 'x'.repeat(101), message: 'A name can be at most 100 characters.' },
  ])('refuses a name outside 1-100 characters, naming the limit', ({ value, message }) => {
    expect(readError(personNameSchema.safeParse(value))).toBe(message);
  });
});

describe('emailSchema', () => {
  it.each([
    { value: '  Ann.Lee@Example.COM ', expected: 'ann.lee@example.com' },
    { value: 'ann+crm@example.co.uk', expected: 'ann+crm@example.co.uk' },
    // Internationalised addresses (RFC 6531) are addresses too.
    { value: 'Jösé@Example.com', expected: 'jösé@example.com' },
    { value: '用户@例子.广告', expected: '用户@例子.广告' },
    { value: 'zoë.müller@exämple.de', expected: 'zoë.müller@exämple.de' },
  ])('trims and lower-cases a valid email ($value)', ({ value, expected }) => {
    expect(emailSchema.parse(value)).toBe(expected);
  });

  it.each([
    { value: 'ann', message: 'Enter a valid email address.' },
    { value: 'ann@', message: 'Enter a valid email address.' },
    { value: 'n/a', message: 'Enter a valid email address.' },
    { value: 'ann@localhost', message: 'Enter a valid email address.' },
    { value: 'ann lee@example.com', message: 'Enter a valid email address.' },
    { value: 'ann..lee@example.com', message: 'Enter a valid email address.' },
    { value: `${'a'.repeat(250)}@x.io`, message: 'An email address can be at most 254 characters.' },
  ])('refuses an invalid email ($value)', ({ value, message }) => {
    expect(readError(emailSchema.safeParse(value))).toBe(message);
  });
});

describe('passwordSchema', () => {
  it.each([
    { value: '1234567', message: 'A password needs at least 8 characters.' },
    { value: 'x'.repeat(129), message: 'A password can be at most 128 characters.' },
    { value: ' secret pass ', message: null },
    { value: 'x'.repeat(128), message: null },
  ])('accepts only 8-128 characters ($value)', ({ value, message }) => {
    expect(readError(passwordSchema.safeParse(value))).toBe(message);
  });

  it('keeps a password exactly as typed', () => {
    expect(passwordSchema.parse(' secret pass ')).toBe(' secret pass ');
  });
});

describe('normalizePhone', () => {
  it.each([
    { value: '+1 (555) 123-4567', expected: '+15551234567' },
    { value: '+44 20 7946 0958', expected: '+442079460958' },
    { value: '0044 20 7946 0958', expected: '+442079460958' },
    { value: '1-555-123-4567', expected: '+15551234567' },
    { value: '  15551234567 ', expected: '+15551234567' },
    { value: '555-123-4567', expected: '555-123-4567' },
    { value: '020 7946 0958', expected: '020 7946 0958' },
    { value: '25551234567', expected: '25551234567' },
    { value: '+0 555 1234', expected: '+0 555 1234' },
    { value: '+123', expected: '+123' },
    { value: '+1234567890123456', expected: '+1234567890123456' },
    { value: '00 12', expected: '00 12' },
    { value: '+1 555 123 4567 ext 9', expected: '+1 555 123 4567 ext 9' },
    { value: 'call me', expected: 'call me' },
    { value: '   ', expected: '' },
  ])(
    'writes E.164 only when the country is known, else keeps what was typed ($value)',
    ({ value, expected }) => {
      expect(normalizePhone(value)).toBe(expected);
    },
  );

  it('normalises through phoneSchema and refuses an overlong value', () => {
    expect(phoneSchema.parse('+1 555 123 4567')).toBe('+15551234567');
    expect(phoneSchema.safeParse('1'.repeat(41)).success).toBe(false);
  });

  it.each([
    { value: '+34 612 34 56 78', expected: '+34612345678' },
    { value: '0044 7700 900123', expected: '+447700900123' },
  ])('accepts a mobile number with its country code ($value)', ({ value, expected }) => {
    expect(mobileNumberSchema.parse(value)).toBe(expected);
  });

  it.each(['555 0100', '612345678', 'call me'])(
    'refuses a mobile number without a country code (%s)',
    (value) => {
      expect(mobileNumberSchema.safeParse(value).error?.issues[0]?.message).toBe(
        'Enter the mobile number with its country code, like +15551234567.',
      );
    },
  );
});

describe('hexColorSchema', () => {
  it.each([
    { value: '#1C7EBB', expected: '#1C7EBB' },
    { value: ' 1c7ebb ', expected: '#1c7ebb' },
    { value: 'fff8', expected: '#fff8' },
  ])('accepts a hex colour and gives it a # ($value)', ({ value, expected }) => {
    expect(hexColorSchema.parse(value)).toBe(expected);
  });

  it.each(['blue', '#12', ''])('refuses anything that is not a hex colour (%s)', (value) => {
    expect(readError(hexColorSchema.safeParse(value))).toBe('Enter a hex colour like #1C7EBB.');
  });
});

describe('webAddressSchema', () => {
  it.each([
    'https://www.facebook.com/jane.doe',
    'http://localhost:3000/me.jpg',
    'HTTPS://CDN.EXAMPLE.COM/a.png',
  ])('accepts the web address %s', (value) => {
    expect(webAddressSchema.safeParse(value).success).toBe(true);
    expect(isWebAddress(value)).toBe(true);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.com/a.png',
    'www.facebook.com/jane',
  ])('refuses %s, which is not an http or https address', (value) => {
    expect(readError(webAddressSchema.safeParse(value))).toBe(
      'Enter a web address that starts with http:// or https://.',
    );
    expect(isWebAddress(value)).toBe(false);
  });

  it('refuses an address longer than 2048 characters', () => {
    expect(readError(webAddressSchema.safeParse(`https://a.test/${'x'.repeat(2048)}`))).toBe(
      'A web address can be at most 2048 characters.',
    );
  });
});

describe('isNameTaken', () => {
  it.each([
    { names: ['Hot Lead', 'Cold'], name: 'hot lead', expected: true },
    { names: ['Hot Lead'], name: '  HOT LEAD ', expected: true },
    { names: [' Won '], name: 'won', expected: true },
    { names: ['Hot Lead'], name: 'Hot Leads', expected: false },
    { names: [], name: 'New', expected: false },
  ])(
    'treats names that differ only in case or spaces as taken ($name in $names)',
    ({ names, name, expected }) => {
      expect(isNameTaken(names, name)).toBe(expected);
    },
  );
});
