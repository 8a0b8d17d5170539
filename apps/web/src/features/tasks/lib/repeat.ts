import type { RepeatRule } from '@grouptrack/domain';

/** Weekday names from Sunday (0), as the repeat rule numbers them. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The repeat editor's state: how often, on which days, and when it ends. */
export interface RepeatForm {
  every: 'never' | 'day' | 'week' | 'month';
  interval: number;
  weekdays: number[];
  dayOfMonth: number;
  ends: 'never' | 'until' | 'count';
  until: string;
  count: number;
}

/** The editor's state for a rule (or for no repeat), starting from the task's due date. */
export function toRepeatForm(rule: RepeatRule | null, dueDate: string): RepeatForm {
  const due = new Date(`${dueDate}T00:00:00Z`);
  const valid = !Number.isNaN(due.getTime());
  const base: RepeatForm = {
    every: 'never',
    interval: 1,
    weekdays: valid ? [due.getUTCDay()] : [1],
    dayOfMonth: valid ? due.getUTCDate() : 1,
    ends: 'never',
    until: '',
    count: 5,
  };
  if (!rule) return base;
  return {
    ...base,
    every: rule.every,
    interval: rule.interval,
    ...(rule.every === 'week' && { weekdays: [...rule.weekdays].sort((a, b) => a - b) }),
    ...(rule.every === 'month' && { dayOfMonth: rule.dayOfMonth }),
    ...(rule.until ? { ends: 'until' as const, until: rule.until } : {}),
    ...(rule.count ? { ends: 'count' as const, count: rule.count } : {}),
  };
}

/** Reads the editor: the rule, null for no repeat, or what to fix. */
export function readRepeatForm(
  form: RepeatForm,
): { ok: true; rule: RepeatRule | null } | { ok: false; error: string } {
  if (form.every === 'never') return { ok: true, rule: null };
  const max = { day: 365, week: 52, month: 24 }[form.every];
  if (!Number.isInteger(form.interval) || form.interval < 1 || form.interval > max)
    return { ok: false, error: `Repeat every 1 to ${max} ${form.every}s.` };
  const end =
    form.ends === 'until'
      ? /^\d{4}-\d{2}-\d{2}$/.test(form.until)
        ? { until: form.until }
        : null
      : form.ends === 'count'
        ? Number.isInteger(form.count) && form.count >= 1 && form.count <= 1000
          ? { count: form.count }
          : null
        : {};
  if (end === null)
    return {
      ok: false,
      error: form.ends === 'until' ? 'Pick the last date.' : 'Repeat 1 to 1000 times.',
    };
  switch (form.every) {
    case 'day':
      return { ok: true, rule: { every: 'day', interval: form.interval, ...end } };
    case 'week':
      if (form.weekdays.length === 0) return { ok: false, error: 'Pick at least one weekday.' };
      return {
        ok: true,
        rule: {
          every: 'week',
          interval: form.interval,
          weekdays: [...form.weekdays].sort((a, b) => a - b),
          ...end,
        },
      };
    case 'month':
      if (!Number.isInteger(form.dayOfMonth) || form.dayOfMonth < 1 || form.dayOfMonth > 31)
        return { ok: false, error: 'Pick a day of the month from 1 to 31.' };
      return {
        ok: true,
        rule: { every: 'month', interval: form.interval, dayOfMonth: form.dayOfMonth, ...end },
      };
  }
}

function formatDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString(undefined, {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
}

/** Says how a task repeats: "Every day", "Every 2 weeks on Mon, Thu", "Every month on day 5, 3 times". */
export function describeRepeat(rule: RepeatRule): string {
  const unit = { day: 'day', week: 'week', month: 'month' }[rule.every];
  let text = rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`;
  if (rule.every === 'week')
    text += ` on ${[...rule.weekdays]
      .sort((a, b) => a - b)
      .map((day) => WEEKDAYS[day] ?? '')
      .join(', ')}`;
  if (rule.every === 'month') text += ` on day ${rule.dayOfMonth}`;
  if (rule.until) text += `, until ${formatDate(rule.until)}`;
  if (rule.count) text += `, ${rule.count} ${rule.count === 1 ? 'time' : 'times'}`;
  return text;
}
