import { Alert, Button, Drawer, SegmentedControl, Stack, Text } from '@mantine/core';
import { WORKFLOW_RUN_STATUSES, type WorkflowRunStatus } from '@grouptrack/domain';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useRunAction, useWorkflowRuns, type Workflow } from '../api/workflows';
import { RUN_STATUS_LABELS } from '../lib/run-status';
import { RunCard } from './run-card';

interface WorkflowRunsDrawerProps {
  teamUID: string;
  workflow: Workflow;
  onClose: () => void;
}

/** A workflow's runs, newest first, of one status or all: each with its steps, a retry or a cancel. */
export function WorkflowRunsDrawer({ teamUID, workflow, onClose }: WorkflowRunsDrawerProps) {
  const [status, setStatus] = useState<WorkflowRunStatus | 'all'>('all');
  const runs = useWorkflowRuns(teamUID, workflow.id, status === 'all' ? null : status);
  const act = useRunAction(teamUID);
  const shown = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={`Runs of ${workflow.name}`}>
      <Stack>
        <SegmentedControl
          aria-label="Show runs"
          data={[
            { value: 'all', label: 'All' },
            ...WORKFLOW_RUN_STATUSES.map((value) => ({ value, label: RUN_STATUS_LABELS[value] })),
          ]}
          value={status}
          onChange={(value) => setStatus(value)}
        />
        {act.error && (
          <Alert color="red" role="alert">
            {act.error.message}
          </Alert>
        )}
        {runs.isError && (
          <QueryError
            title="The runs could not be loaded"
            error={runs.error}
            onRetry={() => void runs.refetch()}
            isRetrying={runs.isFetching}
          />
        )}
        {runs.isSuccess && shown.length === 0 && (
          <Text c="dimmed">
            {status === 'all'
              ? 'Nobody has gone through this workflow yet. People start it when its trigger happens to them while it is running.'
              : `No ${RUN_STATUS_LABELS[status].toLowerCase()} runs.`}
          </Text>
        )}
        {shown.map((run) => (
          <RunCard
            key={run.id}
            run={run}
            heading="contact"
            onAction={(action) => act.mutate({ runId: run.id, action })}
            isActing={act.isPending && act.variables?.runId === run.id}
          />
        ))}
        {runs.hasNextPage && (
          <Button variant="light" onClick={() => void runs.fetchNextPage()} loading={runs.isFetchingNextPage}>
            Show more runs
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
