import { describe, expect, it } from 'vitest';
import { applyPlacement, placeDroppedItem, placeSteppedItem } from './placement';

const ids = ['a', 'b', 'c', 'd'];

describe('placeDroppedItem', () => {
  it.each([
    { activeId: 'a', overId: 'c', expected: { after: 'c' }, why: 'moving down lands after the target' },
    { activeId: 'd', overId: 'b', expected: { before: 'b' }, why: 'moving up lands before the target' },
    { activeId: 'b', overId: 'b', expected: null, why: 'dropping on itself changes nothing' },
    { activeId: 'b', overId: null, expected: null, why: 'dropping outside changes nothing' },
    { activeId: 'x', overId: 'b', expected: null, why: 'an unknown item changes nothing' },
  ])('$why', ({ activeId, overId, expected }) => {
    expect(placeDroppedItem({ ids, activeId, overId })).toEqual(expected);
  });
});

describe('placeSteppedItem', () => {
  it.each([
    { activeId: 'b', step: 1 as const, expected: { after: 'c' }, why: 'down goes after the next one' },
    { activeId: 'b', step: -1 as const, expected: { before: 'a' }, why: 'up goes before the previous one' },
    { activeId: 'a', step: -1 as const, expected: null, why: 'the first cannot move up' },
    { activeId: 'd', step: 1 as const, expected: null, why: 'the last cannot move down' },
  ])('$why', ({ activeId, step, expected }) => {
    expect(placeSteppedItem({ ids, activeId, step })).toEqual(expected);
  });
});

describe('applyPlacement', () => {
  it('shows the item after its anchor', () => {
    expect(applyPlacement(ids, 'a', { after: 'c' })).toEqual(['b', 'c', 'a', 'd']);
  });
  it('shows the item before its anchor', () => {
    expect(applyPlacement(ids, 'd', { before: 'b' })).toEqual(['a', 'd', 'b', 'c']);
  });
  it('keeps the order when the anchor is unknown', () => {
    expect(applyPlacement(ids, 'a', { after: 'z' })).toEqual(ids);
  });
});
