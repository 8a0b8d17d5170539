import { ERROR_STATUS, MESSAGES } from '@grouptrack/domain';
import { isExtensionFrame, requestThroughExtension } from './extension-transport';

const REQUEST_TIMEOUT_MS = 30_000;

/** A failed call to the server, carrying its HTTP status, error code and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Checks whether an error is an ApiError with the given HTTP status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message to show a user for any error thrown while talking to the server. */
export function formatErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.somethingWentWrong;
}

/** The path of a team-scoped endpoint: `/api/v1/teams/:teamUID/<segments>`, each segment encoded. */
export function teamPath(teamUID: string, ...segments: string[]): string {
  return ['/api/v1/teams', teamUID, ...segments]
    .map((segment, index) => (index === 0 ? segment : encodeURIComponent(segment)))
    .join('/');
}

/** The path of a contact's endpoint, or of something under it: `/api/v1/teams/:teamUID/contacts/:GTID/…`. */
export function contactPath(teamUID: string, GTID: string, ...segments: string[]): string {
  return teamPath(teamUID, 'contacts', GTID, ...segments);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the server with JSON and the session cookie; resolves with the parsed body, throws an ApiError. */
export async function requestJson<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  if (isExtensionFrame()) {
    // Inside the extension's frame the extension makes the call with its own session (no cookies here).
    const answer = await requestThroughExtension(path, {
      method,
      body,
      signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    if (answer.status === 0) throw toApiError(0, answer.body);
    if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, answer.body);
    return (answer.body ?? undefined) as T;
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new ApiError(0, 'timeout', 'The server took too long to answer. Try again in a moment.');
    }
    throw new ApiError(0, 'network', 'Could not reach GroupTrack. Check your connection and try again.');
  }
  const payload = await readPayload(response);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

/** Calls one of our `/api/v1` endpoints and unwraps its `{ data }`. */
export async function requestData<T>(path: string, options?: RequestOptions): Promise<T> {
  const payload = await requestJson<{ data: T } | undefined>(path, options);
  return payload?.data as T;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.ok)
      throw new ApiError(response.status, ERROR_STATUS.badResponse, MESSAGES.somethingWentWrong);
    return undefined;
  }
}

// Our API answers { error: { code, message } }, better-auth answers { code, message }, a limit { error: { ... } }.
function toApiError(status: number, payload: unknown): ApiError {
  const outer = isRecord(payload) ? payload : {};
  const inner = isRecord(outer.error) ? outer.error : outer;
  const message = typeof inner.message === 'string' && inner.message !== '' ? inner.message : undefined;
  const code = typeof inner.code === 'string' ? inner.code : ERROR_STATUS.badResponse;
  return new ApiError(status, code, message ?? MESSAGES.somethingWentWrong, inner.details);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
