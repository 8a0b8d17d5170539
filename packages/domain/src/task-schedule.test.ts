import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  computeDueAt,
  findNextOccurrence,
  findWeekday,
  followDueDate,
  formatDateInZone,
  type RepeatRule,
} from './task-schedule';

describe('computeDueAt', () => {
  it.each([
    ['2026-11-21', undefined, 'America/New_York', '2026-11-21T13:00:00.000Z'],
    ['2026-07-01', undefined, 'America/New_York', '2026-07-01T12:00:00.000Z'],
    ['2026-07-01', '17:30', 'Europe/Madrid', '2026-07-01T15:30:00.000Z'],
    ['2026-01-15', '00:00', 'Asia/Kolkata', '2026-01-14T18:30:00.000Z'],
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    ['2028-02-29', undefined, 'UTC', '2028-02-29T08:00:00.000Z'],
  ])('%s %s in %s is due at %s (8 am when there is no time)', (date, time, timeZone, expected) => {
    expect(new Date(computeDueAt({ date, time, timeZone })).toISOString()).toBe(expected);
  });

  it('refuses a date or time it cannot read', () => {
    expect(() => computeDueAt({ date: '21/11/2026', timeZone: 'UTC' })).toThrow(/YYYY-MM-DD/);
    expect(() => computeDueAt({ date: '2026-11-21', time: '8am', timeZone: 'UTC' })).toThrow(/HH:mm/);
  });
});

describe('findNextOccurrence', () => {
  it.each<[string, RepeatRule, string, number, string | null]>([
    ['every 3 days', { every: 'day', interval: 3 }, '2026-12-30', 1, '2027-01-02'],
    [
      'weekly on Mon and Thu, from a Monday',
      { every: 'week', interval: 1, weekdays: [1, 4] },
      '2026-11-23',
      1,
      '2026-11-26',
    ],
    [
      'weekly on Mon and Thu, from a Thursday',
      { every: 'week', interval: 1, weekdays: [1, 4] },
      '2026-11-26',
      1,
      '2026-11-30',
    ],
    ['every 2 weeks on Monday', { every: 'week', interval: 2, weekdays: [1] }, '2026-11-23', 1, '2026-12-07'],
    [
      'monthly on the 31st into February',
      { every: 'month', interval: 1, dayOfMonth: 31 },
      '2027-01-31',
      1,
      '2027-02-28',
    ],
    [
      'monthly on the 31st into a leap February',
      { every: 'month', interval: 1, dayOfMonth: 31 },
      '2028-01-31',
      1,
      '2028-02-29',
    ],
    [
      'monthly back to the 31st after February',
      { every: 'month', interval: 1, dayOfMonth: 31 },
      '2027-02-28',
      2,
      '2027-03-31',
    ],
    [
      'every 12 months across years',
      { every: 'month', interval: 12, dayOfMonth: 15 },
      '2026-11-15',
      1,
      '2027-11-15',
    ],
    [
      'until a date that the next one passes',
      { every: 'day', interval: 7, until: '2026-12-01' },
      '2026-11-28',
      1,
      null,
    ],
    [
      'until the very day of the next one',
      { every: 'day', interval: 3, until: '2026-12-01' },
      '2026-11-28',
      1,
      '2026-12-01',
    ],
    ['for 3 times, after the third', { every: 'day', interval: 1, count: 3 }, '2026-11-23', 3, null],
    ['for 3 times, after the second', { every: 'day', interval: 1, count: 3 }, '2026-11-22', 2, '2026-11-23'],
  ])('%s', (_label, rule, date, occurrence, expected) => {
    expect(findNextOccurrence(rule, date, occurrence)).toBe(expected);
  });

  it('refuses a rule that cannot repeat', () => {
    expect(() => findNextOccurrence({ every: 'day', interval: 0 }, '2026-11-21', 1)).toThrow(/interval/);
    expect(() => findNextOccurrence({ every: 'week', interval: 1, weekdays: [] }, '2026-11-21', 1)).toThrow(
      /weekday/,
    );
  });
});

describe('formatDateInZone and addDaysToDate', () => {
  it('gives the date on the wall calendar of the zone, not of UTC', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Madrid, and still the 31st in New York.
    const instant = Date.UTC(2026, 11, 31, 23, 30);
    expect(formatDateInZone(instant, 'Europe/Madrid')).toBe('2027-01-01');
    expect(formatDateInZone(instant, 'America/New_York')).toBe('2026-12-31');
    expect(formatDateInZone(instant, 'UTC')).toBe('2026-12-31');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDaysToDate('2026-12-30', 2)).toBe('2027-01-01');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2026-03-10', 0)).toBe('2026-03-10');
  });
});

describe('a repeat follows the due date', () => {
  const opened = { weekdays: [2], dayOfMonth: 24 }; // Opened on Tuesday 24 November 2026.

  it('moves a monthly day and a weekly weekday that fell on the old due date to the new one', () => {
    const moved = followDueDate(opened, '2026-11-24', '2026-12-15');
    expect(moved).toEqual({ weekdays: [findWeekday('2026-12-15')], dayOfMonth: 15 });
    expect(findWeekday('2026-12-15')).toBe(2);
    expect(followDueDate(opened, '2026-11-24', '2026-12-17')).toEqual({ weekdays: [4], dayOfMonth: 17 });
    // The task due 15 December then comes back on 15 January, not on the 24th.
    const rule: RepeatRule = { every: 'month', interval: 1, dayOfMonth: moved.dayOfMonth };
    expect(findNextOccurrence(rule, '2026-12-15', 1)).toBe('2027-01-15');
  });

  it('keeps days chosen apart from the due date', () => {
    expect(followDueDate({ weekdays: [1, 4], dayOfMonth: 1 }, '2026-11-24', '2026-12-15')).toEqual({
      weekdays: [1, 4],
      dayOfMonth: 1,
    });
  });

  it('waits for a whole date, and starts from one when there was none', () => {
    expect(followDueDate(opened, '2026-11-24', '2026-12-')).toEqual(opened);
    expect(followDueDate(opened, '', '2026-12-31')).toEqual({ weekdays: [4], dayOfMonth: 31 });
  });
});
