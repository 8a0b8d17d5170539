import { describe, expect, it } from 'vitest';
import { createReminderBurst } from './reminder-burst';

describe('createReminderBurst', () => {
  it('gives the first reminders of a burst a toast each and counts the rest in one', () => {
    const next = createReminderBurst(3, 5_000);
    const kinds = Array.from({ length: 2_000 }, (_, index) => next(1_000 + index));
    expect(kinds.slice(0, 3)).toEqual([{ kind: 'separate' }, { kind: 'separate' }, { kind: 'separate' }]);
    expect(kinds[3]).toEqual({ kind: 'merged', count: 1 });
    expect(kinds.at(-1)).toEqual({ kind: 'merged', count: 1_997 });
  });

  it('starts a new burst once the window has passed', () => {
    const next = createReminderBurst(1, 5_000);
    expect(next(0)).toEqual({ kind: 'separate' });
    expect(next(4_000)).toEqual({ kind: 'merged', count: 1 });
    expect(next(5_001)).toEqual({ kind: 'separate' });
  });
});
