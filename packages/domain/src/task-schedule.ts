/**
 * When tasks are due and when a repeating task comes back. Dates are calendar dates
 * ('YYYY-MM-DD') in the assignee's time zone, so day arithmetic never shifts across zones.
 */

/** The time a task without one is due: 8 am on its date, in the assignee's time zone. */
export const DEFAULT_DUE_TIME = '08:00';

/** How a task repeats (SPEC Task repeatData), and when it stops. */
export type RepeatRule = (
  | { every: 'day'; interval: number }
  | { every: 'week'; interval: number; weekdays: number[] }
  | { every: 'month'; interval: number; dayOfMonth: number }
) & { until?: string | undefined; count?: number | undefined };

const DAY_MS = 86_400_000;

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Invalid date "${date}": use YYYY-MM-DD.`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

function formatDate(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

function toEpochDay(date: string): number {
  const { year, month, day } = parseDate(date);
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar date ('YYYY-MM-DD') an instant falls on in a time zone. */
export function formatDateInZone(instant: number, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** The calendar date a number of days after another. */
export function addDaysToDate(date: string, days: number): string {
  return formatDate(toEpochDay(date) + days);
}

/**
 * The instant a task is due: its date at its time (8 am when none) in the time zone. A local time
 * that a daylight-saving jump skips resolves to the same wall-clock time after the jump.
 */
export function computeDueAt(input: {
  date: string;
  time?: string | null | undefined;
  timeZone: string;
}): number {
  const { year, month, day } = parseDate(input.date);
  const time = input.time ?? DEFAULT_DUE_TIME;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new RangeError(`Invalid time "${time}": use HH:mm.`);
  const wallClock = Date.UTC(year, month - 1, day, Number(match[1]), Number(match[2]));
  // The second pass settles the offset when the first guess falls on the other side of a change.
  const first = wallClock - zoneOffset(wallClock, input.timeZone);
  const second = wallClock - zoneOffset(first, input.timeZone);
  if (second + zoneOffset(second, input.timeZone) === wallClock) return second;
  // No instant shows this wall-clock time (the hour a clock skips): take the later reading.
  return Math.max(first, second);
}

/**
 * The date a repeating task comes back after the occurrence due on `date` (the `occurrence`-th,
 * counting from 1), or null once the rule has run out.
 */
export function findNextOccurrence(rule: RepeatRule, date: string, occurrence: number): string | null {
  if (!Number.isInteger(rule.interval) || rule.interval < 1)
    throw new RangeError('The repeat interval must be a whole number of 1 or more.');
  if (rule.count !== undefined && occurrence >= rule.count) return null;
  const today = toEpochDay(date);
  let next: number;
  switch (rule.every) {
    case 'day':
      next = today + rule.interval;
      break;
    case 'week': {
      const weekdays = [...new Set(rule.weekdays)].filter((weekday) => weekday >= 0 && weekday <= 6).sort();
      if (weekdays.length === 0) throw new RangeError('Choose at least one weekday for a weekly task.');
      const weekday = findWeekday(date);
      const later = weekdays.find((candidate) => candidate > weekday);
      next =
        later !== undefined ? today + (later - weekday) : today - weekday + 7 * rule.interval + weekdays[0]!;
      break;
    }
    case 'month': {
      const { year, month } = parseDate(date);
      const months = year * 12 + (month - 1) + rule.interval;
      const nextYear = Math.floor(months / 12);
      const nextMonth = (months % 12) + 1;
      // The 31st of a short month is its last day.
      const day = Math.min(rule.dayOfMonth, daysInMonth(nextYear, nextMonth));
      next = toEpochDay(`${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      break;
    }
  }
  if (rule.until !== undefined && next > toEpochDay(rule.until)) return null;
  return formatDate(next);
}

/** The weekday of a calendar date, from Sunday (0) to Saturday (6), as weekly rules number them. */
export function findWeekday(date: string): number {
  return (toEpochDay(date) + 4) % 7; // 1970-01-01 was a Thursday.
}

/**
 * The days a weekly or monthly repeat falls on, moved with the due date: a repeat that fell on the
 * old due date's weekday or day of the month falls on the new one's, so a task due 15 December
 * repeats on the 15th. Days chosen apart from the due date stay as they are.
 */
export function followDueDate<Days extends { weekdays: number[]; dayOfMonth: number }>(
  days: Days,
  from: string,
  to: string,
): Days {
  const valid = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(toEpochDay(date));
  if (!valid(to) || from === to) return days;
  const next = { weekday: findWeekday(to), day: parseDate(to).day };
  if (!valid(from)) return { ...days, weekdays: [next.weekday], dayOfMonth: next.day };
  const old = { weekday: findWeekday(from), day: parseDate(from).day };
  const weekdays =
    days.weekdays.length === 1 && days.weekdays[0] === old.weekday ? [next.weekday] : days.weekdays;
  const dayOfMonth = days.dayOfMonth === old.day ? next.day : days.dayOfMonth;
  return { ...days, weekdays, dayOfMonth };
}
