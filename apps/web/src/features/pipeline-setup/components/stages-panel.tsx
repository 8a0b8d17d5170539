import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Pipeline, Stage } from '../../../lib/pipelines';
import { createStage, updateStage, usePipelineMutation } from '../../../lib/pipelines';
import { usePhases } from '../api/phases';
import { DeleteStageModal } from './delete-stage-modal';
import { SortableList } from '../../../components/sortable-list';
import { StageEditorModal } from './stage-editor-modal';

export interface StagesPanelProps {
  teamUID: string;
  pipeline: Pipeline;
  canEdit: boolean;
}

/** The stages of a pipeline in order: add, edit, reorder by drag, delete. */
export function StagesPanel({ teamUID, pipeline, canEdit }: StagesPanelProps) {
  const phases = usePhases(teamUID);
  const [editing, setEditing] = useState<Stage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Stage | null>(null);
  const save = usePipelineMutation(
    teamUID,
    ({ id, ...fields }: { id: string | null } & Parameters<typeof updateStage>[2]) =>
      id
        ? updateStage(teamUID, id, fields)
        : createStage(teamUID, pipeline.groupUID, fields as Parameters<typeof createStage>[2]),
  );
  const phaseName = (id: string | null) => phases.data?.find((phase) => phase.phaseUID === id)?.name;
  const editingStage = editing === 'new' ? null : editing;

  return (
    <Stack>
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing('new')}>Add stage</Button>
          <Text size="xs" c="dimmed">
            Drag a stage by its handle, or use its arrows, to change the order.
          </Text>
        </Group>
      )}
      <SortableList
        items={pipeline.stages}
        getId={(stage) => stage.stageUID}
        getLabel={(stage) => stage.name}
        canMove={canEdit}
        onMove={(id, placement) => save.mutateAsync({ id, ...placement })}
        renderItem={(stage) => (
          // Wraps on a phone, the buttons under the stage's name, rather than widening the page.
          <Group justify="space-between" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text
                  fw={600}
                  size="sm"
                  px="sm"
                  py={2}
                  style={{ background: stage.color, color: stage.fontColor, borderRadius: 6 }}
                >
                  {stage.name}
                </Text>
                {phaseName(stage.phase) && <Badge variant="light">{phaseName(stage.phase)}</Badge>}
              </Group>
              {stage.description && (
                <Text size="xs" c="dimmed">
                  {stage.description}
                </Text>
              )}
            </Stack>
            {canEdit && (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing(stage)}
                  aria-label={`Edit stage ${stage.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(stage)}
                  aria-label={`Delete stage ${stage.name}`}
                  disabled={pipeline.stages.length === 1}
                >
                  Delete
                </Button>
              </Group>
            )}
          </Group>
        )}
      />
      {save.error != null && editing === null && (
        <Text c="red" size="sm" role="alert">
          The new order was not saved: {save.error.message}
        </Text>
      )}
      {editing !== null && (
        <StageEditorModal
          teamUID={teamUID}
          stage={editingStage}
          takenNames={pipeline.stages
            .filter((stage) => stage.stageUID !== editingStage?.stageUID)
            .map((stage) => stage.name)}
          onSave={(fields) => save.mutateAsync({ id: editingStage?.stageUID ?? null, ...fields })}
          onClose={() => {
            setEditing(null);
            save.reset();
          }}
        />
      )}
      {deleting && (
        <DeleteStageModal
          teamUID={teamUID}
          stage={deleting}
          otherStages={pipeline.stages.filter((stage) => stage.stageUID !== deleting.stageUID)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
