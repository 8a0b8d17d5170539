/**
 * Waits `ms`, or ends early when the page's signal aborts (the tab is left) or `wake` is called;
 * `onWait` receives that `wake`, for a processor that ends its wait after a pause or a resume.
 */
export function abortableSleep(
  signal: AbortSignal,
  ms: number,
  onWait?: (wake: () => void) => void,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    signal.addEventListener('abort', done);
    onWait?.(done);
  });
}
