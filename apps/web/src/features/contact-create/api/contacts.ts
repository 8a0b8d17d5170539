import type { Contact, ContactMatches } from '@grouptrack/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import type { NewContactBody } from '../lib/contact-form';

/**
 * Who already looks like the person being added (the same person by profile or email first).
 * Only reads; null asks nothing.
 */
export function useContactMatches(teamUID: string, query: Record<string, string> | null) {
  return useQuery({
    queryKey: teamKeys.contactMatches(teamUID, query ?? {}),
    queryFn: ({ signal }) =>
      requestData<ContactMatches>(
        `${teamPath(teamUID, 'contacts', 'matches')}?${new URLSearchParams(query ?? {})}`,
        {
          signal,
        },
      ),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/**
 * Creates the contact, one write; someone found again is not changed (409 contact-exists names them).
 * The board and the contact's pipelines hear of it through the team's change events.
 */
export function useCreateContact(teamUID: string) {
  return useMutation({
    mutationFn: (body: NewContactBody) =>
      requestData<Contact>(teamPath(teamUID, 'contacts'), { method: 'POST', body }),
    meta: { isErrorShownInline: true },
  });
}
