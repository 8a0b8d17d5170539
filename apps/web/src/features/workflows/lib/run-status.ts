import type { WorkflowRunStatus } from '@grouptrack/domain';

/** A run's status as a badge colours it. */
export const RUN_STATUS_COLORS: Record<WorkflowRunStatus, string> = {
  running: 'blue',
  paused: 'gray',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export const RUN_STATUS_LABELS: Record<WorkflowRunStatus, string> = {
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
