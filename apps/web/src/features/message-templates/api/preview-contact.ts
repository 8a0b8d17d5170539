import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { searchContacts } from '../../../lib/search-client';
import type { Contact } from '../../contact';

/** Contacts the preview's picker lists at most. */
export const PREVIEW_PICKER_SIZE = 8;

/** Contacts to preview a template with: those matching the text, or the team's first ones without text. */
export function usePreviewContactSearch(teamUID: string, text: string) {
  return useQuery({
    queryKey: teamKeys.templatePreviewContacts(teamUID, text),
    queryFn: ({ signal }) =>
      searchContacts(
        { teamUID, ...(text && { searchObj: { text } }), paging: { from: 0, size: PREVIEW_PICKER_SIZE } },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** One contact in full (names, pipelines and stages), shared with the contact page's cache. */
export function usePreviewContact(teamUID: string, GTID: string | null) {
  return useQuery({
    queryKey: teamKeys.contactDetails(teamUID, GTID ?? ''),
    queryFn: ({ signal }) => requestData<Contact>(contactPath(teamUID, GTID ?? ''), { signal }),
    enabled: GTID !== null,
  });
}
