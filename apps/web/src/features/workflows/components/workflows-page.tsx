import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { describeStep, describeTrigger, type WorkflowRunStatus } from '@grouptrack/domain';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { RowActions } from '../../../components/row-actions';
import { useDeleteWorkflow, useSetWorkflowStatus, useWorkflows, type Workflow } from '../api/workflows';
import { namesFromChoices, type WorkflowChoices } from '../lib/workflow-form';
import { RUN_STATUS_COLORS } from '../lib/run-status';
import { WorkflowEditor } from './workflow-editor';
import { WorkflowRunsDrawer } from './workflow-runs';

interface WorkflowsPageProps {
  teamUID: string;
  canEdit: boolean;
  /** What the editor offers; undefined while it loads. */
  choices: WorkflowChoices | undefined;
}

/** /setup/workflows: the team's automations, each with its trigger, steps and runs. */
export function WorkflowsPage({ teamUID, canEdit, choices }: WorkflowsPageProps) {
  const workflows = useWorkflows(teamUID);
  const setStatus = useSetWorkflowStatus(teamUID);
  const remove = useDeleteWorkflow(teamUID);
  const [editing, setEditing] = useState<Workflow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const [watching, setWatching] = useState<Workflow | null>(null);
  const names = useMemo(() => choices && namesFromChoices(choices), [choices]);

  if (!canEdit) {
    return (
      <EmptyState
        title="Workflows"
        icon="setup"
        description="Only the team's owner and admins can see and change workflows. The runs that concern a contact show on the contact's page."
      />
    );
  }
  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1}>Workflows</Title>
        <Button onClick={() => setEditing('new')} disabled={!choices}>
          New workflow
        </Button>
      </Group>
      <Text c="dimmed">
        A workflow starts for a person when something happens to them (they are added to a pipeline, move
        stage, get a tag, reply) and takes its steps for them in order: tags, tasks, a message queued, a note,
        waits. Each person goes through it once a day at most, and keeps the version they started with when
        you change it.
      </Text>
      {setStatus.error && (
        <Alert color="red" title="The workflow was not switched">
          {setStatus.error.message}
        </Alert>
      )}
      {workflows.isError && (
        <QueryError
          title="The workflows could not be loaded"
          error={workflows.error}
          onRetry={() => void workflows.refetch()}
          isRetrying={workflows.isFetching}
        />
      )}
      {workflows.data?.length === 0 && (
        <EmptyState
          headingLevel={2}
          title="No workflows yet"
          icon="setup"
          description="Make one with New workflow: for example, when someone is added to your pipeline, tag them, give yourself a task and queue a welcome message."
        />
      )}
      {workflows.data?.map((workflow) => (
        <Paper
          key={workflow.id}
          withBorder
          p="md"
          radius="md"
          component="article"
          aria-label={`Workflow ${workflow.name}`}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={6}>
              <Group gap="xs">
                <Text fw={600}>{workflow.name}</Text>
                <Badge variant="dot" tt="none" color={workflow.status === 'running' ? 'green' : 'gray'}>
                  {workflow.status === 'running' ? 'Running' : 'Paused'}
                </Badge>
              </Group>
              {names && (
                <>
                  <Text size="sm">{describeTrigger(workflow.definition.trigger, names)}:</Text>
                  <Text size="sm" c="dimmed" component="ol" m={0} pl="lg">
                    {workflow.definition.steps.map((step, index) => (
                      <li key={index}>{describeStep(step, names)}</li>
                    ))}
                  </Text>
                </>
              )}
              <Group gap="xs">
                {(Object.entries(workflow.runs) as [WorkflowRunStatus, number][]).map(([status, count]) => (
                  <Badge key={status} variant="dot" tt="none" color={RUN_STATUS_COLORS[status]}>
                    {count} {status}
                  </Badge>
                ))}
                <Button variant="subtle" size="compact-sm" onClick={() => setWatching(workflow)}>
                  Runs
                </Button>
              </Group>
            </Stack>
            <Group wrap="nowrap">
              <Switch
                aria-label={`Run ${workflow.name}`}
                checked={workflow.status === 'running'}
                onChange={(event) =>
                  setStatus.mutate({
                    id: workflow.id,
                    status: event.currentTarget.checked ? 'running' : 'paused',
                  })
                }
              />
              <RowActions
                itemLabel={`workflow ${workflow.name}`}
                onEdit={() => setEditing(workflow)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(workflow);
                }}
              />
            </Group>
          </Group>
        </Paper>
      ))}
      {editing !== null && choices && (
        <WorkflowEditor
          teamUID={teamUID}
          workflow={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => setEditing(null)}
        />
      )}
      {watching && (
        <WorkflowRunsDrawer teamUID={teamUID} workflow={watching} onClose={() => setWatching(null)} />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete workflow ${deleting?.name ?? ''}?`}
        confirmLabel="Delete workflow"
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        isPending={remove.isPending}
        error={remove.error}
      >
        People in the middle of it stop where they are; what it already did to them stays.
      </ConfirmModal>
    </Stack>
  );
}
