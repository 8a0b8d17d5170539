import { useEffect, useRef, useState } from 'react';
import { useTeamEvents } from './team-events';

const QUIET_MS = 1500;

/**
 * Progress of a job from the team's realtime events for `entity`, with a 1 s poll while no event has
 * arrived lately (a member may not receive events that concern no pipeline, and a stream can drop).
 */
export function useJobProgress<T extends { status: string }>({
  teamUID,
  entity,
  jobId,
  poll,
  isFinished,
}: {
  teamUID: string;
  entity: 'bulk_job' | 'import';
  jobId: string | null;
  poll: (jobId: string, signal: AbortSignal) => Promise<T>;
  isFinished: (progress: T) => boolean;
}): { progress: T | null; error: unknown } {
  const [progress, setProgress] = useState<{ jobId: string; value: T } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const lastEventAt = useRef(0);
  const finished = progress !== null && progress.jobId === jobId && isFinished(progress.value);

  useTeamEvents(jobId ? teamUID : null, (event) => {
    if (event.entity !== entity || !jobId || !event.ids.includes(jobId) || !event.data) return;
    lastEventAt.current = Date.now();
    const value = event.data as unknown as T;
    setProgress((current) =>
      current?.jobId === jobId && isFinished(current.value) ? current : { jobId, value },
    );
  });

  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  });

  useEffect(() => {
    if (!jobId || finished) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      if (Date.now() - lastEventAt.current < QUIET_MS) return;
      pollRef.current(jobId, controller.signal).then(
        (value) => {
          setError(null);
          setProgress((current) =>
            current?.jobId === jobId && isFinished(current.value) ? current : { jobId, value },
          );
        },
        (reason: unknown) => {
          if (!controller.signal.aborted) setError(reason);
        },
      );
    }, 1000);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [jobId, finished, isFinished]);

  return { progress: progress?.jobId === jobId ? progress.value : null, error };
}
