import { describe, expect, it } from 'vitest';
import { TAGLINES, pickTagline } from './taglines';

describe('pickTagline', () => {
  it.each([
    { name: 'picks the first tagline for the lowest random number', random: 0, expected: TAGLINES[0] },
    { name: 'picks the last tagline just below 1', random: 0.999999, expected: TAGLINES.at(-1) },
    { name: 'stays in the list when a stub returns exactly 1', random: 1, expected: TAGLINES.at(-1) },
    { name: 'stays in the list when a stub returns a negative number', random: -0.5, expected: TAGLINES[0] },
  ])('$name', ({ random, expected }) => {
    expect(pickTagline(() => random)).toBe(expected);
  });

  it('can pick every tagline', () => {
    const picked = new Set(TAGLINES.map((_, index) => pickTagline(() => (index + 0.5) / TAGLINES.length)));
    expect(picked.size).toBe(TAGLINES.length);
  });

  it('offers at least twelve distinct taglines', () => {
    expect(new Set(TAGLINES).size).toBeGreaterThanOrEqual(12);
  });
});
