import type { KnownPeople, KnownPeopleQuery } from '@grouptrack/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/**
 * A list page asks about the same rows again as the user scrolls back and forth: an answer this
 * fresh is given again without a call.
 */
const FRESH_MS = 15_000;

/** The key of one look-up; under the team's root, so a resync reads it again. */
export function knownPeopleKey(teamUID: string, query: KnownPeopleQuery) {
  return [...teamKeys.all(teamUID), 'extension-known-people', query] as const;
}

/** Which of these people of a list page are in GroupTrack and visible to the reader, with their badges. */
export function fetchKnownPeople(
  teamUID: string,
  query: KnownPeopleQuery,
  signal?: AbortSignal,
): Promise<KnownPeople> {
  return requestData<KnownPeople>(teamPath(teamUID, 'contacts', 'known'), {
    method: 'POST',
    body: query,
    signal,
  });
}

/** Looks people up in the team, through the query cache so a repeated page costs no call. */
export function useLookUpKnownPeople(teamUID: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (query: KnownPeopleQuery) =>
      queryClient.fetchQuery({
        queryKey: knownPeopleKey(teamUID, query),
        queryFn: ({ signal }) => fetchKnownPeople(teamUID, query, signal),
        staleTime: FRESH_MS,
        // The overlay is hidden: its caller logs a failure and answers no badges.
        meta: { isErrorShownInline: true },
      }),
    [queryClient, teamUID],
  );
}
