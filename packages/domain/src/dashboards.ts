import { addDaysToDate, computeDueAt, formatDateInZone } from './task-schedule';

/**
 * The maths of the dashboards: which instants a range of calendar days covers in a time zone, the
 * period before it to compare with, and the median time in stage read from the rollup's buckets.
 */

/** The longest range the KPI page reads, in days. */
export const MAX_KPI_RANGE_DAYS = 366;

/** The ranges the KPI page offers besides a custom one. */
export const KPI_RANGE_PRESETS = ['today', 'last7', 'last30', 'last90', 'thisMonth'] as const;
export type KpiRangePreset = (typeof KPI_RANGE_PRESETS)[number];

/** A range of calendar days and the instants it covers. */
export interface KpiPeriod {
  from: string;
  to: string;
  days: number;
  /** The first instant of `from` and the first instant after `to`, in the time zone (ms). */
  start: number;
  end: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** Whether a time zone is one the runtime knows (an IANA name such as Europe/Paris). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The instant a calendar day starts in a time zone. */
export function startOfDayInZone(date: string, timeZone: string): number {
  return computeDueAt({ date, time: '00:00', timeZone });
}

/**
 * The period from `from` to `to` (both included) in a time zone, and the period of as many days just
 * before it; or the problem with the range, in words a person can act on.
 */
export function resolveKpiPeriod(input: {
  from: string;
  to: string;
  timeZone: string;
}): { period: KpiPeriod; previous: KpiPeriod } | { problem: string } {
  const { from, to, timeZone } = input;
  if (!DATE.test(from) || Number.isNaN(Date.parse(from))) return { problem: 'Invalid from: use YYYY-MM-DD.' };
  if (!DATE.test(to) || Number.isNaN(Date.parse(to))) return { problem: 'Invalid to: use YYYY-MM-DD.' };
  if (!isKnownTimeZone(timeZone))
    return { problem: `Invalid timeZone: ${timeZone} is not a known time zone.` };
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) return { problem: 'Invalid range: from comes after to.' };
  if (days > MAX_KPI_RANGE_DAYS)
    return { problem: `Invalid range: at most ${MAX_KPI_RANGE_DAYS} days at a time.` };
  const make = (first: string, last: string): KpiPeriod => ({
    from: first,
    to: last,
    days,
    start: startOfDayInZone(first, timeZone),
    end: startOfDayInZone(addDaysToDate(last, 1), timeZone),
  });
  return {
    period: make(from, to),
    previous: make(addDaysToDate(from, -days), addDaysToDate(from, -1)),
  };
}

/** The days of a range preset, ending today in the reader's time zone. */
export function presetKpiRange(preset: KpiRangePreset, now: number, timeZone: string) {
  const today = formatDateInZone(now, timeZone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDaysToDate(today, -6), to: today };
    case 'last30':
      return { from: addDaysToDate(today, -29), to: today };
    case 'last90':
      return { from: addDaysToDate(today, -89), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** Every calendar day of a period, in order. */
export function listPeriodDays(period: Pick<KpiPeriod, 'from' | 'days'>): string[] {
  return Array.from({ length: period.days }, (_, index) => addDaysToDate(period.from, index));
}

/**
 * The rollup's bucket of a time in stage: quarter powers of two of minutes (kpi_time_bucket in the
 * migration computes the same), so a median read from buckets is within about 19% of the true one.
 */
export function kpiTimeBucket(seconds: number): number {
  return Math.floor((4 * Math.log(1 + Math.max(seconds, 0) / 60)) / Math.LN2);
}

/** The first second of a bucket. */
export function kpiBucketStart(bucket: number): number {
  return (2 ** (bucket / 4) - 1) * 60;
}

/**
 * The median of times counted in buckets: the middle count's bucket, read at its geometric middle
 * (times are spread evenly on the log scale the buckets use); null with no times at all.
 */
export function medianFromBuckets(buckets: readonly { bucket: number; count: number }[]): number | null {
  const sorted = [...buckets].filter((item) => item.count > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, item) => sum + item.count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const item of sorted) {
    seen += item.count;
    if (seen * 2 >= total) {
      const low = kpiBucketStart(item.bucket);
      const high = kpiBucketStart(item.bucket + 1);
      return low === 0 ? high / 2 : Math.sqrt(low * high);
    }
  }
  return null;
}

/** The change from one figure to another as a share of the first; null when there was none before. */
export function changeRatio(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / previous;
}

/**
 * What a team's chosen KPI can count, each read from the rollups the KPI page reads: contacts
 * captured, entries into one stage, deals won (how many, or their value in one currency), tasks done on
 * time, and messages sent (zero until the message queue counts them).
 */
export const TEAM_KPI_METRICS = [
  'captured',
  'stage_entered',
  'deals_won',
  'deals_won_value',
  'tasks_on_time',
  'messages_sent',
] as const;
export type TeamKpiMetric = (typeof TEAM_KPI_METRICS)[number];

/** The period a KPI's target is for: the current day, week (Monday to Sunday) or month. */
export const TEAM_KPI_PERIODS = ['day', 'week', 'month'] as const;
export type TeamKpiPeriod = (typeof TEAM_KPI_PERIODS)[number];

/** How many KPIs a team keeps: a short list the page shows whole. */
export const MAX_TEAM_KPIS = 30;

/** The days of the current day, week or month in a time zone (the period a KPI's figure covers). */
export function currentKpiRange(period: TeamKpiPeriod, now: number, timeZone: string) {
  const today = formatDateInZone(now, timeZone);
  switch (period) {
    case 'day':
      return { from: today, to: today };
    case 'week': {
      // Weeks start on Monday: getUTCDay of the calendar date gives 0 for Sunday.
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDaysToDate(today, -weekday);
      return { from: monday, to: addDaysToDate(monday, 6) };
    }
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      const nextMonth = new Date(`${first}T00:00:00Z`);
      nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
      return { from: first, to: addDaysToDate(nextMonth.toISOString().slice(0, 10), -1) };
    }
  }
}
