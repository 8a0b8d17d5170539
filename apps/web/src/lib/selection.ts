/**
 * Which contacts a bulk action targets: picked rows, or every contact the search matches, so "all
 * 38,214 matching" never needs the rows loaded.
 */
export type Selection = { mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'all' };

export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: new Set() };

/** Checks whether a row is selected. */
export function isRowSelected(selection: Selection, GTID: string): boolean {
  return selection.mode === 'all' || selection.ids.has(GTID);
}

/**
 * Ticks or unticks one row. Unticking a row while all matching are selected keeps the loaded rows
 * but that one, since the rows not loaded yet cannot be listed without fetching them.
 */
export function toggleRow(selection: Selection, GTID: string, loaded: readonly string[]): Selection {
  const ids = new Set(selection.mode === 'all' ? loaded : selection.ids);
  if (selection.mode === 'ids' && !ids.has(GTID)) ids.add(GTID);
  else ids.delete(GTID);
  return { mode: 'ids', ids };
}

/** Ticks every loaded row (the header checkbox); when they all are, unticks them. */
export function toggleLoadedRows(selection: Selection, loaded: readonly string[]): Selection {
  const allTicked = loaded.length > 0 && loaded.every((GTID) => isRowSelected(selection, GTID));
  if (selection.mode === 'all') return EMPTY_SELECTION;
  const ids = new Set(selection.ids);
  for (const GTID of loaded) {
    if (allTicked) ids.delete(GTID);
    else ids.add(GTID);
  }
  return { mode: 'ids', ids };
}

/** Selects every contact the search matches. */
export function selectAllMatching(): Selection {
  return { mode: 'all' };
}

/** How many contacts the selection holds, given how many match. */
export function countSelected(selection: Selection, total: number): number {
  return selection.mode === 'all' ? total : selection.ids.size;
}

/** The header checkbox: all loaded rows ticked, some, or none. */
export function describeLoadedRows(selection: Selection, loaded: readonly string[]): 'all' | 'some' | 'none' {
  const ticked = loaded.filter((GTID) => isRowSelected(selection, GTID)).length;
  if (ticked === 0) return 'none';
  return ticked === loaded.length ? 'all' : 'some';
}

/** The bulk target: the picked rows as explicit GTIDs, or the search's filter for all matching. */
export function toBulkTarget<TFilter>(
  selection: Selection,
  filter: TFilter,
): { GTIDs: string[] } | { filter: TFilter } | null {
  if (selection.mode === 'all') return { filter };
  return selection.ids.size > 0 ? { GTIDs: [...selection.ids] } : null;
}
