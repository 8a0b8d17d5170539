import { describe, expect, it } from 'vitest';
import { assignRowSlots } from './row-slots';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => from + offset);

describe('assignRowSlots', () => {
  it('numbers the first rows from 0', () => {
    expect([...assignRowSlots(new Map(), range(0, 4))]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('keeps the slot of a row that stays in view and gives the row scrolling in the slot that was left', () => {
    const next = assignRowSlots(assignRowSlots(new Map(), range(0, 4)), range(1, 5));
    expect([...next]).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 0],
    ]);
  });

  it('reuses every slot after a jump far down, so no new rows are built', () => {
    const next = assignRowSlots(assignRowSlots(new Map(), range(0, 25)), range(5_000, 5_025));
    expect(new Set(next.values())).toEqual(new Set(range(0, 25)));
  });

  it('keeps the slots in the order they are on the page after a jump, so no row moves', () => {
    const scrolled = assignRowSlots(assignRowSlots(new Map(), range(0, 4)), range(1, 5));
    expect([...scrolled.values()]).toEqual([1, 2, 3, 0]);
    expect([...assignRowSlots(scrolled, range(100, 104)).values()]).toEqual([1, 2, 3, 0]);
  });

  it('gives distinct slots when more rows come into view, and no more than are in view', () => {
    const next = assignRowSlots(assignRowSlots(new Map(), range(10, 20)), range(8, 24));
    expect(new Set(next.values()).size).toBe(16);
    expect(Math.max(...next.values())).toBe(15);
    expect(next.get(10)).toBe(0);
  });
});
