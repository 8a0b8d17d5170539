/**
 * Fractional ranks: strings that sort in the order users put things (stages, pipelines, cards), so
 * a drop between two neighbours is one write to the moved item. Digits are base 62 in ASCII order.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;
// A trailing 0 would make two spellings of one position.
const RANK_PATTERN = /^[0-9A-Za-z]*[1-9A-Za-z]$/;

function digitValue(rank: string, index: number): number {
  return index < rank.length ? DIGITS.indexOf(rank[index]!) : 0;
}

function assertRank(rank: string | null) {
  if (rank !== null && !RANK_PATTERN.test(rank)) {
    throw new RangeError(`Invalid rank "${rank}": use 0-9, A-Z and a-z, not ending in 0.`);
  }
}

/** Whether a value is a rank this module can place things around. */
export function isRank(value: unknown): value is string {
  return typeof value === 'string' && RANK_PATTERN.test(value);
}

/**
 * A rank strictly between `before` and `after`; null means the start or the end of the list.
 * Throws when `before` is not lower than `after`.
 */
export function rankBetween(before: string | null, after: string | null): string {
  assertRank(before);
  assertRank(after);
  const low = before ?? '';
  if (after !== null && low >= after) {
    throw new RangeError(
      `Cannot place between "${low}" and "${after}": the first must sort before the second.`,
    );
  }
  let result = '';
  for (let index = 0; ; index += 1) {
    const lowDigit = digitValue(low, index);
    const highDigit = after === null ? BASE : index < after.length ? digitValue(after, index) : BASE;
    if (highDigit - lowDigit > 1) {
      return result + DIGITS[Math.floor((lowDigit + highDigit) / 2)]!;
    }
    result += DIGITS[lowDigit]!;
    // Once below `after` at this digit, every later digit of `after` is no longer a bound.
    if (after !== null && lowDigit < highDigit) after = null;
  }
}

/** `count` evenly spread ranks in order, for seeding or re-ranking a whole list. */
export function spreadRanks(count: number): string[] {
  const ranks: string[] = [];
  let previous: string | null = null;
  for (let index = 0; index < count; index += 1) {
    previous = rankBetween(previous, null);
    ranks.push(previous);
  }
  return ranks;
}

/**
 * `count` ranks after `last` (null: an empty list), in order, all sharing one new prefix: placing
 * many cards at the end of a stage is one write per card and no re-ranking.
 */
export function ranksAfter(last: string | null, count: number): string[] {
  const start = rankBetween(last, null);
  let width = 1;
  while (BASE ** width < count) width += 1;
  return Array.from({ length: count }, (_, index) => {
    let suffix = '';
    for (let rest = index, place = 0; place < width; place += 1, rest = Math.floor(rest / BASE)) {
      suffix = DIGITS[rest % BASE]! + suffix;
    }
    // The closing 'V' keeps every rank free of a trailing 0 and leaves room on both sides.
    return `${start}${suffix}V`;
  });
}

/** Where an item goes among its siblings: after or before one of them, else at the end. */
export interface Placement {
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * The rank that puts an item where `placement` says among `siblings` (in rank order; the item
 * itself, when it is among them, is left out first), or null when the placement names an item that
 * is not a sibling.
 */
export function placeAmong(
  siblings: readonly { id: string; rank: string }[],
  placement: Placement,
  movingId?: string,
): string | null {
  const others = siblings.filter((item) => item.id !== movingId);
  const anchorId = placement.after ?? placement.before;
  if (!anchorId) return rankBetween(others.at(-1)?.rank ?? null, null);
  const index = others.findIndex((item) => item.id === anchorId);
  if (index < 0) return null;
  return placement.after
    ? rankBetween(others[index]!.rank, others[index + 1]?.rank ?? null)
    : rankBetween(others[index - 1]?.rank ?? null, others[index]!.rank);
}

/** What is wrong with a placement `placeAmong` could not follow. */
export function placementProblem(placement: Placement): string {
  return `Invalid placement: ${placement.after ?? placement.before} is not in this list.`;
}
