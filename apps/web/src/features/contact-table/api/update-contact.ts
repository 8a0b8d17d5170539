import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import type { SearchAnswer, SearchHit } from '../../../lib/search-client';
import { teamKeys } from '../../../lib/query-keys';

/** The fields the table edits in place. */
export interface ContactPatch {
  firstName?: string;
  lastName?: string;
  emailAddress?: string | null;
  phoneNumber?: string | null;
}

interface UpdatedContact {
  GTID: string;
  firstName: string;
  lastName: string;
  name: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  updatedAt?: string;
}

/** Saves one contact's fields; answers the contact as stored. */
export function updateContact(teamUID: string, GTID: string, patch: ContactPatch): Promise<UpdatedContact> {
  return requestData<UpdatedContact>(contactPath(teamUID, GTID), { method: 'PATCH', body: patch });
}

/**
 * Changes one contact's row in every loaded table page and leaves the other rows (and pages) as they
 * are, so an edit never reloads the thousands of rows already scrolled through.
 */
export function patchLoadedRow(
  queryClient: QueryClient,
  teamUID: string,
  GTID: string,
  change: (hit: SearchHit) => SearchHit,
): void {
  queryClient.setQueriesData<InfiniteData<SearchAnswer>>(
    { queryKey: teamKeys.contactTable(teamUID) },
    (data) =>
      data && data.pages.some((page) => page.hits.some((hit) => hit.GTID === GTID))
        ? {
            ...data,
            pages: data.pages.map((page) =>
              page.hits.some((hit) => hit.GTID === GTID)
                ? { ...page, hits: page.hits.map((hit) => (hit.GTID === GTID ? change(hit) : hit)) }
                : page,
            ),
          }
        : data,
  );
}

/** Saves a contact and writes the stored values into every loaded table page. */
export function useUpdateContact(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ GTID, patch }: { GTID: string; patch: ContactPatch }) =>
      updateContact(teamUID, GTID, patch),
    onSuccess: (contact) =>
      patchLoadedRow(queryClient, teamUID, contact.GTID, (hit) => ({
        ...hit,
        firstName: contact.firstName,
        lastName: contact.lastName,
        name: contact.name,
        emailAddress: contact.emailAddress,
        phoneNumber: contact.phoneNumber,
        updatedAt: contact.updatedAt ?? hit.updatedAt,
      })),
  });
}
