/** The time a task is due when its template sets none (SPEC: 8 am). */
export const DEFAULT_DUE_TIME = '08:00';

/** Writes "HH:mm" as people read it: "08:00" becomes "8:00". */
export function formatClockTime(time: string): string {
  return time.replace(/^0(\d)/, '$1');
}

/** When a task made from a template is due, in words: "today at 8:00", "tomorrow at 9:30", "in 2 days at 10:00". */
export function formatDueOffset({
  dueInDays,
  dueTime,
}: {
  dueInDays: number;
  dueTime: string | null;
}): string {
  const time = formatClockTime(dueTime ?? DEFAULT_DUE_TIME);
  if (dueInDays === 0) return `today at ${time}`;
  if (dueInDays === 1) return `tomorrow at ${time}`;
  return `in ${dueInDays} days at ${time}`;
}
