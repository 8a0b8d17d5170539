import { useMemo, useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;

// One clock for the page, ticking every minute while anything shows a time that depends on it.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: number | undefined;

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    now = Date.now();
    timer = window.setInterval(() => {
      now = Date.now();
      for (const each of listeners) each();
    }, MINUTE_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.clearInterval(timer);
  };
}

/** The current time, moving on every minute, so what is due or overdue changes as time passes. */
export function useNow(): Date {
  const time = useSyncExternalStore(subscribe, () => now);
  return useMemo(() => new Date(time), [time]);
}
