import { Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MAX_SYNC_MINUTES, STAGE_MAPPED_TYPES, type Pipeline, type PipelineList } from '@grouptrack/domain';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import {
  useLinkPipeline,
  useRemotePipelines,
  type Connection,
  type RemotePipeline,
} from '../api/connections';
import {
  chooseRemotePipeline,
  newPipelineLink,
  pipelineLinkFormOf,
  toMinutes,
  toPipelineConnectionInput,
  type PipelineLinkForm,
} from '../lib/link-forms';

interface PipelineLinksModalProps {
  teamUID: string;
  connection: Connection;
  pipelines: PipelineList;
  onClose: () => void;
}

/**
 * Which pipelines sync to a connection, each with its pace (syncPeriod), its hold (delayBy) and, for
 * a system with pipelines of its own, which of its stages each of ours stands for.
 */
export function PipelineLinksModal({ teamUID, connection, pipelines, onClose }: PipelineLinksModalProps) {
  const link = useLinkPipeline(teamUID);
  const isStageMapped = STAGE_MAPPED_TYPES.includes(connection.type);
  const remote = useRemotePipelines(teamUID, connection.connectionUID, { enabled: isStageMapped });
  const [adding, setAdding] = useState<string | null>(null);
  const linkedIds = new Set(connection.usedInPipelines.map((entry) => entry.pipelineId));
  const unlinked = pipelines.pipelines.filter((pipeline) => !linkedIds.has(pipeline.groupUID));
  const id = connection.connectionUID;
  const busyWith = (pipelineId: string) =>
    link.isPending && link.variables.pipelineId === pipelineId
      ? link.variables.input
        ? 'saving'
        : 'removing'
      : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Pipelines of ${connection.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          The changes of the people in these pipelines are sent to {connection.name}.
        </Text>
        {link.error && (
          <Alert color="red" role="alert">
            {formatErrorMessage(link.error)}
          </Alert>
        )}
        {isStageMapped && remote.isError && (
          <Alert color="red" role="alert" title="Its pipelines could not be read">
            {formatErrorMessage(remote.error)}
          </Alert>
        )}
        {connection.usedInPipelines.length === 0 && <Text>No pipeline syncs to it yet.</Text>}
        {connection.usedInPipelines.map((entry) => {
          const pipeline = pipelines.pipelines.find((each) => each.groupUID === entry.pipelineId);
          if (!pipeline) return null;
          return (
            <PipelineLinkEditor
              key={entry.pipelineId}
              connection={connection}
              pipeline={pipeline}
              initial={pipelineLinkFormOf(entry, pipeline)}
              remotePipelines={isStageMapped ? (remote.data ?? []) : null}
              busy={busyWith(entry.pipelineId)}
              onSave={(input) => link.mutate({ id, pipelineId: entry.pipelineId, input })}
              onRemove={() => link.mutate({ id, pipelineId: entry.pipelineId, input: null })}
            />
          );
        })}
        {unlinked.length > 0 && (
          <Group align="flex-end">
            <Select
              label="Add a pipeline"
              placeholder="Pick a pipeline"
              data={unlinked.map((pipeline) => ({ value: pipeline.groupUID, label: pipeline.nickName }))}
              value={adding}
              onChange={setAdding}
              style={{ flex: 1 }}
            />
            <Button
              disabled={!adding}
              loading={adding !== null && busyWith(adding) !== null}
              onClick={() =>
                adding &&
                link.mutate(
                  { id, pipelineId: adding, input: newPipelineLink() },
                  { onSuccess: () => setAdding(null) },
                )
              }
            >
              Sync this pipeline
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface PipelineLinkEditorProps {
  connection: Connection;
  pipeline: Pipeline;
  initial: PipelineLinkForm;
  /** The system's pipelines to map stages into; null for a system that takes no stages. */
  remotePipelines: RemotePipeline[] | null;
  /** What is under way for this pipeline. */
  busy: 'saving' | 'removing' | null;
  onSave: (input: ReturnType<typeof toPipelineConnectionInput>) => void;
  onRemove: () => void;
}

function PipelineLinkEditor({
  connection,
  pipeline,
  initial,
  remotePipelines,
  busy,
  onSave,
  onRemove,
}: PipelineLinkEditorProps) {
  const [form, setForm] = useState(initial);
  const remotePipeline = remotePipelines?.find((each) => each.id === form.remotePipelineId);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={`Pipeline ${pipeline.nickName}`}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {pipeline.nickName}
        </Title>
        <Group grow align="flex-start">
          <NumberInput
            label="Send together within (minutes)"
            description="0 sends each change at once; more sends a person's changes within that time in one call."
            min={0}
            max={MAX_SYNC_MINUTES}
            allowDecimal={false}
            value={form.syncPeriod}
            onChange={(value) => setForm({ ...form, syncPeriod: toMinutes(value, MAX_SYNC_MINUTES) })}
          />
          <NumberInput
            label="Hold each change back (minutes)"
            description="0 sends it as soon as it happens."
            min={0}
            max={MAX_SYNC_MINUTES}
            allowDecimal={false}
            value={form.delayBy}
            onChange={(value) => setForm({ ...form, delayBy: toMinutes(value, MAX_SYNC_MINUTES) })}
          />
        </Group>
        {remotePipelines && (
          <>
            <Select
              label={`${connection.name}'s pipeline`}
              description="Its stages are the ones ours are sent to; a stage left unmapped is not sent."
              placeholder="Pick one of its pipelines"
              data={remotePipelines.map((each) => ({ value: each.id, label: each.name }))}
              value={form.remotePipelineId}
              onChange={(value) => setForm(chooseRemotePipeline(form, value))}
            />
            {remotePipeline &&
              pipeline.stages.map((stage) => (
                <Select
                  key={stage.stageUID}
                  label={`Stage ${stage.name} is`}
                  placeholder="Not sent"
                  clearable
                  data={remotePipeline.stages.map((each) => ({ value: each.id, label: each.name }))}
                  value={form.stageRemoteIds[stage.stageUID] ?? null}
                  onChange={(value) =>
                    setForm({ ...form, stageRemoteIds: { ...form.stageRemoteIds, [stage.stageUID]: value } })
                  }
                />
              ))}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" color="red" loading={busy === 'removing'} onClick={onRemove}>
            Stop syncing
          </Button>
          <Button
            variant="light"
            loading={busy === 'saving'}
            onClick={() => onSave(toPipelineConnectionInput(form, { type: connection.type, pipeline }))}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
