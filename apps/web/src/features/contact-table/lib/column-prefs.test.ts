import { describe, expect, it } from 'vitest';
import {
  CONTACT_COLUMN_IDS,
  DEFAULT_COLUMN_PREFS,
  listVisibleColumns,
  moveColumn,
  parseColumnPrefs,
  toggleColumn,
} from './column-prefs';

describe('parseColumnPrefs', () => {
  it.each([
    { name: 'nothing stored', stored: null },
    { name: 'broken JSON', stored: '{oops' },
    { name: 'not an object', stored: '42' },
    { name: 'no order', stored: '{"hidden":[]}' },
    {
      name: 'every column hidden',
      stored: JSON.stringify({ order: CONTACT_COLUMN_IDS, hidden: CONTACT_COLUMN_IDS }),
    },
  ])('falls back to the default columns for $name', ({ stored }) => {
    expect(parseColumnPrefs(stored)).toEqual(DEFAULT_COLUMN_PREFS);
  });

  it('keeps the stored order, drops unknown columns and appends new ones', () => {
    const prefs = parseColumnPrefs(
      JSON.stringify({ order: ['tags', 'bogus', 'name', 'tags'], hidden: ['x', 'name'] }),
    );
    expect(prefs.order.slice(0, 2)).toEqual(['tags', 'name']);
    expect([...prefs.order].sort()).toEqual([...CONTACT_COLUMN_IDS].sort());
    expect(prefs.hidden).toEqual(['name']);
  });
});

describe('listVisibleColumns', () => {
  it('shows the stage and the lead score only when a pipeline is chosen', () => {
    const prefs = { order: ['stage', 'name', 'leadScore'] as const, hidden: [] };
    expect(listVisibleColumns({ order: [...prefs.order], hidden: [] }, true)).toEqual([
      'stage',
      'name',
      'leadScore',
    ]);
    expect(listVisibleColumns({ order: [...prefs.order], hidden: [] }, false)).toEqual(['name']);
  });
});

describe('toggleColumn', () => {
  it('hides and shows a column again', () => {
    const hidden = toggleColumn(DEFAULT_COLUMN_PREFS, 'tags');
    expect(hidden.hidden).toContain('tags');
    expect(toggleColumn(hidden, 'tags').hidden).not.toContain('tags');
  });

  it('never hides the last visible column', () => {
    const prefs = { order: ['name', 'tags'] as ('name' | 'tags')[], hidden: ['tags'] as 'tags'[] };
    expect(toggleColumn(prefs, 'name')).toBe(prefs);
  });
});

describe('moveColumn', () => {
  it('swaps a column with its neighbour', () => {
    expect(moveColumn(DEFAULT_COLUMN_PREFS, 'emailAddress', -1).order.slice(0, 2)).toEqual([
      'emailAddress',
      'name',
    ]);
  });

  it.each([
    { id: 'name' as const, step: -1 as const },
    { id: 'updatedAt' as const, step: 1 as const },
  ])('does not move $id past the end', ({ id, step }) => {
    expect(moveColumn(DEFAULT_COLUMN_PREFS, id, step)).toBe(DEFAULT_COLUMN_PREFS);
  });
});
