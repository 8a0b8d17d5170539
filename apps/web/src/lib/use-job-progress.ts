import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobProgressEntry } from './change-events';
import { teamKeys, type JobEntity } from './query-keys';

const POLL_MS = 1000;
const QUIET_MS = 1500;

/**
 * Progress of a job, as the team's change events bring it to the cache (`lib/change-events.ts`, applied
 * by the main layout), with a poll every second while no event has arrived lately: a member may not
 * receive events that concern no pipeline, and a stream can drop. Once finished, it stays as it was.
 */
export function useJobProgress<T extends { status: string }>({
  teamUID,
  entity,
  jobId,
  poll,
  isFinished,
}: {
  teamUID: string;
  entity: JobEntity;
  jobId: string | null;
  poll: (jobId: string, signal: AbortSignal) => Promise<T>;
  isFinished: (progress: T) => boolean;
}): { progress: T | null; error: unknown } {
  const queryClient = useQueryClient();
  const queryKey = teamKeys.jobProgress(teamUID, entity, jobId ?? '');
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<JobProgressEntry<T>> => {
      const current = queryClient.getQueryData<JobProgressEntry<T>>(queryKey);
      if (current && isFinished(current.value)) return current;
      if (current?.eventAt && Date.now() - current.eventAt < QUIET_MS) return current;
      return { value: await poll(jobId!, signal), eventAt: current?.eventAt ?? null };
    },
    enabled: jobId !== null,
    refetchInterval: ({ state }) => (state.data && isFinished(state.data.value) ? false : POLL_MS),
    refetchIntervalInBackground: true,
    // A failed poll shows at once and is tried again with the next one.
    retry: false,
    // The event handler reads it to keep a finished job as it was.
    meta: { isFinished },
  });
  return { progress: query.data?.value ?? null, error: query.error };
}
