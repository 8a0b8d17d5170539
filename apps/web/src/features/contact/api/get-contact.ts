import type { Contact, SocialPlatform } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactPath, requestData } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { Contact, ContactPipelineData, ContactSource } from '@grouptrack/domain';

/** The editable fields of a contact. */
export interface ContactPatch {
  firstName?: string;
  lastName?: string;
  emailAddress?: string | null;
  phoneNumber?: string | null;
  /** A status label's id sets it; null clears it. */
  statusLabelId?: string | null;
  /** Profiles to add or change; fields left out keep their value. */
  sources?: { platform: SocialPlatform; username?: string; url?: string }[];
}

/** One contact; a 404 ApiError when it does not exist or is not visible. */
export function useContact(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: teamKeys.contactDetails(teamUID, GTID),
    queryFn: ({ signal }) => requestData<Contact>(contactPath(teamUID, GTID), { signal }),
    retry: (count, error) =>
      count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
  });
}

/** Refreshes everything shown about a contact (details, notes, deals, activity). */
export function useInvalidateContact(teamUID: string, GTID: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.contact(teamUID, GTID) });
}

/** Changes names, email, phone or profiles; the answer is the updated contact. */
export function useUpdateContact(teamUID: string, GTID: string) {
  const invalidate = useInvalidateContact(teamUID, GTID);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ContactPatch) =>
      requestData<Contact>(contactPath(teamUID, GTID), { method: 'PATCH', body: patch }),
    onSuccess: (contact) => queryClient.setQueryData(teamKeys.contactDetails(teamUID, GTID), contact),
    onSettled: invalidate,
  });
}

/** Takes a platform profile off the contact; the answer is the updated contact. */
export function useRemoveContactSource(teamUID: string, GTID: string) {
  const invalidate = useInvalidateContact(teamUID, GTID);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SocialPlatform) =>
      requestData<Contact>(contactPath(teamUID, GTID, 'sources', platform), { method: 'DELETE' }),
    onSuccess: (contact) => queryClient.setQueryData(teamKeys.contactDetails(teamUID, GTID), contact),
    onSettled: invalidate,
  });
}

/** Moves the contact to a stage of a pipeline (or adds them to it). */
export function useMoveContactStage(teamUID: string, GTID: string) {
  const invalidate = useInvalidateContact(teamUID, GTID);
  return useMutation({
    mutationFn: ({ pipelineId, stageId }: { pipelineId: string; stageId: string }) =>
      requestData<Contact>(contactPath(teamUID, GTID, 'pipelines', pipelineId), {
        method: 'PUT',
        body: { stageId },
      }),
    onSettled: invalidate,
  });
}

/** Tags or untags the contact. */
export function useToggleContactTag(teamUID: string, GTID: string) {
  const invalidate = useInvalidateContact(teamUID, GTID);
  return useMutation({
    mutationFn: ({ tagId, isAdding }: { tagId: string; isAdding: boolean }) =>
      requestData<undefined>(contactPath(teamUID, GTID, 'tags', tagId), {
        method: isAdding ? 'PUT' : 'DELETE',
      }),
    onSettled: invalidate,
  });
}
