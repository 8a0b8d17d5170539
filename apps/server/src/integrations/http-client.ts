import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
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

/** Addresses of this machine and its private networks, which users' URLs must not reach in production. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv4');
  }
  for (const [network, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(network, prefix, 'ipv6');
  }
  return list;
})();

/** Whether an IP address is one of this machine's or of a private network (an IPv4-mapped one too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE_NETWORKS.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Lookup = (host: string) => Promise<string[]>;

const lookupAll: Lookup = async (host) =>
  (await dnsLookup(host, { all: true })).map((entry) => entry.address);

/**
 * Refuses a URL whose host is, or resolves to, a private or local address: a webhook or an API URL
 * is typed by a team's admin, and must not make the server call its own network. (A name that
 * resolves differently at the call is not caught; the operator's network should also keep the
 * server from its private ranges.)
 */
async function checkPublicAddress(url: string, lookup: Lookup) {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    throw new AdapterError('invalid', `${url} is not a web address.`);
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await lookup(host);
  } catch (error) {
    throw new AdapterError('temporary', `${host} could not be found.`, { cause: error });
  }
  if (addresses.some(isPrivateAddress)) {
    throw new AdapterError(
      'invalid',
      `${host} is a private or local address: GroupTrack sends only to public ones.`,
    );
  }
}

/** The HTTP client over fetch that every adapter shares in one process. */
export function createHttpClient(
  options: {
    fetch?: typeof fetch;
    limiter?: RateLimiter;
    timeoutMs?: number;
    /** False in production (CONNECTIONS_ALLOW_PRIVATE_ADDRESSES): only public addresses are called. */
    allowPrivateAddresses?: boolean;
    lookup?: Lookup;
  } = {},
): HttpClient {
  const doFetch = options.fetch ?? fetch;
  const limiter = options.limiter ?? new RateLimiter();
  const timeoutMs = options.timeoutMs ?? CALL_TIMEOUT_MS;
  const allowPrivate = options.allowPrivateAddresses ?? true;
  const lookup = options.lookup ?? lookupAll;
  return {
    async request(request, { limitKey, limit, describeError }) {
      if (!allowPrivate) await checkPublicAddress(request.url, lookup);
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
