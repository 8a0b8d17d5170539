import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatErrorMessage, isApiError } from '../../../lib/api-client';
import type { Stage } from '../../../lib/pipelines';
import { deleteStage, usePipelineMutation } from '../../../lib/pipelines';

export interface DeleteStageModalProps {
  teamUID: string;
  stage: Stage;
  otherStages: readonly Stage[];
  onClose: () => void;
}

/** Deletes a stage; when it holds contacts the server asks where they go, and the user picks a stage. */
export function DeleteStageModal({ teamUID, stage, otherStages, onClose }: DeleteStageModalProps) {
  const [needsMoveTo, setNeedsMoveTo] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const remove = usePipelineMutation(teamUID, (target: string | undefined) =>
    deleteStage(teamUID, stage.stageUID, target),
  );

  function handleDelete() {
    if (needsMoveTo && !moveTo) return;
    remove.mutate(needsMoveTo ? (moveTo ?? undefined) : undefined, {
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error, 400) && /moveTo/i.test(error.message)) setNeedsMoveTo(true);
      },
    });
  }

  const asksForMoveTo =
    remove.error != null && isApiError(remove.error, 400) && /moveTo/i.test(remove.error.message);
  return (
    <Modal opened onClose={onClose} title={`Delete stage ${stage.name}?`} centered>
      <Stack>
        <Text size="sm">The stage and its place in the pipeline are removed.</Text>
        {remove.error != null && (
          <Alert color={asksForMoveTo ? 'yellow' : 'red'} variant="light" role="alert">
            {asksForMoveTo
              ? formatErrorMessage(remove.error)
                  .replace(/^Invalid moveTo: /, '')
                  .replace(/^./, (c) => c.toUpperCase())
              : formatErrorMessage(remove.error)}
          </Alert>
        )}
        {needsMoveTo && (
          <Select
            label="Move its contacts to"
            placeholder="Choose a stage"
            data={otherStages.map((other) => ({ value: other.stageUID, label: other.name }))}
            value={moveTo}
            onChange={setMoveTo}
            required
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={handleDelete}
            loading={remove.isPending}
            disabled={needsMoveTo && !moveTo}
          >
            {needsMoveTo ? 'Move contacts and delete' : 'Delete stage'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
