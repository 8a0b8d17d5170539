import type { TimeWords } from './selector-pack';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Months and years as pages round them: "3 months ago" is about 90 days before now. */
const UNIT_MS: Readonly<Record<keyof TimeWords['units'], number>> = {
  minute: MINUTE,
  hour: 60 * MINUTE,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/**
 * Reads when something happened from a date text of a page: a relative time ("Requested 3 days ago",
 * "il y a 2 h", "a week ago", "yesterday") counted back from `now`, an absolute date ("March 3, 2025",
 * "3 mars", taken as midnight UTC, in the past year when it names no year), an ISO date or a Unix time.
 * `tables` are the time words of the page's language, then the fallbacks. Null when the text names no date.
 */
export function parseRequestTime(text: string, tables: readonly TimeWords[], now: Date): Date | null {
  const value = normalizeText(text);
  if (/^\d{4}-\d{2}-\d{2}(?:[t ][\d:.]+(?:z|[+-]\d{2}:?\d{2})?)?$/.test(value))
    return validDate(new Date(text));
  // Facebook's data-utime and its kin are Unix times in seconds (or milliseconds).
  if (/^\d{10}$/.test(value)) return validDate(new Date(Number(value) * 1000));
  if (/^\d{13}$/.test(value)) return validDate(new Date(Number(value)));
  for (const words of tables) {
    const found = relativeTime(value, words, now) ?? absoluteDate(value, words, now);
    if (found !== null) return found;
  }
  return null;
}

/** Lower case, one kind of apostrophe, single spaces: how texts and words are compared. */
export function normalizeText(text: string): string {
  return text.replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
}

function relativeTime(text: string, words: TimeWords, now: Date): Date | null {
  const units = Object.entries(words.units).flatMap(([unit, names]) =>
    names.map((name) => ({ unit: unit as keyof TimeWords['units'], name: normalizeText(name) })),
  );
  const unitOf = new Map(units.map(({ unit, name }) => [name, unit]));
  const unitAlternatives = alternation(units.map(({ name }) => name));
  const ones = alternation(words.one.map(normalizeText));
  // A digit may touch its unit ("2h"); a word for one may not ("a day", never the "a" of "am").
  const number = ones === null ? String.raw`(\d+)\s*` : String.raw`(?:(\d+)\s*|(${ones})\s+)`;
  if (unitAlternatives !== null) {
    const match = new RegExp(String.raw`(?<![\p{L}\p{N}])${number}(${unitAlternatives})(?!\p{L})`, 'u').exec(
      text,
    );
    const unit = match === null ? undefined : unitOf.get(match[3] ?? '');
    if (match !== null && unit !== undefined) {
      const count = match[1] === undefined ? 1 : Number(match[1]);
      return new Date(now.getTime() - count * UNIT_MS[unit]);
    }
  }
  if (containsWord(text, words.now)) return new Date(now.getTime());
  if (containsWord(text, words.yesterday)) return new Date(now.getTime() - DAY);
  return null;
}

function absoluteDate(text: string, words: TimeWords, now: Date): Date | null {
  const monthOf = new Map<string, number>();
  words.months.forEach((names, index) => {
    for (const name of names) monthOf.set(normalizeText(name), index);
  });
  const months = alternation([...monthOf.keys()]);
  if (months === null) return null;
  const dayFirst = new RegExp(
    String.raw`(?<!\p{N})(\d{1,2})(?:er|st|nd|rd|th)?\.?\s+(${months})(?!\p{L})\.?(?:,?\s+(\d{4}))?`,
    'u',
  ).exec(text);
  const monthFirst = new RegExp(
    String.raw`(?<!\p{L})(${months})(?!\p{L})\.?\s+(\d{1,2})(?!\p{N})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?`,
    'u',
  ).exec(text);
  const parts =
    dayFirst !== null
      ? { day: dayFirst[1], month: dayFirst[2], year: dayFirst[3] }
      : monthFirst !== null
        ? { day: monthFirst[2], month: monthFirst[1], year: monthFirst[3] }
        : null;
  const month = parts === null ? undefined : monthOf.get(parts.month ?? '');
  if (parts === null || month === undefined) return null;
  const day = Number(parts.day);
  if (parts.year !== undefined) return calendarDate(Number(parts.year), month, day);
  // A date without its year is the last such day: "March 3" read in January is last year's.
  const thisYear = calendarDate(now.getUTCFullYear(), month, day);
  if (thisYear !== null && thisYear.getTime() <= now.getTime()) return thisYear;
  return calendarDate(now.getUTCFullYear() - 1, month, day);
}

function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

function containsWord(text: string, words: readonly string[]): boolean {
  const pattern = alternation(words.map(normalizeText));
  return pattern !== null && new RegExp(String.raw`(?<!\p{L})(?:${pattern})(?!\p{L})`, 'u').test(text);
}

/** A regular expression alternation of words, longest first so "hours" wins over "h". */
function alternation(words: readonly string[]): string | null {
  const unique = [...new Set(words.filter((word) => word !== ''))].sort((a, b) => b.length - a.length);
  if (unique.length === 0) return null;
  return unique.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

function validDate(date: Date): Date | null {
  return Number.isNaN(date.getTime()) ? null : date;
}
