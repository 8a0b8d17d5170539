/**
 * Which slot (React key) each row in view is drawn in. A row that stays in view keeps its slot, and
 * a row scrolling in takes a slot another row has left, so scrolling changes the text of the
 * elements already in the page instead of building new ones: styling new elements was most of each
 * scroll's work.
 *
 * Rows stay in the page in index order (for reading and tab order), so a slot that changes place
 * among its siblings is moved in the DOM, and a moved element is styled and laid out as if new. The
 * slots left free are therefore handed out in the order they were in: after a jump past every row in
 * view, each slot keeps its place and nothing moves.
 */
export function assignRowSlots(
  previous: ReadonlyMap<number, number>,
  indexes: readonly number[],
): Map<number, number> {
  const staying = new Set(indexes);
  const kept = new Map<number, number>();
  const free: number[] = [];
  // A Map keeps insertion order, which is index order: the previous order of the slots on the page.
  for (const [index, slot] of previous) {
    if (staying.has(index)) kept.set(index, slot);
    else free.push(slot);
  }
  let fresh = Math.max(-1, ...previous.values()) + 1;
  // Rows coming in, in index order, take the free slots in their order, then new ones; the result is
  // in index order again, for the next call.
  return new Map(indexes.map((index) => [index, kept.get(index) ?? free.shift() ?? fresh++]));
}
