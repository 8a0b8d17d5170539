import { describe, expect, it } from 'vitest';
import { formatDueOffset } from './due-offset';

describe('formatDueOffset', () => {
  it.each([
    {
      name: 'says today at 8:00 when the template sets no day and no time',
      dueInDays: 0,
      dueTime: null,
      expected: 'today at 8:00',
    },
    { name: 'says tomorrow for one day', dueInDays: 1, dueTime: '09:30', expected: 'tomorrow at 9:30' },
    {
      name: 'counts the days and keeps the time',
      dueInDays: 2,
      dueTime: '10:00',
      expected: 'in 2 days at 10:00',
    },
    {
      name: 'keeps an afternoon time as set',
      dueInDays: 14,
      dueTime: '17:05',
      expected: 'in 14 days at 17:05',
    },
  ])('$name', ({ dueInDays, dueTime, expected }) => {
    expect(formatDueOffset({ dueInDays, dueTime })).toBe(expected);
  });
});
