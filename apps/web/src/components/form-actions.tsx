import { Alert, Button, Group } from '@mantine/core';
import { formatErrorMessage } from '../lib/api-client';

export interface FormActionsProps {
  /** Why the last save failed, shown above the buttons; null or undefined when it did not. */
  error: unknown;
  isPending: boolean;
  submitLabel: string;
  onCancel: () => void;
}

/** The foot of a form in a modal: the save's error, if any, then Cancel and the submit button. */
export function FormActions({ error, isPending, submitLabel, onCancel }: FormActionsProps) {
  return (
    <>
      {error != null && (
        <Alert color="red" variant="light" role="alert">
          {formatErrorMessage(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
