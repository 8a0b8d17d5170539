import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { fetchBulkJob, type BulkJobProgress } from '../../../lib/start-bulk-action';
import { useJobProgress } from '../../../lib/use-job-progress';
import { teamKeys } from '../../../lib/query-keys';

/** A merge the user started on this page. */
export interface StartedMerge {
  jobId: string;
  groupKey: string;
  /** The names merged away and the name kept, for the progress text. */
  from: string[];
  into: string;
  total: number;
}

const isMergeFinished = (progress: BulkJobProgress) =>
  progress.status === 'completed' || progress.status === 'failed';

export interface MergeProgressProps {
  teamUID: string;
  merge: StartedMerge;
  onFinished: (jobId: string) => void;
  onClose: (jobId: string) => void;
}

/** A merge's progress bar, fed by the team's realtime events, and its outcome once done. */
export function MergeProgress({ teamUID, merge, onFinished, onClose }: MergeProgressProps) {
  const queryClient = useQueryClient();
  const { progress, error } = useJobProgress<BulkJobProgress>({
    teamUID,
    entity: 'bulk_job',
    jobId: merge.jobId,
    poll: (jobId, signal) => fetchBulkJob(teamUID, jobId, signal),
    isFinished: isMergeFinished,
  });
  const finished = progress !== null && isMergeFinished(progress);
  const failed = progress?.status === 'failed';
  const processed = progress?.processed ?? 0;
  const total = progress?.total ?? merge.total;

  useEffect(() => {
    if (!finished) return;
    onFinished(merge.jobId);
    void queryClient.invalidateQueries({ queryKey: teamKeys.tagReconciliation(teamUID) });
    void queryClient.invalidateQueries({ queryKey: teamKeys.pipelines(teamUID) });
  }, [finished, merge.jobId, onFinished, queryClient, teamUID]);

  const names = merge.from.map((name) => `"${name}"`).join(', ');
  const label = failed
    ? `The merge of ${names} into "${merge.into}" stopped: ${progress.error ?? 'something went wrong.'}`
    : finished
      ? `Merged ${names} into "${merge.into}": ${processed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} contacts moved.`
      : `Merging ${names} into "${merge.into}": ${processed.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} contacts…`;

  return (
    <Paper withBorder p="sm" radius="md" role="status" aria-label={`Merge into ${merge.into}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{label}</Text>
          {finished && (
            <Button size="xs" variant="subtle" onClick={() => onClose(merge.jobId)}>
              Close
            </Button>
          )}
        </Group>
        <Progress
          value={total === 0 ? (finished ? 100 : 0) : Math.round((processed / total) * 100)}
          color={failed ? 'red' : finished ? 'teal' : 'blue'}
          animated={!finished}
          aria-label={`Merge into ${merge.into}, progress`}
        />
        {!finished && progress?.error && (
          <Text size="xs" c="dimmed">
            {progress.error}
          </Text>
        )}
        {error != null && !finished && (
          <Text size="xs" c="red">
            {formatErrorMessage(error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
