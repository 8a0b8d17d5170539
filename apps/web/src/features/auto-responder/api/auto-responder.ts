import type {
  AutoResponder,
  AutoResponderGroup,
  AutoResponderGroupChange,
  AutoResponderGroupInput,
  AutoResponderInput,
} from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { AutoResponder, AutoResponderGroup };

/** How often the open page reads the jobs again: their counts move as the extension reports comments. */
const JOBS_REFRESH_MS = 10_000;

export function useAutoResponderGroups(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.autoResponderGroups(teamUID),
    queryFn: ({ signal }) =>
      requestData<AutoResponderGroup[]>(teamPath(teamUID, 'auto-responder-groups'), { signal }),
  });
}

/** The team's jobs with their counts, group by group in order, read again every 10 s. */
export function useAutoResponders(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.autoResponderJobs(teamUID),
    queryFn: ({ signal }) => requestData<AutoResponder[]>(teamPath(teamUID, 'auto-responders'), { signal }),
    refetchInterval: JOBS_REFRESH_MS,
  });
}

/** Any change reloads the groups and the jobs: deleting a group takes its archived jobs with it. */
function useInvalidate(teamUID: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.autoResponder(teamUID) });
}

/** Adds a group, last and paused (the Pro plan: refused with 402 and the plan named). */
export function useCreateAutoResponderGroup(teamUID: string) {
  const invalidate = useInvalidate(teamUID);
  return useMutation({
    mutationFn: (input: AutoResponderGroupInput) =>
      requestData<AutoResponderGroup>(teamPath(teamUID, 'auto-responder-groups'), {
        method: 'POST',
        body: input,
      }),
    meta: { isErrorShownInline: true },
    onSettled: invalidate,
  });
}

/** Renames, reorders, switches on (the Pro plan) or pauses a group. */
export function useUpdateAutoResponderGroup(teamUID: string) {
  const invalidate = useInvalidate(teamUID);
  return useMutation({
    mutationFn: ({ groupID, change }: { groupID: string; change: AutoResponderGroupChange }) =>
      requestData<AutoResponderGroup>(teamPath(teamUID, 'auto-responder-groups', groupID), {
        method: 'PATCH',
        body: change,
      }),
    meta: { isErrorShownInline: true },
    onSettled: invalidate,
  });
}

/** Deletes a group with its archived jobs; refused (409) while it holds a job not archived. */
export function useDeleteAutoResponderGroup(teamUID: string) {
  const invalidate = useInvalidate(teamUID);
  return useMutation({
    mutationFn: (groupID: string) =>
      requestData<undefined>(teamPath(teamUID, 'auto-responder-groups', groupID), { method: 'DELETE' }),
    meta: { isErrorShownInline: true },
    onSettled: invalidate,
  });
}

/** Adds a job (jobID null; the Pro plan) or changes, moves or archives one. */
export function useSaveAutoResponder(teamUID: string) {
  const invalidate = useInvalidate(teamUID);
  return useMutation({
    mutationFn: ({ jobID, input }: { jobID: string | null; input: AutoResponderInput }) =>
      requestData<AutoResponder>(
        jobID ? teamPath(teamUID, 'auto-responders', jobID) : teamPath(teamUID, 'auto-responders'),
        { method: jobID ? 'PUT' : 'POST', body: input },
      ),
    meta: { isErrorShownInline: true },
    onSettled: invalidate,
  });
}

/** Deletes a job with the comments it read and the answers it gave. */
export function useDeleteAutoResponder(teamUID: string) {
  const invalidate = useInvalidate(teamUID);
  return useMutation({
    mutationFn: (jobID: string) =>
      requestData<undefined>(teamPath(teamUID, 'auto-responders', jobID), { method: 'DELETE' }),
    meta: { isErrorShownInline: true },
    onSettled: invalidate,
  });
}
