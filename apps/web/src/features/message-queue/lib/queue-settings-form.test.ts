import { defaultQueueSettings } from '@grouptrack/domain';
import { describe, expect, it } from 'vitest';
import {
  addWindow,
  copyMondayToWeekdays,
  joinGap,
  removeWindow,
  setDayOff,
  toQueueSettingsForm,
  validateQueueSettingsForm,
} from './queue-settings-form';
import type { QueueSettingsFormValues } from './queue-settings-form';

const saved = defaultQueueSettings('facebook', 'Europe/Lisbon');
const form = (change: Partial<QueueSettingsFormValues> = {}): QueueSettingsFormValues => ({
  ...toQueueSettingsForm(saved),
  ...change,
});

describe('the queue settings form', () => {
  it('gives back exactly the settings it was filled with', () => {
    expect(validateQueueSettingsForm(form())).toEqual({ ok: true, settings: saved });
  });

  it('shows a gap in minutes and seconds and stores it in seconds', () => {
    const values = form({ minGap: { minutes: 1, seconds: 30 }, maxGap: { minutes: 2, seconds: '' } });
    expect(toQueueSettingsForm({ ...saved, minGapSeconds: 150 }).minGap).toEqual({ minutes: 2, seconds: 30 });
    expect(validateQueueSettingsForm(values)).toMatchObject({
      ok: true,
      settings: { minGapSeconds: 90, maxGapSeconds: 120 },
    });
  });

  it('saves no breaks as null, and keeps the break figure for when they come back', () => {
    const result = validateQueueSettingsForm(form({ hasBreaks: false }));
    expect(result).toMatchObject({ ok: true, settings: { breakAfterMessages: null, breakMinutes: 20 } });
    expect(toQueueSettingsForm({ ...saved, breakAfterMessages: null })).toMatchObject({
      hasBreaks: false,
      breakAfterMessages: 15,
    });
  });

  it.each<{ name: string; change: Partial<QueueSettingsFormValues>; place: string; message: string }>([
    {
      name: 'a gap under the schema minimum, in the units the user typed',
      change: { minGap: { minutes: 0, seconds: 5 } },
      place: 'minGap',
      message: 'Wait at least 10 seconds between messages.',
    },
    {
      name: 'a gap over the schema maximum',
      change: { maxGap: { minutes: 1441, seconds: 0 } },
      place: 'maxGap',
      message: 'Wait at most 24 hours between messages.',
    },
    {
      name: 'an empty gap',
      change: { minGap: { minutes: '', seconds: '' } },
      place: 'minGap',
      message: 'Enter the gap in whole minutes and seconds.',
    },
    {
      name: 'a longest gap shorter than the shortest, on the longest',
      change: { minGap: { minutes: 5, seconds: 0 }, maxGap: { minutes: 4, seconds: 0 } },
      place: 'maxGap',
      message: 'Make the longest gap at least as long as the shortest.',
    },
    {
      name: 'an empty daily maximum',
      change: { dailyMax: '' },
      place: 'dailyMax',
      message: 'Enter a whole number from 1 to 500.',
    },
    {
      name: 'a break of no minutes',
      change: { breakMinutes: 0 },
      place: 'breakMinutes',
      message: 'Enter whole minutes from 1 to 1440.',
    },
    {
      name: 'a time not written HH:MM, at its window, in the schema words',
      change: {
        workingHours: saved.workingHours.map((day, index) =>
          index === 3 ? [{ start: '9', end: '12:00' }] : day,
        ),
      },
      place: 'window.3.0',
      message: 'Use a time from 00:00 to 23:59, written HH:MM.',
    },
    {
      name: 'overlapping windows, at the later one, in the schema words',
      change: {
        workingHours: saved.workingHours.map((day, index) =>
          index === 1
            ? [
                { start: '09:00', end: '12:00' },
                { start: '11:00', end: '13:00' },
              ]
            : day,
        ),
      },
      place: 'window.1.1',
      message:
        "Monday's sending windows 09:00–12:00 and 11:00–13:00 overlap: join them into one window or move one.",
    },
    {
      name: 'an unknown time zone, in the schema words',
      change: { timeZone: 'Mars/Base' },
      place: 'timeZone',
      message: '"Mars/Base" is not a time zone we know: use an IANA name such as "Europe/Lisbon".',
    },
  ])('shows $name at its field', ({ change, place, message }) => {
    const result = validateQueueSettingsForm(form(change));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[place]).toBe(message);
  });

  it('saves no breaks even with the messages-before-a-break box left empty', () => {
    expect(validateQueueSettingsForm(form({ hasBreaks: false, breakAfterMessages: '' })).ok).toBe(true);
  });

  it('reads an empty box beside a filled one as zero', () => {
    expect(joinGap({ minutes: 3, seconds: '' })).toBe(180);
    expect(joinGap({ minutes: '', seconds: 45 })).toBe(45);
    expect(joinGap({ minutes: '', seconds: '' })).toBeNaN();
  });
});

describe('working hours in the form', () => {
  const hours = saved.workingHours;

  it('copies Monday to Tuesday through Friday and leaves the weekend alone', () => {
    const monday = [
      { start: '08:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ];
    const weekend = [{ start: '10:00', end: '12:00' }];
    const copied = copyMondayToWeekdays([weekend, monday, [], [], [], [], weekend]);
    expect(copied.slice(1, 6)).toEqual([monday, monday, monday, monday, monday]);
    expect(copied[0]).toEqual(weekend);
    expect(copied[6]).toEqual(weekend);
    // Copies, not the same objects: editing Tuesday must not change Monday.
    expect(copied[2]![0]).not.toBe(monday[0]);
  });

  it('switches a day off (no windows) and on again with the usual hours', () => {
    const off = setDayOff(hours, 0, true);
    expect(off[0]).toEqual([]);
    expect(setDayOff(off, 0, false)[0]).toEqual([{ start: '09:00', end: '19:00' }]);
  });

  it('adds a window two hours from the last one, capped at the day end, and removes one', () => {
    const added = addWindow(hours, 1);
    expect(added[1]).toEqual([
      { start: '09:00', end: '19:00' },
      { start: '19:00', end: '21:00' },
    ]);
    expect(addWindow([[], [{ start: '20:00', end: '23:00' }], [], [], [], [], []], 1)[1]![1]).toEqual({
      start: '23:00',
      end: '23:59',
    });
    expect(removeWindow(added, 1, 0)[1]).toEqual([{ start: '19:00', end: '21:00' }]);
  });
});
