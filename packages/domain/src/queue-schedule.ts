import { z } from 'zod';
import type { SocialPlatform } from './constants';
import { isKnownTimeZone } from './dashboards';

/**
 * When the message queue may send its next message: a random gap between messages, breaks after a run,
 * working hours per weekday and a maximum per local calendar day, all in the queue's time zone. Wall
 * times become instants through Intl, so a daylight-saving change moves a window with the clock.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAY_MINUTES = 1440;

/** How far back sends count: a local day lasts 25 hours at most; a run before a break is looked for within it too. */
const HORIZON_MS = 48 * 3_600_000;

/**
 * The most local days looked at for a window. Every weekday comes round within 8 days; the rest only
 * serves a week whose sole window falls into a daylight-saving gap.
 */
const SCAN_DAYS = 16;

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time from 00:00 to 23:59, written HH:MM.' });

/** One sending window of a weekday, local time "HH:MM" (24 h); end <= start runs past midnight into the next day. */
export const workingWindowSchema = z.object({ start: hhmm, end: hhmm }).strict();
export type WorkingWindow = z.infer<typeof workingWindowSchema>;

/** The minutes a window covers from its weekday's midnight: a window ending at or before its start runs into the next day. */
function readWindowMinutes(window: WorkingWindow): { start: number; end: number } {
  const start = readMinutes(window.start);
  const end = readMinutes(window.end);
  return { start, end: end <= start ? end + DAY_MINUTES : end };
}

function readMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const workingHoursSchema = z
  .array(z.array(workingWindowSchema).max(4, { error: 'Use at most 4 sending windows a day.' }))
  .length(7, { error: 'Give the sending windows of all 7 days, Sunday first.' })
  .superRefine((days, ctx) => {
    days.forEach((windows, day) => {
      const spans = windows
        .map((window, index) => ({ window, index, ...readWindowMinutes(window) }))
        .sort((a, b) => a.start - b.start);
      for (let i = 1; i < spans.length; i++) {
        const previous = spans[i - 1]!;
        const next = spans[i]!;
        if (next.start < previous.end)
          ctx.addIssue({
            code: 'custom',
            path: [day, next.index],
            message:
              `${WEEKDAY_NAMES[day]}'s sending windows ${previous.window.start}–${previous.window.end} and ` +
              `${next.window.start}–${next.window.end} overlap: join them into one window or move one.`,
          });
      }
    });
  });

/** A queue's pace and sending hours for one platform. */
export const queueSettingsSchema = z
  .object({
    /** Random gap between two messages, seconds: uniformly between min and max. */
    minGapSeconds: z.number().int().min(10).max(86_400),
    maxGapSeconds: z.number().int().min(10).max(86_400),
    /** After this many messages in a row, a pause of breakMinutes; null: no breaks. */
    breakAfterMessages: z.number().int().min(1).max(500).nullable(),
    breakMinutes: z.number().int().min(1).max(1_440),
    /** Index 0 = Sunday … 6 = Saturday; an empty day sends nothing; at most 4 windows a day, none overlapping. */
    workingHours: workingHoursSchema,
    /** The most messages sent in one local calendar day (the required maximum). */
    dailyMax: z.number().int().min(1).max(500),
    /** IANA time zone the working hours and the day are in, e.g. "Europe/Lisbon". */
    timeZone: z.string().refine(isKnownTimeZone, {
      error: (issue) =>
        `"${String(issue.input)}" is not a time zone we know: use an IANA name such as "Europe/Lisbon".`,
    }),
  })
  .strict()
  .refine((settings) => settings.maxGapSeconds >= settings.minGapSeconds, {
    error: 'maxGapSeconds must be at least minGapSeconds.',
    path: ['maxGapSeconds'],
  });
export type QueueSettings = z.infer<typeof queueSettingsSchema>;

/** What a platform's defaults are made of, before the working hours and the zone are added. */
type QueuePace = Pick<
  QueueSettings,
  'minGapSeconds' | 'maxGapSeconds' | 'breakAfterMessages' | 'breakMinutes' | 'dailyMax'
>;

/**
 * Peers' figures (research/extension-capture.md §8). Breaks follow OpenOutreach's bursts of 45–65 min
 * and breaks of 10–20 min: a break of 20 min after about 55 minutes of messages at the mean gap,
 * rounded down. Daily maximums are a peer's figure where one exists, else our own careful choice.
 */
const PEER_PACE = {
  // Social Attaché waits 90 s ± 30 s between messages; an older Social Attaché was blocked at 60 s and
  // moved to 120 s, so 120 s is the floor. 40 a day is our choice: no peer gives a daily figure for
  // Messenger (a comment bot keeps to 5 per 6 hours).
  facebook: {
    minGapSeconds: 120,
    maxGapSeconds: 240,
    breakAfterMessages: 15,
    breakMinutes: 20,
    dailyMax: 40,
  },
  // ScrapInsta: a random 3 to 7 minutes between direct messages, at most 20 a session.
  instagram: {
    minGapSeconds: 180,
    maxGapSeconds: 420,
    breakAfterMessages: 10,
    breakMinutes: 20,
    dailyMax: 20,
  },
  // OpenOutreach: at least 120 s between actions, 25 follow-ups a day.
  linkedin: {
    minGapSeconds: 120,
    maxGapSeconds: 300,
    breakAfterMessages: 15,
    breakMinutes: 20,
    dailyMax: 25,
  },
} as const satisfies Partial<Record<SocialPlatform, QueuePace>>;

/** Platforms no peer has figures for get the most careful pace a peer uses for messages (ScrapInsta's). */
const CAREFUL_PACE: QueuePace = PEER_PACE.instagram;

/** OpenOutreach is active from 09:00 to 19:00; we keep those hours every day of the week. */
const DEFAULT_WINDOW: WorkingWindow = { start: '09:00', end: '19:00' };

/** Safe settings for a platform's queue in a time zone, from the pacing figures peers use. */
export function defaultQueueSettings(platform: SocialPlatform, timeZone: string): QueueSettings {
  const pace: QueuePace =
    platform === 'facebook' || platform === 'instagram' || platform === 'linkedin'
      ? PEER_PACE[platform]
      : CAREFUL_PACE;
  return {
    ...pace,
    workingHours: Array.from({ length: 7 }, () => [{ ...DEFAULT_WINDOW }]),
    timeZone,
  };
}

/** Why the queue does not send now. */
export type QueueStopReason = 'daily-max' | 'break' | 'outside-hours' | 'no-hours';

/** The queue's next move: send at an instant (never before now), or stay stopped until one (null: no working hours at all). */
export type QueueMoment =
  { kind: 'send'; at: Date } | { kind: 'stopped'; until: Date | null; reason: QueueStopReason };

/**
 * When the queue may send its next message.
 * sent: the moments this queue sent messages, any order, at least the last 48 hours of them (older ones are ignored).
 * random: () => number in [0,1), used at most once, for the gap.
 *
 * A daily maximum resumes at the first moment from the next local midnight that lies in working hours: the
 * next day's first window, or midnight itself when a window runs across it. A break that would end outside
 * working hours stops as 'outside-hours' until the next window start instead.
 */
export function nextQueueMoment(input: {
  settings: QueueSettings;
  sent: readonly Date[];
  now: Date;
  random: () => number;
}): QueueMoment {
  const { settings, random } = input;
  const now = input.now.getTime();
  if (settings.workingHours.every((windows) => windows.length === 0))
    return { kind: 'stopped', until: null, reason: 'no-hours' };

  const sends = input.sent
    .map((moment) => moment.getTime())
    .filter((moment) => moment >= now - HORIZON_MS)
    .sort((a, b) => b - a);

  const today = readLocalDay(now, settings.timeZone);
  const dayStart = convertLocalTime(today, 0, settings.timeZone);
  const nextMidnight = convertLocalTime(today + 1, 0, settings.timeZone);
  const sentToday = sends.filter((moment) => moment >= dayStart && moment < nextMidnight).length;
  if (sentToday >= settings.dailyMax) return stopUntilInHours(nextMidnight, 'daily-max', settings);

  const lastSend = sends[0];
  if (lastSend === undefined) return sendIfInHours(now, settings);

  const breakEnd = lastSend + settings.breakMinutes * MINUTE_MS;
  if (isRunComplete(sends, settings) && now < breakEnd) return stopUntilInHours(breakEnd, 'break', settings);

  const { minGapSeconds, maxGapSeconds } = settings;
  // Whole seconds, min and max included; Math.min keeps a random() of exactly 1 inside the range.
  const gapSeconds =
    minGapSeconds +
    Math.min(maxGapSeconds - minGapSeconds, Math.floor(random() * (maxGapSeconds - minGapSeconds + 1)));
  return sendIfInHours(Math.max(now, lastSend + gapSeconds * 1000), settings);
}

/** Whether the latest sends (newest first) make a run of breakAfterMessages with no pause of breakMinutes inside it. */
function isRunComplete(sends: readonly number[], settings: QueueSettings): boolean {
  const { breakAfterMessages } = settings;
  if (breakAfterMessages === null || sends.length < breakAfterMessages) return false;
  const pause = settings.breakMinutes * MINUTE_MS;
  for (let i = 1; i < breakAfterMessages; i++) if (sends[i - 1]! - sends[i]! >= pause) return false;
  return true;
}

function sendIfInHours(candidate: number, settings: QueueSettings): QueueMoment {
  const place = locateInHours(candidate, settings);
  if (place.isInside) return { kind: 'send', at: new Date(candidate) };
  return stoppedUntil(place.nextStart, 'outside-hours');
}

/** Stopped until `moment`, or, when that falls outside working hours, until the next window start. */
function stopUntilInHours(
  moment: number,
  reason: 'daily-max' | 'break',
  settings: QueueSettings,
): QueueMoment {
  const place = locateInHours(moment, settings);
  if (place.isInside) return { kind: 'stopped', until: new Date(moment), reason };
  // A daily maximum keeps its reason: the day's count is what stopped the queue, the hours only delay it.
  return stoppedUntil(place.nextStart, reason === 'daily-max' ? reason : 'outside-hours');
}

function stoppedUntil(until: number | null, reason: 'daily-max' | 'outside-hours'): QueueMoment {
  // Only a week whose every window falls into daylight-saving gaps gets here with null.
  if (until === null) return { kind: 'stopped', until: null, reason: 'no-hours' };
  return { kind: 'stopped', until: new Date(until), reason };
}

/**
 * Whether an instant lies in a sending window, and if not, where the next window starts. Windows are
 * listed in order of their start, so the first one starting after the instant is the next one.
 */
function locateInHours(
  moment: number,
  settings: QueueSettings,
): { isInside: true } | { isInside: false; nextStart: number | null } {
  // A window of the day before may still run; one of two days before has ended by midnight.
  const firstDay = readLocalDay(moment, settings.timeZone) - 1;
  for (let day = firstDay; day <= firstDay + SCAN_DAYS; day++) {
    for (const span of listDayWindows(day, settings)) {
      if (span.start > moment) return { isInside: false, nextStart: span.start };
      if (span.end > moment) return { isInside: true };
    }
  }
  return { isInside: false, nextStart: null };
}

/** The windows of one local day as instants, earliest start first; a window a clock change swallows is left out. */
function listDayWindows(day: number, settings: QueueSettings): { start: number; end: number }[] {
  const windows = settings.workingHours[readWeekday(day)] ?? [];
  return windows
    .map((window) => {
      const minutes = readWindowMinutes(window);
      return {
        start: convertLocalTime(day, minutes.start, settings.timeZone),
        end: convertLocalTime(day, minutes.end, settings.timeZone),
      };
    })
    .filter((span) => span.start < span.end)
    .sort((a, b) => a.start - b.start);
}

/** A sentence for the user on the queue's next move, with times in the queue's time zone. */
export function describeQueueMoment(moment: QueueMoment, settings: QueueSettings, now: Date): string {
  const when = (at: Date) => formatWhen(at, now, settings.timeZone);
  if (moment.kind === 'send') {
    if (moment.at.getTime() <= now.getTime()) return 'Sending the next message now.';
    const { day, time } = when(moment.at);
    return day === null ? `Next message at ${time}.` : `Next message on ${day} at ${time}.`;
  }
  let resumes = '';
  if (moment.until !== null) {
    const { day, time } = when(moment.until);
    resumes = day === null ? ` Resumes at ${time}.` : ` Resumes ${day} at ${time}.`;
  }
  switch (moment.reason) {
    case 'daily-max':
      return `Stopped: today's maximum of ${countMessages(settings.dailyMax)} is reached.${resumes}`;
    case 'break': {
      const run =
        settings.breakAfterMessages === null
          ? ''
          : ` after ${countMessages(settings.breakAfterMessages)} in a row`;
      return `Stopped: a ${settings.breakMinutes}-minute break${run}.${resumes}`;
    }
    case 'outside-hours':
      return `Stopped: outside working hours.${resumes}`;
    case 'no-hours':
      return 'Stopped: no working hours are set. Add a sending window to start the queue.';
  }
}

function countMessages(count: number): string {
  return count === 1 ? '1 message' : `${count} messages`;
}

/** "09:00" with no day when `at` is on now's local day, with its weekday within a week, else with its date too. */
function formatWhen(at: Date, now: Date, timeZone: string): { day: string | null; time: string } {
  const time = readFormatter('time', timeZone).format(at);
  const days = readLocalDay(at.getTime(), timeZone) - readLocalDay(now.getTime(), timeZone);
  if (days === 0) return { day: null, time };
  return { day: readFormatter(days > 0 && days < 7 ? 'weekday' : 'date', timeZone).format(at), time };
}

/** The start of the local calendar day containing `at` in the zone, as an instant. */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  return new Date(convertLocalTime(readLocalDay(at.getTime(), timeZone), 0, timeZone));
}

/**
 * The instant a local date and time ("YYYY-MM-DD", "HH:MM") happen in a zone: the earliest instant the
 * clock there reads that time or later. A time a spring-forward change skips resolves to the first
 * instant after the gap; one an autumn change repeats, to its first occurrence. Exported for its tests.
 */
export function resolveLocalTime(input: { date: string; time: string; timeZone: string }): Date {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date);
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(input.time);
  if (!date || !time) throw new RangeError(`Invalid local time "${input.date} ${input.time}".`);
  const day = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) / DAY_MS;
  return new Date(convertLocalTime(day, Number(time[1]) * 60 + Number(time[2]), input.timeZone));
}

/** The instant of a local day (days since 1970-01-01 on the zone's calendar) and minute, as resolveLocalTime. */
function convertLocalTime(day: number, minutes: number, timeZone: string): number {
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  // A day either side is clear of the instant sought (offsets stay within ±14 h), so these are the
  // offsets before and after any change near it.
  const before = readOffset(wall - DAY_MS, timeZone);
  const after = readOffset(wall + DAY_MS, timeZone);
  const readings = [wall - before, wall - after].filter(
    (instant) => instant + readOffset(instant, timeZone) === wall,
  );
  if (readings.length > 0) return Math.min(...readings);
  if (before >= after) return wall - before;
  // Skipped by a spring-forward change: find the change itself, to the second, between the last
  // instant that reads before the gap and the first that reads after it.
  let early = wall - after;
  let late = wall - before;
  while (late - early > 1000) {
    const middle = early + Math.floor((late - early) / 2000) * 1000;
    if (readOffset(middle, timeZone) === before) early = middle;
    else late = middle;
  }
  return late;
}

/** The local calendar day of an instant in a zone, as days since 1970-01-01. */
function readLocalDay(instant: number, timeZone: string): number {
  return Math.floor((instant + readOffset(instant, timeZone)) / DAY_MS);
}

/** The weekday of a local day, Sunday 0 to Saturday 6. */
function readWeekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday.
}

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds). */
function readOffset(instant: number, timeZone: string): number {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of readFormatter('clock', timeZone).formatToParts(instant))
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  const wall = Date.UTC(
    values.year ?? 0,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

const FORMATS = {
  clock: {
    locale: 'en-US',
    options: {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
  },
  time: { locale: 'en-GB', options: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } },
  weekday: { locale: 'en-GB', options: { weekday: 'long' } },
  date: { locale: 'en-GB', options: { weekday: 'long', day: 'numeric', month: 'long' } },
} as const satisfies Record<string, { locale: string; options: Intl.DateTimeFormatOptions }>;

// Building a formatter costs far more than using one, and the server asks per lease.
const formatters = new Map<string, Intl.DateTimeFormat>();

function readFormatter(format: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${format} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const { locale, options } = FORMATS[format];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}
