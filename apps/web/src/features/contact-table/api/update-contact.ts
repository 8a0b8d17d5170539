import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import type { SearchAnswer } from '../../../lib/search-client';
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

/** Saves a contact and writes the stored values into every loaded table page. */
export function useUpdateContact(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ GTID, patch }: { GTID: string; patch: ContactPatch }) =>
      updateContact(teamUID, GTID, patch),
    onSuccess: (contact) => {
      queryClient.setQueriesData<InfiniteData<SearchAnswer>>(
        { queryKey: teamKeys.contactTable(teamUID) },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  hits: page.hits.map((hit) =>
                    hit.GTID === contact.GTID
                      ? {
                          ...hit,
                          firstName: contact.firstName,
                          lastName: contact.lastName,
                          name: contact.name,
                          emailAddress: contact.emailAddress,
                          phoneNumber: contact.phoneNumber,
                          updatedAt: contact.updatedAt ?? hit.updatedAt,
                        }
                      : hit,
                  ),
                })),
              }
            : data,
      );
    },
  });
}
