import type { MemberRequestDryRun, MemberRequestRule, MemberRequestRules } from '@grouptrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** A pipeline's rules and pace, and what a dry run answers (their contracts are in packages/domain). */
export type { MemberRequestDryRun, MemberRequestRule, MemberRequestRules };

function rulesPath(teamUID: string, pipelineID: string, ...rest: string[]) {
  return teamPath(teamUID, 'pipelines', pipelineID, 'member-request-rules', ...rest);
}

/** A pipeline's member-request rules in priority order, with the pace their decisions are carried out at. */
export function useMemberRequestRules(teamUID: string, pipelineID: string) {
  return useQuery({
    queryKey: teamKeys.memberRequestRules(teamUID, pipelineID),
    queryFn: ({ signal }) => requestData<MemberRequestRules>(rulesPath(teamUID, pipelineID), { signal }),
  });
}

/** Saves the whole list of rules and the pace at once; the answer is what the pipeline now holds. */
export function useSaveMemberRequestRules(teamUID: string, pipelineID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberRequestRules) =>
      requestData<MemberRequestRules>(rulesPath(teamUID, pipelineID), { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(teamKeys.memberRequestRules(teamUID, pipelineID), saved),
  });
}

/** What the given rules, saved or not, would decide for the requests now waiting; changes nothing. */
export function useDryRunMemberRequestRules(teamUID: string, pipelineID: string) {
  return useMutation({
    mutationFn: (rules: MemberRequestRule[]) =>
      requestData<MemberRequestDryRun>(rulesPath(teamUID, pipelineID, 'dry-run'), {
        method: 'POST',
        body: { rules },
      }),
  });
}
