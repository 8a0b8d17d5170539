import { formatFunctionCallError } from '@grouptrack/domain';
import { ApiError, requestJson } from './api-client';

/**
 * Calls one of the server's callable functions (`POST /functions/<name>`, SPEC §7) and resolves with its
 * answer; any failure becomes an ApiError saying 'Error calling function <name>' (SPEC §8).
 */
export async function callFunction<T>(name: string, body: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await requestJson<T>(`/functions/${encodeURIComponent(name)}`, { method: 'POST', body, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const status = error instanceof ApiError ? error.status : 0;
    const code = error instanceof ApiError ? error.code : 'network';
    throw new ApiError(status, code, formatFunctionCallError(name));
  }
}
