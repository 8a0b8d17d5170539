/** How many reminders of a burst get a toast each; the rest share one. */
export const SEPARATE_REMINDER_TOASTS = 3;
/** Reminders arriving within this long of the first of a burst belong to it. */
export const REMINDER_BURST_MS = 5_000;

export type ReminderToast = { kind: 'separate' } | { kind: 'merged'; count: number };

/**
 * Decides how each arriving reminder is shown, so that many tasks due at once (a bulk "create task"
 * over thousands of contacts) make a few toasts and one "N more" toast, not one toast each.
 */
export function createReminderBurst(
  separate = SEPARATE_REMINDER_TOASTS,
  windowMs = REMINDER_BURST_MS,
): (now: number) => ReminderToast {
  let startedAt = Number.NEGATIVE_INFINITY;
  let shown = 0;
  let merged = 0;
  return (now) => {
    if (now - startedAt > windowMs) {
      startedAt = now;
      shown = 0;
      merged = 0;
    }
    if (shown < separate) {
      shown += 1;
      return { kind: 'separate' };
    }
    merged += 1;
    return { kind: 'merged', count: merged };
  };
}
