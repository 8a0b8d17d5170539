import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, formatAvatarUrl, formatInitials } from './avatar';
import { getContrastRatio, pickReadableFontColor } from './colors';

function decodeSvg(url: string): string {
  return decodeURIComponent(url.replace('data:image/svg+xml;charset=utf-8,', ''));
}

describe('formatAvatarUrl', () => {
  it.each([
    { photoURL: 'https://cdn.example/ann.png', expected: 'https://cdn.example/ann.png' },
    { photoURL: '  https://cdn.example/ann.png ', expected: 'https://cdn.example/ann.png' },
  ])('uses the photo when one is set ($photoURL)', ({ photoURL, expected }) => {
    expect(formatAvatarUrl({ photoURL, email: 'ann@example.com', name: 'Ann' })).toBe(expected);
  });

  it.each([{ photoURL: null }, { photoURL: '' }, { photoURL: '   ' }, { photoURL: undefined }])(
    'falls back to a self-contained SVG of the initials without a photo ($photoURL)',
    ({ photoURL }) => {
      const url = formatAvatarUrl({ photoURL, email: 'ann@example.com', name: 'Ann Lee' });
      expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
      expect(decodeSvg(url)).toContain('>AL</text>');
    },
  );

  it.each([
    { size: undefined, expected: 'width="80" height="80"' },
    { size: 150, expected: 'width="150" height="150"' },
    { size: 32.4, expected: 'width="32" height="32"' },
    { size: 0, expected: 'width="80" height="80"' },
    { size: Number.NaN, expected: 'width="80" height="80"' },
  ])('draws the avatar at the asked size, 80 by default ($size)', ({ size, expected }) => {
    expect(decodeSvg(formatAvatarUrl({ email: 'ann@example.com', size }))).toContain(expected);
  });

  it('picks the same colour for the same email however it is typed', () => {
    const a = formatAvatarUrl({ email: 'Ann@Example.com ', name: 'Ann' });
    const b = formatAvatarUrl({ email: 'ann@example.com', name: 'Ann' });
    expect(a).toBe(b);
  });

  it('gives different people different colours', () => {
    const fills = new Set(
      Array.from(
        { length: 40 },
        (_, i) => /fill="(#[0-9A-F]{6})"/.exec(decodeSvg(formatAvatarUrl({ email: `u${i}@x.io` })))?.[1],
      ),
    );
    expect(fills.size).toBeGreaterThan(4);
  });

  it('picks the colour from the name when there is no email', () => {
    expect(formatAvatarUrl({ name: 'Ann Lee' })).toBe(formatAvatarUrl({ name: 'ann lee', email: null }));
  });

  it('escapes initials so a name cannot break the SVG', () => {
    expect(decodeSvg(formatAvatarUrl({ name: '<b> &c' }))).toContain('>&#60;&#38;</text>');
  });

  it('keeps initials readable on every background colour', () => {
    for (const color of AVATAR_COLORS) {
      expect(getContrastRatio(color, pickReadableFontColor(color))).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('formatInitials', () => {
  it.each([
    { name: 'Ann Lee', email: null, expected: 'AL' },
    { name: '  ann   marie  lee ', email: null, expected: 'AL' },
    { name: 'Cher', email: null, expected: 'C' },
    { name: 'élodie 😀smile', email: null, expected: 'É😀' },
    { name: '', email: 'zoe@example.com', expected: 'Z' },
    { name: null, email: '  bob@example.com', expected: 'B' },
    { name: undefined, email: '@example.com', expected: '?' },
    { name: undefined, email: undefined, expected: '?' },
  ])(
    'takes first and last initials from the name, else the email ($name, $email)',
    ({ name, email, expected }) => {
      expect(formatInitials(name, email)).toBe(expected);
    },
  );
});
