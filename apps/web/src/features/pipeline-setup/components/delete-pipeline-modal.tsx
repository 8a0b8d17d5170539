import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import type { Pipeline } from '../../../lib/pipelines';
import { teamKeys } from '../../../lib/query-keys';
import { searchContacts } from '../../../lib/search-client';
import { deleteConfirmation } from '../lib/delete-confirmation';

export interface DeletePipelineModalProps {
  teamUID: string;
  pipeline: Pipeline;
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * Asks before deleting a pipeline. One that holds contacts says how many and asks for its name to be
 * typed, so a pipeline full of people is not deleted by a stray click. It can be restored for 30
 * days from Recently deleted.
 */
export function DeletePipelineModal(props: DeletePipelineModalProps) {
  const { teamUID, pipeline, opened, onConfirm, onClose, isPending, error } = props;
  const [typed, setTyped] = useState('');
  // Counts only (size 0): the placements alone answer it.
  const count = useQuery({
    queryKey: [...teamKeys.all(teamUID), 'pipeline-contact-count', pipeline.groupUID],
    queryFn: ({ signal }) =>
      searchContacts(
        { teamUID, objectToFilter: { pipelineId: pipeline.groupUID }, paging: { from: 0, size: 0 } },
        signal,
      ).then((answer) => answer.total),
    enabled: opened,
    staleTime: 0,
  });
  const confirmation = deleteConfirmation(pipeline.nickName, count.data ?? null, typed);

  function close() {
    setTyped('');
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={`Delete pipeline ${pipeline.nickName}?`} centered>
      <Stack>
        {count.isPending ? (
          <Loader size="sm" role="status" aria-label="Counting the pipeline's contacts" />
        ) : (
          <Text size="sm">{confirmation.message}</Text>
        )}
        {confirmation.asksForName && (
          <TextInput
            label={`Type ${pipeline.nickName} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-autofocus
            autoComplete="off"
          />
        )}
        {error != null && (
          <Alert color="red" variant="light" role="alert">
            {formatErrorMessage(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={onConfirm}
            loading={isPending}
            disabled={count.isPending || !confirmation.canDelete}
          >
            Delete pipeline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
