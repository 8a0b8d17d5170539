import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { QUEUE_TEXT_MAX, listTemplateFields } from '@grouptrack/domain';
import type { QueueItem } from '@grouptrack/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';

export interface EditItemModalProps {
  item: QueueItem;
  /** Offers "Save and approve" (a message in Review). */
  canApprove: boolean;
  isPending: boolean;
  error: unknown;
  onSave: (text: string, andApprove: boolean) => void;
  onClose: () => void;
}

/** A queued message's text, to change before it goes out; a field left in it keeps it in Review. */
export function EditItemModal({ item, canApprove, isPending, error, onSave, onClose }: EditItemModalProps) {
  const [text, setText] = useState(item.text);
  const [andApprove, setAndApprove] = useState(false);
  const [isEmpty, setIsEmpty] = useState(false);
  const unfilled = listTemplateFields(text);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const approve = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'approve';
    setAndApprove(approve);
    if (text.trim() === '') return setIsEmpty(true);
    onSave(text, approve);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit the message to ${item.contactName}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Textarea
            label="Message"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setIsEmpty(false);
            }}
            autosize
            minRows={4}
            maxRows={14}
            maxLength={QUEUE_TEXT_MAX}
            error={isEmpty ? 'Write the message, or cancel it instead.' : undefined}
            data-autofocus
          />
          {unfilled.length > 0 && (
            <Alert color="yellow" variant="light">
              The text still holds {unfilled.map((field) => `{${field}}`).join(', ')}: write what it stands
              for, or take it out, before approving.
            </Alert>
          )}
          {error != null && (
            <Alert color="red" variant="light" role="alert">
              {formatErrorMessage(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              type="submit"
              value="save"
              variant={canApprove ? 'default' : 'filled'}
              loading={isPending && !andApprove}
            >
              Save
            </Button>
            {canApprove && (
              <Button type="submit" value="approve" loading={isPending && andApprove}>
                Save and approve
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {canApprove
              ? 'Saved, it stays in Review until approved.'
              : 'Saved, it keeps its place in the queue.'}
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
