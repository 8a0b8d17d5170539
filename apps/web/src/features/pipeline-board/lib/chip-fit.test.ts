import { describe, expect, it } from 'vitest';
import { fitChips } from './chip-fit';

describe('fitChips', () => {
  it('shows every chip that fits, with no "+N"', () => {
    expect(fitChips(['VIP', 'Yoga'], 200)).toBe(2);
    expect(fitChips([], 200)).toBe(0);
  });

  it('keeps room for "+N" when some do not fit', () => {
    // Three 10-letter tags take 95 px each: one fits beside "+2" in 160 px, two do not.
    const names = ['Newsletter', 'Instagram1', 'Workshop22'];
    expect(fitChips(names, 160)).toBe(1);
    expect(fitChips(names, 230)).toBe(2);
    expect(fitChips(names, 300)).toBe(3);
  });

  it('always shows the first chip, however long, shortened by the card', () => {
    expect(fitChips(['A very long tag name indeed, longer than the card'], 150)).toBe(1);
  });
});
