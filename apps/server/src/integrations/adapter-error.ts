/**
 * How an outside system refused: `temporary` (down, slow, rate-limited: the same call may pass
 * later), `auth` (the credentials were refused), `not-found` (the record named is not there),
 * `invalid` (the system refuses this very call: a bad address, a rejected recipient).
 */
export type AdapterErrorCode = 'temporary' | 'auth' | 'not-found' | 'invalid';

/** What an adapter throws, so a worker can choose between a retry and a final failure. */
export class AdapterError extends Error {
  override readonly name = 'AdapterError';

  /** The HTTP status the system answered, when it answered one. */
  readonly status: number | null;
  /** How long the system asked to be left alone (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | null;

  constructor(
    readonly code: AdapterErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number | null; retryAfterMs?: number | null },
  ) {
    super(message, options);
    this.status = options?.status ?? null;
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }
}

/**
 * Whether a failed call is worth retrying. Only a temporary refusal is: the others fail the same way
 * on every try. An error no adapter classified (a bug, the database away) is retried, as every
 * failure was before adapters said which is which.
 */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof AdapterError) || error.code === 'temporary';
}
