/**
 * Waits between quick retries of a read that met a network failure, inside one call: a server that is
 * restarting answers again within seconds, and a frame should not wait half a minute for its answer.
 */
export const QUICK_RETRY_DELAYS_MS = [1000, 3000] as const;

/** chrome.alarms fires no sooner than 30 s in a packed extension: longer waits go through an alarm. */
export const ALARM_FLOOR_MS = 30_000;

/** The longest wait between two tries at an unreachable server. */
export const MAX_RECONNECT_DELAY_MS = 10 * 60_000;

/**
 * How long to wait before trying an unreachable server again after `failures` failed tries in a row:
 * 30 s, 1 min, 2 min… up to 10 min, so a server down for the night is not called every half minute.
 */
export function reconnectDelayMs(failures: number): number {
  const steps = Math.max(0, Math.floor(failures) - 1);
  return Math.min(ALARM_FLOOR_MS * 2 ** Math.min(steps, 16), MAX_RECONNECT_DELAY_MS);
}
