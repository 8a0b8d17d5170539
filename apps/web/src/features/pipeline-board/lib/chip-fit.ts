/**
 * How many tag chips fit on a card's line, the rest counted in a "+N" chip. Measuring each chip of
 * each card as a long column scrolls would lay the page out per card; an estimate of the chips'
 * widths from their names' lengths (10 px bold type, about 6.5 px a character, rounded up) keeps
 * the card a plain render.
 */
const CHAR_PX = 6.5;
// A chip's padding, border and dot around its name, and the gap after it.
const CHIP_FRAME_PX = 12 + 2 + 8 + 4 + 4;
const MORE_CHIP_PX = 30;

const chipWidth = (name: string) => CHIP_FRAME_PX + Math.ceil(name.length * CHAR_PX);

/** How many of `names`, in order, to show within `widthPx`, leaving room for "+N" when some are left. */
export function fitChips(names: readonly string[], widthPx: number): number {
  let used = 0;
  for (let index = 0; index < names.length; index += 1) {
    used += chipWidth(names[index]!);
    const isLast = index === names.length - 1;
    if (used + (isLast ? 0 : MORE_CHIP_PX) > widthPx) return Math.max(index, names.length > 0 ? 1 : 0);
  }
  return names.length;
}
