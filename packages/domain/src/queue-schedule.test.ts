import { describe, expect, it } from 'vitest';
import { SOCIAL_PLATFORMS } from './constants';
import {
  defaultQueueSettings,
  describeQueueMoment,
  nextQueueMoment,
  queueSettingsSchema,
  resolveLocalTime,
  startOfLocalDay,
  type QueueMoment,
  type QueueSettings,
  type WorkingWindow,
} from './queue-schedule';

// The week of Monday 23 November 2026: Friday is the 27th, the weekend the 28th and 29th.

/** A small seeded random source (mulberry32), so a run of the queue replays the same every time. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const window = (start: string, end: string): WorkingWindow => ({ start, end });

/** Windows on Monday to Friday, none at the weekend. */
function weekdays(...windows: WorkingWindow[]): WorkingWindow[][] {
  return [[], windows, windows, windows, windows, windows, []];
}

/** The same windows every day of the week. */
function everyDay(...windows: WorkingWindow[]): WorkingWindow[][] {
  return Array.from({ length: 7 }, () => windows);
}

/** Windows on one weekday only (0 = Sunday). */
function onDay(weekday: number, ...windows: WorkingWindow[]): WorkingWindow[][] {
  return Array.from({ length: 7 }, (_, day) => (day === weekday ? windows : []));
}

function buildSettings(overrides: Partial<QueueSettings> = {}): QueueSettings {
  return {
    minGapSeconds: 60,
    maxGapSeconds: 120,
    breakAfterMessages: null,
    breakMinutes: 15,
    workingHours: weekdays(window('09:00', '17:00')),
    dailyMax: 40,
    timeZone: 'UTC',
    ...overrides,
  };
}

/** A moment with its instant written out, for readable expectations. */
function show(moment: QueueMoment): { kind: string; at?: string; until?: string | null; reason?: string } {
  return moment.kind === 'send'
    ? { kind: 'send', at: moment.at.toISOString() }
    : { kind: 'stopped', until: moment.until?.toISOString() ?? null, reason: moment.reason };
}

const send = (at: string) => ({ kind: 'send', at });
const stopped = (reason: string, until: string | null) => ({ kind: 'stopped', until, reason });

interface Case {
  name: string;
  settings?: Partial<QueueSettings>;
  sent?: string[];
  now: string;
  random?: number;
  expected: ReturnType<typeof send> | ReturnType<typeof stopped>;
}

function decide(testCase: Case): ReturnType<typeof show> {
  return show(
    nextQueueMoment({
      settings: buildSettings(testCase.settings),
      sent: (testCase.sent ?? []).map((iso) => new Date(iso)),
      now: new Date(testCase.now),
      random: () => testCase.random ?? 0,
    }),
  );
}

describe('nextQueueMoment: gap and working hours', () => {
  it.each<Case>([
    {
      name: 'sends at once inside hours when nothing was sent yet',
      now: '2026-11-23T10:00:00.000Z',
      expected: send('2026-11-23T10:00:00.000Z'),
    },
    {
      name: 'waits the shortest gap after the last send when random gives 0',
      sent: ['2026-11-23T10:00:00.000Z'],
      now: '2026-11-23T10:00:30.000Z',
      random: 0,
      expected: send('2026-11-23T10:01:00.000Z'),
    },
    {
      name: 'waits the longest gap when random gives almost 1',
      sent: ['2026-11-23T10:00:00.000Z'],
      now: '2026-11-23T10:00:30.000Z',
      random: 0.999_999,
      expected: send('2026-11-23T10:02:00.000Z'),
    },
    {
      name: 'waits a gap in between for a random in between',
      sent: ['2026-11-23T10:00:00.000Z'],
      now: '2026-11-23T10:00:30.000Z',
      random: 0.5,
      expected: send('2026-11-23T10:01:30.000Z'),
    },
    {
      name: 'measures the gap from the latest send, whatever the order given',
      sent: ['2026-11-23T10:00:00.000Z', '2026-11-23T10:05:00.000Z', '2026-11-23T09:58:00.000Z'],
      now: '2026-11-23T10:05:10.000Z',
      expected: send('2026-11-23T10:06:00.000Z'),
    },
    {
      name: 'sends at once when the gap has already passed',
      sent: ['2026-11-23T09:50:00.000Z'],
      now: '2026-11-23T10:00:00.000Z',
      random: 0.999_999,
      expected: send('2026-11-23T10:00:00.000Z'),
    },
    {
      name: 'waits for the first window before working hours',
      now: '2026-11-23T07:00:00.000Z',
      expected: stopped('outside-hours', '2026-11-23T09:00:00.000Z'),
    },
    {
      name: 'sends a message due just before the window ends',
      sent: ['2026-11-23T16:58:00.000Z'],
      now: '2026-11-23T16:58:30.000Z',
      expected: send('2026-11-23T16:59:00.000Z'),
    },
    {
      name: 'never schedules a message at or past the end of the window',
      sent: ['2026-11-23T16:59:00.000Z'],
      now: '2026-11-23T16:59:30.000Z',
      expected: stopped('outside-hours', '2026-11-24T09:00:00.000Z'),
    },
    {
      name: "waits over an empty weekend after Friday's hours",
      now: '2026-11-27T18:00:00.000Z',
      expected: stopped('outside-hours', '2026-11-30T09:00:00.000Z'),
    },
    {
      name: 'waits for the later of two windows in the gap between them',
      settings: { workingHours: weekdays(window('09:00', '12:00'), window('14:00', '17:00')) },
      now: '2026-11-23T12:30:00.000Z',
      expected: stopped('outside-hours', '2026-11-23T14:00:00.000Z'),
    },
    {
      name: 'sends across two touching windows as across one',
      settings: { workingHours: weekdays(window('09:00', '12:00'), window('12:00', '17:00')) },
      sent: ['2026-11-23T11:59:30.000Z'],
      now: '2026-11-23T11:59:40.000Z',
      expected: send('2026-11-23T12:00:30.000Z'),
    },
    {
      name: 'sends any time in a window of 24 hours (start equal to end)',
      settings: { workingHours: everyDay(window('00:00', '00:00')) },
      now: '2026-11-28T03:17:00.000Z',
      expected: send('2026-11-28T03:17:00.000Z'),
    },
    {
      name: 'stays stopped with no end when no day has working hours',
      settings: { workingHours: everyDay() },
      now: '2026-11-23T10:00:00.000Z',
      expected: stopped('no-hours', null),
    },
  ])('$name', (testCase) => {
    expect(decide(testCase)).toEqual(testCase.expected);
  });
});

describe('nextQueueMoment: breaks', () => {
  const breaks = { breakAfterMessages: 3, breakMinutes: 15 };

  it.each<Case>([
    {
      name: 'takes a break after 3 messages in a row, from the last one',
      settings: breaks,
      sent: ['2026-11-23T10:00:00.000Z', '2026-11-23T10:02:00.000Z', '2026-11-23T10:04:00.000Z'],
      now: '2026-11-23T10:05:00.000Z',
      expected: stopped('break', '2026-11-23T10:19:00.000Z'),
    },
    {
      name: 'sees the run in sends given in any order',
      settings: breaks,
      sent: ['2026-11-23T10:04:00.000Z', '2026-11-23T10:00:00.000Z', '2026-11-23T10:02:00.000Z'],
      now: '2026-11-23T10:05:00.000Z',
      expected: stopped('break', '2026-11-23T10:19:00.000Z'),
    },
    {
      name: 'takes no break before the run is complete',
      settings: breaks,
      sent: ['2026-11-23T10:02:00.000Z', '2026-11-23T10:04:00.000Z'],
      now: '2026-11-23T10:05:00.000Z',
      expected: send('2026-11-23T10:05:00.000Z'),
    },
    {
      name: 'starts a new run after a long pause',
      settings: breaks,
      sent: ['2026-11-23T09:30:00.000Z', '2026-11-23T10:02:00.000Z', '2026-11-23T10:04:00.000Z'],
      now: '2026-11-23T10:05:00.000Z',
      expected: send('2026-11-23T10:05:00.000Z'),
    },
    {
      name: 'counts a pause of exactly the break length as a break',
      settings: breaks,
      sent: ['2026-11-23T09:47:00.000Z', '2026-11-23T10:02:00.000Z', '2026-11-23T10:04:00.000Z'],
      now: '2026-11-23T10:05:00.000Z',
      expected: send('2026-11-23T10:05:00.000Z'),
    },
    {
      name: 'sends again once the break is over',
      settings: breaks,
      sent: ['2026-11-23T10:00:00.000Z', '2026-11-23T10:02:00.000Z', '2026-11-23T10:04:00.000Z'],
      now: '2026-11-23T10:19:00.000Z',
      expected: send('2026-11-23T10:19:00.000Z'),
    },
    {
      name: 'takes no break when breaks are off',
      settings: { breakAfterMessages: null },
      sent: ['2026-11-23T10:00:00.000Z', '2026-11-23T10:02:00.000Z', '2026-11-23T10:04:00.000Z'],
      now: '2026-11-23T10:05:00.000Z',
      expected: send('2026-11-23T10:05:00.000Z'),
    },
    {
      name: 'waits for the next window when the break would end after hours',
      settings: { breakAfterMessages: 3, breakMinutes: 30 },
      sent: ['2026-11-23T16:40:00.000Z', '2026-11-23T16:42:00.000Z', '2026-11-23T16:44:00.000Z'],
      now: '2026-11-23T16:45:00.000Z',
      expected: stopped('outside-hours', '2026-11-24T09:00:00.000Z'),
    },
  ])('$name', (testCase) => {
    expect(decide(testCase)).toEqual(testCase.expected);
  });
});

describe('nextQueueMoment: daily maximum', () => {
  const friday = ['2026-11-27T10:00:00.000Z', '2026-11-27T10:05:00.000Z', '2026-11-27T10:10:00.000Z'];

  it.each<Case>([
    {
      name: "resumes at Monday's first window, skipping an empty Saturday and Sunday",
      settings: { dailyMax: 3 },
      sent: friday,
      now: '2026-11-27T10:15:00.000Z',
      expected: stopped('daily-max', '2026-11-30T09:00:00.000Z'),
    },
    {
      name: "resumes at the next day's first window, not later the same day",
      settings: { dailyMax: 3, workingHours: weekdays(window('09:00', '12:00'), window('14:00', '17:00')) },
      sent: ['2026-11-23T10:00:00.000Z', '2026-11-23T10:05:00.000Z', '2026-11-23T10:10:00.000Z'],
      now: '2026-11-23T10:15:00.000Z',
      expected: stopped('daily-max', '2026-11-24T09:00:00.000Z'),
    },
    {
      name: 'does not count the sends of yesterday',
      settings: { dailyMax: 3 },
      sent: ['2026-11-26T16:00:00.000Z', '2026-11-26T16:05:00.000Z', '2026-11-26T16:10:00.000Z'],
      now: '2026-11-27T10:00:00.000Z',
      expected: send('2026-11-27T10:00:00.000Z'),
    },
    {
      name: 'sends while the day is one short of its maximum',
      settings: { dailyMax: 4 },
      sent: friday,
      now: '2026-11-27T10:15:00.000Z',
      expected: send('2026-11-27T10:15:00.000Z'),
    },
    {
      name: 'says there are no hours rather than a maximum when no day has any',
      settings: { dailyMax: 3, workingHours: everyDay() },
      sent: friday,
      now: '2026-11-27T10:15:00.000Z',
      expected: stopped('no-hours', null),
    },
  ])('$name', (testCase) => {
    expect(decide(testCase)).toEqual(testCase.expected);
  });
});

describe('nextQueueMoment: a window across midnight (Friday 22:00–02:00)', () => {
  const fridayNight = { workingHours: onDay(5, window('22:00', '02:00')) };

  it.each<Case>([
    {
      name: 'sends at Saturday 01:00, still inside Friday night',
      settings: fridayNight,
      now: '2026-11-28T01:00:00.000Z',
      expected: send('2026-11-28T01:00:00.000Z'),
    },
    {
      name: "counts Saturday 01:00 on Saturday's maximum, not Friday's",
      settings: { ...fridayNight, dailyMax: 2 },
      sent: ['2026-11-27T22:30:00.000Z', '2026-11-27T23:00:00.000Z'],
      now: '2026-11-28T01:00:00.000Z',
      expected: send('2026-11-28T01:00:00.000Z'),
    },
    {
      name: "resumes at midnight when Friday's maximum is reached inside the window",
      settings: { ...fridayNight, dailyMax: 2 },
      sent: ['2026-11-27T22:30:00.000Z', '2026-11-27T23:00:00.000Z'],
      now: '2026-11-27T23:30:00.000Z',
      expected: stopped('daily-max', '2026-11-28T00:00:00.000Z'),
    },
    {
      name: "waits a week when Saturday's maximum is reached after midnight",
      settings: { ...fridayNight, dailyMax: 2 },
      sent: ['2026-11-28T00:10:00.000Z', '2026-11-28T00:20:00.000Z'],
      now: '2026-11-28T00:30:00.000Z',
      expected: stopped('daily-max', '2026-12-04T22:00:00.000Z'),
    },
    {
      name: 'waits for next Friday once the window has ended on Saturday',
      settings: fridayNight,
      now: '2026-11-28T02:30:00.000Z',
      expected: stopped('outside-hours', '2026-12-04T22:00:00.000Z'),
    },
  ])('$name', (testCase) => {
    expect(decide(testCase)).toEqual(testCase.expected);
  });
});

describe('nextQueueMoment: time zones either side of UTC', () => {
  const allWeek = { workingHours: everyDay(window('09:00', '17:00')) };

  it.each<Case>([
    {
      name: 'opens at 09:00 in New York (UTC−5 in November)',
      settings: { ...allWeek, timeZone: 'America/New_York' },
      now: '2026-11-23T13:30:00.000Z',
      expected: stopped('outside-hours', '2026-11-23T14:00:00.000Z'),
    },
    {
      name: 'opens at 09:00 in Kolkata (UTC+05:30)',
      settings: { ...allWeek, timeZone: 'Asia/Kolkata' },
      now: '2026-11-23T03:00:00.000Z',
      expected: stopped('outside-hours', '2026-11-23T03:30:00.000Z'),
    },
    {
      name: 'opens at 09:00 in Auckland (UTC+13 in November), on the UTC day before',
      settings: { ...allWeek, timeZone: 'Pacific/Auckland' },
      now: '2026-11-22T19:30:00.000Z',
      expected: stopped('outside-hours', '2026-11-22T20:00:00.000Z'),
    },
    {
      name: "uses Auckland's weekday: Monday 08:30 there is still Sunday in UTC",
      settings: { timeZone: 'Pacific/Auckland' },
      now: '2026-11-22T19:30:00.000Z',
      expected: stopped('outside-hours', '2026-11-22T20:00:00.000Z'),
    },
    {
      name: "counts Auckland's day, and resumes at Tuesday 09:00 there",
      settings: { ...allWeek, timeZone: 'Pacific/Auckland', dailyMax: 2 },
      sent: ['2026-11-22T20:30:00.000Z', '2026-11-22T21:00:00.000Z'],
      now: '2026-11-22T22:00:00.000Z',
      expected: stopped('daily-max', '2026-11-23T20:00:00.000Z'),
    },
    {
      name: "does not count Sunday evening's sends in New York on Monday, though UTC says Monday",
      settings: { ...allWeek, timeZone: 'America/New_York', dailyMax: 2 },
      sent: ['2026-11-23T01:00:00.000Z', '2026-11-23T01:10:00.000Z'],
      now: '2026-11-23T15:00:00.000Z',
      expected: send('2026-11-23T15:00:00.000Z'),
    },
    {
      name: 'counts Monday morning in Kolkata, though UTC still says Sunday',
      settings: {
        ...allWeek,
        timeZone: 'Asia/Kolkata',
        dailyMax: 2,
        workingHours: everyDay(window('00:00', '12:00')),
      },
      sent: ['2026-11-22T19:00:00.000Z', '2026-11-22T19:10:00.000Z'],
      now: '2026-11-22T20:00:00.000Z',
      expected: stopped('daily-max', '2026-11-23T18:30:00.000Z'),
    },
  ])('$name', (testCase) => {
    expect(decide(testCase)).toEqual(testCase.expected);
  });
});

describe('nextQueueMoment: daylight saving', () => {
  it.each<Case>([
    {
      name: 'Lisbon, spring: a window from 01:30, a time the clock skips, opens at 02:00 summer time',
      settings: { timeZone: 'Europe/Lisbon', workingHours: onDay(0, window('01:30', '05:00')) },
      now: '2026-03-29T00:30:00.000Z',
      expected: stopped('outside-hours', '2026-03-29T01:00:00.000Z'),
    },
    {
      name: 'Lisbon, spring: 02:30 exists (the clock skips 01:00 to 02:00) and is in summer time',
      settings: { timeZone: 'Europe/Lisbon', workingHours: onDay(0, window('02:30', '05:00')) },
      now: '2026-03-29T00:30:00.000Z',
      expected: stopped('outside-hours', '2026-03-29T01:30:00.000Z'),
    },
    {
      name: 'Lisbon, spring: a window the gap swallows whole waits for the next Sunday',
      settings: { timeZone: 'Europe/Lisbon', workingHours: onDay(0, window('01:10', '01:50')) },
      now: '2026-03-29T00:30:00.000Z',
      expected: stopped('outside-hours', '2026-04-05T00:10:00.000Z'),
    },
    {
      name: 'Lisbon, autumn: a window from 01:30, a time the clock repeats, opens at its first occurrence',
      settings: { timeZone: 'Europe/Lisbon', workingHours: onDay(0, window('01:30', '05:00')) },
      now: '2026-10-25T00:00:00.000Z',
      expected: stopped('outside-hours', '2026-10-25T00:30:00.000Z'),
    },
    {
      name: 'Lisbon, autumn: a window ending at 01:30 ends at its first occurrence',
      settings: { timeZone: 'Europe/Lisbon', workingHours: onDay(0, window('00:00', '01:30')) },
      now: '2026-10-25T01:00:00.000Z',
      expected: stopped('outside-hours', '2026-11-01T00:00:00.000Z'),
    },
    {
      name: 'New York, spring: a window from 02:30, a time the clock skips, opens at 03:00 EDT',
      settings: { timeZone: 'America/New_York', workingHours: onDay(0, window('02:30', '06:00')) },
      now: '2026-03-08T06:00:00.000Z',
      expected: stopped('outside-hours', '2026-03-08T07:00:00.000Z'),
    },
    {
      name: 'New York, autumn: a window from 01:30 opens at the first 01:30 (EDT)',
      settings: { timeZone: 'America/New_York', workingHours: onDay(0, window('01:30', '06:00')) },
      now: '2026-11-01T05:00:00.000Z',
      expected: stopped('outside-hours', '2026-11-01T05:30:00.000Z'),
    },
    {
      name: 'New York, autumn: 09:00 on the day after the change is in standard time',
      settings: { timeZone: 'America/New_York', workingHours: everyDay(window('09:00', '17:00')) },
      now: '2026-11-01T23:00:00.000Z',
      expected: stopped('outside-hours', '2026-11-02T14:00:00.000Z'),
    },
    {
      name: 'New York, spring: a day of 23 hours still resumes at the next 09:00',
      settings: {
        timeZone: 'America/New_York',
        workingHours: everyDay(window('09:00', '17:00')),
        dailyMax: 1,
      },
      sent: ['2026-03-08T13:00:00.000Z'],
      now: '2026-03-08T13:10:00.000Z',
      expected: stopped('daily-max', '2026-03-09T13:00:00.000Z'),
    },
  ])('$name', (testCase) => {
    expect(decide(testCase)).toEqual(testCase.expected);
  });
});

describe('nextQueueMoment: a week of sending', () => {
  /** The local weekday and minute of the day of an instant. */
  function readLocal(at: Date, timeZone: string): { weekday: number; minute: number } {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(at);
    const get = (type: string) => parts.find((part) => part.type === type)!.value;
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
    return { weekday, minute: Number(get('hour')) * 60 + Number(get('minute')) };
  }

  /** Whether an instant is inside one of the windows, reading them as wall times. */
  function isInsideHours(at: Date, settings: QueueSettings): boolean {
    const { weekday, minute } = readLocal(at, settings.timeZone);
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const today = settings.workingHours[weekday]!.some(({ start, end }) => {
      const from = minutes(start);
      const to = minutes(end) <= from ? 1440 : minutes(end);
      return minute >= from && minute < to;
    });
    const lastNight = settings.workingHours[(weekday + 6) % 7]!.some(
      ({ start, end }) => minutes(end) <= minutes(start) && minute < minutes(end),
    );
    return today || lastNight;
  }

  it.each([
    ['Lisbon across the spring change', 'Europe/Lisbon', '2026-03-23T00:00:00.000Z', 7],
    ['New York across the autumn change', 'America/New_York', '2026-10-28T00:00:00.000Z', 11],
    ['Auckland', 'Pacific/Auckland', '2026-11-20T00:00:00.000Z', 23],
  ])(
    'in %s, sends only inside hours, within the daily maximum, with gaps and breaks kept',
    (_label, timeZone, start, seed) => {
      const settings = buildSettings({
        timeZone,
        minGapSeconds: 90,
        maxGapSeconds: 300,
        breakAfterMessages: 8,
        breakMinutes: 20,
        dailyMax: 25,
        workingHours: [
          [],
          [window('08:00', '12:00'), window('13:30', '18:00')],
          [window('08:00', '18:00')],
          [window('08:00', '18:00')],
          [window('08:00', '18:00')],
          [window('08:00', '12:00'), window('22:00', '03:00')],
          [window('10:00', '14:00')],
        ],
      });
      const random = mulberry32(seed);
      const sent: Date[] = [];
      const end = new Date(start).getTime() + 14 * 86_400_000;
      let now = new Date(start);
      const reasons = new Set<string>();
      while (now.getTime() < end) {
        const moment = nextQueueMoment({ settings, sent, now, random });
        if (moment.kind === 'send') {
          expect(moment.at.getTime()).toBeGreaterThanOrEqual(now.getTime());
          sent.push(moment.at);
          now = moment.at;
        } else {
          reasons.add(moment.reason);
          expect(moment.until!.getTime()).toBeGreaterThan(now.getTime());
          now = moment.until!;
        }
      }
      expect([...reasons].sort()).toEqual(['break', 'daily-max', 'outside-hours']);
      expect(sent.length).toBeGreaterThan(200);

      const perDay = new Map<number, number>();
      let run = 1;
      sent.forEach((at, index) => {
        expect(isInsideHours(at, settings)).toBe(true);
        const day = startOfLocalDay(at, timeZone).getTime();
        perDay.set(day, (perDay.get(day) ?? 0) + 1);
        if (index === 0) return;
        const gap = at.getTime() - sent[index - 1]!.getTime();
        expect(gap).toBeGreaterThanOrEqual(settings.minGapSeconds * 1000);
        run = gap < settings.breakMinutes * 60_000 ? run + 1 : 1;
        expect(run).toBeLessThanOrEqual(settings.breakAfterMessages!);
      });
      expect(Math.max(...perDay.values())).toBe(settings.dailyMax);
    },
  );

  it('draws from random at most once per call', () => {
    let calls = 0;
    const random = () => {
      calls += 1;
      return 0.5;
    };
    nextQueueMoment({
      settings: buildSettings(),
      sent: [new Date('2026-11-23T10:00:00.000Z')],
      now: new Date('2026-11-23T10:00:10.000Z'),
      random,
    });
    expect(calls).toBe(1);
  });
});

describe('defaultQueueSettings', () => {
  it.each(SOCIAL_PLATFORMS)(
    'gives %s settings the schema accepts, no faster than a peer was blocked at',
    (platform) => {
      const settings = defaultQueueSettings(platform, 'Europe/Lisbon');
      expect(queueSettingsSchema.parse(settings)).toEqual(settings);
      expect(settings.minGapSeconds).toBeGreaterThanOrEqual(120);
      expect(settings.timeZone).toBe('Europe/Lisbon');
      expect(settings.workingHours.every((windows) => windows.length > 0)).toBe(true);
    },
  );

  it.each([
    [
      'facebook',
      { minGapSeconds: 120, maxGapSeconds: 240, breakAfterMessages: 15, breakMinutes: 20, dailyMax: 40 },
    ],
    [
      'instagram',
      { minGapSeconds: 180, maxGapSeconds: 420, breakAfterMessages: 10, breakMinutes: 20, dailyMax: 20 },
    ],
    [
      'linkedin',
      { minGapSeconds: 120, maxGapSeconds: 300, breakAfterMessages: 15, breakMinutes: 20, dailyMax: 25 },
    ],
    [
      'skool',
      { minGapSeconds: 180, maxGapSeconds: 420, breakAfterMessages: 10, breakMinutes: 20, dailyMax: 20 },
    ],
  ] as const)('paces %s as its peers do', (platform, pace) => {
    expect(defaultQueueSettings(platform, 'UTC')).toMatchObject(pace);
  });

  it('gives each call its own working hours, so editing one leaves the next alone', () => {
    const first = defaultQueueSettings('facebook', 'UTC');
    first.workingHours[1]!.push(window('20:00', '21:00'));
    expect(defaultQueueSettings('facebook', 'UTC').workingHours[1]).toEqual([window('09:00', '19:00')]);
  });
});

describe('queueSettingsSchema', () => {
  const valid = buildSettings();

  it('accepts touching windows, a window across midnight and a day of 24 hours', () => {
    const workingHours = [
      [window('00:00', '00:00')],
      [window('09:00', '12:00'), window('12:00', '17:00')],
      [window('22:00', '02:00'), window('00:30', '01:30')],
      [],
      [],
      [],
      [],
    ];
    expect(queueSettingsSchema.safeParse({ ...valid, workingHours }).success).toBe(true);
  });

  it.each<[string, Record<string, unknown>, (string | number)[], string]>([
    [
      'a longest gap shorter than the shortest',
      { minGapSeconds: 120, maxGapSeconds: 60 },
      ['maxGapSeconds'],
      'maxGapSeconds must be at least minGapSeconds.',
    ],
    [
      'overlapping windows',
      { workingHours: weekdays(window('09:00', '12:00'), window('11:00', '14:00')) },
      ['workingHours', 1, 1],
      "Monday's sending windows 09:00–12:00 and 11:00–14:00 overlap: join them into one window or move one.",
    ],
    [
      'a window across midnight overlapping a later one',
      { workingHours: onDay(5, window('23:30', '23:50'), window('22:00', '02:00')) },
      ['workingHours', 5, 0],
      "Friday's sending windows 22:00–02:00 and 23:30–23:50 overlap: join them into one window or move one.",
    ],
    [
      'an hour past 23',
      { workingHours: weekdays(window('25:00', '26:00')) },
      ['workingHours', 1, 0, 'start'],
      'Use a time from 00:00 to 23:59, written HH:MM.',
    ],
    [
      'a time without its leading zero',
      { workingHours: weekdays(window('09:00', '9:30')) },
      ['workingHours', 1, 0, 'end'],
      'Use a time from 00:00 to 23:59, written HH:MM.',
    ],
    [
      'five windows in a day',
      {
        workingHours: weekdays(
          window('01:00', '02:00'),
          window('03:00', '04:00'),
          window('05:00', '06:00'),
          window('07:00', '08:00'),
          window('09:00', '10:00'),
        ),
      },
      ['workingHours', 1],
      'Use at most 4 sending windows a day.',
    ],
    [
      'six days',
      { workingHours: weekdays().slice(1) },
      ['workingHours'],
      'Give the sending windows of all 7 days, Sunday first.',
    ],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus' },
      ['timeZone'],
      '"Mars/Olympus" is not a time zone we know: use an IANA name such as "Europe/Lisbon".',
    ],
    [
      'an empty time zone',
      { timeZone: '' },
      ['timeZone'],
      '"" is not a time zone we know: use an IANA name such as "Europe/Lisbon".',
    ],
  ])('refuses %s with a clear message', (_label, patch, path, message) => {
    const result = queueSettingsSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(
      result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    ).toContainEqual({
      path,
      message,
    });
  });

  it('refuses fields it does not know and out-of-range figures', () => {
    expect(queueSettingsSchema.safeParse({ ...valid, speed: 'fast' }).success).toBe(false);
    expect(queueSettingsSchema.safeParse({ ...valid, minGapSeconds: 5 }).success).toBe(false);
    expect(queueSettingsSchema.safeParse({ ...valid, dailyMax: 0 }).success).toBe(false);
    expect(queueSettingsSchema.safeParse({ ...valid, breakAfterMessages: 0 }).success).toBe(false);
    expect(
      queueSettingsSchema.safeParse({ ...valid, workingHours: weekdays({ start: '09:00' } as WorkingWindow) })
        .success,
    ).toBe(false);
  });
});

describe('describeQueueMoment', () => {
  const settings = buildSettings({ timeZone: 'Europe/Lisbon', breakAfterMessages: 10, breakMinutes: 15 });
  const now = new Date('2026-11-27T14:00:00.000Z'); // Friday 14:00 in Lisbon (UTC+0 in November).

  it.each<[string, QueueMoment, QueueSettings, string]>([
    ['a send now', { kind: 'send', at: now }, settings, 'Sending the next message now.'],
    [
      'a send later today',
      { kind: 'send', at: new Date('2026-11-27T14:32:00.000Z') },
      settings,
      'Next message at 14:32.',
    ],
    [
      'a send after midnight',
      { kind: 'send', at: new Date('2026-11-28T00:15:00.000Z') },
      settings,
      'Next message on Saturday at 00:15.',
    ],
    [
      'the daily maximum',
      { kind: 'stopped', until: new Date('2026-11-30T09:00:00.000Z'), reason: 'daily-max' },
      settings,
      "Stopped: today's maximum of 40 messages is reached. Resumes Monday at 09:00.",
    ],
    [
      'a daily maximum of one',
      { kind: 'stopped', until: new Date('2026-11-30T09:00:00.000Z'), reason: 'daily-max' },
      { ...settings, dailyMax: 1 },
      "Stopped: today's maximum of 1 message is reached. Resumes Monday at 09:00.",
    ],
    [
      'a break',
      { kind: 'stopped', until: new Date('2026-11-27T14:15:00.000Z'), reason: 'break' },
      settings,
      'Stopped: a 15-minute break after 10 messages in a row. Resumes at 14:15.',
    ],
    [
      'a break once breaks are switched off',
      { kind: 'stopped', until: new Date('2026-11-27T14:15:00.000Z'), reason: 'break' },
      { ...settings, breakAfterMessages: null },
      'Stopped: a 15-minute break. Resumes at 14:15.',
    ],
    [
      'outside hours',
      { kind: 'stopped', until: new Date('2026-11-28T09:00:00.000Z'), reason: 'outside-hours' },
      settings,
      'Stopped: outside working hours. Resumes Saturday at 09:00.',
    ],
    [
      'a resumption a week or more away, with its date',
      { kind: 'stopped', until: new Date('2026-12-04T09:00:00.000Z'), reason: 'outside-hours' },
      settings,
      'Stopped: outside working hours. Resumes Friday 4 December at 09:00.',
    ],
    [
      'no hours',
      { kind: 'stopped', until: null, reason: 'no-hours' },
      settings,
      'Stopped: no working hours are set. Add a sending window to start the queue.',
    ],
    [
      'a time in the queue’s zone, not UTC',
      { kind: 'stopped', until: new Date('2026-11-28T14:00:00.000Z'), reason: 'outside-hours' },
      { ...settings, timeZone: 'America/New_York' },
      'Stopped: outside working hours. Resumes Saturday at 09:00.',
    ],
    [
      'today by the queue’s zone: 23:00 UTC is already Saturday in Auckland',
      { kind: 'send', at: new Date('2026-11-27T23:00:00.000Z') },
      { ...settings, timeZone: 'Pacific/Auckland' },
      'Next message at 12:00.',
    ],
  ])('describes %s', (_label, moment, settingsUsed, expected) => {
    expect(describeQueueMoment(moment, settingsUsed, now)).toBe(expected);
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['midday in UTC', '2026-11-23T12:00:00.000Z', 'UTC', '2026-11-23T00:00:00.000Z'],
    [
      'late evening in New York, a UTC day later',
      '2026-11-24T03:00:00.000Z',
      'America/New_York',
      '2026-11-23T05:00:00.000Z',
    ],
    [
      'early morning in Kolkata, a UTC day earlier',
      '2026-11-22T20:00:00.000Z',
      'Asia/Kolkata',
      '2026-11-22T18:30:00.000Z',
    ],
    ['Auckland in summer time', '2026-11-23T02:00:00.000Z', 'Pacific/Auckland', '2026-11-22T11:00:00.000Z'],
    [
      'the Lisbon spring-forward day, still in winter time',
      '2026-03-29T12:00:00.000Z',
      'Europe/Lisbon',
      '2026-03-29T00:00:00.000Z',
    ],
    [
      'the day after it, in summer time',
      '2026-03-30T12:00:00.000Z',
      'Europe/Lisbon',
      '2026-03-29T23:00:00.000Z',
    ],
    [
      'the Lisbon fall-back day, in summer time',
      '2026-10-25T12:00:00.000Z',
      'Europe/Lisbon',
      '2026-10-24T23:00:00.000Z',
    ],
    [
      'the New York spring-forward day',
      '2026-03-08T20:00:00.000Z',
      'America/New_York',
      '2026-03-08T05:00:00.000Z',
    ],
    [
      'the New York fall-back day',
      '2026-11-01T20:00:00.000Z',
      'America/New_York',
      '2026-11-01T04:00:00.000Z',
    ],
    [
      'a Santiago day whose midnight is skipped: it starts at 01:00',
      '2026-09-06T15:00:00.000Z',
      'America/Santiago',
      '2026-09-06T04:00:00.000Z',
    ],
    ['its very first instant', '2026-10-24T23:00:00.000Z', 'Europe/Lisbon', '2026-10-24T23:00:00.000Z'],
  ])('starts %s', (_label, at, timeZone, expected) => {
    expect(startOfLocalDay(new Date(at), timeZone).toISOString()).toBe(expected);
  });
});

describe('resolveLocalTime', () => {
  it.each([
    ['an ordinary winter time', '2026-01-15', '09:00', 'Europe/Lisbon', '2026-01-15T09:00:00.000Z'],
    ['an ordinary summer time', '2026-07-15', '09:00', 'Europe/Lisbon', '2026-07-15T08:00:00.000Z'],
    ['a half-hour offset', '2026-01-15', '00:00', 'Asia/Kolkata', '2026-01-14T18:30:00.000Z'],
    [
      'a time Lisbon skips, at the end of the gap',
      '2026-03-29',
      '01:30',
      'Europe/Lisbon',
      '2026-03-29T01:00:00.000Z',
    ],
    [
      'the first time after the Lisbon gap',
      '2026-03-29',
      '02:00',
      'Europe/Lisbon',
      '2026-03-29T01:00:00.000Z',
    ],
    [
      'the last time before the Lisbon gap',
      '2026-03-29',
      '00:59',
      'Europe/Lisbon',
      '2026-03-29T00:59:00.000Z',
    ],
    ['a time New York skips', '2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:00:00.000Z'],
    [
      'a time Lisbon repeats, first occurrence',
      '2026-10-25',
      '01:30',
      'Europe/Lisbon',
      '2026-10-25T00:30:00.000Z',
    ],
    [
      'a time New York repeats, first occurrence',
      '2026-11-01',
      '01:00',
      'America/New_York',
      '2026-11-01T05:00:00.000Z',
    ],
    ['a midnight Santiago skips', '2026-09-06', '00:00', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
    ['a time Auckland repeats', '2026-04-05', '02:30', 'Pacific/Auckland', '2026-04-04T13:30:00.000Z'],
  ])('resolves %s', (_label, date, time, timeZone, expected) => {
    expect(resolveLocalTime({ date, time, timeZone }).toISOString()).toBe(expected);
  });

  it('refuses a date or time it cannot read', () => {
    expect(() => resolveLocalTime({ date: '29/03/2026', time: '09:00', timeZone: 'UTC' })).toThrow(
      RangeError,
    );
    expect(() => resolveLocalTime({ date: '2026-03-29', time: '24:00', timeZone: 'UTC' })).toThrow(
      RangeError,
    );
  });
});
