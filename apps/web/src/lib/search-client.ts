import { MESSAGES, type SearchAnswer, type SearchRequest } from '@grouptrack/domain';
import { ApiError, requestData, requestJson } from './api-client';

export type { OpenDealsSum, SearchAnswer, SearchHit } from '@grouptrack/domain';

export type SearchBody = Partial<Omit<SearchRequest, 'teamUID'>> & { teamUID: string };

/** Renews the session cookie (better-auth refreshes it when the session is read). */
async function refreshSession(): Promise<void> {
  await requestJson('/api/auth/get-session');
}

/**
 * Calls the search service of SPEC §7. On 'Unauthorized: Invalid token' it renews the session and
 * retries once; a second refusal is thrown to the caller (who signs the user out).
 */
export async function searchContacts(body: SearchBody, signal?: AbortSignal): Promise<SearchAnswer> {
  try {
    return await requestData<SearchAnswer>('/search/v2', { method: 'POST', body, signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.message !== MESSAGES.invalidToken) throw error;
    await refreshSession();
    return requestData<SearchAnswer>('/search/v2', { method: 'POST', body, signal });
  }
}
