import { MESSAGES, type SearchRequest } from '@grouptrack/domain';
import { ApiError, requestData, requestJson } from './api-client';

/** One contact in a search answer (the server's SearchHit). */
export interface SearchHit {
  GTID: string;
  firstName: string;
  lastName: string;
  name: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
  platforms: string[];
  tags: string[];
  stage: string | null;
  rank: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the latest activity on the contact happened. */
  lastActivityAt: string | null;
  /** The due moment of the contact's earliest open task, or null without one. */
  nextTaskDueAt: string | null;
}

/** The open deals of a board column in one currency. */
export interface OpenDealsSum {
  currency: string;
  value: number;
  count: number;
}

export interface SearchAnswer {
  total: number;
  hits: SearchHit[];
  stages?: { stageUID: string; total: number; openDeals: OpenDealsSum[]; hits: SearchHit[] }[];
}

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
