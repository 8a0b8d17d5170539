/** The items ticked in a list, and the one last clicked, from which a shift-click ticks a range. */
export interface ListSelection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const NO_SELECTION: ListSelection = { ids: new Set(), anchor: null };

/**
 * Ticks or unticks the item clicked. With shift held and an earlier click in the list, every item
 * between the two takes the state the clicked item takes, as in a mail client.
 */
export function toggleInSelection({
  selection,
  order,
  id,
  isRange,
}: {
  selection: ListSelection;
  /** The ids in the order the list shows them. */
  order: readonly string[];
  id: string;
  isRange: boolean;
}): ListSelection {
  const ids = new Set(selection.ids);
  const isTicking = !ids.has(id);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (!isRange || from === -1 || to === -1) {
    if (isTicking) ids.add(id);
    else ids.delete(id);
    return { ids, anchor: id };
  }
  for (const each of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (isTicking) ids.add(each);
    else ids.delete(each);
  }
  return { ids, anchor: id };
}

/** The ticked items still in the list: one approved, cancelled or sent meanwhile leaves the selection. */
export function keepListed(selection: ListSelection, order: readonly string[]): string[] {
  return order.filter((id) => selection.ids.has(id));
}

/** Ticks every listed item, or unticks them all when they all are. */
export function toggleAllListed(selection: ListSelection, order: readonly string[]): ListSelection {
  const isAllTicked = order.length > 0 && order.every((id) => selection.ids.has(id));
  return { ids: isAllTicked ? new Set() : new Set(order), anchor: null };
}

/** Ids in batches the server takes in one request. */
export function splitIntoBatches<T>(ids: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < ids.length; start += size) batches.push(ids.slice(start, start + size));
  return batches;
}
