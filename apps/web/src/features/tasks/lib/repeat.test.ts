import { describe, expect, it } from 'vitest';
import { describeRepeat, readRepeatForm, toRepeatForm } from './repeat';

describe('describeRepeat', () => {
  it.each([
    [{ every: 'day' as const, interval: 1 }, 'Every day'],
    [{ every: 'day' as const, interval: 3, count: 4 }, 'Every 3 days, 4 times'],
    [{ every: 'week' as const, interval: 2, weekdays: [4, 1] }, 'Every 2 weeks on Mon, Thu'],
    [{ every: 'month' as const, interval: 1, dayOfMonth: 5, count: 1 }, 'Every month on day 5, 1 time'],
    [{ every: 'day' as const, interval: 1, until: '2026-12-31' }, 'Every day, until Dec 31, 2026'],
  ])('says how %j repeats', (rule, text) => {
    expect(describeRepeat(rule)).toBe(text);
  });
});

describe('the repeat editor', () => {
  it('starts weekly and monthly rules on the due date’s weekday and day', () => {
    const form = toRepeatForm(null, '2026-11-26');
    expect(form).toMatchObject({ every: 'never', weekdays: [4], dayOfMonth: 26 });
    expect(readRepeatForm(form)).toEqual({ ok: true, rule: null });
    expect(readRepeatForm({ ...form, every: 'week' })).toEqual({
      ok: true,
      rule: { every: 'week', interval: 1, weekdays: [4] },
    });
  });

  it('gives back the rule it was opened with', () => {
    const rule = { every: 'month' as const, interval: 2, dayOfMonth: 31, until: '2027-06-30' };
    expect(readRepeatForm(toRepeatForm(rule, '2026-11-30'))).toEqual({ ok: true, rule });
  });

  it.each([
    [{ every: 'day' as const, interval: 0 }, 'Repeat every 1 to 365 days.'],
    [{ every: 'week' as const, weekdays: [] }, 'Pick at least one weekday.'],
    [{ every: 'day' as const, ends: 'until' as const, until: '' }, 'Pick the last date.'],
    [{ every: 'day' as const, ends: 'count' as const, count: 0 }, 'Repeat 1 to 1000 times.'],
  ])('says what to fix in %j', (change, error) => {
    expect(readRepeatForm({ ...toRepeatForm(null, '2026-11-26'), ...change })).toEqual({ ok: false, error });
  });
});
