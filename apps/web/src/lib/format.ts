/** An amount with its currency in the user's locale. */
export function formatMoney(value: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** How long ago (or from now) a moment is, in the largest whole unit: "3 days ago", "in 2 hours". */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const difference = Date.parse(iso) - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(difference) >= size) return relative.format(Math.trunc(difference / size), unit);
  }
  return relative.format(0, 'minute');
}

/** A count with its noun: "1 contact", "2,500 contacts" (the plural is the noun with an s unless given). */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}
