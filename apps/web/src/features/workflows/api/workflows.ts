import type {
  Workflow,
  WorkflowInput,
  WorkflowRun,
  WorkflowRunStatus,
  WorkflowStatus,
} from '@grouptrack/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactPath, requestData, teamPath } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

export type { Workflow, WorkflowRun };

/** How often open lists of runs look again: runs move on in the background, on the server's clock. */
const RUNS_REFRESH_MS = 5_000;

export function useWorkflows(teamUID: string) {
  return useQuery({
    queryKey: teamKeys.workflows(teamUID),
    queryFn: ({ signal }) => requestData<Workflow[]>(teamPath(teamUID, 'workflows'), { signal }),
    refetchInterval: RUNS_REFRESH_MS,
  });
}

/** Adds a workflow (id null) or saves a new version of one. */
export function useSaveWorkflow(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: WorkflowInput }) =>
      requestData<Workflow>(id ? teamPath(teamUID, 'workflows', id) : teamPath(teamUID, 'workflows'), {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    meta: { isErrorShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.workflows(teamUID) }),
  });
}

export function useSetWorkflowStatus(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: WorkflowStatus }) =>
      requestData<undefined>(teamPath(teamUID, 'workflows', id, 'status'), {
        method: 'PUT',
        body: { status },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.workflows(teamUID) }),
  });
}

export function useDeleteWorkflow(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestData<undefined>(teamPath(teamUID, 'workflows', id), { method: 'DELETE' }),
    meta: { isErrorShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.workflows(teamUID) }),
  });
}

interface RunPage {
  runs: WorkflowRun[];
  nextCursor: string | null;
}

/** A workflow's runs, newest first, a page at a time, of one status or all. */
export function useWorkflowRuns(teamUID: string, workflowId: string, status: WorkflowRunStatus | null) {
  return useInfiniteQuery({
    queryKey: teamKeys.workflowRuns(teamUID, workflowId, status),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return requestData<RunPage>(`${teamPath(teamUID, 'workflows', workflowId, 'runs')}${search}`, {
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: RUNS_REFRESH_MS,
  });
}

/** Retries a failed run, or cancels a going one. */
export function useRunAction(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, action }: { runId: string; action: 'retry' | 'cancel' }) =>
      requestData<WorkflowRun>(teamPath(teamUID, 'workflow-runs', runId, action), { method: 'POST' }),
    meta: { isErrorShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.workflows(teamUID) }),
  });
}

/** A contact's runs, for the contact page. */
export function useContactWorkflowRuns(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: teamKeys.contactWorkflowRuns(teamUID, GTID),
    queryFn: ({ signal }) =>
      requestData<WorkflowRun[]>(contactPath(teamUID, GTID, 'workflow-runs'), { signal }),
    refetchInterval: RUNS_REFRESH_MS,
  });
}
