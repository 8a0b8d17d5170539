import { Stack, Title } from '@mantine/core';
import { useContactWorkflowRuns } from '../api/workflows';
import { RunCard } from './run-card';

/** On a contact's page: the workflows they went or are going through, each step shown; nothing when none. */
export function ContactWorkflowRuns({ teamUID, GTID }: { teamUID: string; GTID: string }) {
  const runs = useContactWorkflowRuns(teamUID, GTID);
  if (!runs.data || runs.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Workflows">
      <Title order={2} size="h4">
        Workflows
      </Title>
      {runs.data.map((run) => (
        <RunCard key={run.id} run={run} heading="workflow" />
      ))}
    </Stack>
  );
}
