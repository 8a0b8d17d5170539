/** Where to put an item dropped on another: after it when moving down, before it when moving up. */
export function placeDroppedItem({
  ids,
  activeId,
  overId,
}: {
  ids: readonly string[];
  activeId: string;
  overId: string | null;
}): { after: string } | { before: string } | null {
  if (!overId || overId === activeId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1) return null;
  return from < to ? { after: overId } : { before: overId };
}

/** Where to put an item moved one step up (-1) or down (+1); null at either end. */
export function placeSteppedItem({
  ids,
  activeId,
  step,
}: {
  ids: readonly string[];
  activeId: string;
  step: -1 | 1;
}): { after: string } | { before: string } | null {
  const from = ids.indexOf(activeId);
  const neighbour = ids[from + step];
  if (from === -1 || neighbour === undefined) return null;
  return step === 1 ? { after: neighbour } : { before: neighbour };
}

/** The ids in their new order after a placement, for showing a move before the server answers. */
export function applyPlacement(
  ids: readonly string[],
  activeId: string,
  placement: { after: string } | { before: string },
): string[] {
  const rest = ids.filter((id) => id !== activeId);
  const anchor = 'after' in placement ? placement.after : placement.before;
  const at = rest.indexOf(anchor);
  if (at === -1) return [...ids];
  rest.splice('after' in placement ? at + 1 : at, 0, activeId);
  return rest;
}
