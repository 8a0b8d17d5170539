import { isFrameApiPath } from '@grouptrack/domain';
import { QUICK_RETRY_DELAYS_MS } from './backoff';

/** What the server answered, or that it could not be reached at all. */
export type ServerAnswer = { kind: 'answered'; status: number; body: unknown } | { kind: 'unreachable' };

export interface ServerCall {
  serverUrl: string;
  token: string;
  method: string;
  path: string;
  body?: unknown;
}

export interface ServerCallDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** How long one try may take before it counts as a network failure. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Makes one data call at the extension's server with its token. A network failure on a read is tried
 * again after QUICK_RETRY_DELAYS_MS; a write is not, since it may have reached the server before the
 * connection broke and the user would not want it made twice. Paths outside the data API are refused
 * here as well as in the relay, so no caller can send the token elsewhere.
 */
export async function callServer(call: ServerCall, deps: ServerCallDeps): Promise<ServerAnswer> {
  if (!isFrameApiPath(call.path)) {
    return answered(400, `The extension does not make calls to ${call.path}`);
  }
  const delays = call.method === 'GET' ? QUICK_RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await deps.fetch(`${call.serverUrl}${call.path}`, {
        method: call.method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${call.token}`,
          ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        // The extension's token is the credential: the web app's cookies for the site stay out of it.
        credentials: 'omit',
        signal: AbortSignal.timeout(deps.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      return { kind: 'answered', status: response.status, body: await readBody(response) };
    } catch {
      const delay = delays[attempt];
      if (delay === undefined) return { kind: 'unreachable' };
      await deps.sleep(delay);
    }
  }
}

/** The JSON body of an answer, or the error shape of the API for an answer that is not JSON. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { error: { code: 'bad-response', message: 'Something went wrong' } };
  }
}

function answered(status: number, message: string): ServerAnswer {
  return { kind: 'answered', status, body: { error: { code: 'bad-request', message } } };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
