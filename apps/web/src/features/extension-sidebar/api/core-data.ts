import type { CoreData, CoreDataQuery, OnScreenPerson } from '@grouptrack/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { CoreData, CoreDataQuery };

/** What the sidebar reads of someone in GroupTrack: core data that was found and may be shown. */
export type VisibleCoreData = Extract<CoreData, { hidden: false }>;

/**
 * The frame gets no change events (it has no cookie for the event stream), so it reads the person
 * again on this beat while the page is visible.
 */
const REFRESH_MS = 15_000;

/** The look-up of the person on screen: their platform and whichever of profile id, username and address the page gave. */
export function buildCoreDataQuery(person: OnScreenPerson): CoreDataQuery {
  const contact: CoreDataQuery['contact'] = {};
  if (person.profileId?.trim()) contact.profileId = person.profileId.trim();
  if (person.username?.trim()) contact.username = person.username.trim();
  if (person.url.trim()) contact.url = person.url.trim();
  return { platform: person.platform, contact };
}

/** The key of one person's core data; under the team's root, so a resync reads it again. */
export function coreDataKey(teamUID: string, query: CoreDataQuery) {
  return [...teamKeys.all(teamUID), 'extension-core-data', query] as const;
}

/** Every core-data query of the team, which the sidebar's own changes read again. */
function allCoreDataKey(teamUID: string) {
  return [...teamKeys.all(teamUID), 'extension-core-data'] as const;
}

/**
 * The person on screen as GroupTrack knows them: not found, hidden, or their contact. Read again every
 * 15 s while the page is visible, and at once when it becomes visible or the frame gets focus.
 */
export function useCoreData(teamUID: string, query: CoreDataQuery) {
  const result = useQuery({
    queryKey: coreDataKey(teamUID, query),
    queryFn: ({ signal }) =>
      requestData<CoreData>(teamPath(teamUID, 'contacts', 'core-data'), {
        method: 'POST',
        body: query,
        signal,
      }),
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: 'always',
    meta: { isErrorShownInline: true },
  });
  const { refetch } = result;
  // TanStack Query follows visibility only; a click into the frame is a focus of its window.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  return result;
}

/** Reads the person on screen again at once, after a change the sidebar made. */
export function useRefreshCoreData(teamUID: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: allCoreDataKey(teamUID) });
}
