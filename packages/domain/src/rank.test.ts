import { describe, expect, it } from 'vitest';
import { isRank, placeAmong, rankBetween, ranksAfter, spreadRanks } from './rank';

describe('rankBetween', () => {
  it.each([
    [null, null],
    ['V', null],
    [null, 'V'],
    ['V', 'W'],
    ['V', 'V1'],
    ['Vz', 'W'],
    ['1', '2'],
    [null, '01'],
    ['zz', null],
    ['V0001', 'V0002'],
  ])('places a rank strictly between %s and %s', (before, after) => {
    const rank = rankBetween(before, after);
    expect(isRank(rank)).toBe(true);
    if (before !== null) expect(rank > before).toBe(true);
    if (after !== null) expect(rank < after).toBe(true);
  });

  it('keeps placing between the same neighbours many times without collisions', () => {
    let low: string | null = 'a';
    const high = 'b';
    const seen = new Set<string>();
    for (let step = 0; step < 500; step += 1) {
      const rank = rankBetween(low, high);
      expect(seen.has(rank)).toBe(false);
      seen.add(rank);
      low = rank;
    }
    expect(low.length).toBeLessThan(100);
  });

  it('refuses neighbours in the wrong order and characters outside the alphabet', () => {
    expect(() => rankBetween('b', 'a')).toThrow(/must sort before/);
    expect(() => rankBetween('a', 'a')).toThrow(/must sort before/);
    expect(() => rankBetween('a-', null)).toThrow(/Invalid rank/);
    expect(() => rankBetween(null, 'a0')).toThrow(/Invalid rank/);
  });
});

describe('spreadRanks', () => {
  it('gives ranks in increasing order', () => {
    const ranks = spreadRanks(50);
    expect([...ranks].sort()).toEqual(ranks);
    expect(new Set(ranks).size).toBe(50);
  });
});

describe('isRank', () => {
  it.each([
    ['V', true],
    ['a0', false],
    ['', false],
    [5, false],
  ])('%s -> %s', (value, expected) => {
    expect(isRank(value)).toBe(expected);
  });
});

describe('ranksAfter', () => {
  it.each([
    [null, 1],
    ['V', 61],
    ['V', 62],
    ['zz', 5000],
  ])('gives %s then %i increasing ranks, all after it', (last, count) => {
    const ranks = ranksAfter(last, count);
    expect(ranks).toHaveLength(count);
    expect([...ranks].sort()).toEqual(ranks);
    expect(new Set(ranks).size).toBe(count);
    if (last) expect(ranks[0]! > last).toBe(true);
    expect(ranks.every(isRank)).toBe(true);
    expect(rankBetween(ranks[0]!, ranks[1] ?? null) > ranks[0]!).toBe(true);
  });
});

describe('placeAmong', () => {
  const list = [
    { id: 'a', rank: 'A' },
    { id: 'b', rank: 'B' },
    { id: 'c', rank: 'C' },
  ];
  const order = (moved: string, rank: string) =>
    [...list.filter((item) => item.id !== moved), { id: moved, rank }]
      .sort((x, y) => (x.rank < y.rank ? -1 : 1))
      .map((item) => item.id)
      .join('');

  it('puts a new item at the end, or after or before the one named', () => {
    expect(order('n', placeAmong(list, {})!)).toBe('abcn');
    expect(order('n', placeAmong(list, { after: 'a' })!)).toBe('anbc');
    expect(order('n', placeAmong(list, { after: 'c' })!)).toBe('abcn');
    expect(order('n', placeAmong(list, { before: 'a' })!)).toBe('nabc');
    expect(order('n', placeAmong(list, { before: 'c' })!)).toBe('abnc');
  });

  it('moves an item of the list, leaving its old place out', () => {
    expect(order('a', placeAmong(list, { after: 'b' }, 'a')!)).toBe('bac');
    expect(order('c', placeAmong(list, { before: 'a' }, 'c')!)).toBe('cab');
    expect(order('a', placeAmong(list, {}, 'a')!)).toBe('bca');
  });

  it('answers null when the named item is not in the list', () => {
    expect(placeAmong(list, { after: 'z' })).toBeNull();
    expect(placeAmong(list, { before: 'a' }, 'a')).toBeNull();
  });
});
