import { describe, expect, it } from 'vitest';
import {
  NO_SELECTION,
  keepListed,
  splitIntoBatches,
  toggleAllListed,
  toggleInSelection,
} from './list-selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const click = (selection = NO_SELECTION, id: string, isRange = false) =>
  toggleInSelection({ selection, order, id, isRange });

describe('selecting queued messages', () => {
  it('ticks and unticks one message on a plain click', () => {
    const ticked = click(NO_SELECTION, 'b');
    expect([...ticked.ids]).toEqual(['b']);
    expect([...click(ticked, 'b').ids]).toEqual([]);
  });

  it('ticks every message between the last click and a shift-click, in either direction', () => {
    expect(keepListed(click(click(NO_SELECTION, 'b'), 'd', true), order)).toEqual(['b', 'c', 'd']);
    expect(keepListed(click(click(NO_SELECTION, 'd'), 'a', true), order)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('unticks a range when the shift-clicked message was ticked', () => {
    const all = toggleAllListed(NO_SELECTION, order);
    const one = click(all, 'b');
    expect(keepListed(click(one, 'd', true), order)).toEqual(['a', 'e']);
  });

  it('ticks just the one message on a shift-click with no earlier click', () => {
    expect(keepListed(click(NO_SELECTION, 'c', true), order)).toEqual(['c']);
  });

  it('forgets messages that left the list (approved, sent or cancelled meanwhile)', () => {
    expect(keepListed(toggleAllListed(NO_SELECTION, order), ['a', 'e'])).toEqual(['a', 'e']);
  });

  it('ticks all listed messages, and unticks them when all are ticked', () => {
    expect(toggleAllListed(NO_SELECTION, order).ids.size).toBe(5);
    expect(toggleAllListed(toggleAllListed(NO_SELECTION, order), order).ids.size).toBe(0);
  });

  it('sends a long selection in batches the server takes', () => {
    expect(splitIntoBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(splitIntoBatches([], 500)).toEqual([]);
  });
});
