import { defaultQueueSettings, queueSettingsSchema } from '@grouptrack/domain';
import type { QueueSettings, SocialPlatform, WorkingWindow } from '@grouptrack/domain';

/** A gap as a person thinks of it: minutes and seconds ('' while a box is empty). */
export interface GapValue {
  minutes: number | string;
  seconds: number | string;
}

/** The queue settings while the user types them. */
export interface QueueSettingsFormValues {
  minGap: GapValue;
  maxGap: GapValue;
  hasBreaks: boolean;
  breakAfterMessages: number | string;
  breakMinutes: number | string;
  /** Index 0 = Sunday … 6 = Saturday, as the settings keep them; an empty day is a day off. */
  workingHours: WorkingWindow[][];
  dailyMax: number | string;
  timeZone: string;
}

/**
 * Where an error shows: a field ('minGap', 'dailyMax', …), a day ('day.1', Monday) or one window of a
 * day ('window.1.0', Monday's first).
 */
export type QueueSettingsErrors = Partial<Record<string, string>>;

/** The weekdays as the form lists them, Monday first, with their index in the settings. */
export const FORM_WEEKDAYS: readonly { day: number; name: string }[] = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
];

/** At most this many sending windows a day (the settings' schema says the same). */
export const MAX_WINDOWS_A_DAY = 4;

/** The window a day gets when it is switched on or its first window is added. */
const FIRST_WINDOW: WorkingWindow = { start: '09:00', end: '19:00' };

/** Shown for breaks while there are none, so switching them on starts from the platform's safe figure. */
const BREAK_AFTER_WHEN_OFF = 15;

/** The time zone of the browser, the queue's default. */
export function findBrowserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function splitSeconds(total: number): GapValue {
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

/** Minutes and seconds as seconds; NaN when both boxes are empty or one holds no number. */
export function joinGap({ minutes, seconds }: GapValue): number {
  if (minutes === '' && seconds === '') return Number.NaN;
  const read = (value: number | string) =>
    value === '' ? 0 : typeof value === 'number' ? value : Number.NaN;
  return read(minutes) * 60 + read(seconds);
}

/** The form's values for saved (or default) settings. */
export function toQueueSettingsForm(settings: QueueSettings): QueueSettingsFormValues {
  return {
    minGap: splitSeconds(settings.minGapSeconds),
    maxGap: splitSeconds(settings.maxGapSeconds),
    hasBreaks: settings.breakAfterMessages !== null,
    breakAfterMessages: settings.breakAfterMessages ?? BREAK_AFTER_WHEN_OFF,
    breakMinutes: settings.breakMinutes,
    workingHours: settings.workingHours.map((windows) => windows.map((window) => ({ ...window }))),
    dailyMax: settings.dailyMax,
    timeZone: settings.timeZone,
  };
}

/** The safe defaults of a platform in the browser's time zone, as the form shows them. */
export function buildDefaultQueueForm(platform: SocialPlatform): QueueSettingsFormValues {
  return toQueueSettingsForm(defaultQueueSettings(platform, findBrowserTimeZone()));
}

const toNumber = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

function readSettings(values: QueueSettingsFormValues) {
  return {
    minGapSeconds: joinGap(values.minGap),
    maxGapSeconds: joinGap(values.maxGap),
    breakAfterMessages: values.hasBreaks ? toNumber(values.breakAfterMessages) : null,
    // Kept while there are no breaks: the schema wants a figure, and switching breaks on finds it again.
    breakMinutes: toNumber(values.breakMinutes),
    workingHours: values.workingHours,
    dailyMax: toNumber(values.dailyMax),
    timeZone: values.timeZone,
  };
}

function formatSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} ${seconds === 3600 ? 'hour' : 'hours'}`;
  if (seconds % 60 === 0) return `${seconds / 60} ${seconds === 60 ? 'minute' : 'minutes'}`;
  return `${seconds} seconds`;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

const WHOLE_NUMBER_FIELDS: Record<string, string> = {
  breakAfterMessages: 'a whole number',
  breakMinutes: 'whole minutes',
  dailyMax: 'a whole number',
};

/**
 * A schema issue in the words of the form. The schema's own sentences are written for people and
 * show as they are; its bare range checks are said in the units the user types, with the schema's
 * own bounds.
 */
function placeIssue(issue: Issue): [string, string] | null {
  const [field, day, index] = issue.path;
  switch (field) {
    case 'minGapSeconds':
    case 'maxGapSeconds': {
      const where = field === 'minGapSeconds' ? 'minGap' : 'maxGap';
      if (issue.code === 'custom') return [where, 'Make the longest gap at least as long as the shortest.'];
      if (issue.code === 'too_small')
        return [where, `Wait at least ${formatSeconds(Number(issue.minimum))} between messages.`];
      if (issue.code === 'too_big')
        return [where, `Wait at most ${formatSeconds(Number(issue.maximum))} between messages.`];
      return [where, 'Enter the gap in whole minutes and seconds.'];
    }
    case 'breakAfterMessages':
    case 'breakMinutes':
    case 'dailyMax': {
      const unit = WHOLE_NUMBER_FIELDS[field];
      if (issue.code === 'too_small' || issue.code === 'too_big' || issue.code === 'invalid_type')
        return [field, `Enter ${unit} from ${RANGES[field].min} to ${RANGES[field].max}.`];
      return [field, issue.message];
    }
    case 'workingHours':
      if (typeof day !== 'number') return ['workingHours', issue.message];
      if (typeof index !== 'number') return [`day.${day}`, issue.message];
      return [`window.${day}.${index}`, issue.message];
    case 'timeZone':
      return ['timeZone', issue.message];
    case undefined:
    default:
      return null;
  }
}

/** The whole-number bounds of the settings, read once from the schema for the inputs and messages. */
export const RANGES = readRanges();

function readRanges() {
  const { shape } = queueSettingsSchema;
  const bounds = (schema: { minValue: number | null; maxValue: number | null }) => ({
    min: schema.minValue ?? 1,
    max: schema.maxValue ?? Number.MAX_SAFE_INTEGER,
  });
  return {
    breakAfterMessages: bounds(shape.breakAfterMessages.unwrap()),
    breakMinutes: bounds(shape.breakMinutes),
    dailyMax: bounds(shape.dailyMax),
  };
}

/** Checks the form with the settings' schema; answers the settings to save, or a message per place. */
export function validateQueueSettingsForm(
  values: QueueSettingsFormValues,
): { ok: true; settings: QueueSettings } | { ok: false; errors: QueueSettingsErrors } {
  const parsed = queueSettingsSchema.safeParse(readSettings(values));
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: QueueSettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const placed = placeIssue(issue);
    if (placed) errors[placed[0]] ??= placed[1];
  }
  return { ok: false, errors };
}

/** Monday's windows on Tuesday to Friday too. */
export function copyMondayToWeekdays(hours: readonly WorkingWindow[][]): WorkingWindow[][] {
  return hours.map((windows, day) =>
    day >= 2 && day <= 5 ? (hours[1] ?? []).map((window) => ({ ...window })) : windows,
  );
}

/** A day switched off (no windows) or on (one window of the usual hours). */
export function setDayOff(hours: readonly WorkingWindow[][], day: number, isOff: boolean): WorkingWindow[][] {
  return hours.map((windows, each) => (each === day ? (isOff ? [] : [{ ...FIRST_WINDOW }]) : windows));
}

function addHours(time: string, hours: number): string {
  const minutes = Math.min(
    Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + hours * 60,
    23 * 60 + 59,
  );
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** One more window on a day: the usual hours on an empty day, else two hours from the last window's end. */
export function addWindow(hours: readonly WorkingWindow[][], day: number): WorkingWindow[][] {
  return hours.map((windows, each) => {
    if (each !== day) return windows;
    const last = windows.at(-1);
    if (!last || !/^\d\d:\d\d$/.test(last.end)) return [...windows, { ...FIRST_WINDOW }];
    return [...windows, { start: last.end, end: addHours(last.end, 2) }];
  });
}

/** A day without one of its windows. */
export function removeWindow(
  hours: readonly WorkingWindow[][],
  day: number,
  index: number,
): WorkingWindow[][] {
  return hours.map((windows, each) => (each === day ? windows.filter((_, at) => at !== index) : windows));
}

/** One window of a day with a new start or end. */
export function changeWindow(
  hours: readonly WorkingWindow[][],
  day: number,
  index: number,
  change: Partial<WorkingWindow>,
): WorkingWindow[][] {
  return hours.map((windows, each) =>
    each === day ? windows.map((window, at) => (at === index ? { ...window, ...change } : window)) : windows,
  );
}
