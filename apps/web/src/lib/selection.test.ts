import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  countSelected,
  describeLoadedRows,
  isRowSelected,
  selectAllMatching,
  toBulkTarget,
  toggleLoadedRows,
  toggleRow,
} from './selection';

const filter = { objectToFilter: { pipelineId: 'p1' } };
const loaded = ['a', 'b', 'c'];

describe('row selection', () => {
  it('ticks and unticks a single row', () => {
    const ticked = toggleRow(EMPTY_SELECTION, 'a', loaded);
    expect(isRowSelected(ticked, 'a')).toBe(true);
    expect(isRowSelected(toggleRow(ticked, 'a', loaded), 'a')).toBe(false);
  });

  it('ticks every loaded row, then unticks them from the header', () => {
    const all = toggleLoadedRows(EMPTY_SELECTION, loaded);
    expect(describeLoadedRows(all, loaded)).toBe('all');
    expect(describeLoadedRows(toggleLoadedRows(all, loaded), loaded)).toBe('none');
    expect(describeLoadedRows(toggleRow(all, 'a', loaded), loaded)).toBe('some');
  });

  it('counts every matching contact, loaded or not, when all matching are selected', () => {
    const all = selectAllMatching();
    expect(countSelected(all, 300)).toBe(300);
    expect(isRowSelected(all, 'never-loaded')).toBe(true);
  });

  it('keeps the other loaded rows when one is unticked from all matching', () => {
    const rest = toggleRow(selectAllMatching(), 'b', loaded);
    expect(countSelected(rest, 300)).toBe(2);
    expect(toBulkTarget(rest, filter)).toEqual({ GTIDs: ['a', 'c'] });
  });

  it('clears the selection from the header when all matching are selected', () => {
    expect(toggleLoadedRows(selectAllMatching(), loaded)).toEqual(EMPTY_SELECTION);
  });
});

describe('toBulkTarget', () => {
  it.each([
    { name: 'nothing when nothing is selected', selection: EMPTY_SELECTION, expected: null },
    {
      name: 'picked rows as explicit GTIDs',
      selection: toggleRow(toggleRow(EMPTY_SELECTION, 'a', loaded), 'b', loaded),
      expected: { GTIDs: ['a', 'b'] },
    },
    { name: 'all matching as the filter', selection: selectAllMatching(), expected: { filter } },
  ])('targets $name', ({ selection, expected }) => {
    expect(toBulkTarget(selection, filter)).toEqual(expected);
  });
});
