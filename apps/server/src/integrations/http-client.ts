import { isRetryableStatus } from '@grouptrack/domain';
import { AdapterError } from './adapter-error';

/** How long one call to an outside system may take before it counts as failed (and is retried). */
const CALL_TIMEOUT_MS = 15_000;

/** A system's limit: at most `requests` calls per `perMs` milliseconds for one credential. */
export interface RateLimit {
  requests: number;
  perMs: number;
}

/** One HTTP call of an adapter. A `json` body is sent as JSON, a `form` body url-encoded. */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Exact bytes to send (a signed webhook body), with its content type in `headers`. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON, or null when empty. */
  body: unknown;
  text: string;
}

/**
 * The one way adapters call out: it waits for the credential's rate limit, honours a Retry-After
 * the system gave earlier, times out, and turns failures into AdapterError. A 2xx answers the
 * response; anything else throws, with the message `describeError` finds in the system's body.
 */
export interface HttpClient {
  request(
    request: HttpRequest,
    options: {
      /** The credential the limit counts against (one bucket per system and account). */
      limitKey: string;
      limit: RateLimit;
      /** The system's own words for a failed answer; the status line when it says nothing. */
      describeError?: (response: HttpResponse) => string | null;
    },
  ): Promise<HttpResponse>;
}

/** Waits between calls so that no credential goes over its system's limit (a token bucket each). */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((done) => setTimeout(done, ms)),
  ) {}

  /** Resolves when one more call under `key` stays within `limit`. Calls under one key go in order. */
  take(key: string, limit: RateLimit): Promise<void> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const turn = previous.then(() => this.wait(key, limit));
    this.queues.set(
      key,
      turn.catch(() => undefined),
    );
    return turn;
  }

  /** No call under `key` starts within the next `ms` (a Retry-After the system answered). */
  pause(key: string, ms: number) {
    this.pausedUntil.set(key, Math.max(this.pausedUntil.get(key) ?? 0, this.now() + ms));
  }

  private async wait(key: string, limit: RateLimit) {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: limit.requests, at: this.now() };
      this.buckets.set(key, bucket);
    }
    const rate = limit.requests / limit.perMs;
    for (;;) {
      const now = this.now();
      const paused = this.pausedUntil.get(key) ?? 0;
      if (paused > now) {
        await this.sleep(paused - now);
        continue;
      }
      bucket.tokens = Math.min(limit.requests, bucket.tokens + (now - bucket.at) * rate);
      bucket.at = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      await this.sleep(Math.ceil((1 - bucket.tokens) / rate));
    }
  }
}

/** Reads Retry-After (whole seconds, or an HTTP date) into milliseconds from now; null when it is neither. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month in letters ("Wed, 21 Oct 2015 07:28:00 GMT").
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Shortens a system's answer for the delivery log. */
export function clip(text: string, length = 500): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The HTTP client over fetch that every adapter shares in one process. */
export function createHttpClient(
  options: { fetch?: typeof fetch; limiter?: RateLimiter; timeoutMs?: number } = {},
): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const limiter = options.limiter ?? new RateLimiter();
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  return {
    async request(request, { limitKey, limit, describeError }) {
      await limiter.take(limitKey, limit);
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      let body: string | undefined = request.body;
      if (request.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(request.json);
      } else if (request.form) {
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      }
      let answer: Response;
      try {
        answer = await doFetch(request.url, {
          method: request.method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        const host = safeHost(request.url);
        throw new AdapterError(
          'temporary',
          timedOut ? `${host} did not answer within ${timeoutMs / 1000} s.` : `${host} could not be reached.`,
          { cause: error },
        );
      }
      const text = await answer.text();
      const response: HttpResponse = {
        status: answer.status,
        headers: answer.headers,
        body: parseBody(text),
        text,
      };
      if (answer.status >= 200 && answer.status < 300) return response;
      const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
      // A system that asks for a rest (429, or 503 while it recovers) gets it from every call of the key.
      if (retryAfterMs !== null && (answer.status === 429 || answer.status === 503)) {
        limiter.pause(limitKey, retryAfterMs);
      }
      const said = describeError?.(response) ?? (text.trim() === '' ? null : clip(text.trim()));
      const message = `${answer.status} ${answer.statusText || statusName(answer.status)}${said ? `: ${said}` : ''}`;
      throw new AdapterError(errorCode(answer.status), message, { status: answer.status, retryAfterMs });
    },
  };
}

function errorCode(status: number) {
  if (isRetryableStatus(status)) return 'temporary';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404 || status === 410) return 'not-found';
  return 'invalid';
}

function statusName(status: number): string {
  if (status >= 500) return 'Server Error';
  if (status >= 300 && status < 400) return 'Redirect';
  return 'Error';
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'The system';
  }
}
