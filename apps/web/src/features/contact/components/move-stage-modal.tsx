import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import type { Contact } from '../api/get-contact';
import { useMoveContactStage } from '../api/get-contact';

export interface MoveStageModalProps {
  teamUID: string;
  contact: Contact;
  pipelines: readonly Pipeline[];
  initialPipelineId: string | null;
  onClose: () => void;
}

/** Moves the contact to a stage of any pipeline they can be in (adding them when they are not yet). */
export function MoveStageModal({
  teamUID,
  contact,
  pipelines,
  initialPipelineId,
  onClose,
}: MoveStageModalProps) {
  const move = useMoveContactStage(teamUID, contact.GTID);
  const [pipelineId, setPipelineId] = useState<string | null>(
    initialPipelineId ?? Object.keys(contact.groupData)[0] ?? pipelines[0]?.groupUID ?? null,
  );
  const pipeline = pipelines.find((each) => each.groupUID === pipelineId);
  const [stageId, setStageId] = useState<string | null>(
    pipelineId ? (contact.groupData[pipelineId]?.stage ?? null) : null,
  );

  return (
    <Modal opened onClose={onClose} title="Move stage" centered>
      <Stack>
        <Select
          label="Pipeline"
          data={pipelines.map((each) => ({
            value: each.groupUID,
            label: contact.groupData[each.groupUID] ? each.nickName : `${each.nickName} (add to it)`,
          }))}
          value={pipelineId}
          allowDeselect={false}
          onChange={(next) => {
            setPipelineId(next);
            setStageId(next ? (contact.groupData[next]?.stage ?? null) : null);
          }}
        />
        <Select
          label="Stage"
          placeholder="Choose a stage"
          data={(pipeline?.stages ?? []).map((stage) => ({ value: stage.stageUID, label: stage.name }))}
          value={stageId}
          allowDeselect={false}
          onChange={setStageId}
        />
        {move.error != null && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(move.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!pipelineId || !stageId}
            loading={move.isPending}
            onClick={() =>
              pipelineId && stageId && move.mutate({ pipelineId, stageId }, { onSuccess: onClose })
            }
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
