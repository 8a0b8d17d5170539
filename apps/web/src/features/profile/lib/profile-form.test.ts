import { describe, expect, it } from 'vitest';
import { formatAvatarPreview, photoUrlSchema, readPhotoUrlField } from './profile-form';

describe('photoUrlSchema', () => {
  it.each([
    ['', null],
    ['   ', null],
    [' https://example.com/me.png ', 'https://example.com/me.png'],
    ['http://example.com/me.png', 'http://example.com/me.png'],
  ])('accepts %j as %j', (typed, expected) => {
    expect(photoUrlSchema.safeParse(typed)).toEqual({ success: true, data: expected });
  });

  it.each([
    ['not a url'],
    ['javascript:alert(1)'],
    ['ftp://example.com/me.png'],
    [`https://e.com/${'a'.repeat(2048)}`],
  ])('refuses %j with a message', (typed) => {
    const result = photoUrlSchema.safeParse(typed);
    expect(result.success).toBe(false);
  });
});

describe('readPhotoUrlField', () => {
  it('shows an empty field for the generated avatar', () => {
    expect(readPhotoUrlField('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe('');
  });

  it('shows the stored photo address', () => {
    expect(readPhotoUrlField('https://example.com/me.png')).toBe('https://example.com/me.png');
  });
});

describe('formatAvatarPreview', () => {
  it('previews a typed photo address', () => {
    expect(formatAvatarPreview({ photoURL: 'https://example.com/me.png', name: 'Ann', email: 'a@b.c' })).toBe(
      'https://example.com/me.png',
    );
  });

  it('previews the generated avatar while the address is incomplete', () => {
    expect(formatAvatarPreview({ photoURL: 'https://', name: 'Ann Lee', email: 'a@b.c' })).toMatch(
      /^data:image\/svg\+xml/,
    );
  });
});
