import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatRelativeTime } from './format';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    { iso: '2026-11-21T11:59:30Z', expected: 'this minute' },
    { iso: '2026-11-21T09:00:00Z', expected: '3 hours ago' },
    { iso: '2026-11-18T12:00:00Z', expected: '3 days ago' },
    { iso: '2026-11-22T12:00:00Z', expected: 'tomorrow' },
    { iso: '2025-10-01T12:00:00Z', expected: 'last year' },
  ])('says $iso is $expected', ({ iso, expected }) => {
    expect(formatRelativeTime(iso, NOW)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('formats an amount in its currency, and falls back for a code the browser does not know', () => {
    expect(formatMoney(1500.5, 'USD')).toContain('1,500.50');
    expect(formatMoney(12, 'XYZ1')).toBe('12 XYZ1');
  });
});

describe('formatCount', () => {
  it.each([
    [0, 'contact', undefined, '0 contacts'],
    [1, 'contact', undefined, '1 contact'],
    [2500, 'contact', undefined, '2,500 contacts'],
    [2, 'person', 'people', '2 people'],
  ])('says %i %s as "%s"', (count, noun, plural, expected) => {
    expect(formatCount(count, noun, plural)).toBe(expected);
  });
});
